export declare const repoRoot: string;
export declare const webDistDir: string;
/** Why apps/web/dist must be built again, or null when `builtFiles` are all newer than every source. */
export declare function webBuildStaleReason(builtFiles?: string[]): string | null;

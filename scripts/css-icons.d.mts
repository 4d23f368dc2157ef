export declare const cssIconNames: ReadonlyArray<{ name: string; filled?: boolean }>;
export declare const cssIconsFile: string;
/** One lucide icon node as SVG markup, in black. */
export declare function iconSvg(
  node: ReadonlyArray<readonly [string, Record<string, string | number>]>,
  options?: { filled?: boolean },
): string;
export declare function svgDataUrl(svg: string): string;
/** The stylesheet scripts/css-icons.mjs writes to apps/web/src/styles/css-icons.css. */
export declare function cssIconsStylesheet(): Promise<string>;

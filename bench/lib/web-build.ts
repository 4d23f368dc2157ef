/**
 * The built SPA the browser benchmarks load: apps/web/dist, rebuilt when it is missing or older
 * than anything it is made from.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { webBuildStaleReason, webDistDir } from '../../scripts/web-build-freshness.mjs';
import { repoRoot } from './child';

export { webDistDir };
/** Vite's manifest (build.manifest in apps/web/vite.config.ts): chunks, their imports and CSS. */
export const webManifestPath = path.join(webDistDir, '.vite/manifest.json');

/** Why the build must run again, or null when apps/web/dist (index and manifest) is newer than every input. */
export const staleReason = () => webBuildStaleReason(['index.html', '.vite/manifest.json']);

export interface WebBuild {
  /** Whether this call ran the build, and why. */
  rebuilt: string | null;
  ms: number;
}

let ensured: Promise<WebBuild> | null = null;

/** Builds the SPA once per process when it is missing or stale (`npm run build -w @dwellscape/web`). */
export function ensureWebBuild(): Promise<WebBuild> {
  ensured ??= (async () => {
    const reason = staleReason();
    if (!reason) return { rebuilt: null, ms: 0 };
    console.error(`bench: building the SPA (${reason})…`);
    const started = performance.now();
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['run', 'build', '-w', '@dwellscape/web'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`the SPA build failed: ${result.stderr.trim().slice(-1500)}`);
    return { rebuilt: reason, ms: performance.now() - started };
  })();
  return ensured;
}

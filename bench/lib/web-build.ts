/**
 * The built SPA the browser benchmarks load: apps/web/dist, rebuilt when it is missing or older
 * than anything it is made from.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot } from './child';

export const webDistDir = path.join(repoRoot, 'apps/web/dist');
/** Vite's manifest (build.manifest in apps/web/vite.config.ts): chunks, their imports and CSS. */
export const webManifestPath = path.join(webDistDir, '.vite/manifest.json');

const buildInputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'package-lock.json',
];

function newestModification(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Why the build must run again, or null when apps/web/dist is newer than every input. */
export function staleReason(): string | null {
  if (!existsSync(webManifestPath) || !existsSync(path.join(webDistDir, 'index.html'))) return 'apps/web/dist is missing';
  const builtAt = statSync(webManifestPath).mtimeMs;
  const changed = buildInputs.find((input) => newestModification(path.join(repoRoot, input)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

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

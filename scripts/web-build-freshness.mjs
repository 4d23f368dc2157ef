/**
 * Whether apps/web/dist must be built again: missing, or older than anything it is made from (the
 * web app, the shared package, and the files that decide how they are built). Used by `npm start`
 * (scripts/build-web-if-stale.mjs) and by the benchmarks (bench/lib/web-build.ts).
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webDistDir = path.join(repoRoot, 'apps/web/dist');

const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'package-lock.json',
];

/** The newest modification time under `entry` (a file or a folder), or 0 when it does not exist. */
function newestMtime(entry) {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/**
 * Why the build must run again, or null when every file in `builtFiles` (paths inside apps/web/dist)
 * exists and is newer than every source.
 * @param {string[]} builtFiles
 * @returns {string | null}
 */
export function webBuildStaleReason(builtFiles = ['index.html']) {
  const builtTimes = builtFiles.map((file) => newestMtime(path.join(webDistDir, file)));
  if (builtTimes.some((t) => t === 0)) return 'apps/web/dist is missing';
  const builtAt = Math.min(...builtTimes);
  const changed = sources.find((source) => newestMtime(path.join(repoRoot, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

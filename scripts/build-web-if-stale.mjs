#!/usr/bin/env node
/**
 * `npm start` builds the web app only when its output is missing or older than its sources, so a
 * second start skips the ~10 s Vite build. Sources: the web app, the shared package, and the files
 * that decide how they are built. `FORCE_WEB_BUILD=1` always builds.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'package-lock.json',
].map((entry) => path.join(root, entry));

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

const builtAt = newestMtime(builtIndex);
const changedAt = Math.max(...sources.map(newestMtime));
if (process.env.FORCE_WEB_BUILD !== '1' && builtAt > 0 && builtAt >= changedAt) {
  console.log('Web app is up to date (apps/web/dist); skipping the build. FORCE_WEB_BUILD=1 rebuilds.');
  process.exit(0);
}

const result = spawnSync('npm', ['run', 'build', '-w', '@dwellscape/web'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);

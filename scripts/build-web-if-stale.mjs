#!/usr/bin/env node
/**
 * `npm start` builds the web app only when its output is missing or older than its sources, so a
 * second start skips the ~10 s Vite build. `FORCE_WEB_BUILD=1` always builds.
 */
import { spawnSync } from 'node:child_process';
import { repoRoot, webBuildStaleReason } from './web-build-freshness.mjs';

if (process.env.FORCE_WEB_BUILD !== '1' && webBuildStaleReason() === null) {
  console.log('Web app is up to date (apps/web/dist); skipping the build. FORCE_WEB_BUILD=1 rebuilds.');
  process.exit(0);
}

const result = spawnSync('npm', ['run', 'build', '-w', '@dwellscape/web'], { cwd: repoRoot, stdio: 'inherit' });
process.exit(result.status ?? 1);

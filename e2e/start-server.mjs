// The Playwright web server: builds the SPA, then runs the production server on a fresh data directory,
// and removes that directory when Playwright stops the server. The build goes into the same temporary
// directory, so a second run (or a developer's build) cannot swap the files under a running suite.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const runDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-e2e-'));
const removeRunDir = () => rmSync(runDir, { recursive: true, force: true });
const webDistDir = path.join(runDir, 'web');
const dataDir = path.join(runDir, 'data');

const build = spawnSync(npm, ['run', 'build', '-w', '@dwellscape/web', '--', '--outDir', webDistDir, '--emptyOutDir'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) {
  removeRunDir();
  process.exit(build.status ?? 1);
}

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  WEB_DIST_DIR: webDistDir,
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // every browser of the suite comes from 127.0.0.1 and it opens and signs up more than one address would
  SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
  GATE_SESSIONS_PER_ADDRESS_PER_HOUR: '100000',
  // every page of the suite comes from this one address: the limits on signed-out renders and AI calls per address
  // stand for one person's many sessions, not for a suite's hundred tests
  RENDER_JOBS_AT_ONCE_PER_ADDRESS: '1000',
  RENDER_JOBS_PER_HOUR_PER_ADDRESS: '100000',
  AI_REQUESTS_PER_ADDRESS_PER_MINUTE: '100000',
};
// the suite runs against the default gate password and its own embedded database
delete env.BETA_PASSWORD;
delete env.DATABASE_URL;

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  removeRunDir();
  process.exit(code ?? (signal ? 0 : 1));
});

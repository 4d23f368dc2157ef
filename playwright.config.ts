import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// Playwright evaluates this file again in each worker; the environment carries the runner's port to them.
process.env.E2E_PORT ??= execFileSync(
  process.execPath,
  [fileURLToPath(new URL('./e2e/free-port.mjs', import.meta.url))],
  {
    encoding: 'utf8',
  },
).trim();
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // generous: CI machines are small, and the suite shares them with a build and a database
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    trace: 'retain-on-failure',
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `${baseURL}/api/health`,
    env: { PORT: String(port) },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/**
 * Debian's chromium-headless-shell (Chromium's old headless mode, the browser Playwright itself runs headless tests
 * in) when it is installed, as .ci/run installs it: the same Blink as `chromium`, without the full browser's window
 * machinery, which cost the suite a fifth of its time on 2 cores. Otherwise the system Chromium (CHROMIUM_PATH, as
 * the benchmarks use). E2E_CHROMIUM_PATH chooses another browser for this suite.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.E2E_CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'));

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // one more worker than the 2 cores: a test spends part of its time waiting (the unlock transition, the server,
  // animations), and 3 workers took the suite from 5.2 to 4.3 minutes on the 2-core CI machine (bench/README.md)
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // generous: CI machines are small, and the suite shares them with a build and a database
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    // a trace records every step's snapshots and screenshots: for every test, in CI, that was most of the browser's
    // work (2 cores). There a failed test runs again (retries) with its trace on, so a failure still comes with one
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // the app as a person who asked for reduced motion sees it (every screen supports it): with no GPU, each browser
    // draws looping spinners and shimmers in software (three browsers drawing the 'Create Video' spinner left its
    // encoders so little of 2 cores that a 2 s clip took over 30 s). The specs about motion itself ask for it back
    // (the unlock transition, the screenshots)
    reducedMotion: 'reduce',
    // the service worker (decision 0049) would download the whole shell in every test's fresh browser, and answer
    // requests past page.route: e2e/pwa.spec.ts allows it where it is the subject
    serviceWorkers: 'block',
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
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

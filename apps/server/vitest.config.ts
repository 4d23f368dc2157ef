import { defineProject } from 'vitest/config';

/** What both server projects share: integration tests own a database each, started from one template. */
export const serverTestOptions = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // builds this run's database templates and seed pictures once, before any file starts
  globalSetup: ['test/global-setup.ts'],
  // each file owns a database and some start servers of their own: a process pool, reused from file to file, with
  // each file's modules and mocks fresh (the forks pool is not isolated at the root: decision 0039)
  pool: 'forks',
  isolate: true,
} as const;

export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server',
    include: ['test/**/*.test.ts'],
    // their own project (vitest.reliability.config.ts), so they run once at their CI sizes and can be run alone
    exclude: ['test/reliability/**'],
  },
});

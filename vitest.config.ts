import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // one test file per core: vitest's own default in a run is cores - 1, a single worker on a 2-core CI
    // machine, where the server and reliability files spend much of their time waiting on Postgres, child
    // servers and sockets rather than on the CPU
    maxWorkers: '100%',
    projects: [
      'packages/shared',
      'packages/compositor',
      'packages/sample-art',
      'apps/server',
      'apps/server/vitest.reliability.config.ts',
      'apps/web',
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // one test file per core: vitest's own default in a run is cores - 1, a single worker on a 2-core CI
    // machine, where the server and reliability files spend much of their time waiting on Postgres, child
    // servers and sockets rather than on the CPU
    maxWorkers: '100%',
    // the server project's pool (apps/server/vitest.config.ts): its files share a worker's modules. Every other
    // project runs in forks, each file in a fresh module graph
    poolOptions: { threads: { isolate: false } },
    projects: [
      'packages/shared',
      'packages/compositor',
      'packages/sample-art',
      'apps/server',
      'apps/server/vitest.reliability.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/web',
    ],
  },
});

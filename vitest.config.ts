import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // one test file per core: vitest's own default in a run is cores - 1, a single worker on a 2-core CI
    // machine, where the server and reliability files spend much of their time waiting on Postgres, child
    // servers and sockets rather than on the CPU
    maxWorkers: '100%',
    // a pool's settings, for every project in it. Threads: only the web project runs in them, one thread that keeps
    // its jsdom and modules from file to file (apps/web/vite.config.ts, decision 0038). Forks: a process runs file
    // after file instead of a new process for each; every forks project sets `isolate: true` of its own, so each file
    // still starts with fresh modules and no mocks (decision 0039)
    poolOptions: { threads: { isolate: false, singleThread: true }, forks: { isolate: false } },
    projects: [
      'packages/shared',
      'packages/compositor',
      'packages/sample-art',
      'apps/server',
      'apps/server/vitest.reliability.config.ts',
      'apps/web',
      'apps/web/vitest.mocks.config.ts',
    ],
  },
});

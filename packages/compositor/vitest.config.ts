import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'compositor',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // each file's modules fresh, in a process reused from file to file (decision 0039)
    isolate: true,
    // full-size renders: a few seconds each on a busy 2-core machine
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

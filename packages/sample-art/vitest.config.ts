import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sample-art',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // full-size renders: a few seconds each on a busy 2-core machine
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shared',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // each file's modules fresh, in a process reused from file to file (decision 0039)
    isolate: true,
  },
});

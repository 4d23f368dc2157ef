import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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

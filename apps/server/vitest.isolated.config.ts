import { defineProject } from 'vitest/config';
import { serverTestOptions } from './vitest.config';

/**
 * Server tests that replace one of the server's modules (vi.mock): each file in a module graph of its own. The
 * server project shares its modules between files (isolate: false), where an earlier file's import would keep the
 * real module. Name such a file `*.isolated.test.ts`.
 */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server-isolated',
    include: ['test/**/*.isolated.test.ts'],
  },
});

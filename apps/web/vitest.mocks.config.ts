import { defineConfig, type ConfigEnv, type UserConfig } from 'vite';
import webConfig from './vite.config';
import { MOCKS_TEST_FILES } from './test/test-file-names';

/**
 * The web's test files that replace modules (vi.mock and the like), named `*.mocks.test.ts(x)`, each with its own
 * jsdom, module graph and mocks (decision 0039): in the shared thread of the `web` project (decision 0038) a mock
 * would reach the files after it.
 */
export default defineConfig((env: ConfigEnv): UserConfig => {
  const web = (webConfig as (env: ConfigEnv) => UserConfig)(env);
  const { exclude: _shared, pool: _pool, ...test } = web.test ?? {};
  return {
    ...web,
    test: {
      ...test,
      name: 'web-mocks',
      include: MOCKS_TEST_FILES,
      pool: 'forks',
      // each file with fresh modules, no mocks left by the file before it and a jsdom of its own, in a process reused
      // from file to file (decision 0039)
      isolate: true,
    },
  };
});

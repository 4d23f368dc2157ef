import { fileURLToPath } from 'node:url';
import { defineConfig, type ConfigEnv, type UserConfig } from 'vite';
import webConfig from './vite.config';
import { testFilesReplacingModules } from './test/module-replacing-files';

/**
 * The web's test files that replace modules (vi.mock and the like), each in a fresh process with its own jsdom and
 * module graph: in the shared thread of the `web` project (decision 0038) a mock would reach the files after it.
 */
export default defineConfig((env: ConfigEnv): UserConfig => {
  const web = (webConfig as (env: ConfigEnv) => UserConfig)(env);
  const { exclude: _shared, pool: _pool, ...test } = web.test ?? {};
  return {
    ...web,
    test: {
      ...test,
      name: 'web-mocks',
      include: testFilesReplacingModules(fileURLToPath(new URL('.', import.meta.url))),
      pool: 'forks',
    },
  };
});

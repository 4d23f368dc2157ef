/**
 * How a web test file's name says which Vitest project runs it. The `web` project runs its files one after another
 * in one thread that keeps its modules from file to file (decision 0038): a module mocked there would stay mocked,
 * or stay real, for every file after it. A file that replaces modules (`vi.mock`, `vi.doMock`, `vi.unmock`,
 * `vi.doUnmock`, `vi.resetModules`) is named `*.mocks.test.ts(x)` and runs in `web-mocks`, each file with its own
 * jsdom, modules and mocks (decision 0039). `test/test-file-names.test.ts` fails on a file that mocks under another name.
 */
export const MOCKS_TEST_FILES = ['src/**/*.mocks.test.{ts,tsx}', 'test/**/*.mocks.test.{ts,tsx}'];

/** A call that swaps a module for the rest of the file's run, or empties the module cache. */
const REPLACES_MODULES = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/;

/** Whether a test file's name puts it in `web-mocks`. */
export const isMocksTestFile = (file: string) => /\.mocks\.test\.tsx?$/.test(file);

/** Whether a test file's text replaces modules, so that only `web-mocks` may run it. */
export const replacesModules = (text: string) => REPLACES_MODULES.test(text);

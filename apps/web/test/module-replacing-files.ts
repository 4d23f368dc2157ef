import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A call that swaps a module for the rest of the file's run, or empties the module cache. */
const REPLACES_MODULES = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/;

const TEST_FILE = /\.test\.tsx?$/;

/**
 * The web's test files (under `src/` and `test/`, relative to `root`) that replace modules. The web project runs its
 * other files one after another in one thread that keeps its modules from file to file (decision 0038); a module
 * mocked there would stay mocked, or stay real, for every file after it. These files run in a project of their own,
 * each with its own modules and mocks (decision 0039), and a new file that mocks a module joins them by itself.
 */
export function testFilesReplacingModules(root: string): string[] {
  return ['src', 'test']
    .flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
        path.join(folder, file),
      ),
    )
    .filter((file) => TEST_FILE.test(file) && REPLACES_MODULES.test(readFileSync(path.join(root, file), 'utf8')))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

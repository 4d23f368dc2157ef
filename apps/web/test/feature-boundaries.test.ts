import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface LintMessage {
  ruleId: string | null;
  message: string;
}
interface LintResult {
  filePath: string;
  messages: LintMessage[];
}

/**
 * The lint rule that keeps features apart reads the feature folders from disk. This runs the real
 * eslint.config.js over a scratch tree whose feature folders it has never seen, so a folder added
 * tomorrow is shown to be guarded without touching the shared working tree.
 */
describe('eslint: features do not import each other', () => {
  let scratch: string;

  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), text);
  };

  function lint(...files: string[]): Record<string, string[]> {
    let output: string;
    try {
      output = execFileSync(
        process.execPath,
        [path.join(repoRoot, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', ...files],
        { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    } catch (error) {
      // exit code 1: lint errors, reported on stdout
      output = (error as { stdout: string }).stdout;
    }
    const results = JSON.parse(output) as LintResult[];
    return Object.fromEntries(
      results.map((result) => [
        path.relative(scratch, result.filePath),
        result.messages.map((message) => `${message.ruleId}: ${message.message}`),
      ]),
    );
  }

  beforeAll(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-lint-'));
    copyFileSync(path.join(repoRoot, 'eslint.config.js'), path.join(scratch, 'eslint.config.js'));
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
    write('apps/web/src/features/wishlist/api/get-wishlist.ts', 'export const wishlist: string[] = [];\n');
    write(
      'apps/web/src/features/wishlist/components/wishlist-count.ts',
      "import { wishlist } from '../api/get-wishlist';\n\nexport const count = wishlist.length;\n",
    );
    write(
      'apps/web/src/features/brand-new-feature/uses-wishlist.ts',
      "import { wishlist } from '../wishlist/api/get-wishlist';\n\nexport const first = wishlist[0];\n",
    );
    write('apps/web/src/lib/helper.ts', 'export const helper = 1;\n');
    write(
      'apps/web/src/features/wishlist/uses-lib.ts',
      "import { helper } from '../../lib/helper';\n\nexport const twice = helper * 2;\n",
    );
  }, 30_000);

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('guards a feature folder it was never told about, and lets a feature use its own files and lib/', () => {
    const found = lint('apps/web/src/features');
    expect(found['apps/web/src/features/brand-new-feature/uses-wishlist.ts']).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Features do not import each other/),
    ]);
    expect(found['apps/web/src/features/wishlist/components/wishlist-count.ts']).toEqual([]);
    expect(found['apps/web/src/features/wishlist/uses-lib.ts']).toEqual([]);
  }, 60_000);
});

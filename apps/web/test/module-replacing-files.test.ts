import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testFilesReplacingModules } from './module-replacing-files';

// the calls are spelled in pieces, so this file does not count as one that replaces modules itself
const vi = 'vi';
let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function project(files: Record<string, string>): string {
  root = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-web-tests-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('the web test files that run isolated', () => {
  it('are the test files under src/ and test/ that mock, unmock or reset modules, and no others', () => {
    const dir = project({
      'src/a/mocks.test.tsx': `${vi}.mock('sonner', () => ({}));`,
      'src/a/does-mock.test.ts': `await ${vi}.doMock('./x');`,
      'src/b/resets.test.tsx': `${vi}.resetModules();`,
      'test/unmocks.test.ts': `${vi}.unmock('./y');`,
      'src/a/plain.test.tsx': `${vi}.fn(); ${vi}.spyOn(console, 'error'); ${vi}.mocked(x);`,
      'src/a/not-a-test.ts': `${vi}.mock('sonner');`,
      'build/mocks.test.ts': `${vi}.mock('sonner');`,
    });
    expect(testFilesReplacingModules(dir)).toEqual([
      'src/a/does-mock.test.ts',
      'src/a/mocks.test.tsx',
      'src/b/resets.test.tsx',
      'test/unmocks.test.ts',
    ]);
  });

  it('include the app’s own files that mock modules', () => {
    const files = testFilesReplacingModules(path.resolve(import.meta.dirname, '..'));
    expect(files).toContain('src/components/product-dialog/product-dialog.test.tsx');
    expect(files).not.toContain('test/module-replacing-files.test.ts');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMocksTestFile, replacesModules } from './test-file-names';

// the calls are spelled in pieces, so this file does not replace modules itself
const vi = 'vi';
const webRoot = path.resolve(import.meta.dirname, '..');

/** The web's test files under src/ and test/, as paths from apps/web. */
function webTestFiles(): string[] {
  return ['src', 'test']
    .flatMap((folder) =>
      readdirSync(path.join(webRoot, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
        path.join(folder, file).split(path.sep).join('/'),
      ),
    )
    .filter((file) => /\.test\.tsx?$/.test(file))
    .sort();
}

describe('a web test file’s name', () => {
  it('says it replaces modules when it ends in .mocks.test.ts(x)', () => {
    expect(isMocksTestFile('src/a/dialog.mocks.test.tsx')).toBe(true);
    expect(isMocksTestFile('test/early.mocks.test.ts')).toBe(true);
    expect(isMocksTestFile('src/a/dialog.test.tsx')).toBe(false);
    expect(isMocksTestFile('src/a/mocks.test.tsx')).toBe(false);
    expect(isMocksTestFile('src/a/dialog.mocks.tsx')).toBe(false);
  });

  it('is checked against the calls that replace modules, and no others', () => {
    expect(replacesModules(`${vi}.mock('sonner', () => ({}));`)).toBe(true);
    expect(replacesModules(`await ${vi}.doMock('./x');`)).toBe(true);
    expect(replacesModules(`${vi}.unmock('./y'); ${vi}.doUnmock('./z');`)).toBe(true);
    expect(replacesModules(`${vi}.resetModules();`)).toBe(true);
    expect(
      replacesModules(`${vi}.fn(); ${vi}.spyOn(console, 'error'); ${vi}.mocked(x); ${vi}.stubGlobal('a', 1);`),
    ).toBe(false);
  });

  it('is .mocks.test exactly for the files that replace modules (decisions 0038, 0039)', () => {
    const files = webTestFiles();
    const mocking = files.filter((file) => replacesModules(readFileSync(path.join(webRoot, file), 'utf8')));
    const misnamed = mocking.filter((file) => !isMocksTestFile(file));
    // a file in the web project's shared thread that mocks a module changes it for every file after it
    expect(
      misnamed,
      `These files replace modules (vi.mock, vi.doMock, vi.unmock, vi.doUnmock, vi.resetModules) but run in the web ` +
        `project's shared thread: rename each to *.mocks.test.ts(x) (git mv), so web-mocks runs it with modules of its own`,
    ).toEqual([]);
    const needless = files.filter((file) => isMocksTestFile(file) && !mocking.includes(file));
    expect(
      needless,
      'These files are named *.mocks.test.ts(x) but replace no module: drop ".mocks" so they run in the shared thread',
    ).toEqual([]);
    expect(mocking).toContain('src/components/product-dialog/product-dialog.mocks.test.tsx');
  });
});

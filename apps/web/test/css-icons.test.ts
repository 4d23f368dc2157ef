import { readFileSync } from 'node:fs';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssIconNames, cssIconsFile, cssIconsStylesheet, iconSvg, svgDataUrl } from '../../../scripts/css-icons.mjs';

const srcDir = path.join(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('CSS icons (scripts/css-icons.mjs)', () => {
  it('styles/css-icons.css is what the script writes from the installed lucide-react', async () => {
    // a stale file: run `node scripts/css-icons.mjs`
    expect(readFileSync(cssIconsFile, 'utf8')).toBe(await cssIconsStylesheet());
  });

  it('draws an icon as lucide does: its elements on a 24-unit stroke, filled only when asked', () => {
    const node = [
      ['circle', { cx: 12, cy: 12, r: 10, key: 'a' }],
      ['path', { d: 'm9 12 2 2 4-4', key: 'b' }],
    ] as const;
    expect(iconSvg(node)).toBe(
      "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='#000' stroke-width='2' " +
        "stroke-linecap='round' stroke-linejoin='round'><circle cx='12' cy='12' r='10'/><path d='m9 12 2 2 4-4'/></svg>",
    );
    expect(iconSvg(node, { filled: true })).toContain("fill='#000' stroke='#000' stroke-width='2.2'");
  });

  it('escapes what would end or break a CSS url("…") or a data URL', () => {
    const url = svgDataUrl(`<svg a="1" b='#%'/>`);
    expect(url).toBe("data:image/svg+xml,%3Csvg a=%221%22 b='%23%25'/%3E");
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(`<svg a="1" b='#%'/>`);
  });

  it('every icon-NAME the web source uses is in the list, and every listed icon is used', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bicon-([a-z0-9-]+)/g)) used.add(match[1]!);
    }
    const listed = new Set(cssIconNames.flatMap(({ name, filled }) => (filled ? [name, `${name}-filled`] : [name])));
    expect([...used].sort()).toEqual([...listed].sort());
  });
});

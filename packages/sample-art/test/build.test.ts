import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureSampleArt, sampleArtCacheRoot, sampleArtSourceHash } from '../src/build';
import { renderSvg } from '../src/illustrations/render';
import { seedImages } from '../src/seed-images';

const packageRoot = path.resolve(import.meta.dirname, '..');

describe('the sample art build', () => {
  it('holds every picture the sources draw, under its key, in a directory named by the hash of the sources', async () => {
    const art = await ensureSampleArt();
    expect(art.hash).toBe(sampleArtSourceHash());
    expect(art.dir).toBe(path.join(sampleArtCacheRoot, art.hash));
    const keys = seedImages().flatMap((img) => (img.thumb ? [img.key, img.thumb.key] : [img.key]));
    expect(art.files.map((f) => f.key)).toEqual(keys);
    for (const file of art.files) {
      const bytes = readFileSync(path.join(art.dir, file.key));
      expect(bytes.length, file.key).toBe(file.bytes);
      expect(bytes.subarray(8, 12).toString('ascii'), file.key).toBe('WEBP');
    }
  }, 300_000);

  it('is what the illustrations draw now, byte for byte', async () => {
    const art = await ensureSampleArt();
    for (const img of seedImages().filter((_, i) => i % 40 === 0)) {
      const out = await renderSvg(img.svg(), img.thumb, img.alpha);
      expect(readFileSync(path.join(art.dir, img.key)).equals(out.full.bytes), img.key).toBe(true);
      const listed = art.files.find((f) => f.key === img.key)!;
      expect([listed.width, listed.height]).toEqual([img.width, img.height]);
    }
  }, 300_000);

  it('is found again by a new process without drawing anything', async () => {
    const art = await ensureSampleArt();
    const written = statSync(path.join(art.dir, 'manifest.json')).mtimeMs;
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      cwd: packageRoot,
      encoding: 'utf8',
    });
    expect(out).toContain(`Sample art is up to date (${art.files.length} files in`);
    expect(statSync(path.join(art.dir, 'manifest.json')).mtimeMs).toBe(written);
  }, 300_000);

  it('names a build by the contents of the sources, wherever they are, and by nothing else', () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'sample-art-sources-'));
    try {
      cpSync(path.join(packageRoot, 'src'), path.join(copy, 'src'), { recursive: true });
      cpSync(path.join(packageRoot, 'package.json'), path.join(copy, 'package.json'));
      const hash = sampleArtSourceHash();
      expect(hash).toMatch(/^[0-9a-f]{16}$/);
      expect(sampleArtSourceHash(copy)).toBe(hash);
      const palettes = path.join(copy, 'src/world/palettes.ts');
      writeFileSync(palettes, readFileSync(palettes, 'utf8').replace('#', '#0'));
      expect(sampleArtSourceHash(copy)).not.toBe(hash);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

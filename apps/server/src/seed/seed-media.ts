import { mkdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FileStorage } from '../storage/file-storage';
import { renderSvg } from './illustrations/render';
import type { SeedImage } from './media';

export interface EnsureSeedMediaOptions {
  storage: FileStorage;
  /** a shared directory of already-rendered pictures (tests); rendered into when missing */
  seedMediaDir?: string;
  /** pictures rendered at once; librsvg and libwebp are single-threaded per picture */
  concurrency?: number;
}

/** Every key a picture occupies: the picture and its thumbnail. */
export function keysOf(image: SeedImage): string[] {
  return image.thumb ? [image.key, image.thumb.key] : [image.key];
}

/**
 * Makes sure every seed picture is in storage, rendering only what is missing.
 * Returns how many pictures had to be rendered.
 */
export async function ensureSeedMedia(images: readonly SeedImage[], options: EnsureSeedMediaOptions): Promise<number> {
  const { storage, seedMediaDir } = options;
  const concurrency = options.concurrency ?? 2;
  const missing = await filterAsync(images, async (img) => !(await everyAsync(keysOf(img), (k) => storage.exists(k))));
  if (missing.length === 0) return 0;

  if (!seedMediaDir) {
    await forEachLimited(missing, concurrency, async (img) => {
      const out = await renderSvg(img.svg(), img.thumb);
      await storage.put(img.key, out.full.bytes);
      if (img.thumb && out.thumb) await storage.put(img.thumb.key, out.thumb.bytes);
    });
    return missing.length;
  }

  // several test processes share the directory: one renders while the others wait
  let rendered = 0;
  await withDirectoryLock(seedMediaDir, async () => {
    const toRender = await filterAsync(
      missing,
      async (img) => !(await everyAsync(keysOf(img), (k) => fileExists(path.join(seedMediaDir, k)))),
    );
    await forEachLimited(toRender, concurrency, async (img) => {
      const out = await renderSvg(img.svg(), img.thumb);
      await writeAtomically(path.join(seedMediaDir, img.key), out.full.bytes);
      if (img.thumb && out.thumb) await writeAtomically(path.join(seedMediaDir, img.thumb.key), out.thumb.bytes);
    });
    rendered = toRender.length;
  });
  await forEachLimited(missing, 8, async (img) => {
    for (const key of keysOf(img)) {
      if (!(await storage.exists(key))) await storage.put(key, await readFile(path.join(seedMediaDir, key)));
    }
  });
  return rendered;
}

async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, file);
}

async function fileExists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * A lock directory (mkdir is atomic). The holder touches it every few seconds, so a lock left
 * behind by a killed process is recognised as stale soon after.
 */
async function withDirectoryLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
  await mkdir(dir, { recursive: true });
  const lock = path.join(dir, '.render-lock');
  const staleAfterMs = 20_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > staleAfterMs) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(lock, now, now).catch(() => undefined);
  }, 4_000);
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
    await rm(lock, { recursive: true, force: true });
  }
}

async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  });
  await Promise.all(workers);
}

async function filterAsync<T>(items: readonly T[], predicate: (item: T) => Promise<boolean>): Promise<T[]> {
  const flags = await Promise.all(items.map(predicate));
  return items.filter((_, i) => flags[i]);
}

async function everyAsync<T>(items: readonly T[], predicate: (item: T) => Promise<boolean>): Promise<boolean> {
  const flags = await Promise.all(items.map(predicate));
  return flags.every(Boolean);
}

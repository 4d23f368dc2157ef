import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where stored files live. Local disk now; an S3-compatible store can implement the same interface. */
export interface FileStorage {
  /** Writes atomically (temp file + rename): a reader never sees half a file. */
  put(key: string, bytes: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The public URL of a key, e.g. /media/uploads/ab/abcd.webp. */
  urlFor(key: string): string;
  /** The key behind a /media/ URL, or null when the URL is not one of ours. */
  keyFromUrl(url: string): string | null;
  /** Absolute path on disk (local storage only): used to serve and to read back. */
  pathFor(key: string): string;
}

export const MEDIA_URL_PREFIX = '/media/';
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9/_.-]*$/;

export function assertSafeKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export function createLocalDiskStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);
  const pathFor = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const target = pathFor(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, target);
    },
    async exists(key) {
      try {
        return (await stat(pathFor(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(key) {
      await rm(pathFor(key), { force: true });
    },
    urlFor(key) {
      assertSafeKey(key);
      return MEDIA_URL_PREFIX + key;
    },
    keyFromUrl(url) {
      if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
      const key = url.slice(MEDIA_URL_PREFIX.length);
      return KEY_PATTERN.test(key) && !key.includes('..') ? key : null;
    },
    pathFor,
  };
}

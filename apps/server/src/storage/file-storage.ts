import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One stored file as a listing shows it. */
export interface StoredFileInfo {
  key: string;
  bytes: number;
  lastModified: Date;
}

/** What every store does; serving differs (LocalDiskStorage, BucketStorage), so FileStorage says which one it is. */
export interface FileStorageBase {
  /** Writes whole or not at all: a reader never sees half a file. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or null when nothing is stored under the key. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file whose key starts with `prefix`, in no particular order. */
  list(prefix: string): AsyncIterable<StoredFileInfo>;
  /** The public URL of a key, e.g. /media/uploads/ab/abcd.webp. */
  urlFor(key: string): string;
  /** The key behind a /media/ URL, or null when the URL is not one of ours. */
  keyFromUrl(url: string): string | null;
  /** Lets go of connections (a bucket's); the store is not used after. */
  close(): void;
}

export interface LocalDiskStorage extends FileStorageBase {
  kind: 'disk';
  /** The directory that holds the keys (DATA_DIR/media). */
  root: string;
  /** Absolute path of a key's file: served from there with @fastify/static. */
  pathFor(key: string): string;
}

/** Conditions of a GET or HEAD that the bucket judges itself (RFC 9110 §13, §14). */
export interface ReadConditions {
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: Date | undefined;
  /** One byte range, `bytes=first-last`. */
  range?: string | undefined;
  /** Serve the range only while the object is still this one (an ETag or an HTTP date). */
  ifRange?: string | undefined;
}

export type BucketReadResult =
  | { status: 'missing' }
  | { status: 'not-modified'; etag: string | undefined; lastModified: Date | undefined }
  | { status: 'range-not-satisfiable'; bytes: number | undefined }
  | {
      status: 'ok' | 'partial';
      bytes: number;
      etag: string | undefined;
      lastModified: Date | undefined;
      /** Content-Range of a partial answer. */
      contentRange: string | undefined;
      /** null for HEAD. */
      body: NodeJS.ReadableStream | null;
    };

export interface BucketStorage extends FileStorageBase {
  kind: 's3';
  bucket: string;
  /** Opens a key for an HTTP answer, conditions and range judged by the bucket; `head` asks for no body. */
  open(key: string, conditions: ReadConditions, head: boolean): Promise<BucketReadResult>;
  /** Throws unless the bucket is there and the credentials may use it. */
  checkBucket(): Promise<void>;
}

/** Where stored files live: a directory (STORAGE=disk) or an S3-compatible bucket (STORAGE=s3). */
export type FileStorage = LocalDiskStorage | BucketStorage;

export const MEDIA_URL_PREFIX = '/media/';
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9/_.-]*$/;

export function isSafeKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..') && !key.includes('//');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/** The URL half of FileStorage, the same for every store. */
export const mediaUrls = {
  urlFor(key: string): string {
    assertSafeKey(key);
    return MEDIA_URL_PREFIX + key;
  },
  keyFromUrl(url: string): string | null {
    if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
    const key = url.slice(MEDIA_URL_PREFIX.length);
    return KEY_PATTERN.test(key) && !key.includes('..') ? key : null;
  },
};

/** Files under `root`; a put writes a temporary file beside the target and renames it over. */
export function createLocalDiskStorage(rootDir: string): LocalDiskStorage {
  const root = path.resolve(rootDir);
  const pathFor = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'disk',
    root,
    async put(key, bytes) {
      const target = pathFor(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, target);
    },
    async read(key) {
      try {
        return await readFile(pathFor(key));
      } catch (err) {
        // a key that names a folder holds no file either
        if (isMissingFileError(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw err;
      }
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
    async *list(prefix) {
      // the folder the prefix names (or the one its last part begins), walked below
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      let entries;
      try {
        entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
      } catch (err) {
        if (isMissingFileError(err)) return;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, full).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        try {
          const info = await stat(full);
          yield { key, bytes: info.size, lastModified: info.mtime };
        } catch (err) {
          // deleted while the walk ran
          if (!isMissingFileError(err)) throw err;
        }
      }
    },
    ...mediaUrls,
    pathFor,
    close() {},
  };
}

function isMissingFileError(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

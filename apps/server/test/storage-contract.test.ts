import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, uploadResponseSchema, userSchema } from '@dwellscape/shared';
import { loadConfig } from '../src/config';
import { mediaFiles, users } from '../src/db/schema';
import { sweepOrphanMedia } from '../src/media/orphan-sweep';
import { variantKeyOf } from '../src/media/responsive-images';
import { createBucketStorage } from '../src/storage/bucket-storage';
import { createLocalDiskStorage, type FileStorage } from '../src/storage/file-storage';
import { createTestApp, type TestApp } from './helpers';
import { signUp } from './fixtures';
import { filePart, makeJpeg, makeWebp, multipartBody } from './media-fixtures';
import { startTestBucketServer, type TestBucketServer } from './storage-s3rver';

/**
 * One contract for every FileStorage, run on disk and on a real S3 server (s3rver): what a store keeps and
 * lists, and what /media/ answers from it. The HTTP half compares the bucket's answers with the disk's.
 * On PGlite only: no answer here depends on the database beyond a row being there.
 */

let s3: TestBucketServer;
const tempDirs: string[] = [];

beforeAll(async () => {
  s3 = await startTestBucketServer(['contract-store', 'contract-http-s3']);
});
afterAll(async () => {
  await s3?.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

interface StoreUnderTest {
  name: 'disk' | 's3';
  open(): FileStorage;
}

const stores: StoreUnderTest[] = [
  {
    name: 'disk',
    open() {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-storage-'));
      tempDirs.push(dir);
      return createLocalDiskStorage(dir);
    },
  },
  {
    name: 's3',
    open() {
      const config = loadConfig({ DATA_DIR: os.tmpdir(), ...s3.envFor('contract-store') }).storage;
      if (config.kind !== 's3') throw new Error('STORAGE=s3 did not give a bucket');
      return createBucketStorage(config);
    },
  },
];

describe.each(stores)('FileStorage contract ($name)', ({ name, open }) => {
  let storage: FileStorage;
  // each store its own folder, so the two never see each other's keys
  const k = (key: string) => `uploads/${name}-${key}`;

  beforeAll(() => {
    storage = open();
  });
  afterAll(() => storage?.close());

  it('keeps what is put under a key, whole, and reads nothing under a key never put', async () => {
    const bytes = await makeWebp(40, 30);
    await storage.put(k('a/one.webp'), bytes);
    expect((await storage.read(k('a/one.webp')))?.equals(bytes)).toBe(true);
    expect(await storage.exists(k('a/one.webp'))).toBe(true);
    expect(await storage.read(k('a/never.webp'))).toBeNull();
    expect(await storage.exists(k('a/never.webp'))).toBe(false);
  });

  it('replaces a file put again under the same key', async () => {
    await storage.put(k('b/file.webp'), Buffer.from('first, longer contents'));
    await storage.put(k('b/file.webp'), Buffer.from('second'));
    expect((await storage.read(k('b/file.webp')))?.toString()).toBe('second');
  });

  it('deletes a file, and deleting it again (or a key never put) is no error', async () => {
    await storage.put(k('c/gone.webp'), Buffer.from('x'));
    await storage.delete(k('c/gone.webp'));
    expect(await storage.exists(k('c/gone.webp'))).toBe(false);
    await expect(storage.delete(k('c/gone.webp'))).resolves.toBeUndefined();
  });

  it('lists the files under a prefix with their sizes and times, and nothing beside it', async () => {
    const before = Date.now() - 5_000;
    await storage.put(k('d/1.webp'), Buffer.alloc(10, 1));
    await storage.put(k('d/deeper/2.webp'), Buffer.alloc(20, 2));
    await storage.put(k('d-beside/3.webp'), Buffer.alloc(30, 3));
    const listed = [];
    for await (const file of storage.list(k('d/'))) listed.push(file);
    expect(listed.map((f) => [f.key, f.bytes]).sort()).toEqual([
      [k('d/1.webp'), 10],
      [k('d/deeper/2.webp'), 20],
    ]);
    for (const file of listed) expect(file.lastModified.getTime()).toBeGreaterThan(before);
    const none = [];
    for await (const file of storage.list('renders/never-made/')) none.push(file);
    expect(none).toEqual([]);
  });

  it('refuses keys that climb out or are not ours, and turns keys into /media/ URLs and back', async () => {
    for (const bad of ['../escape.webp', 'uploads//double.webp', '/absolute.webp', 'uploads/a b.webp']) {
      await expect(storage.put(bad, Buffer.from('x')), bad).rejects.toThrow(/Unsafe storage key/);
    }
    expect(storage.urlFor('uploads/ab/c.webp')).toBe('/media/uploads/ab/c.webp');
    expect(storage.keyFromUrl('/media/uploads/ab/c.webp')).toBe('uploads/ab/c.webp');
    expect(storage.keyFromUrl('https://elsewhere.example/media/uploads/ab/c.webp')).toBeNull();
    expect(storage.keyFromUrl('/media/../secret')).toBeNull();
  });
});

describe('GET /media/ from a bucket answers as from disk', () => {
  const apps: Record<'disk' | 's3', TestApp> = {} as never;
  const uploads: Record<'disk' | 's3', { url: string; bytes: number }> = {} as never;

  beforeAll(async () => {
    apps.disk = await createTestApp({ seed: false });
    apps.s3 = await createTestApp({ seed: false, env: s3.envFor('contract-http-s3') });
    for (const name of ['disk', 's3'] as const) {
      const t = apps[name];
      const { payload, contentType } = multipartBody([filePart(await makeJpeg(900, 600, '#a05030'))]);
      const res = await t.app.inject({
        method: 'POST',
        url: apiPaths.uploads,
        payload,
        headers: { cookie: await t.unlock(), 'content-type': contentType },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { url } = uploadResponseSchema.parse(res.json());
      const [row] = await t.database.db
        .select({ bytes: mediaFiles.bytes })
        .from(mediaFiles)
        .where(eq(mediaFiles.key, t.app.storage.keyFromUrl(url)!));
      uploads[name] = { url, bytes: row!.bytes };
    }
  });
  afterAll(async () => {
    await apps.disk?.close();
    await apps.s3?.close();
  });

  const get = (
    name: 'disk' | 's3',
    url: string,
    headers: Record<string, string> = {},
    method: 'GET' | 'HEAD' = 'GET',
  ) => apps[name].app.inject({ method, url, headers });

  it('is an upload in the bucket, not on the disk', async () => {
    const key = apps.s3.app.storage.keyFromUrl(uploads.s3.url)!;
    expect(apps.s3.app.storage.kind).toBe('s3');
    expect(await apps.s3.app.storage.exists(key)).toBe(true);
    expect(await createLocalDiskStorage(path.join(apps.s3.dataDir, 'media')).exists(key)).toBe(false);
  });

  it('serves a stored picture with the same status, type, length and caching headers', async () => {
    const headerNames = new Set<string>();
    const answers = {} as Record<'disk' | 's3', Awaited<ReturnType<typeof get>>>;
    for (const name of ['disk', 's3'] as const) {
      const res = await get(name, uploads[name].url);
      answers[name] = res;
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type'], name).toBe('image/webp');
      expect(res.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['content-security-policy'], name).toBe("default-src 'none'; sandbox");
      expect(res.headers['accept-ranges'], name).toBe('bytes');
      expect(Number(res.headers['content-length']), name).toBe(uploads[name].bytes);
      expect(res.rawPayload.length, name).toBe(uploads[name].bytes);
      expect(res.headers.etag, name).toBeTruthy();
      expect(Date.parse(String(res.headers['last-modified'])), name).toBeGreaterThan(Date.now() - 600_000);
      for (const header of Object.keys(res.headers)) headerNames.add(header);
    }
    // the same picture: both stores were given the same upload
    expect((await sharp(answers.s3.rawPayload).metadata()).width).toBe(900);
    const missing = (name: 'disk' | 's3') =>
      [...headerNames].filter((h) => h !== 'date' && answers[name].headers[h] === undefined);
    expect(missing('s3')).toEqual([]);
    expect(missing('disk')).toEqual([]);
  });

  it('answers HEAD with the headers and no body', async () => {
    for (const name of ['disk', 's3'] as const) {
      const res = await get(name, uploads[name].url, {}, 'HEAD');
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type'], name).toBe('image/webp');
      expect(res.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length']), name).toBe(uploads[name].bytes);
      expect(res.rawPayload.length, name).toBe(0);
    }
  });

  it('answers a revalidation with its ETag or date with 304, and a changed ETag with the file', async () => {
    for (const name of ['disk', 's3'] as const) {
      const first = await get(name, uploads[name].url);
      const byTag = await get(name, uploads[name].url, { 'if-none-match': String(first.headers.etag) });
      expect(byTag.statusCode, name).toBe(304);
      expect(byTag.rawPayload.length, name).toBe(0);
      expect(byTag.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      const byDate = await get(name, uploads[name].url, {
        'if-modified-since': String(first.headers['last-modified']),
      });
      expect(byDate.statusCode, name).toBe(304);
      const changed = await get(name, uploads[name].url, { 'if-none-match': '"something-else"' });
      expect(changed.statusCode, name).toBe(200);
    }
  });

  it('serves one byte range as 206, and a range past the end as 416', async () => {
    for (const name of ['disk', 's3'] as const) {
      const whole = (await get(name, uploads[name].url)).rawPayload;
      const part = await get(name, uploads[name].url, { range: 'bytes=0-9' });
      expect(part.statusCode, name).toBe(206);
      expect(part.headers['content-range'], name).toBe(`bytes 0-9/${uploads[name].bytes}`);
      expect(part.rawPayload.equals(whole.subarray(0, 10)), name).toBe(true);
      const past = await get(name, uploads[name].url, { range: `bytes=${uploads[name].bytes + 10}-` });
      expect(past.statusCode, name).toBe(416);
      // the range only while the file is still the one the client has
      const stale = await get(name, uploads[name].url, { range: 'bytes=0-9', 'if-range': '"not-this-one"' });
      expect(stale.statusCode, name).toBe(200);
      expect(stale.rawPayload.length, name).toBe(uploads[name].bytes);
    }
  });

  it('answers a key with nothing stored the same JSON 404', async () => {
    const answers = await Promise.all(
      (['disk', 's3'] as const).map((name) => get(name, '/media/uploads/00/00000000-nothing.webp')),
    );
    for (const res of answers) expect(res.statusCode).toBe(404);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
  });

  it('downloads a stored file that is not a raster image instead of showing it', async () => {
    for (const name of ['disk', 's3'] as const) {
      await apps[name].app.storage.put('uploads/ab/planted.html', Buffer.from('<script>alert(1)</script>'));
      const res = await get(name, '/media/uploads/ab/planted.html');
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type'], name).toBe('application/octet-stream');
      expect(res.headers['content-disposition'], name).toBe('attachment');
    }
  });

  it('makes a responsive size from the stored original and serves it as from disk', async () => {
    for (const name of ['disk', 's3'] as const) {
      const key = apps[name].app.storage.keyFromUrl(uploads[name].url)!;
      const res = await get(name, `/media/w/320/${key}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type'], name).toBe('image/webp');
      expect(res.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      expect((await sharp(res.rawPayload).metadata()).width, name).toBe(320);
      expect(await apps[name].app.storage.exists(variantKeyOf(key, 320)), name).toBe(true);
    }
  });

  it('deletes the replaced avatar and its sizes from the store, as on disk', async () => {
    for (const name of ['disk', 's3'] as const) {
      const t = apps[name];
      const account = await signUp(t.app, await t.unlock());
      const [row] = await t.database.db.select().from(users).where(eq(users.id, account.accountId));
      const firstKey = t.app.storage.keyFromUrl(row!.avatarUrl)!;
      expect((await get(name, `/media/w/320/${firstKey}`)).statusCode, name).toBe(200);
      const { payload, contentType } = multipartBody([filePart(await makeJpeg(600, 600, '#305070'))]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: apiPaths.uploads,
        payload,
        headers: { cookie: account.cookie, 'content-type': contentType },
      });
      const res = await t.app.inject({
        method: 'PATCH',
        url: apiPaths.me,
        headers: { cookie: account.cookie },
        payload: { avatarUrl: uploadResponseSchema.parse(uploaded.json()).url },
      });
      expect(res.statusCode, name).toBe(200);
      const avatarUrl = userSchema.parse(res.json()).avatarUrl;
      expect((await get(name, avatarUrl)).statusCode, name).toBe(200);
      expect(await t.app.storage.exists(firstKey), name).toBe(false);
      expect(await t.app.storage.exists(variantKeyOf(firstKey, 320)), name).toBe(false);
      expect((await get(name, `/media/${firstKey}`)).statusCode, name).toBe(404);
    }
  });

  it('sweeps a file with no row and its sizes, once old enough, and keeps every file with a row', async () => {
    for (const name of ['disk', 's3'] as const) {
      const t = apps[name];
      const { storage } = t.app;
      const orphan = `uploads/ff/${name}-orphan.webp`;
      await storage.put(orphan, await makeWebp(30, 20));
      await storage.put(variantKeyOf(orphan, 320), await makeWebp(30, 20));
      const kept = storage.keyFromUrl(uploads[name].url)!;

      // young files may be waiting for their rows
      const young = await sweepOrphanMedia({ db: t.database.db, storage });
      expect(young.deleted, name).toEqual([]);

      const swept = await sweepOrphanMedia({ db: t.database.db, storage, graceMs: 0 });
      expect(swept.deleted, name).toContain(orphan);
      expect(swept.deleted, name).toContain(variantKeyOf(orphan, 320));
      expect(await storage.exists(orphan), name).toBe(false);
      expect(await storage.exists(kept), name).toBe(true);
      expect(await storage.exists(variantKeyOf(kept, 320)), name).toBe(true);
      // every file left under uploads/ has its row
      const rows = new Set(
        (await t.database.db.select({ key: mediaFiles.key }).from(mediaFiles)).map((row) => row.key),
      );
      for await (const file of storage.list('uploads/')) expect(rows.has(file.key), `${name} ${file.key}`).toBe(true);
    }
  });
});

describe('STORAGE=s3 settings', () => {
  const full = (): Record<string, string> => ({ DATA_DIR: os.tmpdir(), ...s3.envFor('contract-store') });

  it('refuses to start without any one of the bucket settings, naming it', () => {
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      const env = full();
      delete env[name];
      expect(() => loadConfig(env), name).toThrow(`${name}: is required when STORAGE=s3`);
    }
  });

  it('refuses a bad endpoint, bucket name or storage kind with a clear message', () => {
    expect(() => loadConfig({ ...full(), S3_ENDPOINT: 'not a url' })).toThrow(
      'S3_ENDPOINT: must be an http:// or https:// URL',
    );
    expect(() => loadConfig({ ...full(), S3_BUCKET: 'Has_Capitals' })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
    expect(() => loadConfig({ ...full(), STORAGE: 'nfs' })).toThrow(/STORAGE: /);
  });

  it('keeps files on disk by default, whatever S3_ variables are set', () => {
    const env = full();
    delete env.STORAGE;
    expect(loadConfig(env).storage).toEqual({ kind: 'disk', root: path.join(path.resolve(os.tmpdir()), 'media') });
  });

  it('stops the start-up with a message when the bucket is not there', async () => {
    await expect(createTestApp({ seed: false, env: { ...s3.envFor('no-such-bucket') } })).rejects.toThrow(
      'S3_BUCKET: bucket "no-such-bucket" at ' + s3.endpoint + ' cannot be used: it does not exist',
    );
  });
});

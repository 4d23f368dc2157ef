import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, uploadResponseSchema } from '@dwellscape/shared';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { mediaFiles } from '../src/db/schema';
import { sweepOrphanMedia } from '../src/media/orphan-sweep';
import { createBucketStorage } from '../src/storage/bucket-storage';
import type { BucketStorage } from '../src/storage/file-storage';
import { createPostgresDatabase, dbKinds } from './helpers';
import { makePng, multipartBody, filePart } from './media-fixtures';
import { startChildServer, type ChildServer } from './reliability/child-server';
import { startTestBucketServer, type TestBucketServer } from './storage-s3rver';

/**
 * The real server as a child process on a bucket, killed with SIGKILL the moment the bucket holds an upload's
 * object and before the server can write its row: the worst moment of the write order (object first, row after).
 * Then: no row points at a missing object, every acknowledged upload has its row and object, the sweep removes
 * exactly the objects without a row, and the restarted server serves every acknowledged upload.
 */

let s3: TestBucketServer;
const cleanups: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  s3 = await startTestBucketServer([]);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await s3?.close();
});

/** Uploads the kill lets through before it lands: the kill comes with the object of the KILL_AT-th. */
const KILL_AT = 6;
const UPLOADERS = 4;

async function uploadUntilDown(server: ChildServer, cookie: string, acknowledged: string[]): Promise<void> {
  const picture = await makePng(320, 240, '#8a5a30');
  const workers = Array.from({ length: UPLOADERS }, async () => {
    for (;;) {
      const { payload, contentType } = multipartBody([filePart(picture, 'file', 'room.png', 'image/png')]);
      let res: Response;
      try {
        res = await fetch(`${server.baseUrl}${apiPaths.uploads}`, {
          method: 'POST',
          headers: { cookie, 'content-type': contentType },
          body: payload,
        });
      } catch {
        return; // the server is gone
      }
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      acknowledged.push(uploadResponseSchema.parse(await res.json()).url);
    }
  });
  await Promise.all(workers);
}

async function keysUnder(storage: BucketStorage, prefix: string): Promise<Map<string, number>> {
  const keys = new Map<string, number>();
  for await (const file of storage.list(prefix)) keys.set(file.key, file.bytes);
  return keys;
}

describe.each(dbKinds)('kill -9 mid-upload on a bucket (%s)', (kind) => {
  it('leaves no row pointing at a missing object, and the sweep takes the objects left without a row', async () => {
    const bucket = `crash-${kind}`;
    await s3.createBucket(bucket);
    const env = s3.envFor(bucket);
    const config = loadConfig({ DATA_DIR: os.tmpdir(), ...env }).storage;
    if (config.kind !== 's3') throw new Error('STORAGE=s3 did not give a bucket');
    const storage = createBucketStorage(config);
    cleanups.push(() => storage.close());

    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-storage-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
    if (pg) cleanups.push(() => pg.drop());
    const start = () => startChildServer({ dataDir, databaseUrl: pg?.url, env });

    // the first start puts the seed pictures into the bucket, as a new deployment's does
    const server = await start();
    cleanups.push(async () => void (await server.crash()));
    const cookie = await server.unlock();
    let created = 0;
    const stopListening = s3.onObjectCreated((key) => {
      if (key.startsWith('uploads/') && ++created === KILL_AT) server.child.kill('SIGKILL');
    });
    const acknowledged: string[] = [];
    try {
      await uploadUntilDown(server, cookie, acknowledged);
    } finally {
      stopListening();
    }
    expect((await server.exited).signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeLessThan(KILL_AT);

    const database = await openDatabase(pg ? { databaseUrl: pg.url } : { pgliteDir: path.join(dataDir, 'pgdata') });
    try {
      const rows = await database.db
        .select({ key: mediaFiles.key, bytes: mediaFiles.bytes })
        .from(mediaFiles)
        .where(eq(mediaFiles.kind, 'upload'));
      const objects = await keysUnder(storage, 'uploads/');
      // no row points at a missing (or different) object
      for (const row of rows) expect(objects.get(row.key), row.key).toBe(row.bytes);
      // every acknowledged upload was written whole: its row and its object
      const rowKeys = new Set(rows.map((row) => row.key));
      for (const url of acknowledged) expect(rowKeys.has(storage.keyFromUrl(url)!), url).toBe(true);
      // the kill came between an object and its row: that object (and any other cut short) has none
      const orphans = [...objects.keys()].filter((key) => !rowKeys.has(key));
      expect(orphans.length).toBeGreaterThan(0);

      const swept = await sweepOrphanMedia({ db: database.db, storage, graceMs: 0 });
      expect(swept.deleted.sort()).toEqual(orphans.sort());
      const left = await keysUnder(storage, 'uploads/');
      expect([...left.keys()].sort()).toEqual([...rowKeys].sort());
    } finally {
      await database.close();
    }

    // the restarted server serves every acknowledged upload from the bucket
    const again = await start();
    cleanups.push(async () => void (await again.stop()));
    for (const url of acknowledged) {
      const res = await fetch(`${again.baseUrl}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
    }
    await again.stop();
    // two starts of the real server (the first seeds the bucket) on a loaded machine
  }, 300_000);
});

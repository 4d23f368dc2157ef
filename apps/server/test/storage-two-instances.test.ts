import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, uploadResponseSchema, userSchema } from '@dwellscape/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import type { AppInstance } from '../src/types';
import { TEST_ADDRESS_LIMITS } from './address-limits';
import { signUp } from './fixtures';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { filePart, makeJpeg, multipartBody } from './media-fixtures';
import { startTestBucketServer, type TestBucketServer } from './storage-s3rver';

/**
 * Two servers (two buildApps, as two processes would be) on one database and one bucket, each with a DATA_DIR
 * of its own: what one stores, the other serves. Beside them, the same two on disk, which cannot (the reason a
 * bucket is needed).
 */

let s3: TestBucketServer;
beforeAll(async () => {
  s3 = await startTestBucketServer([]);
});
afterAll(async () => {
  await s3?.close();
});

/** A second server on `a`'s database with a DATA_DIR of its own; it opens its own store from the environment. */
async function startInstanceB(a: TestApp, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-instance-b-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BETA_PASSWORD: a.config.betaPassword,
    // instances share the secret that signs session cookies, as they share the database
    SESSION_SECRET: a.config.sessionSecret,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(a.config.databaseUrl ? { DATABASE_URL: a.config.databaseUrl } : {}),
    ...TEST_ADDRESS_LIMITS,
    ...env,
  });
  // PGlite is one process's own: the second server shares the handle, as it shares a Postgres server
  const database: DatabaseHandle = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl })
    : a.database;
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      if (database !== a.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function upload(app: AppInstance, cookie: string, colour: string): Promise<string> {
  const { payload, contentType } = multipartBody([filePart(await makeJpeg(640, 480, colour))]);
  const res = await app.inject({
    method: 'POST',
    url: apiPaths.uploads,
    payload,
    headers: { cookie, 'content-type': contentType },
  });
  expect(res.statusCode, res.body).toBe(201);
  return uploadResponseSchema.parse(res.json()).url;
}

const filesUnder = (dir: string) => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
};

describe.each(dbKinds)('two servers on one bucket (%s)', (kind) => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof startInstanceB>>;
  const bucket = `two-instances-${kind}`;

  beforeAll(async () => {
    await s3.createBucket(bucket);
    a = await createTestApp({ kind, seed: false, env: s3.envFor(bucket) });
    b = await startInstanceB(a, s3.envFor(bucket));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serves on B what was uploaded on A, and on A what was uploaded on B, bytes for bytes', async () => {
    const cookie = await a.unlock();
    const fromA = await upload(a.app, cookie, '#a05030');
    const fromB = await upload(b.app, cookie, '#3050a0');
    for (const [url, writer] of [
      [fromA, a.app],
      [fromB, b.app],
    ] as const) {
      const written = await writer.inject({ method: 'GET', url });
      const reader = writer === a.app ? b.app : a.app;
      const read = await reader.inject({ method: 'GET', url });
      expect(read.statusCode, url).toBe(200);
      expect(read.headers['content-type']).toBe('image/webp');
      expect(read.rawPayload.equals(written.rawPayload), url).toBe(true);
    }
    // neither server wrote a stored file to its own disk
    expect(filesUnder(path.join(a.dataDir, 'media'))).toBe(0);
    expect(filesUnder(path.join(b.dataDir, 'media'))).toBe(0);
  });

  it('makes a responsive size on B of an upload on A, which A then serves without making it again', async () => {
    const url = await upload(a.app, await a.unlock(), '#30a050');
    const key = a.app.storage.keyFromUrl(url)!;
    const onB = await b.app.inject({ method: 'GET', url: `/media/w/640/${key}` });
    expect(onB.statusCode).toBe(200);
    expect(await a.app.storage.exists(`w/640/${key}`)).toBe(true);
    const onA = await a.app.inject({ method: 'GET', url: `/media/w/640/${key}` });
    expect(onA.statusCode).toBe(200);
    expect(onA.headers.etag).toBe(onB.headers.etag);
  });

  it('takes an upload made on A as the input of a request to B (a new avatar)', async () => {
    const cookie = await a.unlock();
    const url = await upload(a.app, cookie, '#505050');
    const account = await signUp(b.app, cookie);
    const patched = await b.app.inject({
      method: 'PATCH',
      url: apiPaths.me,
      headers: { cookie: account.cookie },
      payload: { avatarUrl: url },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const avatar = userSchema.parse(patched.json()).avatarUrl;
    expect((await a.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(200);
  });
});

describe('two servers on disk, each with its own DATA_DIR', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof startInstanceB>>;

  beforeAll(async () => {
    a = await createTestApp({ seed: false });
    b = await startInstanceB(a, {});
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('do not see each other’s uploads: why several instances need the bucket (or a shared volume)', async () => {
    const url = await upload(a.app, await a.unlock(), '#a05030');
    expect((await a.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

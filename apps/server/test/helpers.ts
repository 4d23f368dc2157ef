import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { seedSampleWorld } from '../src/seed/seed';
import { createLocalDiskStorage } from '../src/storage/file-storage';
import type { AppInstance } from '../src/types';

export type DbKind = 'pglite' | 'postgres';

/** The database layers to run integration tests on: PGlite always, Postgres when a URL is given. */
export const dbKinds: DbKind[] =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Seed illustrations are deterministic, so test files share one rendered copy. */
const sharedSeedMediaDir = path.join(os.tmpdir(), 'dwellscape-test-seed-media');

export interface TestApp {
  app: AppInstance;
  config: Config;
  database: DatabaseHandle;
  dataDir: string;
  /** Opens a gate session and returns its Cookie header value. */
  unlock(): Promise<string>;
  close(): Promise<void>;
}

export interface CreateTestAppOptions {
  kind?: DbKind;
  env?: Record<string, string>;
  seed?: boolean;
}

export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const kind = options.kind ?? 'pglite';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-test-'));
  const pgDb = kind === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BETA_PASSWORD: 'open-sesame',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 20 });
  const storage = createLocalDiskStorage(path.join(dataDir, 'media'));
  const app = await buildApp({ config, database, storage, logger: false });
  if (options.seed !== false) {
    await seedSampleWorld({ db: database.db, storage, seedMediaDir: sharedSeedMediaDir });
  }
  await app.ready();

  return {
    app,
    config,
    database,
    dataDir,
    async unlock() {
      const res = await app.inject({ method: 'POST', url: '/api/gate', payload: { password: config.betaPassword } });
      if (res.statusCode !== 204) throw new Error(`gate refused: ${res.statusCode} ${res.body}`);
      const setCookie = res.headers['set-cookie'];
      const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
      if (!first) throw new Error('gate set no cookie');
      return first.split(';')[0]!;
    },
    async close() {
      await app.close();
      await database.close();
      if (pgDb) await pgDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database on the test Postgres server, dropped after the file's tests. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `dwellscape_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

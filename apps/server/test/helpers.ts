import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { seedSampleWorld } from '../src/seed/seed';
import { openFileStorage } from '../src/storage/open-file-storage';
import type { AppInstance } from '../src/types';
import { TEST_ADDRESS_LIMITS } from './address-limits';
import type { TestTemplates } from './global-setup';

export type DbKind = 'pglite' | 'postgres';

/** The database layers to run integration tests on: PGlite always, Postgres when a URL is given. */
export const dbKinds: DbKind[] =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

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

/**
 * A server on a database of its own, started from this run's template (test/global-setup.ts):
 * migrated, and with the sample world unless `seed: false`.
 */
export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const kind = options.kind ?? 'pglite';
  const seed = options.seed !== false;
  const templates = testTemplates();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-test-'));
  const pgDb =
    kind === 'postgres'
      ? await createPostgresDatabase(seed ? templates.postgres?.seeded : templates.postgres?.migrated)
      : null;
  // beside DATA_DIR rather than in it: tests list every file under DATA_DIR
  const pgliteDir = kind === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'dwellscape-test-pglite-')) : undefined;
  if (pgliteDir) cpSync(seed ? templates.pglite.seeded : templates.pglite.migrated, pgliteDir, { recursive: true });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BETA_PASSWORD: 'open-sesame',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...TEST_ADDRESS_LIMITS,
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolSize: 20 });
  // DATA_DIR/media, or the bucket that options.env names (STORAGE=s3)
  const storage = await openFileStorage(config.storage);
  const app = await buildApp({ config, database, storage, logger: false });
  if (seed) {
    // the rows came with the template: this copies the built sample pictures into this storage
    await seedSampleWorld({ db: database.db, storage });
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
      storage.close();
      await database.close();
      if (pgDb) await pgDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
      if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    },
  };
}

function testTemplates(): TestTemplates {
  const templates = inject('serverTestTemplates');
  if (!templates) {
    throw new Error('no test database templates: run this file through the server or reliability vitest project');
  }
  return templates;
}

/**
 * Starts the app (or a plain node server, such as a fake of an outside service) listening on a free port of
 * 127.0.0.1, for tests that need real sockets; answers the port.
 */
export async function listenOnFreePort(server: AppInstance | http.Server): Promise<number> {
  if (server instanceof http.Server) {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } else {
    await server.listen({ port: 0, host: '127.0.0.1' });
  }
  const address = (server instanceof http.Server ? server : server.server).address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** A fake of an outside service (an AI API, a file store) on a free port of 127.0.0.1. */
export interface FakeService {
  server: http.Server;
  /** http://127.0.0.1:<port>, no trailing slash. */
  origin: string;
  /** Drops open connections (kept-alive ones too) and stops listening. */
  close(): Promise<void>;
}

/** Serves `handler` on a free port (listenOnFreePort) until the answer's close(). */
export async function serveFake(handler: http.RequestListener): Promise<FakeService> {
  const server = http.createServer(handler);
  const port = await listenOnFreePort(server);
  return {
    server,
    origin: `http://127.0.0.1:${port}`,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/**
 * A fresh database on the test Postgres server, dropped after the file's tests: empty, or a copy
 * of `template` (a database of this run's test/global-setup.ts).
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `dwellscape_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
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

/** A second app on the same database, as another process would be: its own pool and LISTEN connection (PGlite: one handle, shared). */
export async function startSecondApp(t: TestApp, env: Record<string, string> = {}) {
  const config = loadConfig({
    DATA_DIR: t.dataDir,
    LOG_LEVEL: 'silent',
    BETA_PASSWORD: t.config.betaPassword,
    WEB_DIST_DIR: path.join(t.dataDir, 'no-web'),
    ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    ...TEST_ADDRESS_LIMITS,
    ...env,
  });
  const database: DatabaseHandle = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl })
    : t.database;
  const app = await buildApp({ config, database, storage: t.app.storage, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}

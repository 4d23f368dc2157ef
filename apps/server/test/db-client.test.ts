import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, PGLITE_SHARED_BUFFERS, type DatabaseHandle } from '../src/db/client';
import { createPostgresDatabase } from './helpers';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

describe.skipIf(!hasPostgres)('Postgres LISTEN connection', () => {
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    pgDb = await createPostgresDatabase();
    database = await openDatabase({ databaseUrl: pgDb.url, poolSize: 2 });
  });
  afterAll(async () => {
    await database.close();
    await pgDb.drop();
  });

  it('is opened again when the server drops it, so events keep arriving', async () => {
    const received: string[] = [];
    const unsubscribe = await database.listen('reconnect_probe', (payload) => received.push(payload));

    const admin = new pg.Client({ connectionString: pgDb.url });
    await admin.connect();
    try {
      await admin.query(`select pg_notify('reconnect_probe', 'before')`);
      await expect.poll(() => received, { timeout: 5000 }).toContain('before');

      // what a failover or an idle-connection reaper does to a long-lived LISTEN
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
      );
      expect(rowCount).toBe(1);

      await expect
        .poll(
          async () => {
            await admin.query(`select pg_notify('reconnect_probe', 'after')`);
            return received.includes('after');
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(true);
    } finally {
      await admin.end();
      await unsubscribe();
    }
  });
});

describe('the embedded database', () => {
  it('runs with the buffer cache the server sets, not the 128 MB it would zero-fill at every start', async () => {
    // a data directory, as `npm start` opens it
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-test-pglite-'));
    const database = await openDatabase({ pgliteDir: dir });
    try {
      // PGlite's driver answers with the rows beside its fields
      const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: unknown[] };
      expect(result.rows).toEqual([{ shared_buffers: PGLITE_SHARED_BUFFERS }]);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

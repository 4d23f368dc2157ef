import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
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

import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The Postgres server benchmarks create their databases on (a maintenance URL, like the tests'). */
export const benchPostgresUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on that server; `drop` removes it even while connections remain. */
export async function createBenchDatabase(baseUrl = benchPostgresUrl): Promise<BenchDatabase> {
  const name = `dwellscape_bench_${randomBytes(6).toString('hex')}`;
  await withClient(baseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await withClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

export type NotificationHandler = (payload: string) => void;

/** One database, whichever engine is behind it: the same Drizzle API, migrations and LISTEN/NOTIFY. */
export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: AppDatabase;
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. Notifications sent while
   * a lost LISTEN connection is being replaced are gone: `onReconnect` runs once it listens again,
   * so the subscriber can read what it missed from the tables. `onLost` runs as soon as the
   * connection is found lost, for a subscriber that must not trust its state until then.
   */
  listen(
    channel: string,
    onPayload: NotificationHandler,
    onReconnect?: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');
/** Serialises migrations when several instances start at once on one Postgres. */
const MIGRATION_LOCK_ID = 7_146_210_001;

export interface OpenDatabaseOptions {
  /** A postgres:// URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; when absent PGlite runs in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.pgliteDir);
}

/**
 * The embedded database's buffer cache. PGlite's default is Postgres's 128 MB, which its WASM build zero-fills at
 * every start in code the engine has not optimised yet: 0.6-1.2 s a start on an idle 2-core machine (5-12 s on a busy
 * one), and 128 MB of memory touched. With 32 MB it starts in about 0.3 s and still holds all 23 MB of the seeded
 * world's tables (docs/decisions/0037-embedded-database-buffer-cache.md).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** PGlite on a data directory (in memory without one), as the server opens it: tests that read a directory use this. */
export function createPglite(dir?: string): Promise<PGlite> {
  return PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  const client = await createPglite(dir);
  const db = drizzlePglite(client, { schema }) as unknown as AppDatabase;
  await migratePglite(db as never, { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // an idle client lost its connection; the pool replaces it on the next checkout
  });
  const db = drizzlePg(pool, { schema }) as unknown as AppDatabase;
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }

  const subscriptions = new Set<{ stop(): Promise<void> }>();
  return {
    kind: 'postgres',
    db,
    async listen(channel, onPayload, onReconnect, onLost) {
      const subscription = await listenWithReconnect(url, channel, onPayload, onReconnect, onLost);
      subscriptions.add(subscription);
      return async () => {
        subscriptions.delete(subscription);
        await subscription.stop();
      };
    },
    async close() {
      await Promise.all([...subscriptions].map((sub) => sub.stop()));
      await pool.end();
    },
  };
}

/** Reconnect waits after a lost LISTEN connection (docs/product.md §9's realtime reconnect delays). */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/**
 * LISTEN needs a connection of its own for as long as the subscription lives; when that
 * connection drops it is opened again, so an instance never silently stops receiving events.
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  onPayload: NotificationHandler,
  onReconnect: (() => void) | undefined,
  onLost: (() => void) | undefined,
) {
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let connectedBefore = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      onLost?.();
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    const reconnected = client === null && connectedBefore;
    client = next;
    connectedBefore = true;
    attempt = 0;
    if (reconnected) onReconnect?.();
  };

  const scheduleReconnect = () => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    attempt++;
    timer = setTimeout(() => {
      if (stopped) return;
      connect().catch(() => scheduleReconnect());
    }, delay);
    timer.unref();
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

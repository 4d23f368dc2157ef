import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { RunDetails } from 'fast-check';
import { apiPaths, sessionResponseSchema } from '@dwellscape/shared';
import type { AppDatabase } from '../../src/db/client';
import type { AppInstance } from '../../src/types';
import { listFiles } from '../media-fixtures';

/** `RELIABILITY_HEAVY=1` selects the heavy variant of each reliability test (sizes at the top of each file). */
export const heavy = process.env.RELIABILITY_HEAVY === '1';

/** Counts work that has started and not yet finished, and remembers the most at once. */
export class InFlightGauge {
  current = 0;
  max = 0;

  enter(): void {
    this.current += 1;
    this.max = Math.max(this.max, this.current);
  }

  leave(): void {
    this.current -= 1;
  }
}

/**
 * Runs at most `limit` tasks at once, in the order they were queued; `gauge` sees every task
 * from its start to its end.
 */
export function createConcurrencyLimit(limit: number, gauge = new InFlightGauge()) {
  const waiting: (() => void)[] = [];
  let running = 0;
  return {
    gauge,
    async run<T>(task: () => Promise<T>): Promise<T> {
      // a finishing task hands its slot straight to the next waiter, so no newcomer can slip in between
      if (running >= limit) await new Promise<void>((start) => waiting.push(start));
      else running += 1;
      gauge.enter();
      try {
        return await task();
      } finally {
        gauge.leave();
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}

/**
 * Listens on a free loopback port and counts the requests the server holds at once (from the
 * moment Node hands a request over until its response closes), whatever the client claims.
 */
export async function listenOnLoopback(app: AppInstance): Promise<{ baseUrl: string; serverGauge: InFlightGauge }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const serverGauge = new InFlightGauge();
  app.server.on('request', (_req, res) => {
    serverGauge.enter();
    res.once('close', () => serverGauge.leave());
  });
  const { port } = app.server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, serverGauge };
}

/** Opens a gate session over HTTP and returns its Cookie header value. */
export async function unlockOverHttp(baseUrl: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/gate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (res.status !== 204 || !cookie) throw new Error(`gate refused: ${res.status} ${await res.text()}`);
  return cookie;
}

let accountsSignedUp = 0;

/**
 * Signs up a new account on the gate session behind `cookie`, over HTTP (publishing and commenting
 * need one): returns the session's new cookie, the account's id and the session's viewer id.
 */
export async function signUpOverHttp(
  baseUrl: string,
  cookie: string,
): Promise<{ cookie: string; accountId: string; viewerId: string }> {
  const username = `storm_${process.pid}_${++accountsSignedUp}_${Math.random().toString(36).slice(2, 8)}`;
  const res = await fetch(`${baseUrl}${apiPaths.signUp}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      username,
      displayName: `Storm ${accountsSignedUp}`,
      password: 'violet meadow under nine lamps',
    }),
  });
  const newCookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (res.status !== 201 || !newCookie) throw new Error(`sign-up refused: ${res.status} ${await res.text()}`);
  const session = sessionResponseSchema.parse(await res.json());
  return { cookie: newCookie, accountId: session.currentUser.id, viewerId: session.viewerId };
}

export interface WriteSnapshot {
  /** Per table (sessions aside): row count and a digest of every row's text. */
  tables: Record<string, { rows: number; digest: string }>;
  /** Every file under DATA_DIR/media, relative to it. */
  mediaFiles: string[];
}

const rowsOf = async <T>(db: AppDatabase, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Everything a request could have written: each table's rows (sessions aside: unlocking and
 * session touches write there by design) and the stored files.
 */
export async function snapshotWrites(db: AppDatabase, dataDir: string): Promise<WriteSnapshot> {
  const tableNames = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions' order by table_name`,
  );
  const tables: WriteSnapshot['tables'] = {};
  for (const { name } of tableNames) {
    const [row] = await rowsOf<{ rows: number; digest: string }>(
      db,
      sql`select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
          from ${sql.identifier(name)} as t`,
    );
    tables[name] = row!;
  }
  const mediaRoot = path.join(dataDir, 'media');
  const mediaFiles = listFiles(mediaRoot)
    .map((file) => path.relative(mediaRoot, file))
    .sort();
  return { tables, mediaFiles };
}

/**
 * A fast-check reporter that names the seed, path and error of a failure without printing the
 * counterexample: a storm's thousand operations would bury the message.
 */
export async function reportBriefly<Ts>(details: RunDetails<Ts>): Promise<void> {
  if (!details.failed) return;
  throw new Error(
    `Property failed after ${details.numRuns} run(s) (seed ${details.seed}, path "${details.counterexamplePath}"): ${String(details.errorInstance)}`,
    { cause: details.errorInstance },
  );
}

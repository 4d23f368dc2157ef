import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { rateLimitHits } from '../../db/schema';

/** A key's count in its current window, and the milliseconds until that window ends (0 when none is open). */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

type StoreCallback = (error: Error | null, result?: RateLimitCount) => void;

/** Expired rows are deleted at most this often per database handle, after a hit. */
const SWEEP_INTERVAL_MS = 60_000;
const nextSweepAt = new WeakMap<AppDatabase, number>();

// windows run on the database's clock, so instances whose clocks disagree still agree on them
const msUntilReset = sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitHits.resetAt} - now()) * 1000))::integer`;
const expired = sql`${rateLimitHits.resetAt} <= now()`;

/**
 * Fixed-window counts in `rate_limit_hits`, shared by every instance on one database
 * (docs/decisions/0015-rate-limits-on-postgres.md). A window opens at a key's first hit and lasts
 * `timeWindow`; each hit is one atomic upsert, so concurrent requests on any instance never lose a
 * count. It is @fastify/rate-limit's store (`incr`, `read`, `child`); the gate, which counts only
 * wrong passwords and forgets them on the right one, uses `hit`, `peek` and `forget` directly.
 */
export class PostgresRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: AppDatabase,
    /** Keeps the keys of different limits apart in the one table. */
    private readonly namespace: string,
  ) {}

  /** Counts one hit of `key` and returns the count so far in its window (1 when this hit opened it). */
  async hit(key: string, windowMs: number): Promise<RateLimitCount> {
    const resetAt = sql`now() + ${Math.trunc(windowMs)}::integer * interval '1 millisecond'`;
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ key: this.keyOf(key), hits: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        // both right-hand sides read the row as it was: an expired window starts again at this hit
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
        },
      })
      .returning({ current: rateLimitHits.hits, ttl: msUntilReset });
    await this.sweepWhenDue();
    return row!;
  }

  /** The count of `key` in its open window, without counting a hit. */
  async peek(key: string): Promise<RateLimitCount> {
    const [row] = await this.db
      .select({ current: rateLimitHits.hits, ttl: msUntilReset })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, this.keyOf(key)), gt(rateLimitHits.resetAt, sql`now()`)));
    return row ?? { current: 0, ttl: 0 };
  }

  /**
   * Takes one hit of `key` back, in the window it was counted in: for a call counted before its
   * outcome was known ('count first') that then did not count (a right password). Never below 0.
   */
  async takeBack(key: string): Promise<void> {
    await this.db
      .update(rateLimitHits)
      .set({ hits: sql`greatest(0, ${rateLimitHits.hits} - 1)` })
      .where(and(eq(rateLimitHits.key, this.keyOf(key)), gt(rateLimitHits.resetAt, sql`now()`)));
  }

  /**
   * Books the next turn of `key`, turns being `spacingMs` apart: the wait in milliseconds until this
   * call's turn (0 when none is booked), or null when it would be more than `maxWaitMs` away, in
   * which case nothing is booked. One atomic upsert, so callers on every instance share one line:
   * however many call at once, turns never come closer than `spacingMs`. The row's reset_at is
   * when the last booked turn ends, so the sweep deletes it once the line is empty.
   */
  async bookTurn(key: string, spacingMs: number, maxWaitMs: number): Promise<number | null> {
    const spacing = sql`${Math.trunc(spacingMs)}::integer * interval '1 millisecond'`;
    const maxWait = sql`${Math.trunc(maxWaitMs)}::integer * interval '1 millisecond'`;
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ key: this.keyOf(key), hits: 1, resetAt: sql`now() + ${spacing}` })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          hits: sql`${rateLimitHits.hits} + 1`,
          resetAt: sql`greatest(${rateLimitHits.resetAt}, now()) + ${spacing}`,
        },
        // the turn this call would get starts where the line ends: too far, and the row stays as it was
        setWhere: sql`greatest(${rateLimitHits.resetAt}, now()) <= now() + ${maxWait}`,
      })
      .returning({ endsInMs: msUntilReset });
    if (!row) return null;
    return Math.max(0, row.endsInMs - Math.trunc(spacingMs));
  }

  /** Closes the window of `key`: its next hit counts from 1 again. */
  async forget(key: string): Promise<void> {
    await this.db.delete(rateLimitHits).where(eq(rateLimitHits.key, this.keyOf(key)));
  }

  incr(key: string, callback: StoreCallback, timeWindow: number): void {
    this.hit(key, timeWindow).then(
      (count) => callback(null, count),
      (error: Error) => callback(error),
    );
  }

  /** What @fastify/rate-limit calls for `createRateLimit()(request, { increment: false })`. */
  read(key: string, callback: StoreCallback): void {
    this.peek(key).then(
      (count) => callback(null, count),
      (error: Error) => callback(error),
    );
  }

  /** A route with a limit of its own counts apart from the others, as the plugin's Redis store does. */
  child(routeOptions: FastifyRateLimitOptions & { routeInfo?: { method?: unknown; url?: unknown } }) {
    assertFixedWindow(routeOptions);
    const { method, url } = routeOptions.routeInfo ?? {};
    const route = typeof url === 'string' ? `${[method].flat().join(',')} ${url}` : '';
    return new PostgresRateLimitStore(this.db, route ? `${this.namespace}|${route}` : this.namespace);
  }

  private keyOf(key: string): string {
    return `${this.namespace}:${key}`;
  }

  /** Deletes the rows of ended windows, at most once a minute per database handle; the index on reset_at keeps it cheap. */
  private async sweepWhenDue(): Promise<void> {
    const now = Date.now();
    if (now < (nextSweepAt.get(this.db) ?? 0)) return;
    nextSweepAt.set(this.db, now + SWEEP_INTERVAL_MS);
    try {
      await this.db.delete(rateLimitHits).where(expired);
    } catch {
      // best effort (two instances sweeping at once can deadlock): an ended window counts as 0 until a later sweep
    }
  }
}

/** The plugin's option names the store cannot honour: its windows are fixed once opened. */
function assertFixedWindow(
  options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
) {
  if (options.continueExceeding || options.exponentialBackoff) {
    throw new Error(
      'PostgresRateLimitStore keeps fixed windows: continueExceeding and exponentialBackoff are not supported',
    );
  }
}

/**
 * The `store` option of @fastify/rate-limit: the plugin constructs the store itself, with only its
 * own options, so the database and the namespace are bound here.
 */
export function postgresRateLimitStore(db: AppDatabase, namespace: string): FastifyRateLimitStoreCtor {
  return class extends PostgresRateLimitStore {
    constructor(options: FastifyRateLimitOptions) {
      assertFixedWindow(options);
      super(db, namespace);
    }
  };
}

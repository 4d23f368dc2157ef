import type { AppDatabase } from '../../db/client';
import { RateLimitedError } from '../../errors';
import type { Viewer } from '../../types';
import { PostgresRateLimitStore } from './rate-limits.repository';

/**
 * A limit on how often one person may make one kind of write: per account when signed in, per gate
 * session when signed out, and, when `perAddress` is set, per client address too (whoever is behind
 * it), so that minting sessions does not mint budget. Counted in `rate_limit_hits`, which every
 * instance shares (decision 0015).
 */
export interface WriteLimit {
  /** Keeps this limit's counts apart from every other's: 'comment', 'publish'… */
  readonly name: string;
  /** Calls per account (signed in) or per session (signed out) in one window. */
  readonly max: number;
  /** Calls per client address in one window, whoever makes them; none when undefined. */
  readonly perAddress?: number;
  readonly windowMs: number;
  /** The 429's text, which the person reads. */
  readonly message: string;
}

/**
 * Who is writing: the viewer the auth hook found and the address the request came from (TRUST_PROXY applied), an
 * IPv6 address grouped by its /64 as sign-in and the gate group it, so one client cannot rotate through its network.
 */
export interface Writer {
  viewer: Viewer;
  address: string;
}

/** The keys a writer is counted under for `limit`, each with its own maximum. */
function keysOf(limit: WriteLimit, { viewer, address }: Writer): { key: string; max: number }[] {
  const person = viewer.accountId === null ? `session:${viewer.viewerId}` : `account:${viewer.accountId}`;
  const keys = [{ key: `${limit.name}|${person}`, max: limit.max }];
  if (limit.perAddress !== undefined) keys.push({ key: `${limit.name}|address:${address}`, max: limit.perAddress });
  return keys;
}

export class WriteLimiter {
  private readonly store: PostgresRateLimitStore;

  constructor(db: AppDatabase) {
    this.store = new PostgresRateLimitStore(db, 'writes');
  }

  /**
   * Takes one slot of `limit` for `writer`, before the work: every key is counted first by one
   * atomic upsert each, and the call is refused when any count is past its maximum, so a burst sent
   * at once cannot pass a check made before any of it was counted. Throws a 429 with Retry-After.
   */
  async take(limit: WriteLimit, writer: Writer): Promise<void> {
    const keys = keysOf(limit, writer);
    const counts = await Promise.all(keys.map(({ key }) => this.store.hit(key, limit.windowMs)));
    const over = counts.filter((count, i) => count.current > keys[i]!.max);
    if (over.length === 0) return;
    const ttl = Math.max(...over.map((count) => count.ttl));
    throw new RateLimitedError(limit.message, Math.max(1, Math.ceil(ttl / 1000)));
  }
}

import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppDatabase } from '../../db/client';
import { PostgresRateLimitStore } from '../rate-limits/rate-limits.repository';
import type { ListeningCache } from '../../realtime/listening-cache';
import type { Viewer } from '../../types';
import {
  deleteExpiredSessions,
  findLiveSessionByTokenHash,
  insertSession,
  renewSession,
  touchSession,
  type LiveSession,
} from './sessions.repository';

export const SESSION_COOKIE_NAME = 'dwellscape_session';
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so that reads do not each become a write. */
const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export const GATE_MAX_FAILURES = 5;
export const GATE_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Wrong passwords per client address, counted in the database so that every instance sees the same count. */
export type GateFailures = Pick<PostgresRateLimitStore, 'hit' | 'peek' | 'forget'>;

export const createGateFailures = (db: AppDatabase): GateFailures => new PostgresRateLimitStore(db, 'gate');

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Case-insensitive (docs/product.md §5) and constant-time: both sides are hashed to equal-length digests first. */
export function isBetaPassword(candidate: string, betaPassword: string): boolean {
  return timingSafeEqual(sha256(candidate.toLowerCase()), sha256(betaPassword.toLowerCase()));
}

export const hashSessionToken = (token: string) => sha256(token).toString('hex');

export type GateOutcome =
  /** `viewer`: the session's, as every request of it is answered for (a renewed session keeps its account). */
  | { kind: 'unlocked'; sessionToken: string; expiresAt: Date; viewer: Viewer }
  | { kind: 'invalid_password' }
  | { kind: 'rate_limited'; retryAfterSeconds: number };

export interface UnlockGateInput {
  password: string;
  clientAddress: string;
  /** The token of the caller's current session, if any: a correct password renews it. */
  currentSessionToken: string | null;
  /** New sessions one address may open in NEW_SESSION_WINDOW_MS (config GATE_SESSIONS_PER_ADDRESS_PER_HOUR). */
  newSessionsPerAddress: number;
}

export const NEW_SESSION_WINDOW_MS = 60 * 60 * 1000;
const newSessionKey = (address: string) => `new-session:${address}`;

export async function unlockGate(
  db: AppDatabase,
  failures: GateFailures,
  betaPassword: string,
  input: UnlockGateInput,
  now = new Date(),
): Promise<GateOutcome> {
  if (!isBetaPassword(input.password, betaPassword)) {
    // count first, then decide on the count the upsert returns: a burst of guesses sent at once
    // cannot all pass a check made before any of them is counted
    const counted = await failures.hit(input.clientAddress, GATE_FAILURE_WINDOW_MS);
    return counted.current > GATE_MAX_FAILURES ? rateLimited(counted.ttl) : { kind: 'invalid_password' };
  }
  // while limited even the right password waits, or the limit would leak which guess was right
  const counted = await failures.peek(input.clientAddress);
  if (counted.current >= GATE_MAX_FAILURES) return rateLimited(counted.ttl);
  if (counted.current > 0) await failures.forget(input.clientAddress);
  const opened = await openOrRenewSession(db, input.currentSessionToken, now, async () => {
    // every session is a viewer with budgets of its own (likes, comments, renders…): an address
    // minting them by the thousand would mint budget; counted first, so a burst cannot pass
    const count = await failures.hit(newSessionKey(input.clientAddress), NEW_SESSION_WINDOW_MS);
    return count.current > input.newSessionsPerAddress ? rateLimited(count.ttl) : null;
  });
  if ('kind' in opened) return opened;
  return { kind: 'unlocked', ...opened };
}

const rateLimited = (ttlMs: number): GateOutcome => ({
  kind: 'rate_limited',
  retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
});

/** Sessions last seen before this are idle past SESSION_IDLE_MS: no longer live. */
const idleSinceOf = (now: Date) => new Date(now.getTime() - SESSION_IDLE_MS);

/**
 * A returning viewer keeps its id (and so its likes) but always gets a new token. A new session is
 * opened only when `mayOpen` allows it (null), which counts it; a renewal is not counted.
 */
async function openOrRenewSession(
  db: AppDatabase,
  currentToken: string | null,
  now: Date,
  mayOpen: () => Promise<GateOutcome | null>,
): Promise<{ sessionToken: string; expiresAt: Date; viewer: Viewer } | GateOutcome> {
  const idleSince = idleSinceOf(now);
  const sessionToken = randomBytes(32).toString('base64url');
  const tokenHash = hashSessionToken(sessionToken);
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const current = currentToken
    ? await findLiveSessionByTokenHash(db, hashSessionToken(currentToken), now, idleSince)
    : null;
  if (current) {
    await renewSession(db, current.id, { tokenHash, now, expiresAt });
    return { sessionToken, expiresAt, viewer: { viewerId: current.id, accountId: current.accountId } };
  }
  const refused = await mayOpen();
  if (refused) return refused;
  await deleteExpiredSessions(db, now, idleSince);
  const id = randomUUID();
  await insertSession(db, { id, tokenHash, now, expiresAt });
  return { sessionToken, expiresAt, viewer: { viewerId: id, accountId: null } };
}

const isLive = (session: LiveSession, now: Date, idleSince = idleSinceOf(now)) =>
  session.expiresAt.getTime() > now.getTime() && session.lastSeenAt.getTime() > idleSince.getTime();

/** Whether the session's last-seen time is older than the touch interval, so this request writes it. */
const isDueTouch = (session: LiveSession, now: Date) =>
  now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;

/**
 * The viewer of a session this process holds in memory (`cache`), live and touched within the last minute, at once:
 * the auth check of almost every request, which then takes no promise turn. Undefined when memory cannot answer
 * alone; findViewerBySessionTokenHash then does.
 */
export function cachedViewerOf(
  tokenHash: string,
  now: Date,
  cache: ListeningCache<LiveSession> | null,
): Viewer | undefined {
  const session = cache?.peek(tokenHash);
  if (!session || !isLive(session, now) || isDueTouch(session, now)) return undefined;
  return { viewerId: session.id, accountId: session.accountId };
}

/**
 * The viewer behind a session token's hash (hashSessionToken), or null when the session is unknown or expired. With `cache`
 * (realtime/viewer-caches.ts) a session seen before is answered from memory: every write that
 * changes a session's token or account drops it there first, and an entry that looks expired is
 * asked of the database again (another process may have seen the viewer since).
 */
export async function findViewerBySessionTokenHash(
  db: AppDatabase,
  tokenHash: string,
  now = new Date(),
  cache: ListeningCache<LiveSession> | null = null,
): Promise<Viewer | null> {
  const idleSince = idleSinceOf(now);
  const lookup = () => findLiveSessionByTokenHash(db, tokenHash, now, idleSince);
  let session = cache ? await cache.get(tokenHash, lookup) : await lookup();
  if (session && cache && !isLive(session, now, idleSince)) {
    cache.delete(tokenHash);
    session = await cache.get(tokenHash, lookup);
  }
  if (!session) return null;
  if (isDueTouch(session, now)) {
    await touchSession(db, session.id, now);
    cache?.update(tokenHash, { ...session, lastSeenAt: now });
  }
  return { viewerId: session.id, accountId: session.accountId };
}

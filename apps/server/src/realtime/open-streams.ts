import fp from 'fastify-plugin';
import { RateLimitedError } from '../errors';
import type { AppInstance } from '../types';
import { attachViewerCaches, decodeViewerChange, VIEWER_CHANGED_CHANNEL, type ViewerChange } from './viewer-caches';

/** Who holds a stream open: the gate session and account it was opened under, and the client's address. */
export interface StreamHolder {
  viewerId: string;
  accountId: string | null;
  /** The client address, as the request's ip (TRUST_PROXY applied). */
  address: string;
  /** When the request that opened it started (performance.now()): its session was checked then. */
  startedAt: number;
}

export interface StreamCaps {
  perSession: number;
  perAddress: number;
}

/** The refusals' texts, read by the person whose browser opened one stream too many. */
export const STREAM_CAP_MESSAGES = {
  perSession: 'Too many live connections are open in this browser. Close a few tabs and try again.',
  perAddress: 'Too many live connections are open from your network. Try again in a little while.',
} as const;

/** An EventSource refused with 429 gives up; the app's own reconnect comes back after its delays (1 s to 10 s). */
const RETRY_AFTER_SECONDS = 10;

/**
 * How long a revocation is remembered: longer than a stream's request takes from its session check to its first
 * byte (a query or two), so a request checked before the revocation cannot open a stream after it.
 */
const REVOCATION_MEMORY_MS = 60_000;

interface OpenStream {
  holder: StreamHolder;
  end: () => void;
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  set?.delete(value);
  if (set?.size === 0) map.delete(key);
}

const sessionKey = (id: string) => `s:${id}`;
const accountKey = (id: string) => `a:${id}`;

/**
 * Every live stream this process serves (the live feed, activity, render-job events), by the session and account it
 * was opened under and by client address. It caps how many each session and each address hold at once, and ends a
 * session's streams when the session's token or account changes (sign-in, sign-out, a renewed gate session) and an
 * account's when all its sessions do (sign out everywhere, account deleted): a stream authorised by a credential
 * that no longer holds must not keep delivering. The ending client reconnects with whatever cookie it now has.
 */
export class OpenStreams {
  readonly #caps: StreamCaps;
  readonly #bySession = new Map<string, Set<OpenStream>>();
  readonly #byAccount = new Map<string, Set<OpenStream>>();
  readonly #byAddress = new Map<string, Set<OpenStream>>();
  /** When each session or account was last revoked (performance.now()), oldest first. */
  readonly #revokedAt = new Map<string, number>();
  /** This process's own revocations, applied at once: their notification, heard a moment later, is the same one. */
  readonly #appliedHere = new Map<string, number>();

  constructor(caps: StreamCaps) {
    this.#caps = caps;
  }

  /**
   * Counts a new stream of `holder`, or refuses it (a 429) when its session or its address already holds its cap.
   * `end` ends the stream when its credential is revoked, and at once when it was revoked after the request's
   * session check. Returns the function that lets the slot go, once the stream has closed.
   */
  open(holder: StreamHolder, end: () => void): () => void {
    if ((this.#bySession.get(holder.viewerId)?.size ?? 0) >= this.#caps.perSession)
      throw new RateLimitedError(STREAM_CAP_MESSAGES.perSession, RETRY_AFTER_SECONDS);
    if ((this.#byAddress.get(holder.address)?.size ?? 0) >= this.#caps.perAddress)
      throw new RateLimitedError(STREAM_CAP_MESSAGES.perAddress, RETRY_AFTER_SECONDS);
    const stream: OpenStream = { holder, end };
    addTo(this.#bySession, holder.viewerId, stream);
    addTo(this.#byAddress, holder.address, stream);
    if (holder.accountId !== null) addTo(this.#byAccount, holder.accountId, stream);
    const revoked = Math.max(
      this.#revokedAt.get(sessionKey(holder.viewerId)) ?? -Infinity,
      holder.accountId === null ? -Infinity : (this.#revokedAt.get(accountKey(holder.accountId)) ?? -Infinity),
    );
    // after the caller has set the stream up, so that its own close runs
    if (revoked > holder.startedAt) setImmediate(end);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      removeFrom(this.#bySession, holder.viewerId, stream);
      removeFrom(this.#byAddress, holder.address, stream);
      if (holder.accountId !== null) removeFrom(this.#byAccount, holder.accountId, stream);
    };
  }

  /** A change this process made, right after its commit: ends the streams it revokes (likes and saved revoke none). */
  apply(change: ViewerChange): void {
    const key = this.#keyOf(change);
    if (key === null) return;
    const now = performance.now();
    this.#appliedHere.set(key, now);
    this.#revoke(key, now);
  }

  /**
   * A change as `viewer_changed` announced it, from any process. This process's own was applied already: a stream
   * opened since then, under the new token, stays.
   */
  applyAnnounced(change: ViewerChange): void {
    const key = this.#keyOf(change);
    if (key === null) return;
    const here = this.#appliedHere.get(key);
    this.#appliedHere.delete(key);
    this.#revoke(key, here ?? performance.now());
  }

  /** Ends every stream (a viewer change this version cannot read, or changes lost with the LISTEN connection). */
  endAll(): void {
    for (const stream of [...this.#bySession.values()].flatMap((set) => [...set])) stream.end();
  }

  get size(): number {
    let count = 0;
    for (const set of this.#bySession.values()) count += set.size;
    return count;
  }

  #keyOf(change: ViewerChange): string | null {
    if ('session' in change) return sessionKey(change.session);
    if ('accountSessions' in change) return accountKey(change.accountSessions);
    return null;
  }

  /** Ends the streams under `key` whose request was checked before `at`, and remembers `at` for those still coming. */
  #revoke(key: string, at: number): void {
    const now = performance.now();
    for (const [old, time] of this.#revokedAt) {
      if (now - time < REVOCATION_MEMORY_MS) break;
      this.#revokedAt.delete(old);
    }
    for (const [old, time] of this.#appliedHere) {
      if (now - time < REVOCATION_MEMORY_MS) break;
      this.#appliedHere.delete(old);
    }
    // re-inserted, so the map stays oldest first
    const before = this.#revokedAt.get(key) ?? -Infinity;
    this.#revokedAt.delete(key);
    this.#revokedAt.set(key, Math.max(before, at));
    const id = key.slice(2);
    const streams = key.startsWith('s:') ? this.#bySession.get(id) : this.#byAccount.get(id);
    // each end lets its slot go, changing the set being walked
    for (const stream of [...(streams ?? [])]) if (stream.holder.startedAt < at) stream.end();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live streams this process serves, capped and ended on revocation (startEventStream registers each). */
    openStreams: OpenStreams;
  }
}

/**
 * Hears every viewer change: this process's own writes at once, after their commit and before they answer
 * (viewerChanged), and every process's through `viewer_changed`. What was announced while the LISTEN connection
 * was down is gone, so its return ends every stream: each client reconnects and is checked again.
 */
async function openStreamsPlugin(app: AppInstance) {
  const streams = new OpenStreams(app.config.liveStreams);
  app.decorate('openStreams', streams);
  const detach = attachViewerCaches(app.db, streams);

  let unlisten: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    unlisten = await app.database.listen(
      VIEWER_CHANGED_CHANNEL,
      (payload) => {
        const change = decodeViewerChange(payload);
        if (change) streams.applyAnnounced(change);
        else streams.endAll();
      },
      () => streams.endAll(),
    );
  });
  app.addHook('onClose', async () => {
    detach();
    await unlisten?.();
    unlisten = null;
  });
}

export default fp(openStreamsPlugin, { name: 'open-streams' });

import type { AppDatabase } from '../db/client';
import { notify, type NotifyExecutor } from '../db/notify';
import { ListeningCache } from './listening-cache';

/**
 * What every request of a viewer reads, kept in memory per process (docs/decisions/0017): the
 * session behind its cookie, and the sets of designs it likes and its account saved, which fill
 * the holes of a cached feed page. Each write that changes one of them announces it on
 * `viewer_changed`, in its transaction; every process drops the entry when the notification
 * arrives, and the writing process at once after the commit, before it answers.
 */
export const VIEWER_CHANGED_CHANNEL = 'viewer_changed';

export type ViewerChange =
  /** A session's token or signed-in account changed (gate renewal, sign-in, sign-out). */
  | { session: string }
  /** Every session the account is signed in on changed (sign out everywhere, account deleted). */
  | { accountSessions: string }
  /** The likes of this liker (a session id or an account id). */
  | { likes: string }
  /** The saved designs of this account. */
  | { saved: string };

export interface CachedSession {
  id: string;
  accountId: string | null;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** A liker's likes or an account's saved designs; null ids: too many to keep, ask per page. */
export interface MarkSet {
  ids: ReadonlySet<string> | null;
}

/** More likes than this are not kept whole: the page's own query answers for such a viewer. */
export const MARK_SET_MAX_IDS = 5_000;

const ENTRY_MAX_AGE_MS = 60_000;

export class ViewerCaches {
  /** Keyed by the session token's hash. */
  readonly sessions = new ListeningCache<CachedSession>({ max: 20_000, maxAgeMs: ENTRY_MAX_AGE_MS });
  /** Keyed by liker id. */
  readonly liked = new ListeningCache<MarkSet>({ max: 20_000, maxAgeMs: ENTRY_MAX_AGE_MS });
  /** Keyed by account id. */
  readonly saved = new ListeningCache<MarkSet>({ max: 20_000, maxAgeMs: ENTRY_MAX_AGE_MS });

  apply(change: ViewerChange): void {
    if ('session' in change) this.sessions.deleteWhere((session) => session.id === change.session);
    else if ('accountSessions' in change)
      this.sessions.deleteWhere((session) => session.accountId === change.accountSessions);
    else if ('likes' in change) this.liked.delete(change.likes);
    else this.saved.delete(change.saved);
  }

  setListening(listening: boolean): void {
    this.sessions.setListening(listening);
    this.liked.setListening(listening);
    this.saved.setListening(listening);
  }

  get stats() {
    return { sessions: this.sessions.stats, liked: this.liked.stats, saved: this.saved.stats };
  }
}

export function encodeViewerChange(change: ViewerChange): string {
  if ('session' in change) return `s:${change.session}`;
  if ('accountSessions' in change) return `a:${change.accountSessions}`;
  if ('likes' in change) return `l:${change.likes}`;
  return `v:${change.saved}`;
}

/** Null for a payload this version does not know: the caller then drops everything. */
export function decodeViewerChange(payload: string): ViewerChange | null {
  const id = payload.slice(2);
  if (id.length === 0 || payload[1] !== ':') return null;
  switch (payload[0]) {
    case 's':
      return { session: id };
    case 'a':
      return { accountSessions: id };
    case 'l':
      return { likes: id };
    case 'v':
      return { saved: id };
    default:
      return null;
  }
}

/** What hears a viewer's changes: the caches above, and the open live streams (open-streams.ts). */
export interface ViewerChangeListener {
  apply(change: ViewerChange): void;
}

const cachesOfDatabase = new WeakMap<AppDatabase, Set<ViewerChangeListener>>();

/** Lets writes made through `db` in this process reach `caches` at once (viewerChanged). */
export function attachViewerCaches(db: AppDatabase, caches: ViewerChangeListener): () => void {
  let attached = cachesOfDatabase.get(db);
  if (!attached) {
    attached = new Set();
    cachesOfDatabase.set(db, attached);
  }
  attached.add(caches);
  return () => attached.delete(caches);
}

/** After a write announced in its transaction has committed: this process's caches forget it now. */
export function viewerChanged(db: AppDatabase, changes: readonly ViewerChange[]): void {
  const attached = cachesOfDatabase.get(db);
  if (attached) for (const caches of attached) for (const change of changes) caches.apply(change);
}

/** Sends the change on `viewer_changed`: inside a transaction, Postgres delivers it on commit. */
export async function announceViewerChange(tx: NotifyExecutor, change: ViewerChange): Promise<void> {
  await notify(tx, VIEWER_CHANGED_CHANNEL, encodeViewerChange(change));
}

/** For a write already committed outside a transaction: tells every process, this one first. */
export async function announceViewerChangesNow(db: AppDatabase, changes: readonly ViewerChange[]): Promise<void> {
  viewerChanged(db, changes);
  for (const change of changes) await announceViewerChange(db, change);
}

import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { apiPaths, feedResponseSchema, type FeedResponse } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { checkResponse } from '../../response-serializer';

/**
 * The feed page cache (docs/decisions/0013-feed-page-cache.md). A page's designs are the same for
 * every viewer except `likedByViewer` and `savedByViewer`, so a process keeps each page once,
 * checked against the response schema and written as JSON with two holes per design for those
 * flags, and fills the holes per request from the viewer's likes and the account's saved designs. Any write that can change a page drops every page: in the
 * writing process at once (feedChanged), in the others when `feed_changed` arrives.
 */

/** The NOTIFY channel every transaction that can change a feed page signals on (empty payload). */
export const FEED_CHANGED_CHANNEL = 'feed_changed';

/** A feed page as JSON, cut where each design's `likedByViewer` and `savedByViewer` values go. */
export interface FeedPageTemplate {
  /** The JSON around the holes, two holes per design (liked, then saved): one more part than holes. */
  parts: string[];
  designIds: string[];
}

/** What one viewer's page shows as theirs: the designs it likes, and those its account saved. */
export interface ViewerMarks {
  liked: ReadonlySet<string>;
  saved: ReadonlySet<string>;
}

const flag = (marked: ReadonlySet<string>, id: string) => (marked.has(id) ? 'true' : 'false');

/** The page's JSON for a viewer with these marks: byte for byte what the serializer writes. */
export function renderFeedPage(template: FeedPageTemplate, marks: ViewerMarks): string {
  const { parts, designIds } = template;
  let json = parts[0]!;
  for (let i = 0; i < designIds.length; i++) {
    const id = designIds[i]!;
    json += flag(marks.liked, id) + parts[2 * i + 1]! + flag(marks.saved, id) + parts[2 * i + 2]!;
  }
  return json;
}

const withMarks = (page: FeedResponse, liked: boolean, saved: boolean): FeedResponse => ({
  ...page,
  items: page.items.map((design) => ({ ...design, likedByViewer: liked, savedByViewer: saved })),
});

/** Where `a` and `b` first differ. */
function firstDifference(a: string, b: string): number {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return at;
}

/**
 * Checks the page against the route's response schema with every flag of every design set and with
 * none (so every mix is valid too: designs are checked one by one), and cuts its JSON at the flags.
 * Throws ResponseSerializationError as the serializer would for a page that does not match.
 */
export function buildFeedPageTemplate(page: FeedResponse): FeedPageTemplate {
  const check = (p: FeedResponse) => checkResponse(feedResponseSchema, p, 'GET', apiPaths.designs);
  const none = check(withMarks(page, false, false));
  const liked = check(withMarks(page, true, false));
  const saved = check(withMarks(page, false, true));
  const all = check(withMarks(page, true, true));
  const cuts = none.items.map((design, i) => {
    const base = JSON.stringify(design);
    const likedAt = firstDifference(base, JSON.stringify(liked.items[i]));
    const savedAt = firstDifference(base, JSON.stringify(saved.items[i]));
    if (!(likedAt + 'false'.length <= savedAt))
      throw new Error('a feed design shows savedByViewer before likedByViewer');
    return [
      base.slice(0, likedAt),
      base.slice(likedAt + 'false'.length, savedAt),
      base.slice(savedAt + 'false'.length),
    ];
  });
  const tail = `],"nextCursor":${JSON.stringify(none.nextCursor)}}`;
  const parts: string[] = [];
  let part = '{"items":[';
  for (const [i, [before, between, after]] of cuts.entries()) {
    parts.push(part + before!, between!);
    part = after! + (i < cuts.length - 1 ? ',' : '');
  }
  parts.push(part + tail);
  const template = { parts, designIds: none.items.map((design) => design.id) };
  // the cut must give back exactly what the serializer writes, or the page is not cached this way
  const noIds = new Set<string>();
  const allIds = new Set(template.designIds);
  const variants: [ViewerMarks, FeedResponse][] = [
    [{ liked: noIds, saved: noIds }, none],
    [{ liked: allIds, saved: noIds }, liked],
    [{ liked: noIds, saved: allIds }, saved],
    [{ liked: allIds, saved: allIds }, all],
  ];
  if (variants.some(([marks, expected]) => renderFeedPage(template, marks) !== JSON.stringify(expected))) {
    throw new Error('the feed page template does not reproduce the serializer’s JSON');
  }
  return template;
}

const templateBytes = (template: FeedPageTemplate) =>
  template.parts.reduce((sum, part) => sum + part.length, 0) + template.designIds.length * 40;

export interface FeedCacheOptions {
  maxPages: number;
  /** Bound on the cached JSON (UTF-16 code units, about bytes): a page is 40–50 kB. */
  maxBytes: number;
  /**
   * Longest a page is kept: the bound on how long a write made outside the server (psql, a
   * script) goes unseen, since only the server's own writes send feed_changed.
   */
  maxAgeMs: number;
}

export const DEFAULT_FEED_CACHE_OPTIONS: FeedCacheOptions = {
  maxPages: 400,
  maxBytes: 32 * 1024 * 1024,
  maxAgeMs: 60_000,
};

export interface FeedCacheStats {
  hits: number;
  misses: number;
  /** Misses that waited for a fill already running for the same page. */
  joined: number;
  /** Requests served without the cache because this process was not listening for changes. */
  bypassed: number;
  invalidations: number;
}

export class FeedPageCache {
  readonly stats: FeedCacheStats = { hits: 0, misses: 0, joined: 0, bypassed: 0, invalidations: 0 };
  /** Moves on every invalidation: a fill stores its page only if none happened since it started. */
  #generation = 0;
  /** Pages are kept only while this process hears feed_changed: without it, another's write would go unseen. */
  #listening = false;
  readonly #pages: LRUCache<string, FeedPageTemplate>;
  readonly #filling = new Map<string, { generation: number; promise: Promise<FeedPageTemplate> }>();

  constructor(options: FeedCacheOptions = DEFAULT_FEED_CACHE_OPTIONS) {
    this.#pages = new LRUCache({
      max: options.maxPages,
      maxSize: options.maxBytes,
      sizeCalculation: templateBytes,
      ttl: options.maxAgeMs,
    });
  }

  get size(): number {
    return this.#pages.size;
  }

  /** Drops every page, and every fill running now will not store its (possibly older) page. */
  invalidate(): void {
    this.#generation++;
    this.#pages.clear();
    this.stats.invalidations++;
  }

  /** Whether notifications of other processes' writes arrive; each change of state drops every page. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.invalidate();
  }

  /** The cached page under `key`, or `load`'s; concurrent misses for one key share one load. */
  async page(key: string, load: () => Promise<FeedPageTemplate>): Promise<FeedPageTemplate> {
    if (!this.#listening) {
      this.stats.bypassed++;
      return load();
    }
    const cached = this.#pages.get(key);
    if (cached) {
      this.stats.hits++;
      return cached;
    }
    const generation = this.#generation;
    const running = this.#filling.get(key);
    // a fill that started before an invalidation may have read the older rows: not joined
    if (running && running.generation === generation) {
      this.stats.joined++;
      return running.promise;
    }
    this.stats.misses++;
    const promise = load().then((template) => {
      if (generation === this.#generation) this.#pages.set(key, template);
      return template;
    });
    const fill = { generation, promise };
    this.#filling.set(key, fill);
    const forget = () => {
      if (this.#filling.get(key) === fill) this.#filling.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }
}

const cachesOfDatabase = new WeakMap<AppDatabase, Set<FeedPageCache>>();

/** Lets writes made through `db` in this process drop `cache`'s pages at once (feedChanged). */
export function attachFeedCache(db: AppDatabase, cache: FeedPageCache): () => void {
  let caches = cachesOfDatabase.get(db);
  if (!caches) {
    caches = new Set();
    cachesOfDatabase.set(db, caches);
  }
  caches.add(cache);
  return () => caches.delete(cache);
}

/**
 * After a write that can change a feed page has committed (it sent feed_changed in its
 * transaction): this process's caches drop their pages before the writer answers, so its own
 * next GET shows the write; other processes follow when the notification reaches them.
 */
export function feedChanged(db: AppDatabase): void {
  const caches = cachesOfDatabase.get(db);
  if (caches) for (const cache of caches) cache.invalidate();
}

type FeedTransaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

/**
 * Runs `write` in a transaction of `db`. A write that changes what a feed page shows calls `feedDidChange()`
 * inside it: feed_changed is sent in the transaction (Postgres delivers it to every listening process on
 * commit) and, once committed, this process's caches drop their pages before the writer answers.
 */
export async function writeFeedTransaction<T>(
  db: AppDatabase,
  write: (tx: FeedTransaction, feedDidChange: () => Promise<void>) => Promise<T>,
): Promise<T> {
  let didChange = false;
  const result = await db.transaction((tx) =>
    write(tx, async () => {
      await tx.execute(sql`select pg_notify(${FEED_CHANGED_CHANNEL}, '')`);
      didChange = true;
    }),
  );
  if (didChange) feedChanged(db);
  return result;
}

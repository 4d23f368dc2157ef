import { LRUCache } from 'lru-cache';
import { apiPaths, feedResponseSchema, modeSchema, type FeedResponse, type Mode } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { notify } from '../../db/notify';
import { reusableBody } from '../../reusable-body';
import { checkResponse } from '../../response-serializer';
import { announceViewerChange, viewerChanged, type ViewerChange } from '../../realtime/viewer-caches';

/**
 * The feed page cache (docs/decisions/0013-feed-page-cache.md). A page's designs are the same for
 * every viewer except `likedByViewer` and `savedByViewer`, so a process keeps each page once,
 * checked against the response schema and written as JSON with two holes per design for those
 * flags, and fills the holes per request from the viewer's likes and the account's saved designs. A write that
 * can change a page drops the pages it touches (FeedChange): in the writing process at once (feedChanged), in
 * the others when `feed_changed` arrives.
 */

/** The NOTIFY channel every transaction that can change a feed page signals on (payload: encodeFeedChange). */
export const FEED_CHANGED_CHANNEL = 'feed_changed';

/**
 * What a write changed on the feed: the pages showing these designs (a like, a comment, a remix's
 * original), the first pages of a mode (a new design: it is newer than every cursor), or every page
 * (a profile's name or picture, an account deleted).
 */
export type FeedChange = { all: true } | { designs: string[] } | { newDesignOf: Mode };

const ALL_PAGES: FeedChange = { all: true };

export function encodeFeedChange(change: FeedChange): string {
  if ('designs' in change) return `d:${change.designs.join(',')}`;
  if ('newDesignOf' in change) return `m:${change.newDesignOf}`;
  return '';
}

/** Every page for an empty payload, and for one this version does not know. */
export function decodeFeedChange(payload: string): FeedChange {
  if (payload.startsWith('d:') && payload.length > 2) return { designs: payload.slice(2).split(',') };
  const mode = modeSchema.safeParse(payload.slice(2));
  if (payload.startsWith('m:') && mode.success) return { newDesignOf: mode.data };
  return ALL_PAGES;
}

/** The cache key of a feed page: its mode, size and cursor (empty on a first page). */
export const feedPageKey = (mode: Mode, limit: number, cursor: string | undefined) =>
  `${mode} ${limit} ${cursor ?? ''}`;

const feedPageKeyIsFirstOf = (key: string, mode: Mode) => key.startsWith(`${mode} `) && key.endsWith(' ');

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

/** How many rendered variants (patterns of marks) a cached page keeps as bytes; most viewers share one. */
export const RENDERED_VARIANTS_PER_PAGE = 4;
const MARK_PATTERN = ['0', 'l', 's', 'b'] as const;
const renderedVariants = new WeakMap<FeedPageTemplate, Map<string, Buffer>>();

/**
 * The page's JSON for a viewer with these marks as UTF-8 bytes, the same for every viewer whose marks fall the same
 * way on this page's designs (most viewers have none): the last few patterns a page was asked in are kept with its
 * template and dropped with it, so a cached page is not joined, measured and encoded again for each request.
 */
export function renderFeedPageBytes(template: FeedPageTemplate, marks: ViewerMarks): Buffer {
  let pattern = '';
  for (const id of template.designIds)
    pattern += MARK_PATTERN[(marks.liked.has(id) ? 1 : 0) + (marks.saved.has(id) ? 2 : 0)];
  let variants = renderedVariants.get(template);
  if (!variants) {
    variants = new Map();
    renderedVariants.set(template, variants);
  }
  const kept = variants.get(pattern);
  if (kept) return kept;
  const bytes = reusableBody(Buffer.from(renderFeedPage(template, marks)));
  // the oldest pattern goes first (a Map keeps insertion order)
  if (variants.size >= RENDERED_VARIANTS_PER_PAGE) variants.delete(variants.keys().next().value!);
  variants.set(pattern, bytes);
  return bytes;
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
  // the page around its designs: its products, people and cursor (items is the schema's first key)
  const head = '{"items":[';
  const around = JSON.stringify({ ...none, items: [] });
  if (!around.startsWith(`${head}]`)) throw new Error('a feed page does not start with its items');
  const tail = around.slice(head.length);
  const parts: string[] = [];
  let part = head;
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

/** A page's size in the cache: its template and room for the rendered variants it keeps beside it. */
const templateBytes = (template: FeedPageTemplate) =>
  (template.parts.reduce((sum, part) => sum + part.length, 0) + template.designIds.length * 40) *
  (1 + RENDERED_VARIANTS_PER_PAGE);

export interface FeedCacheOptions {
  maxPages: number;
  /** Bound on the cached JSON (UTF-16 code units, about bytes) with its rendered variants: a page of 25 cards is about 25 kB, ×5. */
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

  /**
   * Drops the pages `change` touches (a feed_changed payload or its decoded form; every page when
   * it is unknown), and every fill running now will not store its (possibly older) page.
   */
  invalidate(change: FeedChange | string = ALL_PAGES): void {
    const scope = typeof change === 'string' ? decodeFeedChange(change) : change;
    this.#generation++;
    this.stats.invalidations++;
    if ('designs' in scope) {
      const ids = new Set(scope.designs);
      for (const [key, page] of this.#pages.entries())
        if (page.designIds.some((id) => ids.has(id))) this.#pages.delete(key);
    } else if ('newDesignOf' in scope) {
      // a new design is newer than every cursor: only the first pages of its mode show it
      for (const key of [...this.#pages.keys()])
        if (feedPageKeyIsFirstOf(key, scope.newDesignOf)) this.#pages.delete(key);
    } else {
      this.#pages.clear();
    }
  }

  /** Whether notifications of other processes' writes arrive; each change of state drops every page. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.invalidate();
  }

  /** The cached page under `key` if there is one (counted as a hit), without a promise turn; else `page` loads it. */
  peek(key: string): FeedPageTemplate | undefined {
    if (!this.#listening) return undefined;
    const cached = this.#pages.get(key);
    if (cached) this.stats.hits++;
    return cached;
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
export function feedChanged(db: AppDatabase, changes: readonly FeedChange[] = [ALL_PAGES]): void {
  const caches = cachesOfDatabase.get(db);
  if (caches) for (const cache of caches) for (const change of changes) cache.invalidate(change);
}

type FeedTransaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

/**
 * Runs `write` in a transaction of `db`. A write that changes what a feed page shows calls `feedDidChange()`
 * inside it: feed_changed is sent in the transaction (Postgres delivers it to every listening process on
 * commit) and, once committed, this process's caches drop their pages before the writer answers; naming
 * what changed (FeedChange) drops only the pages it touches; naming nothing drops every page. A write
 * that changes a viewer's session, likes or saved designs calls `viewerDidChange(change)` the same way
 * (realtime/viewer-caches.ts).
 */
export async function writeFeedTransaction<T>(
  db: AppDatabase,
  write: (
    tx: FeedTransaction,
    feedDidChange: (change?: FeedChange) => Promise<void>,
    viewerDidChange: (change: ViewerChange) => Promise<void>,
  ) => Promise<T>,
): Promise<T> {
  const feedChanges: FeedChange[] = [];
  const viewerChanges: ViewerChange[] = [];
  const result = await db.transaction((tx) =>
    write(
      tx,
      async (change = ALL_PAGES) => {
        await notify(tx, FEED_CHANGED_CHANNEL, encodeFeedChange(change));
        feedChanges.push(change);
      },
      async (change) => {
        await announceViewerChange(tx, change);
        viewerChanges.push(change);
      },
    ),
  );
  if (feedChanges.length > 0) feedChanged(db, feedChanges);
  if (viewerChanges.length > 0) viewerChanged(db, viewerChanges);
  return result;
}

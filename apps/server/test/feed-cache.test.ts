import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiPaths,
  designSchema,
  expandFeedPage,
  feedResponseSchema,
  type FeedDesign,
  type FeedPage,
} from '@dwellscape/shared';
import { ConfigError, loadConfig } from '../src/config';
import {
  attachFeedCache,
  FeedPageCache,
  feedPageKey,
  renderFeedPage,
  renderFeedPageBytes,
  RENDERED_VARIANTS_PER_PAGE,
  type FeedPageTemplate,
} from '../src/modules/designs/feed-cache';
import { CheckedJson, responseSerializerCompiler } from '../src/response-serializer';
import type { AppInstance } from '../src/types';
import { createTestApp, dbKinds, startSecondApp, type TestApp } from './helpers';
import { insertDesign, insertUser, minutesAgo, putImage, signUp, uploadImage } from './fixtures';

/** Small pages, so that 12 designs make three. */
const FEED = `${apiPaths.designs}?mode=interior&limit=5`;
/** A page that holds every design the tests make. */
const WHOLE_FEED = `${apiPaths.designs}?mode=interior&limit=25`;
const now = Date.parse('2024-07-01T12:00:00.000Z');

const feedOf = async (app: AppInstance, cookie: string, url = WHOLE_FEED) => {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, page: expandFeedPage(feedResponseSchema.parse(res.json())), headers: res.headers };
};

const cardOf = (page: FeedPage, id: string): FeedDesign => {
  const card = page.items.find((design) => design.id === id);
  if (!card) throw new Error(`${id} is not on the page`);
  return card;
};

describe.each(dbKinds)('feed page cache (%s)', (kind) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let afterImageUrl: string;
  /** A picture alice uploaded: hers to publish. */
  let aliceImageUrl: string;
  const cache = () => t.app.feedCache!;
  const feed = (cookie = alice, url = WHOLE_FEED) => feedOf(t.app, cookie, url);

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    const db = t.database.db;
    await insertUser(db, { id: 'current-user', displayName: 'Current Person', rank: 0 });
    const maker = await insertUser(db, { id: 'maker', rank: 1 });
    afterImageUrl = await putImage(t.app.storage);
    for (let i = 0; i < 12; i++) {
      await insertDesign(db, {
        id: `card-${String(i).padStart(2, '0')}`,
        userId: maker.id,
        afterImageUrl,
        createdAt: minutesAgo(i * 10, now),
      });
    }
    // alice has an account (she publishes and comments; her likes are the account's), bob has not
    alice = (await signUp(t.app, await t.unlock())).cookie;
    aliceImageUrl = await uploadImage(t.app, alice);
    bob = await t.unlock();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('serves a second request for a page from memory, the same bytes', async () => {
    const first = await feed();
    const hits = cache().stats.hits;
    const second = await feed();
    expect(cache().stats.hits).toBe(hits + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('sends byte for byte what FEED_CACHE=off sends, for each viewer and page', async () => {
    await t.app.inject({ method: 'PUT', url: apiPaths.designLike('card-01'), headers: { cookie: alice } });
    await t.app.inject({ method: 'PUT', url: apiPaths.designLike('card-07'), headers: { cookie: alice } });
    await t.app.inject({ method: 'PUT', url: apiPaths.designLike('card-01'), headers: { cookie: bob } });
    const uncached = await startSecondApp(t, { FEED_CACHE: 'off' });
    try {
      expect(uncached.app.feedCache).toBeNull();
      for (const cookie of [alice, bob]) {
        let cursor: string | null = null;
        let pages = 0;
        do {
          const url: string = cursor ? `${FEED}&cursor=${encodeURIComponent(cursor)}` : FEED;
          const [cached, plain] = [await feed(cookie, url), await feedOf(uncached.app, cookie, url)];
          expect(cached.body).toBe(plain.body);
          expect(cached.headers['content-type']).toBe(plain.headers['content-type']);
          cursor = cached.page.nextCursor;
          pages++;
        } while (cursor);
        expect(pages).toBe(3);
      }
      expect(cardOf((await feed(alice)).page, 'card-01').likedByViewer).toBe(true);
      expect(cardOf((await feed(bob)).page, 'card-01').likedByViewer).toBe(true);
      expect(cardOf((await feed(bob)).page, 'card-02').likedByViewer).toBe(false);
    } finally {
      await uncached.close();
    }
  });

  it('shows a like and an unlike on the next request, for the liker and for others', async () => {
    await feed(alice);
    await feed(bob);
    // alice's like, an account's, is one the count shows (a signed-out like is not: docs/security.md)
    const before = cardOf((await feed(alice)).page, 'card-02');
    const like = await t.app.inject({ method: 'PUT', url: apiPaths.designLike('card-02'), headers: { cookie: alice } });
    expect(like.statusCode).toBe(200);
    const forAlice = cardOf((await feed(alice)).page, 'card-02');
    expect(forAlice).toMatchObject({ likesCount: before.likesCount + 1, likedByViewer: true });
    expect(cardOf((await feed(bob)).page, 'card-02')).toMatchObject({
      likesCount: before.likesCount + 1,
      likedByViewer: false,
    });
    await t.app.inject({ method: 'DELETE', url: apiPaths.designLike('card-02'), headers: { cookie: alice } });
    expect(cardOf((await feed(alice)).page, 'card-02')).toMatchObject({
      likesCount: before.likesCount,
      likedByViewer: false,
    });
  });

  it('shows a new comment count on the next request', async () => {
    const before = cardOf((await feed()).page, 'card-03').commentsCount;
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.designComments('card-03'),
      headers: { cookie: alice },
      payload: { name: 'Guest', text: 'Lovely' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(cardOf((await feed()).page, 'card-03').commentsCount).toBe(before + 1);
  });

  it('puts a new publish at the top, with its video, and counts a remix on its original', async () => {
    await feed();
    // no video kind is stored yet: any file alice stored stands in for one
    const videoUrl = await uploadImage(t.app, alice, '#203040');
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.designs,
      headers: { cookie: alice },
      payload: {
        title: 'Fresh',
        afterImageUrl: await uploadImage(t.app, alice),
        videoUrl,
        mode: 'interior',
        originalDesignId: 'card-00',
        isRegenerated: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const published = designSchema.parse(res.json());
    const { page } = await feed();
    expect(page.items[0]).toMatchObject({ id: published.id, originalCreator: { id: expect.any(String) } });
    // the video and the regenerated flag are the post's, not the card's
    const post = designSchema.parse(
      (await t.app.inject({ method: 'GET', url: apiPaths.design(published.id), headers: { cookie: alice } })).json(),
    );
    expect(post).toMatchObject({ id: published.id, videoUrl, isRegenerated: true });
    expect(cardOf(page, 'card-00').remixCount).toBe(1);
  });

  it('never keeps a page read before a write that landed during its query', async () => {
    await feed();
    const fills = cache().stats.misses;
    // the first request's query runs while the like commits: its page may or may not hold the
    // like, but the request after the like must
    const [during] = await Promise.all([
      feed(bob),
      t.app.inject({ method: 'PUT', url: apiPaths.designLike('card-04'), headers: { cookie: alice } }),
    ]);
    expect(during.page.items.length).toBeGreaterThan(5);
    expect(cardOf((await feed(bob)).page, 'card-04').likesCount).toBe(1);
    expect(cache().stats.misses).toBeGreaterThan(fills);
  });

  it('drops this process’s pages when each write commits, without waiting for its notification', async () => {
    // a cache that hears no notifications: only the writes' own call can drop its page
    const deaf = new FeedPageCache();
    deaf.setListening(true);
    const detach = attachFeedCache(t.database.db, deaf);
    try {
      const writes = [
        () => t.app.inject({ method: 'PUT', url: apiPaths.designLike('card-08'), headers: { cookie: alice } }),
        () => t.app.inject({ method: 'DELETE', url: apiPaths.designLike('card-08'), headers: { cookie: alice } }),
        () =>
          t.app.inject({
            method: 'POST',
            url: apiPaths.designComments('card-08'),
            headers: { cookie: alice },
            payload: { name: 'Guest', text: 'Nice' },
          }),
        () =>
          t.app.inject({
            method: 'POST',
            url: apiPaths.designs,
            headers: { cookie: alice },
            payload: { title: 'Another', afterImageUrl: aliceImageUrl, mode: 'interior' },
          }),
      ];
      // a first page of the mode that shows the design each write touches
      for (const [i, write] of writes.entries()) {
        const key = feedPageKey('interior', 20 + i, undefined);
        let loads = 0;
        const load = async () => ({ parts: [String(++loads)], designIds: ['card-08'] });
        await deaf.page(key, load);
        await deaf.page(key, load);
        expect(loads).toBe(1);
        expect((await write()).statusCode).toBeLessThan(300);
        await deaf.page(key, load);
        expect(loads).toBe(2);
      }
      // a like that changes nothing (already not liked) keeps the pages
      let loads = 0;
      const load = async () => ({ parts: [String(++loads)], designIds: ['card-08'] });
      await deaf.page('unchanged', load);
      await t.app.inject({ method: 'DELETE', url: apiPaths.designLike('card-08'), headers: { cookie: alice } });
      await deaf.page('unchanged', load);
      expect(loads).toBe(1);
    } finally {
      detach();
    }
  });

  it('refuses a bad cursor before looking in the cache', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${FEED}&cursor=bm90LWEtY3Vyc29y`,
      headers: { cookie: alice },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ details: [{ field: 'querystring.cursor' }] });
  });

  it('drops its pages on a write made by another app on the same database', async () => {
    const other = await startSecondApp(t);
    try {
      const otherCookie = alice;
      const before = cardOf((await feedOf(other.app, otherCookie)).page, 'card-05').likesCount;
      // twice: the second is a hit in the other app's cache
      await feedOf(other.app, otherCookie);
      expect(other.app.feedCache!.stats.hits).toBeGreaterThan(0);
      // an account's like: the count shows it
      const like = await t.app.inject({
        method: 'PUT',
        url: apiPaths.designLike('card-05'),
        headers: { cookie: alice },
      });
      expect(like.statusCode).toBe(200);
      await expect
        .poll(async () => cardOf((await feedOf(other.app, otherCookie)).page, 'card-05').likesCount, { timeout: 5000 })
        .toBe(before + 1);
    } finally {
      await other.close();
    }
  });
});

describe.runIf(dbKinds.includes('postgres'))('feed page cache when LISTEN is lost (postgres)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres', seed: false });
    await insertUser(t.database.db, { id: 'maker' });
    await insertDesign(t.database.db, { id: 'only', userId: 'maker', createdAt: minutesAgo(1, now) });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('serves from SQL while it cannot hear other processes, and caches again once it listens', async () => {
    const cookie = await t.unlock();
    await feedOf(t.app, cookie);
    await feedOf(t.app, cookie);
    const cache = t.app.feedCache!;
    expect(cache.stats.hits).toBeGreaterThan(0);
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN "feed_changed"' and datname = current_database()`,
    );
    await expect
      .poll(async () => {
        await feedOf(t.app, cookie);
        return cache.stats.bypassed;
      })
      .toBeGreaterThan(0);
    // a write nobody could hear while the connection was gone is still seen
    await t.database.db.execute(sql`update designs set likes_count = 42 where id = 'only'`);
    await expect
      .poll(async () => cardOf((await feedOf(t.app, cookie)).page, 'only').likesCount, { timeout: 10_000 })
      .toBe(42);
    // back to listening: pages are kept again
    await expect
      .poll(
        async () => {
          const hits = cache.stats.hits;
          await feedOf(t.app, cookie);
          await feedOf(t.app, cookie);
          return cache.stats.hits > hits;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
  });
});

describe('FeedPageCache', () => {
  const template = (id: string): FeedPageTemplate => ({ parts: [`{"items":[`, `]}`], designIds: [id] });
  const deferred = <T>() => {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  };

  const listeningCache = (options?: ConstructorParameters<typeof FeedPageCache>[0]) => {
    const cache = new FeedPageCache(options);
    cache.setListening(true);
    return cache;
  };

  it('runs one load for concurrent misses of one page', async () => {
    const cache = listeningCache();
    let loads = 0;
    const gate = deferred<FeedPageTemplate>();
    const load = () => {
      loads++;
      return gate.promise;
    };
    const both = Promise.all([cache.page('k', load), cache.page('k', load)]);
    gate.resolve(template('a'));
    const [a, b] = await both;
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(cache.stats).toMatchObject({ misses: 1, joined: 1 });
    await cache.page('k', load);
    expect(loads).toBe(1);
  });

  it('does not keep or share a page whose load began before an invalidation', async () => {
    const cache = listeningCache();
    const stale = deferred<FeedPageTemplate>();
    const early = cache.page('k', () => stale.promise);
    cache.invalidate();
    // a request after the write must not wait for the older load
    const fresh = cache.page('k', async () => template('fresh'));
    stale.resolve(template('stale'));
    expect((await early).designIds).toEqual(['stale']);
    expect((await fresh).designIds).toEqual(['fresh']);
    expect((await cache.page('k', async () => template('again'))).designIds).toEqual(['fresh']);
  });

  it('keeps nothing while not listening', async () => {
    const cache = new FeedPageCache();
    let loads = 0;
    const load = async () => {
      loads++;
      return template('a');
    };
    await cache.page('k', load);
    await cache.page('k', load);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxPages, dropping the least recently used', async () => {
    const cache = listeningCache({ maxPages: 3, maxBytes: 1_000_000, maxAgeMs: 60_000 });
    const loaded: string[] = [];
    const load = (key: string) => async () => {
      loaded.push(key);
      return template(key);
    };
    for (const key of ['a', 'b', 'c', 'a', 'd']) await cache.page(key, load(key));
    expect(cache.size).toBe(3);
    expect(loaded).toEqual(['a', 'b', 'c', 'd']);
    await cache.page('b', load('b'));
    expect(loaded).toEqual(['a', 'b', 'c', 'd', 'b']);
  });

  it('keeps at most maxBytes of JSON, a page counting with room for its rendered variants', async () => {
    // a 4,000-character page counts 4,000 × (1 + RENDERED_VARIANTS_PER_PAGE) = 20,000
    const cache = listeningCache({ maxPages: 100, maxBytes: 50_000, maxAgeMs: 60_000 });
    const big = (key: string): FeedPageTemplate => ({ parts: ['x'.repeat(4000)], designIds: [key] });
    for (const key of ['a', 'b', 'c', 'd']) await cache.page(key, async () => big(key));
    expect(cache.size).toBe(2);
  });
});

describe('renderFeedPageBytes', () => {
  const page: FeedPageTemplate = {
    parts: ['{"items":[{"id":"a","liked":', ',"saved":', '},{"id":"b","liked":', ',"saved":', '}]}'],
    designIds: ['a', 'b'],
  };
  const marks = (liked: string[], saved: string[] = []) => ({ liked: new Set(liked), saved: new Set(saved) });

  it('gives the rendered JSON as UTF-8 bytes, and one kept Buffer for every viewer whose marks fall the same way', () => {
    const first = renderFeedPageBytes(page, marks(['a'], ['b', 'elsewhere']));
    expect(first.toString('utf8')).toBe(renderFeedPage(page, marks(['a'], ['b'])));
    expect(JSON.parse(first.toString('utf8'))).toEqual({
      items: [
        { id: 'a', liked: true, saved: false },
        { id: 'b', liked: false, saved: true },
      ],
    });
    // another viewer, other ids off this page, the same pattern on it: the same bytes, not rendered again
    expect(renderFeedPageBytes(page, marks(['a', 'x'], ['b']))).toBe(first);
    expect(renderFeedPageBytes(page, marks([])).toString('utf8')).toBe(renderFeedPage(page, marks([])));
  });

  it(`keeps the last ${RENDERED_VARIANTS_PER_PAGE} patterns of a page`, () => {
    const other: FeedPageTemplate = { ...page };
    const patterns = [marks([]), marks(['a']), marks(['b']), marks(['a', 'b']), marks([], ['a'])];
    const kept = patterns.map((m) => renderFeedPageBytes(other, m));
    // the first pattern was dropped when the fifth came: rendered anew, equal but not the same Buffer
    const again = renderFeedPageBytes(other, patterns[0]!);
    expect(again).not.toBe(kept[0]);
    expect(again.equals(kept[0]!)).toBe(true);
    expect(renderFeedPageBytes(other, patterns[4]!)).toBe(kept[4]);
  });
});

describe('CheckedJson in the response serializer', () => {
  const schemaA = z.object({ ok: z.boolean() });
  const schemaB = z.object({ ok: z.boolean() });

  it('sends JSON checked against the route’s own schema as it is, and refuses one checked against another', () => {
    const serialize = responseSerializerCompiler({ schema: schemaA, method: 'GET', url: '/x', httpStatus: '200' });
    expect(serialize(new CheckedJson(schemaA, '{"ok":true}'))).toBe('{"ok":true}');
    expect(() => serialize(new CheckedJson(schemaB, '{"ok":true}'))).toThrow(/another schema/);
    expect(serialize({ ok: false, extra: 1 })).toBe('{"ok":false}');
    // JSON kept as bytes is sent as those bytes
    const bytes = Buffer.from('{"ok":true}');
    expect(serialize(new CheckedJson(schemaA, bytes))).toBe(bytes);
  });
});

describe('FEED_CACHE', () => {
  it('takes on or off and refuses anything else, naming the variable', async () => {
    // the configuration keeps a session secret in its data directory: a directory of this test's own, removed after
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dwellscape-feed-cache-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dir }).feedCache).toBe(true);
      expect(loadConfig({ DATA_DIR: dir, FEED_CACHE: 'off' }).feedCache).toBe(false);
      expect(() => loadConfig({ DATA_DIR: dir, FEED_CACHE: 'maybe' })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir, FEED_CACHE: 'maybe' })).toThrow(/FEED_CACHE/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

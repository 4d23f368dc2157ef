import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, feedResponseSchema, type FeedResponse } from '@dwellscape/shared';
import {
  decodeFeedChange,
  encodeFeedChange,
  FeedPageCache,
  feedPageKey,
  type FeedChange,
  type FeedPageTemplate,
} from '../src/modules/designs/feed-cache';
import { cachedViewerOf, SESSION_IDLE_MS } from '../src/modules/gate/gate.service';
import type { LiveSession } from '../src/modules/gate/sessions.repository';
import { ListeningCache } from '../src/realtime/listening-cache';
import { decodeViewerChange, encodeViewerChange, type ViewerChange } from '../src/realtime/viewer-caches';
import type { AppInstance } from '../src/types';
import { createTestApp, dbKinds, startSecondApp, type TestApp } from './helpers';
import { insertDesign, insertUser, minutesAgo, putImage, signUp } from './fixtures';

const now = Date.parse('2024-07-01T12:00:00.000Z');
const PAGE_SIZE = 5;
const FIRST_PAGE = `${apiPaths.designs}?mode=interior&limit=${PAGE_SIZE}`;

const me = (app: AppInstance, cookie: string) => app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } });

async function pageOf(app: AppInstance, cookie: string, url = FIRST_PAGE): Promise<FeedResponse> {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return feedResponseSchema.parse(res.json()) as FeedResponse;
}

const likedOn = (page: FeedResponse, id: string) => page.items.find((design) => design.id === id)?.likedByViewer;

describe('a session answered from memory alone (cachedViewerOf)', () => {
  const at = new Date(now);
  const session = (over: Partial<LiveSession>): LiveSession => ({
    id: 'viewer-1',
    accountId: 'account-1',
    lastSeenAt: new Date(now - 10_000),
    expiresAt: new Date(now + 3_600_000),
    ...over,
  });
  const cacheHolding = async (held: LiveSession, listening = true) => {
    const cache = new ListeningCache<LiveSession>({ max: 10, maxAgeMs: 60_000 });
    cache.setListening(true);
    await cache.get('hash', async () => held);
    if (!listening) cache.setListening(false);
    return cache;
  };

  it('gives the viewer of a live session touched within the last minute', async () => {
    expect(cachedViewerOf('hash', at, await cacheHolding(session({})))).toEqual({
      viewerId: 'viewer-1',
      accountId: 'account-1',
    });
  });

  it('leaves to the database a session it does not hold, or holds while not listening', async () => {
    expect(cachedViewerOf('other-hash', at, await cacheHolding(session({})))).toBeUndefined();
    expect(cachedViewerOf('hash', at, await cacheHolding(session({}), false))).toBeUndefined();
    expect(cachedViewerOf('hash', at, null)).toBeUndefined();
  });

  it('leaves to the database a session that is due a touch, expired, or idle too long', async () => {
    expect(cachedViewerOf('hash', at, await cacheHolding(session({ lastSeenAt: new Date(now - 61_000) })))).toBe(
      undefined,
    );
    expect(cachedViewerOf('hash', at, await cacheHolding(session({ expiresAt: new Date(now - 1) })))).toBeUndefined();
    expect(
      cachedViewerOf('hash', at, await cacheHolding(session({ lastSeenAt: new Date(now - SESSION_IDLE_MS - 1) }))),
    ).toBeUndefined();
  });
});

describe.each(dbKinds)('sessions, likes and saves kept in memory (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    const db = t.database.db;
    await insertUser(db, { id: 'current-user', displayName: 'Current Person', rank: 0 });
    const maker = await insertUser(db, { id: 'maker', rank: 1 });
    const afterImageUrl = await putImage(t.app.storage);
    for (let i = 0; i < 12; i++) {
      await insertDesign(db, {
        id: `card-${String(i).padStart(2, '0')}`,
        userId: maker.id,
        afterImageUrl,
        createdAt: minutesAgo(i * 10, now),
      });
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers a session seen before from memory', async () => {
    const cookie = await t.unlock();
    const sessions = t.app.viewerCaches!.sessions;
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    const hits = sessions.stats.hits;
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    expect(sessions.stats.hits).toBe(hits + 1);
  });

  it('refuses the old token at once when the gate renews a session', async () => {
    const old = await t.unlock();
    expect((await me(t.app, old)).statusCode).toBe(200);
    const renewed = await t.app.inject({
      method: 'POST',
      url: apiPaths.gate,
      headers: { cookie: old },
      payload: { password: t.config.betaPassword },
    });
    expect(renewed.statusCode).toBe(204);
    expect((await me(t.app, old)).statusCode).toBe(401);
  });

  it('signs a session out at once, here and in another process', async () => {
    const other = await startSecondApp(t);
    try {
      const account = await signUp(t.app, await t.unlock());
      // both processes now hold the signed-in session
      for (const app of [t.app, other.app])
        expect((await me(app, account.cookie)).json()).toMatchObject({ signedIn: true });
      const out = await t.app.inject({ method: 'POST', url: apiPaths.signOut, headers: { cookie: account.cookie } });
      expect(out.statusCode, out.body).toBe(200);
      expect((await me(t.app, account.cookie)).statusCode).toBe(401);
      await expect.poll(async () => (await me(other.app, account.cookie)).statusCode, { timeout: 5000 }).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('signs every browser of an account out, whichever process holds it', async () => {
    const other = await startSecondApp(t);
    try {
      const first = await signUp(t.app, await t.unlock());
      const signIn = await other.app.inject({
        method: 'POST',
        url: apiPaths.signIn,
        headers: { cookie: await t.unlock() },
        payload: { username: first.username, password: first.password },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const second = signIn.headers['set-cookie']!.toString().split(';')[0]!;
      expect((await me(other.app, second)).json()).toMatchObject({ signedIn: true });
      const everywhere = await t.app.inject({
        method: 'POST',
        url: apiPaths.signOutEverywhere,
        headers: { cookie: first.cookie },
      });
      expect(everywhere.statusCode, everywhere.body).toBe(200);
      // the second browser stays past the gate, signed out
      await expect.poll(async () => (await me(other.app, second)).json().signedIn, { timeout: 5000 }).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('fills the page’s likes from the liker’s kept set, and shows each like and unlike at once', async () => {
    const cookie = await t.unlock();
    const liked = t.app.viewerCaches!.liked;
    expect(likedOn(await pageOf(t.app, cookie), 'card-01')).toBe(false);
    const hits = liked.stats.hits;
    await pageOf(t.app, cookie);
    expect(liked.stats.hits).toBe(hits + 1);
    await t.app.inject({ method: 'PUT', url: apiPaths.designLike('card-01'), headers: { cookie } });
    expect(likedOn(await pageOf(t.app, cookie), 'card-01')).toBe(true);
    await t.app.inject({ method: 'DELETE', url: apiPaths.designLike('card-01'), headers: { cookie } });
    expect(likedOn(await pageOf(t.app, cookie), 'card-01')).toBe(false);
  });

  it('shows a like made through another process', async () => {
    const other = await startSecondApp(t);
    try {
      const cookie = await t.unlock();
      expect(likedOn(await pageOf(t.app, cookie), 'card-02')).toBe(false);
      const like = await other.app.inject({ method: 'PUT', url: apiPaths.designLike('card-02'), headers: { cookie } });
      expect(like.statusCode).toBe(200);
      await expect.poll(async () => likedOn(await pageOf(t.app, cookie), 'card-02'), { timeout: 5000 }).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('keeps the likes made before signing in on the account’s pages, and the saves', async () => {
    const cookie = await t.unlock();
    await pageOf(t.app, cookie);
    await t.app.inject({ method: 'PUT', url: apiPaths.designLike('card-03'), headers: { cookie } });
    const account = await signUp(t.app, cookie);
    expect(likedOn(await pageOf(t.app, account.cookie), 'card-03')).toBe(true);
    const save = await t.app.inject({
      method: 'PUT',
      url: apiPaths.designSave('card-04'),
      headers: { cookie: account.cookie },
    });
    expect(save.statusCode, save.body).toBeLessThan(300);
    const saved = (await pageOf(t.app, account.cookie)).items.find((design) => design.id === 'card-04');
    expect(saved?.savedByViewer).toBe(true);
    await t.app.inject({ method: 'DELETE', url: apiPaths.designSave('card-04'), headers: { cookie: account.cookie } });
    const unsaved = (await pageOf(t.app, account.cookie)).items.find((design) => design.id === 'card-04');
    expect(unsaved?.savedByViewer).toBe(false);
  });

  it('drops only the pages that show a liked design', async () => {
    // an account's like: it moves the count on the card (a signed-out one does not, docs/security.md)
    const cookie = (await signUp(t.app, await t.unlock())).cookie;
    const first = await pageOf(t.app, cookie);
    const secondUrl = `${FIRST_PAGE}&cursor=${encodeURIComponent(first.nextCursor!)}`;
    await pageOf(t.app, cookie, secondUrl);
    const cache = t.app.feedCache!;
    const misses = cache.stats.misses;
    await t.app.inject({ method: 'PUT', url: apiPaths.designLike(first.items[0]!.id), headers: { cookie } });
    await pageOf(t.app, cookie, secondUrl);
    expect(cache.stats.misses).toBe(misses);
    await pageOf(t.app, cookie);
    expect(cache.stats.misses).toBe(misses + 1);
  });
});

describe('FeedPageCache.invalidate', () => {
  const page = (...designIds: string[]): FeedPageTemplate => ({ parts: ['{}'], designIds });

  async function filled() {
    const cache = new FeedPageCache();
    cache.setListening(true);
    const pages: [string, FeedPageTemplate][] = [
      [feedPageKey('interior', 25, undefined), page('a', 'b')],
      [feedPageKey('interior', 5, undefined), page('a')],
      [feedPageKey('interior', 25, 'cursor-1'), page('c', 'd')],
      [feedPageKey('landscape', 25, undefined), page('x')],
    ];
    for (const [key, template] of pages) await cache.page(key, async () => template);
    const kept = async () => {
      const keys: string[] = [];
      for (const [key] of pages) {
        const hits = cache.stats.hits;
        await cache.page(key, async () => page());
        if (cache.stats.hits > hits) keys.push(key);
      }
      return keys;
    };
    return { cache, kept };
  }

  it('drops the pages showing a design, the first pages of a mode, or everything', async () => {
    const cases: [FeedChange | string, string[]][] = [
      [{ designs: ['d'] }, ['interior 25 ', 'interior 5 ', 'landscape 25 ']],
      [{ designs: ['a', 'x'] }, ['interior 25 cursor-1']],
      [{ newDesignOf: 'interior' }, ['interior 25 cursor-1', 'landscape 25 ']],
      [{ all: true }, []],
      // a payload this version does not know drops everything
      ['q:what', []],
    ];
    for (const [change, kept] of cases) {
      const filledCache = await filled();
      filledCache.cache.invalidate(change);
      expect(await filledCache.kept(), JSON.stringify(change)).toEqual(kept);
    }
  });

  it('sends what changed as a notification payload and reads it back', () => {
    const changes: FeedChange[] = [{ all: true }, { designs: ['a', 'b'] }, { newDesignOf: 'landscape' }];
    for (const change of changes) expect(decodeFeedChange(encodeFeedChange(change))).toEqual(change);
    expect(decodeFeedChange('m:garden')).toEqual({ all: true });
  });
});

describe('ListeningCache', () => {
  it('keeps nothing a load read before an invalidation, and nothing while deaf', async () => {
    const cache = new ListeningCache<{ v: string }>({ max: 10, maxAgeMs: 60_000 });
    let loads = 0;
    const load = async () => ({ v: String(++loads) });
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(2);
    cache.setListening(true);
    let release!: () => void;
    const slow = cache.get('k', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { v: 'stale' };
    });
    cache.delete('k');
    release();
    expect(await slow).toEqual({ v: 'stale' });
    expect(await cache.get('k', async () => ({ v: 'fresh' }))).toEqual({ v: 'fresh' });
    expect(await cache.get('k', async () => ({ v: 'never' }))).toEqual({ v: 'fresh' });
  });

  it('reads back every change it sends', () => {
    const changes: ViewerChange[] = [{ session: 's1' }, { accountSessions: 'a1' }, { likes: 'l1' }, { saved: 'v1' }];
    for (const change of changes) expect(decodeViewerChange(encodeViewerChange(change))).toEqual(change);
    expect(decodeViewerChange('z:1')).toBeNull();
    expect(decodeViewerChange('s:')).toBeNull();
  });
});

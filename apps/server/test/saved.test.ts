import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  apiPaths,
  encodeCursor,
  type Design,
  type DesignPageResponse,
  type FeedResponse,
  type SearchResponse,
} from '@dwellscape/shared';
import { savedDesigns } from '../src/db/schema';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertAccount, insertDesign, insertUser, minutesAgo, signedInCookie } from './fixtures';

describe.each(dbKinds)('saved designs (%s)', (kind) => {
  let t: TestApp;
  let authorId: string;
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };
  let signedOut: string;
  const now = Date.now();

  const save = (cookie: string, id: string) =>
    t.app.inject({ method: 'PUT', url: apiPaths.designSave(id), headers: { cookie } });
  const unsave = (cookie: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: apiPaths.designSave(id), headers: { cookie } });
  const savedPage = (cookie: string, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: apiPaths.meSaved, query, headers: { cookie } });
  const saveRows = async (userId: string, designId: string) =>
    Number(
      (
        await t.database.db
          .select({ n: count() })
          .from(savedDesigns)
          .where(and(eq(savedDesigns.userId, userId), eq(savedDesigns.designId, designId)))
      )[0]!.n,
    );

  /** Every page of the Saved list, following nextCursor. */
  async function walkSaved(cookie: string, limit: number): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const res = await savedPage(cookie, { limit: String(limit), ...(cursor ? { cursor } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<DesignPageResponse>();
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.items.map((design) => design.id));
      cursor = page.nextCursor;
      if (cursor === null) return seen;
    }
    throw new Error('the Saved list never ended');
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    const db = t.database.db;
    authorId = (await insertUser(db, { rank: 0 })).id;
    const a = await insertAccount(db);
    const b = await insertAccount(db);
    alice = { id: a.id, cookie: await signedInCookie(t, db, a.id) };
    bob = { id: b.id, cookie: await signedInCookie(t, db, b.id) };
    signedOut = await t.unlock();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks a signed-out viewer to sign in, and saves nothing', async () => {
    const design = await insertDesign(t.database.db, { userId: authorId });
    for (const res of [
      await save(signedOut, design.id),
      await unsave(signedOut, design.id),
      await savedPage(signedOut),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Sign in required', message: accountMessages.signInRequired });
    }
    const rows = await t.database.db.select().from(savedDesigns).where(eq(savedDesigns.designId, design.id));
    expect(rows).toEqual([]);
  });

  it('saves once however often it is asked, and unsaves the same way', async () => {
    const design = await insertDesign(t.database.db, { userId: authorId });
    for (let i = 0; i < 3; i++) {
      const res = await save(alice.cookie, design.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ saved: true });
    }
    expect(await saveRows(alice.id, design.id)).toBe(1);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => save(alice.cookie, design.id)));
    expect(concurrent.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await saveRows(alice.id, design.id)).toBe(1);

    for (let i = 0; i < 2; i++) {
      const res = await unsave(alice.cookie, design.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ saved: false });
    }
    expect(await saveRows(alice.id, design.id)).toBe(0);
  });

  it('answers 404 for an unknown design and 400 for a malformed id', async () => {
    for (const res of [await save(alice.cookie, 'no-such-design'), await unsave(alice.cookie, 'no-such-design')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Design not found' });
    }
    expect((await save(alice.cookie, 'bad.id')).statusCode).toBe(400);
    expect(
      (await t.database.db.select().from(savedDesigns).where(eq(savedDesigns.designId, 'no-such-design'))).length,
    ).toBe(0);
  });

  it('shows savedByViewer to the account that saved, on the design, the feed (cached) and a profile', async () => {
    const design = await insertDesign(t.database.db, {
      userId: authorId,
      mode: 'landscape',
      createdAt: new Date(now + 60_000),
    });
    const other = await insertDesign(t.database.db, {
      userId: authorId,
      mode: 'landscape',
      createdAt: new Date(now + 30_000),
    });
    const flagsOn = async (cookie: string) => {
      const single = (
        await t.app.inject({ method: 'GET', url: apiPaths.design(design.id), headers: { cookie } })
      ).json<Design>();
      const feed = (
        await t.app.inject({ method: 'GET', url: apiPaths.designs, query: { mode: 'landscape' }, headers: { cookie } })
      ).json<FeedResponse>();
      const profile = (
        await t.app.inject({ method: 'GET', url: apiPaths.userDesigns(authorId), headers: { cookie } })
      ).json<{ items: Design[] }>();
      const inFeed = (id: string) => feed.items.find((d) => d.id === id)!;
      const inProfile = (id: string) => profile.items.find((d) => d.id === id)!;
      return {
        single: single.savedByViewer,
        feed: [inFeed(design.id).savedByViewer, inFeed(other.id).savedByViewer],
        profile: [inProfile(design.id).savedByViewer, inProfile(other.id).savedByViewer],
      };
    };
    // the first read fills the feed cache for everyone: the flags are the viewer's even so
    expect(await flagsOn(signedOut)).toEqual({ single: false, feed: [false, false], profile: [false, false] });
    await save(alice.cookie, design.id);
    await t.app.inject({ method: 'PUT', url: apiPaths.designLike(other.id), headers: { cookie: alice.cookie } });
    expect(await flagsOn(alice.cookie)).toEqual({ single: true, feed: [true, false], profile: [true, false] });
    expect(await flagsOn(bob.cookie)).toEqual({ single: false, feed: [false, false], profile: [false, false] });
    expect(await flagsOn(signedOut)).toEqual({ single: false, feed: [false, false], profile: [false, false] });
    // the like is Alice's too, and stays apart from the save
    const feed = (
      await t.app.inject({
        method: 'GET',
        url: apiPaths.designs,
        query: { mode: 'landscape' },
        headers: { cookie: alice.cookie },
      })
    ).json<FeedResponse>();
    expect(feed.items.find((d) => d.id === other.id)).toMatchObject({ likedByViewer: true, savedByViewer: false });
    expect(feed.items.find((d) => d.id === design.id)).toMatchObject({ likedByViewer: false, savedByViewer: true });
    const found = await t.app.inject({
      method: 'GET',
      url: apiPaths.search,
      query: { q: design.title, mode: 'landscape' },
      headers: { cookie: alice.cookie },
    });
    expect(found.json<SearchResponse>().designs.find((d) => d.id === design.id)?.savedByViewer).toBe(true);
    expect(t.app.feedCache?.stats.hits).toBeGreaterThan(0);
  });

  it('lists the account’s saves newest saved first, keyset-paged without gaps or repeats', async () => {
    const db = t.database.db;
    const saver = await insertAccount(db);
    const cookie = await signedInCookie(t, db, saver.id);
    // designs made in one order and saved in another: the list follows the saves
    const designs: { id: string }[] = [];
    for (let i = 0; i < 7; i++) {
      designs.push(
        await insertDesign(db, {
          userId: authorId,
          mode: i % 2 ? 'interior' : 'landscape',
          createdAt: minutesAgo(100 - i, now),
        }),
      );
    }
    const saveOrder = [3, 0, 6, 1, 5, 2, 4].map((i) => designs[i]!.id);
    const savedAt = new Date(now - 10_000);
    // two saves in the same microsecond: the design id breaks the tie
    for (const [i, designId] of saveOrder.entries()) {
      const at = i === 4 ? new Date(savedAt.getTime() + 3000) : new Date(savedAt.getTime() + i * 1000);
      await db.insert(savedDesigns).values({ userId: saver.id, designId, createdAt: at });
    }
    // a private design of someone else is not listed, though saved
    const hidden = await insertDesign(db, { userId: authorId, isPublic: false });
    await db.insert(savedDesigns).values({ userId: saver.id, designId: hidden.id, createdAt: new Date(now) });

    const tied = [saveOrder[3]!, saveOrder[4]!].sort().reverse();
    const expected = [saveOrder[6]!, saveOrder[5]!, ...tied, saveOrder[2]!, saveOrder[1]!, saveOrder[0]!];
    const first = (await savedPage(cookie)).json<DesignPageResponse>();
    expect(first.items.map((d) => d.id)).toEqual(expected);
    expect(first.nextCursor).toBeNull();
    expect(first.items.every((d) => d.savedByViewer)).toBe(true);
    for (const limit of [1, 2, 3]) expect(await walkSaved(cookie, limit)).toEqual(expected);

    // a save made between two pages shows at the top, not on a later page
    const page1 = (await savedPage(cookie, { limit: '3' })).json<DesignPageResponse>();
    const late = await insertDesign(db, { userId: authorId });
    expect((await save(cookie, late.id)).statusCode).toBe(200);
    const page2 = (await savedPage(cookie, { limit: '3', cursor: page1.nextCursor! })).json<DesignPageResponse>();
    expect([...page1.items, ...page2.items].map((d) => d.id)).toEqual(expected.slice(0, 6));
    expect((await savedPage(cookie, { limit: '1' })).json<DesignPageResponse>().items[0]!.id).toBe(late.id);
  });

  it('refuses a cursor it did not write and a limit out of range', async () => {
    const bad = [
      'not base64!',
      encodeCursor('2024-01-01', 'd-1'),
      encodeCursor('2024-02-30T00:00:00.000000Z', 'd-1'),
      encodeCursor('2024-01-01T00:00:00.000000Z', 'bad id'),
    ];
    for (const cursor of bad) {
      const res = await savedPage(alice.cookie, { cursor });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.body).toMatch(/cursor/);
    }
    for (const limit of ['0', '26', 'x']) expect((await savedPage(alice.cookie, { limit })).statusCode).toBe(400);
  });
});

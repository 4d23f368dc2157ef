import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, designSchema, type Design, type MeResponse, type User } from '@dwellscape/shared';
import { commissionEntries, designLikes } from '../src/db/schema';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertDesign, insertUser, minutesAgo } from './fixtures';

describe.each(dbKinds)('users API on %s', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    const db = t.database.db;
    await insertUser(db, {
      id: 'u-current',
      username: 'jane_doe',
      displayName: 'Jane Doe',
      avatarUrl: '/media/test/jane.webp',
      isVerified: true,
      bio: 'Designs rooms for a living',
      followerCount: 1200,
      followingCount: 80,
      rank: 1,
    });
    // a sample figure as the seed writes it, plus a share taken back: the profile shows what is not reversed
    await db.insert(commissionEntries).values([
      { id: 'ce-1', earnerId: 'u-current', kind: 'earned', role: 'sample', status: 'available', amountCents: 124_550 },
      { id: 'ce-2', earnerId: 'u-current', kind: 'earned', role: 'creator', status: 'pending', amountCents: 80 },
      {
        id: 'ce-3',
        earnerId: 'u-current',
        kind: 'reversed',
        role: 'creator',
        status: 'pending',
        amountCents: -80,
        reversesId: 'ce-2',
      },
      {
        id: 'ce-4',
        earnerId: 'u-current',
        kind: 'reversed',
        role: 'creator',
        status: 'reversed',
        amountCents: 80,
        reversesId: 'ce-2',
      },
    ]);
    await insertUser(db, { id: 'u-other', username: 'garden_guru', displayName: 'Maya Green', rank: 5 });
    await insertUser(db, { id: 'u-empty', username: 'newcomer', displayName: 'New Comer', rank: 9 });
    await insertDesign(db, { id: 'd-cur-old', userId: 'u-current', mode: 'interior', createdAt: minutesAgo(30) });
    await insertDesign(db, { id: 'd-cur-new', userId: 'u-current', mode: 'landscape', createdAt: minutesAgo(5) });
    await insertDesign(db, { id: 'd-cur-mid', userId: 'u-current', mode: 'interior', createdAt: minutesAgo(10) });
    await insertDesign(db, { id: 'd-cur-private', userId: 'u-current', isPublic: false, createdAt: minutesAgo(1) });
    await insertDesign(db, {
      id: 'd-other',
      userId: 'u-other',
      mode: 'landscape',
      originalDesignId: 'd-cur-old',
      originalCreatorId: 'u-current',
      isRegenerated: true,
      createdAt: minutesAgo(2),
    });
    cookie = await t.unlock();
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, withCookie = cookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: withCookie } });

  describe('GET /api/me', () => {
    it('signed out, returns the viewer id and the Profile tab’s target (the lowest rank) as someone else’s, with its public post count', async () => {
      const res = await get(apiPaths.me);
      expect(res.statusCode).toBe(200);
      const body = res.json<MeResponse>();
      expect(body.viewerId).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(body.currentUser).toEqual({
        id: 'u-current',
        username: 'jane_doe',
        displayName: 'Jane Doe',
        avatarUrl: '/media/test/jane.webp',
        isVerified: true,
        bio: 'Designs rooms for a living',
        followerCount: 1200,
        followingCount: 80,
        postCount: 3,
        commissionEarned: '$1,245.50',
        isCurrentUser: false,
        isFollowedByViewer: false,
      } satisfies User);
      expect(res.json()).toMatchObject({ signedIn: false, unreadNotifications: 0 });
    });

    it('keeps one viewer id per gate session and gives another session another id', async () => {
      const first = (await get(apiPaths.me)).json<MeResponse>().viewerId;
      const again = (await get(apiPaths.me)).json<MeResponse>().viewerId;
      const otherCookie = await t.unlock();
      const other = (await get(apiPaths.me, otherCookie)).json<MeResponse>().viewerId;
      expect(again).toBe(first);
      expect(other).not.toBe(first);
    });
  });

  describe('GET /api/users/:id', () => {
    it('returns another user with isCurrentUser false and its public post count', async () => {
      const res = await get(apiPaths.user('u-other'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: 'u-other',
        username: 'garden_guru',
        displayName: 'Maya Green',
        avatarUrl: '/media/test/u-other.webp',
        isVerified: false,
        bio: '',
        followerCount: 0,
        followingCount: 0,
        postCount: 1,
        commissionEarned: '$0.00',
        isCurrentUser: false,
        isFollowedByViewer: false,
      } satisfies User);
    });

    it('marks nobody as a guest’s own profile, and leaves private designs out of the count', async () => {
      const body = (await get(apiPaths.user('u-current'))).json<User>();
      expect(body.isCurrentUser).toBe(false);
      expect(body.postCount).toBe(3);
    });

    it('answers 404 "User not found" for an unknown id', async () => {
      const res = await get(apiPaths.user('nobody-here'));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found' });
    });

    it.each([['bad id!'], ['x'.repeat(65)], ['a.b']])('answers 400 naming the id for %j', async (id) => {
      const res = await get(apiPaths.user(id));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/\bid\b/);
    });
  });

  describe('GET /api/users/:id/designs', () => {
    it("lists the user's public designs of both modes, newest first", async () => {
      const res = await get(apiPaths.userDesigns('u-current'));
      expect(res.statusCode).toBe(200);
      const items = res.json<{ items: Design[] }>().items;
      expect(items.map((d) => d.id)).toEqual(['d-cur-new', 'd-cur-mid', 'd-cur-old']);
      expect(items.map((d) => d.mode)).toEqual(['landscape', 'interior', 'interior']);
      for (const item of items) {
        expect(designSchema.parse(item)).toEqual(item);
        expect(item.author).toEqual({
          id: 'u-current',
          username: 'jane_doe',
          displayName: 'Jane Doe',
          avatarUrl: '/media/test/jane.webp',
          isVerified: true,
        });
      }
      expect(items.find((d) => d.id === 'd-cur-old')?.remixCount).toBe(1);
    });

    it('shows the original creator of a regenerated design', async () => {
      const [design] = (await get(apiPaths.userDesigns('u-other'))).json<{ items: Design[] }>().items;
      expect(design).toMatchObject({
        id: 'd-other',
        userId: 'u-other',
        originalDesignId: 'd-cur-old',
        originalCreatorId: 'u-current',
        originalCreator: { id: 'u-current', username: 'jane_doe' },
        isRegenerated: true,
      });
    });

    it("reports the viewer's own likes", async () => {
      const viewerId = (await get(apiPaths.me)).json<MeResponse>().viewerId;
      await t.database.db.insert(designLikes).values({ designId: 'd-cur-mid', viewerId });
      const items = (await get(apiPaths.userDesigns('u-current'))).json<{ items: Design[] }>().items;
      expect(items.filter((d) => d.likedByViewer).map((d) => d.id)).toEqual(['d-cur-mid']);
      const otherCookie = await t.unlock();
      const seenByOther = (await get(apiPaths.userDesigns('u-current'), otherCookie)).json<{ items: Design[] }>().items;
      expect(seenByOther.some((d) => d.likedByViewer)).toBe(false);
    });

    it('returns an empty list for a user without designs', async () => {
      const res = await get(apiPaths.userDesigns('u-empty'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [] });
    });

    it('answers 404 for an unknown user and 400 for a bad id', async () => {
      const unknown = await get(apiPaths.userDesigns('nobody-here'));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'User not found' });
      const bad = await get(apiPaths.userDesigns('no way'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/\bid\b/);
    });
  });
});

describe.each(dbKinds)('users API on an empty %s database', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 for /api/me while there is no current user', async () => {
    const cookie = await t.unlock();
    const res = await t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'User not found' });
  });
});

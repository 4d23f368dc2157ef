import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  apiPaths,
  encodeCursor,
  type Design,
  type DesignPageResponse,
  type FollowResponse,
  type SearchPage,
  type SearchResponse,
  type User,
} from '@dwellscape/shared';
import { follows, rateLimitHits, users } from '../src/db/schema';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertAccount, insertDesign, insertUser, minutesAgo, signedInCookie } from './fixtures';

describe.each(dbKinds)('follows (%s)', (kind) => {
  let t: TestApp;
  let signedOut: string;
  const now = Date.now();

  const follow = (cookie: string, id: string) =>
    t.app.inject({ method: 'PUT', url: apiPaths.userFollow(id), headers: { cookie } });
  const unfollow = (cookie: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: apiPaths.userFollow(id), headers: { cookie } });
  const following = (cookie: string, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: apiPaths.designsFollowing, query, headers: { cookie } });
  const countsOf = async (id: string) => {
    const [row] = await t.database.db
      .select({ followerCount: users.followerCount, followingCount: users.followingCount })
      .from(users)
      .where(eq(users.id, id));
    return row!;
  };

  /** A new account and a session signed in as it. */
  const account = async (fields: Parameters<typeof insertAccount>[1] = {}) => {
    const row = await insertAccount(t.database.db, fields);
    return { id: row.id, cookie: await signedInCookie(t, t.database.db, row.id) };
  };

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    // the first sample user (lowest rank): docs/product.md's current user while signed out
    await insertUser(t.database.db, { id: 'u-sample', username: 'sample_sofia', rank: 0, followerCount: 1200 });
    signedOut = await t.unlock();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks a signed-out viewer to sign in, and changes nothing', async () => {
    const target = await insertUser(t.database.db);
    for (const res of [
      await follow(signedOut, target.id),
      await unfollow(signedOut, target.id),
      await following(signedOut),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Sign in required', message: accountMessages.signInRequired });
    }
    expect(await countsOf(target.id)).toEqual({ followerCount: 0, followingCount: 0 });
  });

  it('follows once however often it is asked, moving both users’ counts, and unfollows the same way', async () => {
    const alice = await account();
    const target = await insertAccount(t.database.db);
    for (let i = 0; i < 3; i++) {
      const res = await follow(alice.cookie, target.id);
      expect(res.statusCode).toBe(200);
      expect(res.json<FollowResponse>()).toEqual({ following: true, followerCount: 1, followingCount: 0 });
    }
    expect(await countsOf(alice.id)).toEqual({ followerCount: 0, followingCount: 1 });
    for (let i = 0; i < 2; i++) {
      const res = await unfollow(alice.cookie, target.id);
      expect(res.statusCode).toBe(200);
      expect(res.json<FollowResponse>()).toEqual({ following: false, followerCount: 0, followingCount: 0 });
    }
    expect(await countsOf(alice.id)).toEqual({ followerCount: 0, followingCount: 0 });
  });

  it('lets an account follow a sample user, whose seeded count grows from where it was', async () => {
    const alice = await account();
    const res = await follow(alice.cookie, 'u-sample');
    expect(res.json<FollowResponse>()).toEqual({ following: true, followerCount: 1201, followingCount: 0 });
    expect((await unfollow(alice.cookie, 'u-sample')).json<FollowResponse>().followerCount).toBe(1200);
  });

  it('refuses following oneself (400), an unknown user (404) and a malformed id (400)', async () => {
    const alice = await account();
    for (const res of [await follow(alice.cookie, alice.id), await unfollow(alice.cookie, alice.id)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message: accountMessages.cannotFollowSelf });
    }
    for (const res of [await follow(alice.cookie, 'no-such-user'), await unfollow(alice.cookie, 'no-such-user')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found' });
    }
    expect((await follow(alice.cookie, 'bad.id')).statusCode).toBe(400);
    expect(await countsOf(alice.id)).toEqual({ followerCount: 0, followingCount: 0 });
  });

  it('tells a profile whether the signed-in account follows it; signed out, never', async () => {
    const alice = await account();
    const bob = await account();
    const target = await insertUser(t.database.db);
    await follow(alice.cookie, target.id);
    const profileFor = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: apiPaths.user(target.id), headers: { cookie } })).json<User>();
    expect(await profileFor(alice.cookie)).toMatchObject({ id: target.id, followerCount: 1, isFollowedByViewer: true });
    expect((await profileFor(bob.cookie)).isFollowedByViewer).toBe(false);
    expect((await profileFor(signedOut)).isFollowedByViewer).toBe(false);
    // and in search, both in the first answer and in a list's next page
    const foundFor = async (cookie: string) => {
      const query = { q: target.username, mode: 'interior' };
      const all = await t.app.inject({ method: 'GET', url: apiPaths.search, query, headers: { cookie } });
      const page = await t.app.inject({
        method: 'GET',
        url: apiPaths.searchList('users'),
        query: { ...query, offset: '0' },
        headers: { cookie },
      });
      return [
        all.json<SearchResponse>().users.find((u) => u.id === target.id)?.isFollowedByViewer,
        page.json<SearchPage<'users'>>().items.find((u) => u.id === target.id)?.isFollowedByViewer,
      ];
    };
    expect(await foundFor(alice.cookie)).toEqual([true, true]);
    expect(await foundFor(bob.cookie)).toEqual([false, false]);
    expect(await foundFor(signedOut)).toEqual([false, false]);
  });

  it('acceptance: a storm of concurrent follows and unfollows leaves every count equal to its rows, never below 0', async () => {
    const db = t.database.db;
    const people = await Promise.all(Array.from({ length: 6 }, () => account()));
    // the earlier tests' counts are not this one's
    await db.delete(rateLimitHits);
    // each op: one person follows or unfollows another (mutual pairs included: A→B while B→A)
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const ops = Array.from({ length: 240 }, (_, i) => {
      // each person in turn: 40 writes each, within FOLLOW_LIMIT (the generator's low bits would pick three)
      const from = i % people.length;
      const to = (from + 1 + random(people.length - 1)) % people.length;
      return { from: people[from]!, to: people[to]!, follow: random(3) > 0 };
    });
    const answers = await Promise.all(
      ops.map((op) => (op.follow ? follow(op.from.cookie, op.to.id) : unfollow(op.from.cookie, op.to.id))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(ops.length).fill(200));
    for (const [i, res] of answers.entries()) {
      const body = res.json<FollowResponse>();
      expect(body.following).toBe(ops[i]!.follow);
      expect(body.followerCount).toBeGreaterThanOrEqual(0);
      expect(body.followingCount).toBeGreaterThanOrEqual(0);
    }
    for (const person of people) {
      const [followers] = await db.select({ n: count() }).from(follows).where(eq(follows.followeeId, person.id));
      const [followed] = await db.select({ n: count() }).from(follows).where(eq(follows.followerId, person.id));
      expect(await countsOf(person.id)).toEqual({ followerCount: followers!.n, followingCount: followed!.n });
    }
    // and back to nothing: every count returns to 0
    await Promise.all(people.flatMap((a) => people.filter((b) => b !== a).map((b) => unfollow(a.cookie, b.id))));
    for (const person of people) expect(await countsOf(person.id)).toEqual({ followerCount: 0, followingCount: 0 });
  });

  describe('Following feed', () => {
    let reader: { id: string; cookie: string };
    let expected: string[];

    beforeAll(async () => {
      const db = t.database.db;
      reader = await account();
      const followedA = await insertUser(db);
      const followedB = await insertAccount(db);
      const notFollowed = await insertUser(db);
      await follow(reader.cookie, followedA.id);
      await follow(reader.cookie, followedB.id);
      const made: { id: string; createdAt: Date }[] = [];
      for (let i = 0; i < 9; i++) {
        const userId = i % 3 === 0 ? followedA.id : followedB.id;
        const design = await insertDesign(db, {
          userId,
          mode: i % 2 ? 'landscape' : 'interior',
          // two designs share one instant: their ids order them
          createdAt: minutesAgo(i === 5 ? 40 : 50 - i, now),
        });
        made.push({ id: design.id, createdAt: design.createdAt });
      }
      // neither a private design of someone followed, nor anything of someone not followed, nor the reader's own
      await insertDesign(db, { userId: followedA.id, isPublic: false, createdAt: minutesAgo(1, now) });
      await insertDesign(db, { userId: notFollowed.id, createdAt: minutesAgo(2, now) });
      await insertDesign(db, { userId: reader.id, createdAt: minutesAgo(3, now) });
      expected = made
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        .map((d) => d.id);
    });

    it('lists public designs of both modes by the people followed, newest first', async () => {
      const res = await following(reader.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<DesignPageResponse>();
      expect(page.items.map((d) => d.id)).toEqual(expected);
      expect(new Set(page.items.map((d) => d.mode))).toEqual(new Set(['interior', 'landscape']));
      expect(page.nextCursor).toBeNull();
    });

    it('pages by keyset without gaps or repeats', async () => {
      for (const limit of [1, 2, 4]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const res = await following(reader.cookie, { limit: String(limit), ...(cursor ? { cursor } : {}) });
          expect(res.statusCode, res.body).toBe(200);
          const page = res.json<DesignPageResponse>();
          expect(page.items.length).toBeLessThanOrEqual(limit);
          seen.push(...page.items.map((d) => d.id));
          cursor = page.nextCursor;
        } while (cursor !== null && seen.length < 100);
        expect(seen).toEqual(expected);
      }
    });

    it('answers the Following feed at /api/designs/following, not as a design with id "following"', async () => {
      const one = await t.app.inject({
        method: 'GET',
        url: apiPaths.design(expected[0]!),
        headers: { cookie: reader.cookie },
      });
      expect(one.json<Design>().id).toBe(expected[0]);
      const res = await following(reader.cookie, { limit: '1' });
      expect(Object.keys(res.json<DesignPageResponse>())).toEqual(['items', 'nextCursor']);
      expect(t.app.hasRoute({ method: 'GET', url: '/api/designs/following' })).toBe(true);
    });

    it('refuses a cursor it did not write', async () => {
      for (const cursor of ['%%%', encodeCursor('2024-01-01', 'x'), encodeCursor('0000-01-01T00:00:00.000000Z', 'x')]) {
        expect((await following(reader.cookie, { cursor })).statusCode, cursor).toBe(400);
      }
    });

    it('is empty for an account that follows nobody, and drops someone unfollowed', async () => {
      const loner = await account();
      expect((await following(loner.cookie)).json<DesignPageResponse>()).toEqual({ items: [], nextCursor: null });
      const author = (
        await t.app.inject({ method: 'GET', url: apiPaths.design(expected[0]!), headers: { cookie: reader.cookie } })
      ).json<Design>().userId;
      await unfollow(reader.cookie, author);
      const left = (await following(reader.cookie)).json<DesignPageResponse>().items;
      expect(left.length).toBeGreaterThan(0);
      expect(left.every((d) => d.userId !== author)).toBe(true);
      await follow(reader.cookie, author);
    });
  });
});

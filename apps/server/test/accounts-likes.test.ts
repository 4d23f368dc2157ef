import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type Design, type FeedResponse, type LikeResponse, type SessionResponse } from '@dwellscape/shared';
import { designLikes, designs } from '../src/db/schema';
import { moveSessionLikesToAccount } from '../src/modules/accounts/accounts.repository';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertDesign, insertUser, putImage, sessionCookieOf, signUp } from './fixtures';

describe.each(dbKinds)('likes move to the account on sign-in (%s)', (kind) => {
  let t: TestApp;
  let authorId: string;
  let afterImageUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    authorId = (await insertUser(t.database.db, { rank: 0 })).id;
    afterImageUrl = await putImage(t.app.storage);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newDesign = async (likesCount = 0) =>
    (await insertDesign(t.database.db, { userId: authorId, afterImageUrl, likesCount })).id;
  const like = async (cookie: string, id: string) => {
    const res = await t.app.inject({ method: 'PUT', url: apiPaths.designLike(id), headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json<LikeResponse>();
  };
  const unlike = (cookie: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: apiPaths.designLike(id), headers: { cookie } });
  const design = async (cookie: string, id: string) =>
    (await t.app.inject({ method: 'GET', url: apiPaths.design(id), headers: { cookie } })).json<Design>();
  const signIn = async (cookie: string, username: string, password: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.signIn,
      headers: { cookie },
      payload: { username, password },
    });
    expect(res.statusCode).toBe(200);
    return sessionCookieOf(res);
  };
  const signOut = async (cookie: string) =>
    sessionCookieOf(await t.app.inject({ method: 'POST', url: apiPaths.signOut, headers: { cookie } }));
  const viewerIdOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } })).json<SessionResponse>().viewerId;
  const storedCount = async (id: string) =>
    (await t.database.db.select({ n: designs.likesCount }).from(designs).where(eq(designs.id, id)))[0]!.n;
  const likeRows = async (id: string) =>
    Number((await t.database.db.select({ n: count() }).from(designLikes).where(eq(designLikes.designId, id)))[0]!.n);
  const likersOf = async (id: string) =>
    (await t.database.db.select({ v: designLikes.viewerId }).from(designLikes).where(eq(designLikes.designId, id)))
      .map((row) => row.v)
      .sort();

  it('signing up keeps what the viewer liked while signed out, now as the account’s', async () => {
    const [a, b] = [await newDesign(4), await newDesign()];
    const gate = await t.unlock();
    // a signed-out like is the session's own: it counts once it is the account's (docs/security.md)
    expect(await like(gate, a)).toEqual({ liked: true, likesCount: 4 });
    await like(gate, b);
    expect(await storedCount(b)).toBe(0);
    const account = await signUp(t.app, gate);

    for (const id of [a, b]) {
      expect(await design(account.cookie, id)).toMatchObject({ likedByViewer: true });
      expect(await likersOf(id)).toEqual([account.accountId]);
    }
    expect(await storedCount(a)).toBe(5);
    expect(await storedCount(b)).toBe(1);
  });

  it('likes made signed in belong to the account on every browser; signed out they are the session’s own', async () => {
    const id = await newDesign();
    const account = await signUp(t.app, await t.unlock());
    expect(await like(account.cookie, id)).toEqual({ liked: true, likesCount: 1 });
    const elsewhere = await signIn(await t.unlock(), account.username, account.password);
    expect(await design(elsewhere, id)).toMatchObject({ likedByViewer: true, likesCount: 1 });
    // liking again from the other browser is the same like
    expect(await like(elsewhere, id)).toEqual({ liked: true, likesCount: 1 });

    const signedOut = await signOut(elsewhere);
    expect(await design(signedOut, id)).toMatchObject({ likedByViewer: false, likesCount: 1 });
    // and the other browser, still signed in, takes the like away for the account
    expect((await unlike(account.cookie, id)).json<LikeResponse>()).toEqual({ liked: false, likesCount: 0 });
    expect(await likeRows(id)).toBe(0);
  });

  it('a design liked both signed out and by the account keeps one like, counted once', async () => {
    const [both, onlySession, onlyAccount] = [await newDesign(10), await newDesign(10), await newDesign(10)];
    const account = await signUp(t.app, await t.unlock());
    await like(account.cookie, both);
    await like(account.cookie, onlyAccount);

    const gate = await t.unlock();
    await like(gate, both);
    await like(gate, onlySession);
    expect(await storedCount(both)).toBe(11);
    expect(await storedCount(onlySession)).toBe(10);

    const cookie = await signIn(gate, account.username, account.password);
    expect(await storedCount(both)).toBe(11);
    expect(await likersOf(both)).toEqual([account.accountId]);
    expect(await storedCount(onlySession)).toBe(11);
    expect(await storedCount(onlyAccount)).toBe(11);
    for (const id of [both, onlySession, onlyAccount]) {
      expect(await design(cookie, id)).toMatchObject({ likedByViewer: true, likesCount: 11 });
    }

    // running the move again changes nothing
    const sessionId = await viewerIdOf(cookie);
    const again = await t.database.db.transaction((tx) => moveSessionLikesToAccount(tx, sessionId, account.accountId));
    expect(again).toBe(0);
    expect(await storedCount(both)).toBe(11);
    // and so does signing in again with nothing new liked
    const twice = await signIn(cookie, account.username, account.password);
    expect(await storedCount(both)).toBe(11);
    expect(await design(twice, both)).toMatchObject({ likedByViewer: true });
  });

  it('signing out and in again moves only the likes made in between', async () => {
    const [first, second] = [await newDesign(), await newDesign()];
    const account = await signUp(t.app, await t.unlock());
    await like(account.cookie, first);
    const signedOut = await signOut(account.cookie);
    expect(await design(signedOut, first)).toMatchObject({ likedByViewer: false });
    await like(signedOut, first);
    await like(signedOut, second);
    expect(await storedCount(first)).toBe(1);
    expect(await storedCount(second)).toBe(0);

    const back = await signIn(signedOut, account.username, account.password);
    expect(await storedCount(first)).toBe(1);
    expect(await storedCount(second)).toBe(1);
    expect(await likersOf(first)).toEqual([account.accountId]);
    expect(await likersOf(second)).toEqual([account.accountId]);
    expect(await design(back, second)).toMatchObject({ likedByViewer: true });
  });

  it('the feed, cached or not, marks what the account likes', async () => {
    const id = (
      await insertDesign(t.database.db, { userId: authorId, afterImageUrl, createdAt: new Date(Date.now() + 60_000) })
    ).id;
    const account = await signUp(t.app, await t.unlock());
    await like(account.cookie, id);
    const elsewhere = await signIn(await t.unlock(), account.username, account.password);
    for (let i = 0; i < 2; i++) {
      const page = await t.app.inject({
        method: 'GET',
        url: `${apiPaths.designs}?mode=interior`,
        headers: { cookie: elsewhere },
      });
      expect(page.json<FeedResponse>().items.find((d) => d.id === id)).toMatchObject({ likedByViewer: true });
    }
    const stranger = await t.unlock();
    const page = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.designs}?mode=interior`,
      headers: { cookie: stranger },
    });
    expect(page.json<FeedResponse>().items.find((d) => d.id === id)).toMatchObject({ likedByViewer: false });
  });

  it('concurrency: sessions of one account signing in at once leave every count equal to its rows', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => newDesign(3)));
    const account = await signUp(t.app, await t.unlock());
    // the account already likes two of them
    await like(account.cookie, ids[0]!);
    await like(account.cookie, ids[1]!);
    const gates = await Promise.all(Array.from({ length: 5 }, () => t.unlock()));
    // every session likes an overlapping run of designs while signed out
    await Promise.all(gates.flatMap((gate, i) => ids.slice(i % 3, (i % 3) + 4).map((id) => like(gate, id))));

    const answers = await Promise.all(
      gates.map((gate) =>
        t.app.inject({
          method: 'POST',
          url: apiPaths.signIn,
          headers: { cookie: gate },
          payload: { username: account.username, password: account.password },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(gates.length).fill(200));

    const rows = await t.database.db
      .select({ designId: designLikes.designId, viewerId: designLikes.viewerId })
      .from(designLikes)
      .where(inArray(designLikes.designId, ids));
    expect(rows.every((row) => row.viewerId === account.accountId)).toBe(true);
    for (const id of ids) {
      expect(await likeRows(id)).toBe(1);
      expect(await storedCount(id)).toBe(4);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENTS_PAGE_SIZE,
  apiPaths,
  type CommentPageResponse,
  type Design,
  type DesignPageResponse,
  type FeedResponse,
  type LikeResponse,
  type SearchResponse,
  type User,
} from '@dwellscape/shared';
import { designComments, designLikes, designs, mediaFiles, rateLimitHits } from '../src/db/schema';
import {
  COMMENT_LIMIT,
  FOLLOW_LIMIT,
  LIKE_LIMIT,
  PUBLISH_LIMIT,
  SAVE_LIMIT,
} from '../src/modules/designs/design-write-limits';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertUser, signUp, uploadImage, type SignedUpAccount } from './fixtures';

/**
 * docs/security.md, the designs' side: files still shown stay (12), hidden designs are hidden (13), the social
 * writes have per-person limits (15b), comments come in pages (15c), and signed-out likes do not move
 * a design's public count (4c).
 */
describe.each(dbKinds)('designs under a determined attacker (%s)', (kind) => {
  let t: TestApp;
  let ann: SignedUpAccount;
  let ben: SignedUpAccount;
  let addressesUsed = 0;

  const db = () => t.database.db;
  /** A client address of its own for one test, so that the per-address limits of one test do not reach another. */
  const newAddress = () => `198.51.100.${++addressesUsed}`;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    cookie: string,
    payload?: Record<string, unknown>,
    remoteAddress = '127.0.0.1',
  ) => t.app.inject({ method, url, headers: { cookie }, remoteAddress, ...(payload ? { payload } : {}) });
  const publish = async (account: SignedUpAccount, fields: Record<string, unknown> = {}) => {
    const res = await call('POST', apiPaths.designs, account.cookie, {
      title: `A room ${randomUUID().slice(0, 8)}`,
      mode: 'interior',
      afterImageUrl: await uploadImage(t.app, account.cookie),
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Design>();
  };
  /** Forgets every limit's counts: each test starts with its budget whole. */
  const resetLimits = () => db().delete(rateLimitHits);

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    // signed out, a viewer is shown the first sample user (docs/product.md §2)
    await insertUser(db(), { rank: 0 });
    ann = await signUp(t.app, await t.unlock(), { displayName: 'Ann' });
    ben = await signUp(t.app, await t.unlock(), { displayName: 'Ben' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('12: keeps an old avatar that a published design shows as an own item', async () => {
    await resetLimits();
    const avatarOf = async () => (await call('GET', apiPaths.user(ann.accountId), ann.cookie)).json<User>().avatarUrl;
    const changeAvatar = async () => {
      const res = await call('PATCH', apiPaths.me, ann.cookie, { avatarUrl: await uploadImage(t.app, ann.cookie) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<User>().avatarUrl;
    };
    const firstAvatar = await changeAvatar();
    expect(firstAvatar).not.toBe(await changeAvatar());
    // the replaced avatar, shown by nothing, is gone: its file and its row
    expect((await t.app.inject({ method: 'GET', url: firstAvatar })).statusCode).toBe(404);

    const avatar = await avatarOf();
    const design = await publish(ann, { ownItems: [{ url: avatar, name: 'My portrait' }] });
    expect(design.selectedProducts).toEqual([expect.objectContaining({ imageUrl: avatar, ownItem: true })]);
    await changeAvatar();
    expect(await avatarOf()).not.toBe(avatar);

    // the design still shows it: the file and its media row stay
    const picture = await t.app.inject({ method: 'GET', url: avatar });
    expect(picture.statusCode).toBe(200);
    const [row] = await db()
      .select({ n: count() })
      .from(mediaFiles)
      .where(eq(mediaFiles.key, t.app.storage.keyFromUrl(avatar)!));
    expect(row!.n).toBe(1);
  });

  it('13: answers 404 for a hidden design to everyone but its owner, on every read and write by id', async () => {
    await resetLimits();
    const design = await publish(ann, { title: 'Hidden lantern room' });
    const ownerComment = await call('POST', apiPaths.designComments(design.id), ann.cookie, { text: 'Mine' });
    expect(ownerComment.statusCode).toBe(201);
    // Ben follows Ann and saved the design while it was public
    expect((await call('PUT', apiPaths.userFollow(ann.accountId), ben.cookie)).statusCode).toBe(200);
    expect((await call('PUT', apiPaths.designSave(design.id), ben.cookie)).statusCode).toBe(200);
    await db().update(designs).set({ isPublic: false }).where(eq(designs.id, design.id));

    const signedOut = await t.unlock();
    const unknownId = randomUUID();
    const remixOf = (cookie: string, id: string) =>
      call('POST', apiPaths.designs, cookie, {
        title: 'A remix',
        mode: 'interior',
        afterImageUrl: design.afterImageUrl,
        originalDesignId: id,
      });
    const byId = (id: string, cookie: string) => [
      call('GET', apiPaths.design(id), cookie),
      call('GET', apiPaths.designComments(id), cookie),
      call('POST', apiPaths.designComments(id), cookie, { text: 'Hello' }),
      call('PUT', apiPaths.designLike(id), cookie),
      call('DELETE', apiPaths.designLike(id), cookie),
      call('PUT', apiPaths.designSave(id), cookie),
      call('DELETE', apiPaths.designSave(id), cookie),
      call('GET', apiPaths.designRemixes(id), cookie),
    ];
    for (const [who, cookie] of [
      ['Ben', ben.cookie],
      ['signed out', signedOut],
    ] as const) {
      const answers = await Promise.all(byId(design.id, cookie));
      const writesNeedingAccount = who === 'signed out' ? [2, 5, 6] : [];
      answers.forEach((res, i) => {
        const expected = writesNeedingAccount.includes(i) ? 401 : 404;
        expect(res.statusCode, `${who}: call #${i} ${res.body}`).toBe(expected);
        if (expected === 404) expect(res.json()).toEqual({ error: 'Design not found' });
      });
    }
    // a remix of it is refused as a remix of no design is: the answer does not tell it exists
    const hiddenRemix = await remixOf(ben.cookie, design.id);
    const unknownRemix = await remixOf(ben.cookie, unknownId);
    expect(hiddenRemix.statusCode).toBe(400);
    expect(hiddenRemix.json()).toEqual(unknownRemix.json());

    // nor do the lists: the feed, search, the profile, Following and Saved
    const feed = (await call('GET', `${apiPaths.designs}?mode=interior`, ben.cookie)).json<FeedResponse>();
    expect(feed.items.map((d) => d.id)).not.toContain(design.id);
    const search = await call('GET', `${apiPaths.search}?q=lantern&mode=interior`, ben.cookie);
    expect(search.json<SearchResponse>()).toMatchObject({ designs: [], totals: { designs: 0 } });
    const searchMore = await call(
      'GET',
      `${apiPaths.searchList('designs')}?q=lantern&mode=interior&offset=0`,
      ben.cookie,
    );
    expect(searchMore.json()).toEqual({ items: [], total: 0 });
    const profileList = (await call('GET', apiPaths.userDesigns(ann.accountId), ben.cookie)).json<{
      items: Design[];
    }>();
    expect(profileList.items.map((d) => d.id)).not.toContain(design.id);
    const following = (await call('GET', apiPaths.designsFollowing, ben.cookie)).json<DesignPageResponse>();
    expect(following.items.map((d) => d.id)).not.toContain(design.id);
    const saved = (await call('GET', apiPaths.meSaved, ben.cookie)).json<DesignPageResponse>();
    expect(saved.items.map((d) => d.id)).not.toContain(design.id);

    // its owner still reaches it by id, reads and writes alike
    const own = await Promise.all(byId(design.id, ann.cookie));
    expect(own.map((res) => res.statusCode)).toEqual([200, 200, 201, 200, 200, 200, 200, 200]);
    expect(own[0]!.json<Design>()).toMatchObject({ id: design.id, isPublic: false });
    expect((await remixOf(ann.cookie, design.id)).statusCode).toBe(201);
  });

  it('15b: limits comments and publishes per account, and likes, saves and follows, with a clear 429', async () => {
    await resetLimits();
    const design = await publish(ben);
    const comment = () => call('POST', apiPaths.designComments(design.id), ann.cookie, { text: 'Nice' });
    const comments = [];
    for (let i = 0; i <= COMMENT_LIMIT.max; i++) comments.push(await comment());
    expect(comments.slice(0, COMMENT_LIMIT.max).every((res) => res.statusCode === 201)).toBe(true);
    const refused = comments.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'You are commenting too fast. Please wait a moment.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // nothing half-written: the refused comment is neither stored nor counted
    const [stored] = await db()
      .select({ n: count() })
      .from(designComments)
      .where(eq(designComments.designId, design.id));
    expect(stored!.n).toBe(COMMENT_LIMIT.max);
    expect((await call('GET', apiPaths.design(design.id), ann.cookie)).json<Design>().commentsCount).toBe(
      COMMENT_LIMIT.max,
    );
    // another account's budget is its own
    expect((await call('POST', apiPaths.designComments(design.id), ben.cookie, { text: 'Thanks' })).statusCode).toBe(
      201,
    );

    const picture = await uploadImage(t.app, ben.cookie);
    const publishOnce = () =>
      call('POST', apiPaths.designs, ben.cookie, { title: 'Again', mode: 'interior', afterImageUrl: picture });
    // the first publish of this test took one slot
    for (let i = 1; i < PUBLISH_LIMIT.max; i++) expect((await publishOnce()).statusCode).toBe(201);
    const publishedBefore = (
      await db().select({ n: count() }).from(designs).where(eq(designs.userId, ben.accountId))
    )[0]!.n;
    const tooMany = await publishOnce();
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toEqual({ error: 'You are publishing too fast. Please wait a moment.' });
    const publishedAfter = (
      await db().select({ n: count() }).from(designs).where(eq(designs.userId, ben.accountId))
    )[0]!.n;
    expect(publishedAfter).toBe(publishedBefore);

    // saves and follows: the write and its undoing share one budget
    const address = newAddress();
    for (const [limit, write, words] of [
      [SAVE_LIMIT, (i: number) => call(i % 2 ? 'DELETE' : 'PUT', apiPaths.designSave(design.id), ann.cookie), 'saving'],
      [
        FOLLOW_LIMIT,
        (i: number) => call(i % 2 ? 'DELETE' : 'PUT', apiPaths.userFollow(ben.accountId), ann.cookie),
        'following',
      ],
      [
        LIKE_LIMIT,
        (i: number) => call(i % 2 ? 'DELETE' : 'PUT', apiPaths.designLike(design.id), ann.cookie, undefined, address),
        'liking',
      ],
    ] as const) {
      for (let i = 0; i < limit.max; i++) expect((await write(i)).statusCode).toBe(200);
      const over = await write(limit.max);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ error: `You are ${words} too fast. Please wait a moment.` });
    }
  });

  it('15c: pages a design’s comments oldest first, 50 a page, on a cursor that inserts do not move', async () => {
    await resetLimits();
    const design = await publish(ann);
    const start = Date.now() - 3_600_000;
    // 120 comments, a second apart, two of them at the same instant (the cursor's id breaks the tie)
    await db()
      .insert(designComments)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          id: `cmt-${String(i).padStart(3, '0')}`,
          designId: design.id,
          userId: ben.accountId,
          authorName: 'Ben',
          content: `Ben: comment ${i}`,
          createdAt: new Date(start + (i === 50 ? 49 : i) * 1000),
        })),
      );
    await db().update(designs).set({ commentsCount: 120 }).where(eq(designs.id, design.id));
    const page = async (cursor?: string, limit?: number) => {
      const query = new URLSearchParams({
        ...(cursor ? { cursor } : {}),
        ...(limit ? { limit: String(limit) } : {}),
      });
      const res = await call('GET', `${apiPaths.designComments(design.id)}?${query}`, ben.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CommentPageResponse>();
    };

    const first = await page();
    expect(first.items).toHaveLength(COMMENTS_PAGE_SIZE);
    expect(first.items[0]!.text).toBe('comment 0');
    expect(first.nextCursor).toEqual(expect.any(String));
    // a comment posted while the person reads goes to the end: the next page neither repeats nor skips one
    const posted = await call('POST', apiPaths.designComments(design.id), ann.cookie, { text: 'just now' });
    expect(posted.statusCode).toBe(201);
    const second = await page(first.nextCursor!);
    const third = await page(second.nextCursor!);
    expect(third.nextCursor).toBeNull();
    const texts = [...first.items, ...second.items, ...third.items].map((c) => c.text);
    expect(texts).toEqual([...Array.from({ length: 120 }, (_, i) => `comment ${i}`), 'just now']);
    expect(texts).toHaveLength(121);

    expect((await page(undefined, 7)).items).toHaveLength(7);
    const tooLarge = await call('GET', `${apiPaths.designComments(design.id)}?limit=51`, ben.cookie);
    expect(tooLarge.statusCode).toBe(400);
    const forged = await call('GET', `${apiPaths.designComments(design.id)}?cursor=not-a-cursor`, ben.cookie);
    expect(forged.statusCode).toBe(400);
  });

  it('4c: signed-out likes, from any number of gate sessions, do not move the public count; per address they stop', async () => {
    await resetLimits();
    const design = await publish(ann);
    const address = newAddress();
    const sessions = await Promise.all(Array.from({ length: 300 }, () => t.unlock()));
    const answers = [];
    for (const session of sessions)
      answers.push(await call('PUT', apiPaths.designLike(design.id), session, undefined, address));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIKE_LIMIT.perAddress!);
    expect(statuses.slice(LIKE_LIMIT.perAddress!).every((status) => status === 429)).toBe(true);
    expect(answers.at(-1)!.json()).toEqual({ error: 'You are liking too fast. Please wait a moment.' });
    // each session sees its own like; the public count does not move
    expect(answers[0]!.json<LikeResponse>()).toEqual({ liked: true, likesCount: 0 });
    const seen = (await call('GET', apiPaths.design(design.id), sessions[0]!)).json<Design>();
    expect(seen).toMatchObject({ likedByViewer: true, likesCount: 0 });
    const [rows] = await db().select({ n: count() }).from(designLikes).where(eq(designLikes.designId, design.id));
    expect(rows!.n).toBe(LIKE_LIMIT.perAddress);

    // another address has its own budget; a signed-in like counts
    const elsewhere = newAddress();
    const signedIn = await call('PUT', apiPaths.designLike(design.id), ben.cookie, undefined, elsewhere);
    expect(signedIn.json<LikeResponse>()).toEqual({ liked: true, likesCount: 1 });
    // a signed-out like starts to count when its session signs in (docs/product.md §10: it moves to the account)
    const joining = await signUp(t.app, sessions[1]!);
    const afterSignUp = (await call('GET', apiPaths.design(design.id), joining.cookie)).json<Design>();
    expect(afterSignUp).toMatchObject({ likedByViewer: true, likesCount: 2 });
    // a signed-out unlike moves nothing either
    const unliked = await call('DELETE', apiPaths.designLike(design.id), sessions[2]!, undefined, elsewhere);
    expect(unliked.json<LikeResponse>()).toEqual({ liked: false, likesCount: 2 });
    const [stored] = await db().select({ likes: designs.likesCount }).from(designs).where(eq(designs.id, design.id));
    expect(stored!.likes).toBe(2);
  });
});

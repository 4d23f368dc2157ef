import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Design, LikeResponse } from '@dwellscape/shared';
import { designLikes, designs } from '../src/db/schema';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertAccount, insertDesign, insertUser, putImage, signedInCookie } from './fixtures';

describe.each(dbKinds)('likes (%s)', (kind) => {
  let t: TestApp;
  let userId: string;
  let afterImageUrl: string;

  let addressesUsed = 0;
  // each viewer from an address of its own: likes are limited per address too (LIKE_LIMIT)
  const addressOf = new Map<string, string>();
  const remoteAddress = (cookie: string) => {
    if (!addressOf.has(cookie)) addressOf.set(cookie, `203.0.113.${++addressesUsed}`);
    return addressOf.get(cookie)!;
  };
  const like = (cookie: string, id: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/designs/${id}/like`,
      headers: { cookie },
      remoteAddress: remoteAddress(cookie),
    });
  const unlike = (cookie: string, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/designs/${id}/like`,
      headers: { cookie },
      remoteAddress: remoteAddress(cookie),
    });
  /** A signed-in viewer: only signed-in likes count in likesCount (docs/security.md; design-holds.test.ts, 4c). */
  const account = async () => signedInCookie(t, t.database.db, (await insertAccount(t.database.db)).id);
  const storedCount = async (id: string) =>
    (await t.database.db.select().from(designs).where(eq(designs.id, id)))[0]!.likesCount;
  const likeRows = async (id: string) =>
    Number((await t.database.db.select({ n: count() }).from(designLikes).where(eq(designLikes.designId, id)))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    userId = (await insertUser(t.database.db, { rank: 0 })).id;
    afterImageUrl = await putImage(t.app.storage);
  });
  afterAll(async () => {
    await t.close();
  });

  it('likes once per viewer, however often it is asked', async () => {
    const design = await insertDesign(t.database.db, { userId, afterImageUrl, likesCount: 7 });
    const viewer = await account();
    const first = await like(viewer, design.id);
    expect(first.statusCode).toBe(200);
    expect(first.json<LikeResponse>()).toEqual({ liked: true, likesCount: 8 });
    expect((await like(viewer, design.id)).json<LikeResponse>()).toEqual({ liked: true, likesCount: 8 });

    const seen = await t.app.inject({ method: 'GET', url: `/api/designs/${design.id}`, headers: { cookie: viewer } });
    expect(seen.json<Design>()).toMatchObject({ likesCount: 8, likedByViewer: true });
    const other = await t.unlock();
    const seenByOther = await t.app.inject({
      method: 'GET',
      url: `/api/designs/${design.id}`,
      headers: { cookie: other },
    });
    expect(seenByOther.json<Design>()).toMatchObject({ likesCount: 8, likedByViewer: false });

    expect((await unlike(viewer, design.id)).json<LikeResponse>()).toEqual({ liked: false, likesCount: 7 });
    expect((await unlike(viewer, design.id)).json<LikeResponse>()).toEqual({ liked: false, likesCount: 7 });
    // someone who never liked it cannot take a like away
    expect((await unlike(other, design.id)).json<LikeResponse>()).toEqual({ liked: false, likesCount: 7 });
    expect(await storedCount(design.id)).toBe(7);
  });

  it('answers 404 for an unknown design and 400 for a malformed id', async () => {
    const viewer = await t.unlock();
    const put = await like(viewer, 'no-such-design');
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ error: 'Design not found' });
    expect((await unlike(viewer, 'no-such-design')).statusCode).toBe(404);
    expect((await like(viewer, 'bad.id')).statusCode).toBe(400);
    const orphan = await t.database.db
      .select({ n: count() })
      .from(designLikes)
      .where(eq(designLikes.designId, 'no-such-design'));
    expect(Number(orphan[0]!.n)).toBe(0);
  });

  it('acceptance: 200 concurrent likes from 20 accounts add exactly 20, and 200 unlikes take them back', async () => {
    const design = await insertDesign(t.database.db, { userId, afterImageUrl, likesCount: 3 });
    const viewers = await Promise.all(Array.from({ length: 20 }, () => account()));
    const everyViewerTenTimes = viewers.flatMap((viewer) => Array.from({ length: 10 }, () => viewer));

    const liked = await Promise.all(everyViewerTenTimes.map((viewer) => like(viewer, design.id)));
    expect(liked.map((r) => r.statusCode)).toEqual(Array(200).fill(200));
    expect(liked.every((r) => r.json<LikeResponse>().liked)).toBe(true);
    expect(await storedCount(design.id)).toBe(23);
    expect(await likeRows(design.id)).toBe(20);
    expect(Math.max(...liked.map((r) => r.json<LikeResponse>().likesCount))).toBe(23);

    const unliked = await Promise.all(everyViewerTenTimes.map((viewer) => unlike(viewer, design.id)));
    expect(unliked.map((r) => r.statusCode)).toEqual(Array(200).fill(200));
    expect(await storedCount(design.id)).toBe(3);
    expect(await likeRows(design.id)).toBe(0);
    expect(Math.min(...unliked.map((r) => r.json<LikeResponse>().likesCount))).toBe(3);
  });

  it('keeps likes of different designs apart', async () => {
    const a = await insertDesign(t.database.db, { userId, afterImageUrl });
    const b = await insertDesign(t.database.db, { userId, afterImageUrl });
    const viewer = await account();
    await like(viewer, a.id);
    expect(await storedCount(b.id)).toBe(0);
    const rows = await t.database.db
      .select({ n: count() })
      .from(designLikes)
      .where(and(eq(designLikes.designId, b.id)));
    expect(Number(rows[0]!.n)).toBe(0);
    expect((await like(viewer, b.id)).json<LikeResponse>()).toEqual({ liked: true, likesCount: 1 });
  });
});

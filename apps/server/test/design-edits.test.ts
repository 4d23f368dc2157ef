import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, postPageMessages, type Design, type FeedResponse } from '@dwellscape/shared';
import { designComments, designLikes, designs, savedDesigns } from '../src/db/schema';
import { findPreviewFacts } from '../src/modules/previews/previews.repository';
import { previewKeyOf } from '../src/modules/previews/preview-picture';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertAccount, insertDesign, signedInCookie, uploadImage } from './fixtures';

describe.each(dbKinds)("editing and deleting one's own design (%s)", (kind) => {
  let t: TestApp;
  let author: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let signedOut: string;

  const patch = (cookie: string, id: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: apiPaths.design(id), payload: payload as object, headers: { cookie } });
  const remove = (cookie: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: apiPaths.design(id), headers: { cookie } });
  const read = (cookie: string, id: string) =>
    t.app.inject({ method: 'GET', url: apiPaths.design(id), headers: { cookie } });
  const feedTitles = async (cookie: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: apiPaths.designs,
      query: { mode: 'interior' },
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return new Map(res.json<FeedResponse>().items.map((card) => [card.id, card.title]));
  };

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    const db = t.database.db;
    const a = await insertAccount(db);
    const b = await insertAccount(db);
    author = { id: a.id, cookie: await signedInCookie(t, db, a.id) };
    other = { id: b.id, cookie: await signedInCookie(t, db, b.id) };
    signedOut = await t.unlock();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('changes the title and caption for its author, trimmed, on the design and the cached feed', async () => {
    const design = await insertDesign(t.database.db, { userId: author.id, title: 'Old title', caption: 'Old words' });
    expect((await feedTitles(other.cookie)).get(design.id)).toBe('Old title');

    const res = await patch(author.cookie, design.id, { title: '  Sunday loft  ', caption: ' Soft linen. ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Design>()).toMatchObject({ id: design.id, title: 'Sunday loft', caption: 'Soft linen.' });
    expect((await read(other.cookie, design.id)).json<Design>()).toMatchObject({ title: 'Sunday loft' });
    expect((await feedTitles(other.cookie)).get(design.id)).toBe('Sunday loft');

    const captionOnly = await patch(author.cookie, design.id, { caption: '' });
    expect(captionOnly.json<Design>()).toMatchObject({ title: 'Sunday loft', caption: '' });
  });

  it('refuses each bad field with the publishing rules, and changes nothing', async () => {
    const design = await insertDesign(t.database.db, { userId: author.id, title: 'Kept', caption: 'Kept too' });
    const cases: [unknown, string, string][] = [
      [{ title: '   ' }, 'title', postPageMessages.titleRequired],
      [{ title: 'x'.repeat(51) }, 'title', postPageMessages.titleTooLong],
      [{ caption: 'x'.repeat(2001) }, 'caption', postPageMessages.captionTooLong],
      [{}, 'body', postPageMessages.nothingToChange],
    ];
    for (const [payload, field, message] of cases) {
      const res = await patch(author.cookie, design.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
      if (field !== 'body') expect(res.body).toContain(field);
    }
    expect((await patch(author.cookie, design.id, { title: 'x'.repeat(50) })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(designs).where(eq(designs.id, design.id));
    expect(row).toMatchObject({ title: 'x'.repeat(50), caption: 'Kept too' });
  });

  it("answers 403 to another account, 401 signed out, 404 for an unknown or another's hidden design", async () => {
    const design = await insertDesign(t.database.db, { userId: author.id, title: 'Mine' });
    const hidden = await insertDesign(t.database.db, { userId: author.id, isPublic: false });
    for (const res of [
      await patch(other.cookie, design.id, { title: 'Theirs' }),
      await remove(other.cookie, design.id),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only its author can change this design' });
    }
    for (const res of [await patch(signedOut, design.id, { title: 'Theirs' }), await remove(signedOut, design.id)]) {
      expect(res.statusCode).toBe(401);
    }
    for (const id of ['no-such-design', hidden.id]) {
      expect((await patch(other.cookie, id, { title: 'Theirs' })).statusCode).toBe(404);
      expect((await remove(other.cookie, id)).statusCode).toBe(404);
    }
    const [row] = await t.database.db.select().from(designs).where(eq(designs.id, design.id));
    expect(row?.title).toBe('Mine');
    // the author may still edit their own hidden design
    expect((await patch(author.cookie, hidden.id, { title: 'Still mine' })).statusCode).toBe(200);
  });

  it('deletes the design with its comments, likes, saves, pictures and preview; remixes keep their credit', async () => {
    const db = t.database.db;
    const after = await uploadImage(t.app, author.cookie, '#aa6644');
    const before = await uploadImage(t.app, author.cookie, '#4466aa');
    const design = await insertDesign(db, { userId: author.id, afterImageUrl: after, beforeImageUrl: before });
    // a remix shows the original's before picture: that file must stay
    const remix = await insertDesign(db, {
      userId: other.id,
      beforeImageUrl: before,
      originalDesignId: design.id,
      originalCreatorId: author.id,
    });
    const comment = await t.app.inject({
      method: 'POST',
      url: apiPaths.designComments(design.id),
      payload: { text: 'Lovely' },
      headers: { cookie: other.cookie },
    });
    expect(comment.statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'PUT', url: apiPaths.designLike(design.id), headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'PUT', url: apiPaths.designSave(design.id), headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(200);
    const preview = await t.app.inject({ method: 'GET', url: apiPaths.designPreview(design.id) });
    expect(preview.statusCode).toBe(200);
    const previewKey = previewKeyOf((await findPreviewFacts(db, design.id))!);
    expect(await t.app.storage.exists(previewKey)).toBe(true);
    expect((await feedTitles(other.cookie)).has(design.id)).toBe(true);

    const res = await remove(author.cookie, design.id);
    expect(res.statusCode, res.body).toBe(204);

    expect((await read(author.cookie, design.id)).statusCode).toBe(404);
    expect((await feedTitles(other.cookie)).has(design.id)).toBe(false);
    expect(await db.select().from(designComments).where(eq(designComments.designId, design.id))).toEqual([]);
    expect(await db.select().from(designLikes).where(eq(designLikes.designId, design.id))).toEqual([]);
    expect(await db.select().from(savedDesigns).where(eq(savedDesigns.designId, design.id))).toEqual([]);
    expect(await t.app.storage.exists(t.app.storage.keyFromUrl(after)!)).toBe(false);
    expect(await t.app.storage.exists(t.app.storage.keyFromUrl(before)!)).toBe(true);
    expect(await t.app.storage.exists(previewKey)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: apiPaths.designPreview(design.id) })).statusCode).toBe(404);

    const kept = (await read(other.cookie, remix.id)).json<Design>();
    expect(kept.originalDesignId).toBeNull();
    expect(kept.originalCreator?.id).toBe(author.id);
    expect(kept.originalCreatorDeleted).toBe(false);
    expect((await remove(author.cookie, design.id)).statusCode).toBe(404);
  });
});

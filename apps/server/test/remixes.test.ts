import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, designSchema, remixesResponseSchema, type Design, type RemixesResponse } from '@dwellscape/shared';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertDesign, insertUser, minutesAgo, signUp, uploadImage } from './fixtures';

describe.each(dbKinds)('remixes of a design (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  const now = Date.parse('2024-06-01T12:00:00.000Z');

  const get = (url: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url, headers });
  const listRemixes = async (id: string): Promise<RemixesResponse> => {
    const res = await get(apiPaths.designRemixes(id));
    expect(res.statusCode, res.body).toBe(200);
    return remixesResponseSchema.parse(res.json());
  };
  const getDesign = async (id: string): Promise<Design> => designSchema.parse((await get(apiPaths.design(id))).json());

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    cookie = await t.unlock();
    const db = t.database.db;
    await insertUser(db, { id: 'current-user', rank: 0 });
    const creator = await insertUser(db, { id: 'creator', rank: 1 });
    const remixer = await insertUser(db, { id: 'remixer', rank: 2 });

    await insertDesign(db, { id: 'original', userId: creator.id, createdAt: minutesAgo(600, now) });
    await insertDesign(db, { id: 'unrelated', userId: creator.id, createdAt: minutesAgo(590, now) });
    await insertDesign(db, { id: 'lonely', userId: creator.id, createdAt: minutesAgo(580, now) });
    const remixOf = (id: string, minutes: number, extra: Partial<Parameters<typeof insertDesign>[1]> = {}) =>
      insertDesign(db, {
        id,
        userId: remixer.id,
        originalDesignId: 'original',
        originalCreatorId: creator.id,
        isRegenerated: true,
        createdAt: minutesAgo(minutes, now),
        ...extra,
      });
    // inserted out of order, with a tie on created_at that the id breaks, newest first
    await remixOf('remix-b', 30);
    await remixOf('remix-a', 10);
    await remixOf('remix-d', 20);
    await remixOf('remix-c', 20);
    await remixOf('remix-private', 5, { isPublic: false });
    // a landscape remix of an interior design is still its remix
    await remixOf('remix-landscape', 40, { mode: 'landscape' });
    // a remix of a remix belongs to its own original, not to the original's original
    await insertDesign(db, {
      id: 'remix-of-remix',
      userId: creator.id,
      originalDesignId: 'remix-a',
      originalCreatorId: remixer.id,
      createdAt: minutesAgo(1, now),
    });
    await insertDesign(db, {
      id: 'remix-of-unrelated',
      userId: remixer.id,
      originalDesignId: 'unrelated',
      originalCreatorId: creator.id,
      createdAt: minutesAgo(2, now),
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists the public remixes newest first, each crediting the original creator', async () => {
    const { items } = await listRemixes('original');
    expect(items.map((design) => design.id)).toEqual(['remix-a', 'remix-d', 'remix-c', 'remix-b', 'remix-landscape']);
    for (const remix of items) {
      expect(remix).toMatchObject({
        originalDesignId: 'original',
        originalCreator: { id: 'creator' },
        author: { id: 'remixer' },
        isPublic: true,
      });
    }
    expect(items.find((design) => design.id === 'remix-a')?.remixCount).toBe(1);
  });

  it("leaves out private remixes, remixes of remixes and other designs' remixes", async () => {
    const ids = (await listRemixes('original')).items.map((design) => design.id);
    expect(ids).not.toContain('remix-private');
    expect(ids).not.toContain('remix-of-remix');
    expect(ids).not.toContain('remix-of-unrelated');
    expect((await listRemixes('remix-a')).items.map((design) => design.id)).toEqual(['remix-of-remix']);
    expect((await listRemixes('unrelated')).items.map((design) => design.id)).toEqual(['remix-of-unrelated']);
  });

  it("answers an empty list for a design nobody remixed, and remixCount equals the list's length", async () => {
    expect(await listRemixes('lonely')).toEqual({ items: [] });
    for (const id of ['original', 'unrelated', 'lonely', 'remix-a', 'remix-b']) {
      expect((await getDesign(id)).remixCount, id).toBe((await listRemixes(id)).items.length);
    }
  });

  it('lists a remix published through the API first, and the count follows', async () => {
    const before = await getDesign('unrelated');
    const publisher = await signUp(t.app, await t.unlock());
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.designs,
      headers: { cookie: publisher.cookie },
      payload: {
        title: 'Fresh remix',
        afterImageUrl: await uploadImage(t.app, publisher.cookie),
        mode: 'interior',
        originalDesignId: 'unrelated',
        isRegenerated: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const published = designSchema.parse(res.json());

    const { items } = await listRemixes('unrelated');
    expect(items[0]).toMatchObject({ id: published.id, title: 'Fresh remix', originalCreator: { id: 'creator' } });
    expect(items).toHaveLength(before.remixCount + 1);
    expect((await getDesign('unrelated')).remixCount).toBe(before.remixCount + 1);
  });

  it('lists at most the 50 newest remixes while remixCount counts them all', async () => {
    const db = t.database.db;
    await insertDesign(db, { id: 'popular', userId: 'creator', createdAt: minutesAgo(900, now) });
    for (let i = 0; i < 52; i++) {
      await insertDesign(db, {
        id: `popular-remix-${String(i).padStart(2, '0')}`,
        userId: 'remixer',
        originalDesignId: 'popular',
        originalCreatorId: 'creator',
        createdAt: minutesAgo(100 + i, now),
      });
    }
    const { items } = await listRemixes('popular');
    expect(items).toHaveLength(50);
    expect(items[0]!.id).toBe('popular-remix-00');
    expect(items.at(-1)!.id).toBe('popular-remix-49');
    expect((await getDesign('popular')).remixCount).toBe(52);
  });

  it('says whether the viewer liked each remix', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: apiPaths.designLike('remix-b'), headers: { cookie } })).statusCode,
    ).toBe(200);
    const { items } = await listRemixes('original');
    expect(items.find((design) => design.id === 'remix-b')?.likedByViewer).toBe(true);
    expect(items.find((design) => design.id === 'remix-a')?.likedByViewer).toBe(false);
  });

  it("answers 404 'Design not found' for an unknown design", async () => {
    const res = await get(apiPaths.designRemixes('no-such-design'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Design not found' });
  });

  it.each([
    ['a space', '/api/designs/bad%20id/remixes'],
    ['65 characters', `/api/designs/${'x'.repeat(65)}/remixes`],
    ['a dot', '/api/designs/bad.id/remixes'],
  ])('answers 400 naming the id for an id with %s', async (_case, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('id');
  });

  it('answers 401 without a session and reveals nothing', async () => {
    const res = await get(apiPaths.designRemixes('original'), {});
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('remix-a');
  });
});

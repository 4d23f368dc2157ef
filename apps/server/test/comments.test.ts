import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddCommentResponse, Comment, Design } from '@dwellscape/shared';
import { designComments } from '../src/db/schema';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertDesign, insertUser, putImage } from './fixtures';

describe.each(dbKinds)('comments (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let currentUser: Awaited<ReturnType<typeof insertUser>>;
  let afterImageUrl: string;

  const list = (id: string) => t.app.inject({ method: 'GET', url: `/api/designs/${id}/comments`, headers: { cookie } });
  const add = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/designs/${id}/comments`, headers: { cookie }, payload });
  const newDesign = () => insertDesign(t.database.db, { userId: currentUser.id, afterImageUrl });
  const storedComments = async (id: string) =>
    Number(
      (await t.database.db.select({ n: count() }).from(designComments).where(eq(designComments.designId, id)))[0]!.n,
    );

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    cookie = await t.unlock();
    currentUser = await insertUser(t.database.db, { id: 'me', displayName: 'Mia Chen', rank: 0 });
    await insertUser(t.database.db, { id: 'someone-else', rank: 3 });
    afterImageUrl = await putImage(t.app.storage);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists nothing for a design without comments', async () => {
    const design = await newDesign();
    const res = await list(design.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
  });

  it('adds an anonymous comment under the typed name', async () => {
    const design = await newDesign();
    const res = await add(design.id, { name: '  Ana  ', text: '  Lovely light!  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json<AddCommentResponse>();
    expect(body.commentsCount).toBe(1);
    expect(body.comment).toMatchObject({
      designId: design.id,
      userId: null,
      name: 'Ana',
      text: 'Lovely light!',
      content: 'Ana: Lovely light!',
      author: null,
    });
    expect(Date.now() - Date.parse(body.comment.createdAt)).toBeLessThan(60_000);
  });

  it('adds a comment as the current user when no name is given', async () => {
    const design = await newDesign();
    const res = await add(design.id, { text: 'Mine now' });
    expect(res.statusCode).toBe(201);
    expect(res.json<AddCommentResponse>().comment).toMatchObject({
      userId: currentUser.id,
      name: 'Mia Chen',
      text: 'Mine now',
      content: 'Mia Chen: Mine now',
      author: { id: currentUser.id, displayName: 'Mia Chen' },
    });
  });

  it('lists comments oldest first and keeps the count in step', async () => {
    const design = await newDesign();
    for (const text of ['first', 'second', 'third'])
      expect((await add(design.id, { name: 'Sam', text })).statusCode).toBe(201);
    const last = await add(design.id, { text: 'fourth' });
    expect(last.json<AddCommentResponse>().commentsCount).toBe(4);

    const items = (await list(design.id)).json<{ items: Comment[] }>().items;
    expect(items.map((c) => c.text)).toEqual(['first', 'second', 'third', 'fourth']);
    expect(items[3]!.author?.id).toBe(currentUser.id);
    const seen = await t.app.inject({ method: 'GET', url: `/api/designs/${design.id}`, headers: { cookie } });
    expect(seen.json<Design>().commentsCount).toBe(4);
  });

  it('counts every one of many comments posted at once', async () => {
    const design = await newDesign();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => add(design.id, { name: `Guest ${i}`, text: `hi ${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const seen = await t.app.inject({ method: 'GET', url: `/api/designs/${design.id}`, headers: { cookie } });
    expect(seen.json<Design>().commentsCount).toBe(20);
    expect(await storedComments(design.id)).toBe(20);
  });

  it.each([
    ['blank text', { name: 'Ana', text: '   ' }, 'text'],
    ['missing text', { name: 'Ana' }, 'text'],
    ['a blank name', { name: '  ', text: 'Hello' }, 'name'],
    ['too long a text', { name: 'Ana', text: 'x'.repeat(1001) }, 'text'],
    ['too long a name', { name: 'n'.repeat(61), text: 'Hello' }, 'name'],
  ])('refuses %s with 400 and counts nothing', async (_case, payload, field) => {
    const design = await newDesign();
    const res = await add(design.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(await storedComments(design.id)).toBe(0);
    const seen = await t.app.inject({ method: 'GET', url: `/api/designs/${design.id}`, headers: { cookie } });
    expect(seen.json<Design>().commentsCount).toBe(0);
  });

  it('answers 404 for an unknown design and 400 for a malformed id', async () => {
    const read = await list('no-such-design');
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ error: 'Design not found' });
    const write = await add('no-such-design', { name: 'Ana', text: 'Hello' });
    expect(write.statusCode).toBe(404);
    expect(await storedComments('no-such-design')).toBe(0);
    expect((await list('bad id')).statusCode).toBe(400);
  });
});

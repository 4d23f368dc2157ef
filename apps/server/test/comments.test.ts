import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountMessages, type AddCommentResponse, type Comment, type Design } from '@dwellscape/shared';
import { designComments, rateLimitHits } from '../src/db/schema';
import { COMMENT_LIMIT } from '../src/modules/designs/design-write-limits';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertDesign, insertUser, putImage, signUp, type SignedUpAccount } from './fixtures';

describe.each(dbKinds)('comments (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let author: Awaited<ReturnType<typeof insertUser>>;
  /** Commenting needs an account (decision 0016). */
  let commenter: SignedUpAccount;
  let afterImageUrl: string;

  const list = (id: string) => t.app.inject({ method: 'GET', url: `/api/designs/${id}/comments`, headers: { cookie } });
  const add = (id: string, payload: Record<string, unknown>, as = commenter.cookie) =>
    t.app.inject({ method: 'POST', url: `/api/designs/${id}/comments`, headers: { cookie: as }, payload });
  const newDesign = () => insertDesign(t.database.db, { userId: author.id, afterImageUrl });
  const storedComments = async (id: string) =>
    Number(
      (await t.database.db.select({ n: count() }).from(designComments).where(eq(designComments.designId, id)))[0]!.n,
    );

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    cookie = await t.unlock();
    author = await insertUser(t.database.db, { id: 'me', displayName: 'Sample Person', rank: 0 });
    await insertUser(t.database.db, { id: 'someone-else', rank: 3 });
    commenter = await signUp(t.app, await t.unlock(), { displayName: 'Mia Chen' });
    afterImageUrl = await putImage(t.app.storage);
  });
  afterAll(async () => {
    await t.close();
  });
  // each test comments as one account: its comment budget (COMMENT_LIMIT) starts whole
  beforeEach(async () => {
    await t.database.db.delete(rateLimitHits);
  });

  it('lists nothing for a design without comments', async () => {
    const design = await newDesign();
    const res = await list(design.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], nextCursor: null });
  });

  it('answers 401 Sign in required without an account, and counts nothing', async () => {
    const design = await newDesign();
    const res = await add(design.id, { name: 'Ana', text: 'Lovely light!' }, cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Sign in required', message: accountMessages.signInRequired });
    expect(await storedComments(design.id)).toBe(0);
  });

  it('comments as the signed-in account under its display name, whatever name is typed', async () => {
    const design = await newDesign();
    const res = await add(design.id, { name: '  Ana  ', text: '  Lovely light!  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json<AddCommentResponse>();
    expect(body.commentsCount).toBe(1);
    expect(body.comment).toMatchObject({
      designId: design.id,
      userId: commenter.accountId,
      name: 'Mia Chen',
      text: 'Lovely light!',
      content: 'Mia Chen: Lovely light!',
      author: { id: commenter.accountId, displayName: 'Mia Chen' },
    });
    expect(Date.now() - Date.parse(body.comment.createdAt)).toBeLessThan(60_000);
    expect((await add(design.id, { text: 'Mine now' })).json<AddCommentResponse>().comment).toMatchObject({
      userId: commenter.accountId,
      content: 'Mia Chen: Mine now',
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
    expect(items.every((c) => c.author?.id === commenter.accountId)).toBe(true);
    const seen = await t.app.inject({ method: 'GET', url: `/api/designs/${design.id}`, headers: { cookie } });
    expect(seen.json<Design>().commentsCount).toBe(4);
  });

  it('counts every one of many comments posted at once', async () => {
    const design = await newDesign();
    // as many as one account may post at once
    const many = COMMENT_LIMIT.max;
    const results = await Promise.all(
      Array.from({ length: many }, (_, i) => add(design.id, { name: `Guest ${i}`, text: `hi ${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(many).fill(201));
    const seen = await t.app.inject({ method: 'GET', url: `/api/designs/${design.id}`, headers: { cookie } });
    expect(seen.json<Design>().commentsCount).toBe(many);
    expect(await storedComments(design.id)).toBe(many);
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

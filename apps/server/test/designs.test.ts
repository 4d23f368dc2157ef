import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  expandFeedPage,
  feedCardSchema,
  feedDesignSchema,
  feedResponseSchema,
  PRODUCT_QUANTITY_MAX,
  type Design,
  type FeedResponse,
  type PublishDesignBody,
} from '@dwellscape/shared';
import { designs } from '../src/db/schema';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import {
  insertBrand,
  insertDesign,
  insertProduct,
  insertUser,
  putImage,
  signUp,
  uploadImage,
  type SignedUpAccount,
} from './fixtures';

const feedSofa = {
  id: 'p-feed-sofa',
  name: 'Feed Sofa',
  price: 499,
  brandId: 'b-feed',
  imageUrl: '/media/p-feed-sofa.webp',
  ownItem: false,
};
const feedLamp = { ...feedSofa, id: 'p-feed-lamp', name: 'Feed Lamp', price: 89, imageUrl: '/media/p-feed-lamp.webp' };

const protectedRoutes = [
  { method: 'GET', url: '/api/designs?mode=interior' },
  { method: 'POST', url: '/api/designs' },
  { method: 'GET', url: '/api/designs/some-id' },
  { method: 'PUT', url: '/api/designs/some-id/like' },
  { method: 'DELETE', url: '/api/designs/some-id/like' },
  { method: 'GET', url: '/api/designs/some-id/comments' },
  { method: 'POST', url: '/api/designs/some-id/comments' },
] as const;

describe.each(dbKinds)('designs API (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let currentUserId: string;
  let otherUserId: string;
  /** The account that publishes: publishing needs one (decision 0016). */
  let author: SignedUpAccount;
  /** Public interior designs made for the feed tests, in the order the feed must show them. */
  let feedOrder: string[];

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const publish = (payload: Partial<PublishDesignBody> & Record<string, unknown>, as = author.cookie) =>
    t.app.inject({ method: 'POST', url: '/api/designs', headers: { cookie: as }, payload });
  const designCount = async () => Number((await t.database.db.select({ n: count() }).from(designs))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    cookie = await t.unlock();
    const db = t.database.db;
    currentUserId = (await insertUser(db, { id: 'current-user', displayName: 'Current Person', rank: 0 })).id;
    otherUserId = (await insertUser(db, { id: 'other-user', rank: 5 })).id;
    author = await signUp(t.app, await t.unlock(), { displayName: 'Author Person' });
    const image = await putImage(t.app.storage);

    // 30 public interior designs, a second apart, plus ties that only a full-precision key tells apart
    const base = Date.parse('2024-05-01T10:00:00.000Z');
    for (let i = 0; i < 30; i++) {
      await insertDesign(db, {
        id: `feed-${String(i).padStart(2, '0')}`,
        userId: i % 2 ? currentUserId : otherUserId,
        afterImageUrl: image,
        createdAt: new Date(base - i * 1000),
        // the sofa is on many designs; from the 20th on, at a price it was changed to later
        selectedProducts: [
          { ...feedSofa, price: i < 20 ? 499 : 549, quantity: 1 + (i % 2) },
          ...(i % 3 === 0 ? [{ ...feedLamp, quantity: 2 }] : []),
        ],
      });
    }
    for (const [id, at] of [
      ['feed-03', '2024-05-01T09:59:57.000300Z'],
      ['feed-04', '2024-05-01T09:59:57.000200Z'],
      ['feed-05', '2024-05-01T09:59:57.000200Z'],
      ['feed-06', '2024-05-01T09:59:57.000100Z'],
      ['feed-10', '2024-05-01T09:59:50.000000Z'],
      ['feed-11', '2024-05-01T09:59:50.000000Z'],
      ['feed-12', '2024-05-01T09:59:50.000000Z'],
    ] as const) {
      await db.execute(sql`update designs set created_at = ${at}::timestamptz where id = ${id}`);
    }
    await insertDesign(db, {
      id: 'private-1',
      userId: otherUserId,
      afterImageUrl: image,
      isPublic: false,
      createdAt: new Date(base + 5000),
    });
    await insertDesign(db, {
      id: 'landscape-1',
      userId: otherUserId,
      afterImageUrl: image,
      mode: 'landscape',
      createdAt: new Date(base + 6000),
    });
    await insertDesign(db, {
      id: 'landscape-2',
      userId: otherUserId,
      afterImageUrl: image,
      mode: 'landscape',
      createdAt: new Date(base + 7000),
    });

    feedOrder = [
      ...['00', '01', '02', '03'],
      // 04 and 05 share a microsecond, 06 is 100 µs older: all within one millisecond
      ...['05', '04', '06'],
      ...['07', '08', '09'],
      // three equal timestamps: id descending breaks the tie
      ...['12', '11', '10'],
      ...Array.from({ length: 17 }, (_, i) => String(i + 13)),
    ].map((n) => `feed-${n}`);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(protectedRoutes)('answers $method $url with 401 without a session', async ({ method, url }) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? { text: 'x' } : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Unauthorized');
  });

  describe('feed', () => {
    it('lists public designs of the mode, newest first, 25 at most by default', async () => {
      const res = await get('/api/designs?mode=interior');
      expect(res.statusCode).toBe(200);
      const sent = res.json<FeedResponse>();
      // cards: docs/product.md's feed read and what the card draws, never the post's before picture, answers or receipt
      for (const item of sent.items) expect(Object.keys(item).sort()).toEqual(Object.keys(feedCardSchema.shape).sort());
      const body = expandFeedPage(feedResponseSchema.parse(sent));
      expect(body.items.map((d) => d.id)).toEqual(feedOrder.slice(0, 25));
      expect(body.nextCursor).toEqual(expect.any(String));
      const first = body.items[0]!;
      expect(first.author.id).toBe(otherUserId);
      expect(first.likedByViewer).toBe(false);
      const times = body.items.map((d) => Date.parse(d.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('writes each product snapshot and author once, and its cards are the designs as their own reads give them', async () => {
      const sent = (await get('/api/designs?mode=interior&limit=25')).json<FeedResponse>();
      // two snapshots of the sofa (its price changed between publishes), the lamp, and the two authors
      expect(sent.products.map((product) => [product.id, product.price])).toEqual([
        ['p-feed-sofa', 499],
        ['p-feed-lamp', 89],
        ['p-feed-sofa', 549],
      ]);
      expect(sent.people.map((person) => person.id).sort()).toEqual([currentUserId, otherUserId].sort());
      const page = expandFeedPage(feedResponseSchema.parse(sent));
      for (const card of page.items) {
        const own = (await get(`/api/designs/${card.id}`)).json<Design>();
        expect(card).toEqual(feedDesignSchema.parse(own));
      }
      expect(page.items.find((card) => card.id === 'feed-21')!.selectedProducts).toEqual([
        { ...feedSofa, price: 549, quantity: 2 },
        { ...feedLamp, quantity: 2 },
      ]);
    });

    it('follows the mode and leaves private designs out', async () => {
      const res = await get('/api/designs?mode=landscape');
      expect(res.json<FeedResponse>()).toMatchObject({
        items: [{ id: 'landscape-2' }, { id: 'landscape-1' }],
        nextCursor: null,
      });
      const interior = await get('/api/designs?mode=interior&limit=25');
      expect(interior.json<FeedResponse>().items.map((d) => d.id)).not.toContain('private-1');
    });

    it('walks every public design of a mode once, without gaps, page by page', async () => {
      for (const limit of [1, 4, 7, 25]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const url: string = `/api/designs?mode=interior&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
          const res = await get(url);
          expect(res.statusCode).toBe(200);
          const body = res.json<FeedResponse>();
          expect(body.items.length).toBeLessThanOrEqual(limit);
          seen.push(...body.items.map((d) => d.id));
          cursor = body.nextCursor;
          pages++;
        } while (cursor && pages < 100);
        expect(seen).toEqual(feedOrder);
        expect(pages).toBe(Math.ceil(feedOrder.length / limit));
      }
    });

    it('says there is no next page when the last page is exactly full', async () => {
      const res = await get('/api/designs?mode=landscape&limit=2');
      expect(res.json<FeedResponse>().nextCursor).toBeNull();
    });

    it.each([
      ['limit=26', 'limit'],
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['', 'mode'],
      ['mode=garden', 'mode'],
    ])('refuses %s with 400 naming %s', async (query, field) => {
      const mode = query.startsWith('mode') || query === '' ? '' : 'mode=interior&';
      const res = await get(`/api/designs?${mode}${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    });

    it.each([
      'not a cursor!',
      'Zm9v',
      Buffer.from('yesterday|feed-01').toString('base64url'),
      Buffer.from('2024-05-01T10:00:00Z|bad id').toString('base64url'),
    ])('refuses the cursor %j with 400 naming cursor', async (cursor) => {
      const res = await get(`/api/designs?mode=interior&cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('cursor');
    });
  });

  describe('one design', () => {
    it('returns a design by id', async () => {
      const res = await get('/api/designs/feed-07');
      expect(res.statusCode).toBe(200);
      expect(res.json<Design>()).toMatchObject({ id: 'feed-07', userId: currentUserId, author: { id: currentUserId } });
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const unknown = await get('/api/designs/no-such-design');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'Design not found' });
      expect((await get('/api/designs/bad%20id')).statusCode).toBe(400);
      expect((await get(`/api/designs/${'x'.repeat(65)}`)).statusCode).toBe(400);
    });
  });

  describe('publish', () => {
    let afterImageUrl: string;
    let beforeImageUrl: string;
    /** What the catalogue says of prod-1: the snapshot carries this, whatever the client sent. */
    const snapshot = [
      {
        id: 'prod-1',
        name: 'Oak Chair',
        price: 249.5,
        brandId: 'oakline',
        imageUrl: '/media/test/chair.webp',
        quantity: 2,
        ownItem: false,
      },
    ];
    /** The client's copy, with a forged name, price and picture that the server must ignore. */
    const forgedChoice = [
      { id: 'prod-1', name: 'Free sofa', price: 0.01, brandId: 'nobody', imageUrl: '/media/x.webp', quantity: 2 },
    ];

    beforeAll(async () => {
      afterImageUrl = await uploadImage(t.app, author.cookie);
      beforeImageUrl = await uploadImage(t.app, author.cookie, '#305070');
      const db = t.database.db;
      await insertBrand(db, { id: 'oakline', modes: ['interior', 'landscape'] });
      await insertProduct(db, {
        id: 'prod-1',
        brandId: 'oakline',
        name: 'Oak Chair',
        price: 249.5,
        imageUrl: '/media/test/chair.webp',
      });
      await insertProduct(db, { id: 'prod-garden', brandId: 'oakline', name: 'Garden Bench', mode: 'landscape' });
    });

    it('answers 401 Sign in required without an account, and writes nothing', async () => {
      const before = await designCount();
      const res = await publish({ title: 'Anonymous', afterImageUrl, mode: 'interior' }, cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Sign in required', message: accountMessages.signInRequired });
      expect(await designCount()).toBe(before);
    });

    it('publishes as the signed-in account, stores the snapshot and announces it', async () => {
      const announced: string[] = [];
      const stop = await t.database.listen('design_published', (payload) => announced.push(payload));
      try {
        const res = await publish({
          title: '  Sunny Loft  ',
          caption: 'Warm woods',
          afterImageUrl,
          beforeImageUrl,
          selectedProducts: forgedChoice,
          userAnswers: { vibe: 'Cozy' },
          spaceType: 'Living Room',
          mode: 'interior',
        });
        expect(res.statusCode).toBe(201);
        const design = res.json<Design>();
        expect(design).toMatchObject({
          title: 'Sunny Loft',
          caption: 'Warm woods',
          afterImageUrl,
          beforeImageUrl,
          selectedProducts: snapshot,
          userAnswers: { vibe: 'Cozy' },
          spaceType: 'Living Room',
          mode: 'interior',
          isPublic: true,
          likesCount: 0,
          commentsCount: 0,
          userId: author.accountId,
          author: { id: author.accountId, displayName: 'Author Person' },
          originalDesignId: null,
          originalCreatorId: null,
          isRegenerated: false,
          videoUrl: null,
        });
        expect(design.id).toMatch(/^[0-9a-f-]{36}$/);
        expect((await get('/api/designs?mode=interior&limit=1')).json<FeedResponse>().items[0]!.id).toBe(design.id);
        // with the design as a signed-out viewer sees it, so listeners need not read it back
        await expect
          .poll(() => announced.map((payload) => JSON.parse(payload) as unknown), { timeout: 5000 })
          .toContainEqual({ id: design.id, mode: 'interior', design: { ...design, likedByViewer: false } });
      } finally {
        await stop();
      }
    });

    it('credits the original creator of a remix', async () => {
      const res = await publish({
        title: 'Remix',
        afterImageUrl,
        mode: 'interior',
        originalDesignId: 'feed-02',
        isRegenerated: true,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<Design>()).toMatchObject({
        originalDesignId: 'feed-02',
        originalCreatorId: otherUserId,
        originalCreator: { id: otherUserId },
        isRegenerated: true,
      });
      expect((await get('/api/designs/feed-02')).json<Design>().remixCount).toBe(1);
    });

    it('accepts a title of exactly 50 characters', async () => {
      const res = await publish({ title: 'T'.repeat(50), afterImageUrl, mode: 'landscape' });
      expect(res.statusCode).toBe(201);
    });

    it.each([
      ['a missing title', { afterImageUrl: 'AFTER', mode: 'interior' }, 'title'],
      ['a blank title', { title: '   ', afterImageUrl: 'AFTER', mode: 'interior' }, 'title'],
      ['a 51-character title', { title: 'T'.repeat(51), afterImageUrl: 'AFTER', mode: 'interior' }, 'title'],
      ['a missing after image', { title: 'Ok', mode: 'interior' }, 'afterImageUrl'],
      [
        'an after image that was never stored',
        { title: 'Ok', afterImageUrl: '/media/uploads/nothing.webp', mode: 'interior' },
        'afterImageUrl',
      ],
      [
        'a foreign image URL',
        { title: 'Ok', afterImageUrl: 'https://elsewhere.example/a.webp', mode: 'interior' },
        'afterImageUrl',
      ],
      [
        'a before image that was never stored',
        { title: 'Ok', afterImageUrl: 'AFTER', beforeImageUrl: '/media/uploads/gone.webp', mode: 'interior' },
        'beforeImageUrl',
      ],
      [
        'a video that was never stored',
        { title: 'Ok', afterImageUrl: 'AFTER', videoUrl: '/media/videos/gone.mp4', mode: 'interior' },
        'videoUrl',
      ],
      [
        'an unknown original design',
        { title: 'Ok', afterImageUrl: 'AFTER', originalDesignId: 'no-such-design', mode: 'interior' },
        'originalDesignId',
      ],
      ['an unknown mode', { title: 'Ok', afterImageUrl: 'AFTER', mode: 'garden' }, 'mode'],
      [
        'a product the catalogue does not have',
        { title: 'Ok', afterImageUrl: 'AFTER', mode: 'interior', selectedProducts: [{ id: 'p-nonexistent' }] },
        'selectedProducts.0.id',
      ],
      [
        'a product of the other mode',
        {
          title: 'Ok',
          afterImageUrl: 'AFTER',
          mode: 'interior',
          selectedProducts: [{ id: 'prod-1' }, { id: 'prod-garden' }],
        },
        'selectedProducts.1.id',
      ],
      [
        'a product listed twice',
        {
          title: 'Ok',
          afterImageUrl: 'AFTER',
          mode: 'interior',
          selectedProducts: [{ id: 'prod-1' }, { id: 'prod-1', quantity: 2 }],
        },
        'selectedProducts.1.id',
      ],
      [
        'a quantity of 0',
        { title: 'Ok', afterImageUrl: 'AFTER', mode: 'interior', selectedProducts: [{ id: 'prod-1', quantity: 0 }] },
        'selectedProducts.0.quantity',
      ],
      [
        'a negative quantity',
        { title: 'Ok', afterImageUrl: 'AFTER', mode: 'interior', selectedProducts: [{ id: 'prod-1', quantity: -3 }] },
        'selectedProducts.0.quantity',
      ],
      [
        'a quantity over the cap',
        {
          title: 'Ok',
          afterImageUrl: 'AFTER',
          mode: 'interior',
          selectedProducts: [{ id: 'prod-1', quantity: PRODUCT_QUANTITY_MAX + 1 }],
        },
        'selectedProducts.0.quantity',
      ],
      [
        'a fractional quantity',
        { title: 'Ok', afterImageUrl: 'AFTER', mode: 'interior', selectedProducts: [{ id: 'prod-1', quantity: 1.5 }] },
        'selectedProducts.0.quantity',
      ],
      [
        'more products than a design lists',
        {
          title: 'Ok',
          afterImageUrl: 'AFTER',
          mode: 'interior',
          selectedProducts: Array.from({ length: 51 }, (_, i) => ({ id: `p-${i}` })),
        },
        'selectedProducts',
      ],
      [
        'a product without an id',
        { title: 'Ok', afterImageUrl: 'AFTER', mode: 'interior', selectedProducts: [{ name: 'P', price: 1 }] },
        'selectedProducts.0.id',
      ],
      [
        'an own item that was never stored',
        { title: 'Ok', afterImageUrl: 'AFTER', mode: 'interior', ownItems: [{ url: '/media/uploads/no.webp' }] },
        'ownItems.0.url',
      ],
      [
        'an own item outside /media/',
        { title: 'Ok', afterImageUrl: 'AFTER', mode: 'interior', ownItems: [{ url: 'https://x.example/a.jpg' }] },
        'ownItems.0.url',
      ],
    ])('refuses %s with 400 and writes nothing', async (_case, body, field) => {
      const payload = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'AFTER' ? afterImageUrl : v]));
      const before = await designCount();
      const res = await publish(payload);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
      expect(await designCount()).toBe(before);
    });

    it('keeps the catalogue snapshot of publish time even after the catalogue changes', async () => {
      const res = await publish({ title: 'Snapshot', afterImageUrl, mode: 'interior', selectedProducts: forgedChoice });
      expect(res.statusCode).toBe(201);
      await t.database.db.execute(sql`update products set price = 300, name = 'Oak Chair II' where id = 'prod-1'`);
      const id = res.json<Design>().id;
      const [row] = await t.database.db.select().from(designs).where(eq(designs.id, id));
      expect(row!.selectedProducts).toEqual(snapshot);
      expect((await get(`/api/designs/${id}`)).json<Design>().selectedProducts).toEqual(snapshot);
      await t.database.db.execute(sql`update products set price = 249.5, name = 'Oak Chair' where id = 'prod-1'`);
    });
  });

  it('gives every design a fresh id', async () => {
    const afterImageUrl = await uploadImage(t.app, author.cookie);
    const ids = await Promise.all(
      [1, 2, 3].map(
        async (n) => (await publish({ title: `Parallel ${n}`, afterImageUrl, mode: 'landscape' })).json<Design>().id,
      ),
    );
    expect(new Set(ids).size).toBe(3);
  });
});

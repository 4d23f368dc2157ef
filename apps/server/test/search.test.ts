import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  designSchema,
  SEARCH_MAX_OFFSET,
  SEARCH_RESULTS_PER_LIST,
  type SearchList,
  type SearchPage,
  type SearchResponse,
  type User,
} from '@dwellscape/shared';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertBrand, insertDesign, insertProduct, insertUser, minutesAgo } from './fixtures';

describe.each(dbKinds)('search API on %s', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    const db = t.database.db;
    await insertUser(db, { id: 'u-jane', username: 'jane_doe', displayName: 'Jane Doe', rank: 1 });
    await insertUser(db, { id: 'u-maya', username: 'garden_guru', displayName: 'Maya Green', rank: 2 });
    await insertUser(db, { id: 'u-percent', username: 'hundred', displayName: '100% Real', rank: 3 });

    await insertDesign(db, {
      id: 'd-caption',
      userId: 'u-maya',
      title: 'Nook',
      caption: 'A cozy SOFA corner',
      createdAt: minutesAgo(30),
    });
    await insertDesign(db, {
      id: 'd-title',
      userId: 'u-jane',
      title: 'Sofa dreams',
      caption: 'Soft light',
      createdAt: minutesAgo(10),
    });
    await insertDesign(db, {
      id: 'd-landscape',
      userId: 'u-jane',
      mode: 'landscape',
      caption: 'A sofa outdoors',
      createdAt: minutesAgo(20),
    });
    await insertDesign(db, {
      id: 'd-private',
      userId: 'u-jane',
      isPublic: false,
      caption: 'My secret sofa',
      createdAt: minutesAgo(5),
    });
    await insertDesign(db, {
      id: 'd-percent',
      userId: 'u-jane',
      caption: 'Sheets of 100% linen',
      createdAt: minutesAgo(40),
    });
    await insertDesign(db, {
      id: 'd-underscore',
      userId: 'u-jane',
      caption: 'tagged room_one',
      createdAt: minutesAgo(41),
    });
    await insertDesign(db, {
      id: 'd-backslash',
      userId: 'u-jane',
      caption: 'path C:\\rooms',
      createdAt: minutesAgo(42),
    });

    await insertBrand(db, { id: 'acme', name: 'Acme', modes: ['interior', 'landscape'] });
    await insertProduct(db, { id: 'p-velvet', brandId: 'acme', name: 'Velvet Sofa', mode: 'interior' });
    await insertProduct(db, {
      id: 'p-lamp',
      brandId: 'acme',
      name: 'Arc Lamp',
      details: 'Pairs with any sofa',
      mode: 'interior',
    });
    await insertProduct(db, { id: 'p-swing', brandId: 'acme', name: 'Sofa Swing', mode: 'landscape' });
    await insertProduct(db, {
      id: 'p-rug',
      brandId: 'acme',
      name: 'Wool Rug',
      details: '50% off_season',
      mode: 'interior',
    });
    cookie = await t.unlock();
  });

  afterAll(async () => {
    await t?.close();
  });

  const search = (query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: apiPaths.search, query, headers: { cookie } });
  const ids = (items: { id: string }[]) => items.map((i) => i.id);

  it('finds public designs of the mode by caption or title, case-insensitively, newest first', async () => {
    const res = await search({ q: 'sofa', mode: 'interior' });
    expect(res.statusCode).toBe(200);
    const body = res.json<SearchResponse>();
    expect(ids(body.designs)).toEqual(['d-title', 'd-caption']);
    for (const design of body.designs) expect(designSchema.parse(design)).toEqual(design);
    const landscape = (await search({ q: 'SOFA', mode: 'landscape' })).json<SearchResponse>();
    expect(ids(landscape.designs)).toEqual(['d-landscape']);
  });

  it('finds products of the mode by name or description', async () => {
    const interior = (await search({ q: 'Sofa', mode: 'interior' })).json<SearchResponse>();
    expect(ids(interior.products)).toEqual(['p-lamp', 'p-velvet']);
    expect(interior.products[1]).toMatchObject({ name: 'Velvet Sofa', brandName: 'Acme', mode: 'interior' });
    const landscape = (await search({ q: 'sofa', mode: 'landscape' })).json<SearchResponse>();
    expect(ids(landscape.products)).toEqual(['p-swing']);
  });

  it('finds users by username or display name, as full profiles', async () => {
    const byDisplayName = (await search({ q: 'green', mode: 'interior' })).json<SearchResponse>();
    expect(ids(byDisplayName.users)).toEqual(['u-maya']);
    const byUsername = (await search({ q: 'JANE_', mode: 'landscape' })).json<SearchResponse>();
    expect(byUsername.users).toEqual([
      {
        id: 'u-jane',
        username: 'jane_doe',
        displayName: 'Jane Doe',
        avatarUrl: '/media/test/u-jane.webp',
        isVerified: false,
        bio: '',
        followerCount: 0,
        followingCount: 0,
        postCount: 5,
        commissionEarned: '$0.00',
        // a guest is never 'You', not even on the first sample user's row
        isCurrentUser: false,
        isFollowedByViewer: false,
      } satisfies User,
    ]);
    expect(byUsername.users[0]?.isCurrentUser).toBe(false);
  });

  it('searches all three lists at once', async () => {
    const body = (await search({ q: 'a', mode: 'interior' })).json<SearchResponse>();
    expect(body.designs.length).toBeGreaterThan(0);
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.users.length).toBeGreaterThan(0);
  });

  it('treats % _ and \\ in the query as plain characters', async () => {
    const percent = (await search({ q: '%', mode: 'interior' })).json<SearchResponse>();
    expect(ids(percent.designs)).toEqual(['d-percent']);
    expect(ids(percent.products)).toEqual(['p-rug']);
    expect(ids(percent.users)).toEqual(['u-percent']);
    const underscore = (await search({ q: 'm_o', mode: 'interior' })).json<SearchResponse>();
    expect(ids(underscore.designs)).toEqual(['d-underscore']);
    const backslash = (await search({ q: ':\\r', mode: 'interior' })).json<SearchResponse>();
    expect(ids(backslash.designs)).toEqual(['d-backslash']);
    const nothing = (await search({ q: '%%%', mode: 'interior' })).json<SearchResponse>();
    expect(nothing).toEqual({
      designs: [],
      products: [],
      users: [],
      totals: { designs: 0, products: 0, users: 0 },
    });
  });

  it('trims the query and answers three empty lists for a blank one', async () => {
    const trimmed = (await search({ q: '  velvet  ', mode: 'interior' })).json<SearchResponse>();
    expect(ids(trimmed.products)).toEqual(['p-velvet']);
    for (const q of ['', '   ']) {
      const res = await search({ q, mode: 'interior' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        designs: [],
        products: [],
        users: [],
        totals: { designs: 0, products: 0, users: 0 },
      });
    }
  });

  it('answers 400 naming the field for a missing mode, a bad mode, a missing or too long query', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ q: 'sofa' }, /\bmode\b/],
      [{ q: 'sofa', mode: 'garden' }, /\bmode\b/],
      [{ mode: 'interior' }, /\bq\b/],
      [{ q: 'x'.repeat(101), mode: 'interior' }, /\bq\b/],
    ];
    for (const [query, field] of cases) {
      const res = await search(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(field);
    }
  });

  describe('more than 20 matches', () => {
    const BULK = 47;
    const bulkIds = (prefix: string) =>
      Array.from({ length: BULK }, (_, i) => `${prefix}-bulk-${String(i).padStart(2, '0')}`);

    beforeAll(async () => {
      const db = t.database.db;
      for (let i = 0; i < BULK; i += 1) {
        const n = String(i).padStart(2, '0');
        await insertUser(db, { id: `u-bulk-${n}`, username: `bulk_${n}`, rank: 100 + i });
        await insertDesign(db, {
          id: `d-bulk-${n}`,
          userId: 'u-jane',
          caption: 'bulk',
          createdAt: minutesAgo(100 + i),
        });
        await insertProduct(db, { id: `p-bulk-${n}`, brandId: 'acme', name: `Bulk ${n}` });
      }
      // not matches: another mode, and a private design
      await insertProduct(db, { id: 'p-bulk-outdoor', brandId: 'acme', name: 'Bulk bin', mode: 'landscape' });
      await insertDesign(db, { id: 'd-bulk-private', userId: 'u-jane', caption: 'bulk', isPublic: false });
    });

    const page = (list: SearchList, query: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: apiPaths.searchList(list), query, headers: { cookie } });

    it('answers the first 20 of each list and the true number of matches', async () => {
      const body = (await search({ q: 'bulk', mode: 'interior' })).json<SearchResponse>();
      expect(ids(body.designs)).toEqual(bulkIds('d').slice(0, SEARCH_RESULTS_PER_LIST));
      expect(ids(body.products)).toEqual(bulkIds('p').slice(0, SEARCH_RESULTS_PER_LIST));
      expect(ids(body.users)).toEqual(bulkIds('u').slice(0, SEARCH_RESULTS_PER_LIST));
      expect(body.totals).toEqual({ designs: BULK, products: BULK, users: BULK });
    });

    it.each(['designs', 'products', 'users'] as const)(
      "pages through every %s match, 20 at a time, in the first answer's order",
      async (list) => {
        const first = (await search({ q: 'BULK', mode: 'interior' })).json<SearchResponse>()[list];
        const seen = ids(first);
        for (let offset = seen.length; offset < BULK; offset += SEARCH_RESULTS_PER_LIST) {
          const res = await page(list, { q: 'BULK', mode: 'interior', offset: String(offset) });
          expect(res.statusCode).toBe(200);
          const next = res.json<SearchPage<typeof list>>();
          expect(next.total).toBe(BULK);
          expect(next.items.length).toBe(Math.min(SEARCH_RESULTS_PER_LIST, BULK - offset));
          seen.push(...ids(next.items));
        }
        expect(seen).toEqual(bulkIds(list[0]!));
        const past = (await page(list, { q: 'bulk', mode: 'interior', offset: String(BULK) })).json();
        expect(past).toEqual({ items: [], total: BULK });
      },
    );

    it('pages designs as full designs, for the viewer, of the mode only', async () => {
      const next = (await page('designs', { q: 'bulk', mode: 'interior', offset: '40' })).json<SearchPage<'designs'>>();
      for (const design of next.items) expect(designSchema.parse(design)).toEqual(design);
      const landscape = (await page('products', { q: 'bulk', mode: 'landscape', offset: '0' })).json();
      expect(landscape).toMatchObject({ items: [{ id: 'p-bulk-outdoor' }], total: 1 });
    });

    it('answers an empty page for blank words, and 400 naming the field for a bad offset', async () => {
      expect((await page('users', { q: '  ', mode: 'interior', offset: '0' })).json()).toEqual({
        items: [],
        total: 0,
      });
      for (const offset of ['-1', '2.5', 'ten', '', ' ', '0x10', '1e3', String(SEARCH_MAX_OFFSET + 1)]) {
        const res = await page('designs', { q: 'bulk', mode: 'interior', offset });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/\boffset\b/);
      }
      const missing = await page('products', { q: 'bulk', mode: 'interior' });
      expect(missing.statusCode).toBe(400);
      const badList = await t.app.inject({
        method: 'GET',
        url: '/api/search/brands?q=bulk&mode=interior&offset=0',
        headers: { cookie },
      });
      expect(badList.statusCode).toBe(404);
    });
  });
});

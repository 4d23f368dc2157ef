import { asc, count, eq, sum } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { brandIdFromName, TEMPLATE_CATEGORIES, TITLE_MAX_LENGTH } from '@dwellscape/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../src/db/client';
import {
  commissionEntries,
  brands,
  designComments,
  designLikes,
  designs,
  mediaFiles,
  notifications,
  products,
  quizQuestions,
  spaces,
  templates,
  users,
} from '../src/db/schema';
import { seedSampleWorld } from '../src/seed/seed';
import { createTestApp, dbKinds, type TestApp } from './helpers';

const HOUR = 3_600_000;

describe.each(dbKinds)('sample world seed on %s', (kind) => {
  let t: TestApp;
  let db: AppDatabase;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    db = t.database.db;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const countOf = async (table: PgTable) => {
    const [row] = await db.select({ n: count() }).from(table);
    return row!.n;
  };

  async function allCounts() {
    const tables = {
      users,
      brands,
      products,
      quizQuestions,
      templates,
      spaces,
      designs,
      designComments,
      designLikes,
      notifications,
      mediaFiles,
    };
    const entries = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => [name, await countOf(table)] as const),
    );
    return Object.fromEntries(entries);
  }

  it('has the sample users, the first of them the current user', async () => {
    const rows = await db.select().from(users).orderBy(asc(users.rank), asc(users.id));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const [current] = rows;
    expect(current!.rank).toBe(0);
    const [earned] = await db
      .select({ cents: sum(commissionEntries.amountCents) })
      .from(commissionEntries)
      .where(eq(commissionEntries.earnerId, current!.id));
    expect(Number(earned!.cents)).toBe(124_550);
    expect(new Set(rows.map((u) => u.rank)).size).toBe(rows.length);
    expect(rows.some((u) => u.isVerified) && rows.some((u) => !u.isVerified)).toBe(true);
    for (const u of rows) {
      expect(u.bio.length).toBeGreaterThan(10);
      expect(u.followerCount).toBeGreaterThan(0);
      expect(u.followingCount).toBeGreaterThan(0);
    }
    const [mine] = await db.select({ n: count() }).from(designs).where(eq(designs.userId, current!.id));
    expect(mine!.n).toBeGreaterThanOrEqual(2);
  });

  it('has ten brands across both modes, database brands named per docs/product.md §3', async () => {
    const rows = await db.select().from(brands);
    expect(rows).toHaveLength(10);
    expect(rows.some((b) => b.modes.includes('interior') && b.modes.includes('landscape'))).toBe(true);
    expect(rows.some((b) => b.modes.length === 1 && b.modes[0] === 'interior')).toBe(true);
    expect(rows.some((b) => b.modes.length === 1 && b.modes[0] === 'landscape')).toBe(true);
    const database = rows.filter((b) => b.isDatabaseBrand);
    expect(database.length).toBeGreaterThanOrEqual(1);
    for (const b of database) {
      expect(b.id).toBe(brandIdFromName(b.name));
      expect(b.category).toBe('Plants');
      expect(b.modes).toEqual(['landscape']);
    }
  });

  it('has 80 products priced from 25 to 4299 in both modes', async () => {
    const rows = await db.select().from(products);
    expect(rows).toHaveLength(80);
    const prices = rows.map((p) => p.price);
    expect(Math.min(...prices)).toBe(25);
    expect(Math.max(...prices)).toBe(4299);
    const interior = rows.filter((p) => p.mode === 'interior').length;
    expect(interior).toBeGreaterThanOrEqual(40);
    expect(interior).toBeLessThanOrEqual(48);
    const brandRows = await db.select().from(brands);
    const brandById = new Map(brandRows.map((b) => [b.id, b]));
    for (const p of rows) {
      const brand = brandById.get(p.brandId)!;
      expect(brand.modes).toContain(p.mode);
      expect(p.isDatabaseProduct).toBe(brand.isDatabaseBrand);
      if (p.isDatabaseProduct) {
        expect(p.brandName).toBe(brand.name);
        expect(p.mode).toBe('landscape');
      }
      expect(p.details.length).toBeGreaterThan(10);
    }
    expect(rows.filter((p) => p.isDatabaseProduct).length).toBeGreaterThanOrEqual(3);
  });

  it('has 24 published designs, 12 per mode, with snapshots of real products', async () => {
    const rows = await db.select().from(designs);
    expect(rows).toHaveLength(24);
    expect(rows.filter((d) => d.mode === 'interior')).toHaveLength(12);
    expect(rows.filter((d) => d.mode === 'landscape')).toHaveLength(12);
    const productById = new Map((await db.select().from(products)).map((p) => [p.id, p]));
    for (const d of rows) {
      expect(d.isPublic).toBe(true);
      expect(d.title.length).toBeGreaterThan(0);
      expect(d.title.length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
      expect(d.caption.length).toBeGreaterThan(0);
      expect(d.beforeImageUrl).toBeTruthy();
      expect(d.spaceType).not.toBe('');
      expect(Object.keys(d.userAnswers).length).toBeGreaterThanOrEqual(3);
      expect(d.selectedProducts.length).toBeGreaterThanOrEqual(1);
      expect(d.selectedProducts.length).toBeLessThanOrEqual(8);
      for (const sp of d.selectedProducts) {
        const p = productById.get(sp.id);
        expect(p, `${d.id} uses ${sp.id}`).toBeDefined();
        expect(p!.mode).toBe(d.mode);
        expect({ name: sp.name, price: sp.price, brandId: sp.brandId, imageUrl: sp.imageUrl }).toEqual({
          name: p!.name,
          price: p!.price,
          brandId: p!.brandId,
          imageUrl: p!.imageUrl,
        });
        expect(sp.quantity).toBeGreaterThanOrEqual(1);
      }
    }
    // some cards show more than five thumbnails ('+N')
    expect(rows.some((d) => d.selectedProducts.length > 5)).toBe(true);
    expect(new Set(rows.map((d) => d.likesCount)).size).toBeGreaterThan(10);
  });

  it('has a few designs under a day old and the rest spread over past weeks', async () => {
    const rows = await db.select().from(designs);
    const now = Date.now();
    const ages = rows.map((d) => now - d.createdAt.getTime());
    expect(ages.every((a) => a >= 0)).toBe(true);
    const recent = ages.filter((a) => a < 24 * HOUR).length;
    expect(recent).toBeGreaterThanOrEqual(3);
    expect(recent).toBeLessThanOrEqual(4);
    expect(Math.max(...ages)).toBeGreaterThan(14 * 24 * HOUR);
  });

  it('links "Inspired by" chains to the original design and its creator', async () => {
    const rows = await db.select().from(designs);
    const byId = new Map(rows.map((d) => [d.id, d]));
    const remixes = rows.filter((d) => d.originalDesignId);
    expect(remixes.length).toBeGreaterThanOrEqual(2);
    for (const r of remixes) {
      const original = byId.get(r.originalDesignId!)!;
      expect(r.isRegenerated).toBe(true);
      expect(r.originalCreatorId).toBe(original.userId);
      expect(r.mode).toBe(original.mode);
      expect(r.createdAt.getTime()).toBeGreaterThan(original.createdAt.getTime());
    }
    // at least one chain is two deep
    expect(remixes.some((r) => byId.get(r.originalDesignId!)!.originalDesignId)).toBe(true);
    expect(rows.filter((d) => !d.originalDesignId).every((d) => !d.isRegenerated && d.originalCreatorId === null)).toBe(
      true,
    );
  });

  it('counts every design’s comments exactly, named and anonymous', async () => {
    const comments = await db.select().from(designComments);
    const rowsPerDesign = new Map<string, number>();
    for (const c of comments) rowsPerDesign.set(c.designId, (rowsPerDesign.get(c.designId) ?? 0) + 1);
    for (const d of await db.select().from(designs)) expect(rowsPerDesign.get(d.id) ?? 0, d.id).toBe(d.commentsCount);
    expect(comments.length).toBeGreaterThan(10);
    expect(comments.some((c) => c.userId === null)).toBe(true);
    expect(comments.some((c) => c.userId !== null)).toBe(true);
    const designById = new Map((await db.select().from(designs)).map((d) => [d.id, d]));
    for (const c of comments) {
      expect(c.content.startsWith(`${c.authorName}: `)).toBe(true);
      expect(c.createdAt.getTime()).toBeGreaterThanOrEqual(designById.get(c.designId)!.createdAt.getTime());
      expect(c.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('asks docs/product.md §3’s quiz questions', async () => {
    const rows = await db.select().from(quizQuestions).orderBy(asc(quizQuestions.position));
    expect(rows.filter((q) => q.mode === 'interior').map((q) => q.id)).toEqual([
      'interior-vibe',
      'interior-natural-light',
      'interior-color-preference',
    ]);
    expect(rows.filter((q) => q.mode === 'landscape').map((q) => q.id)).toEqual([
      'landscape-aesthetic',
      'landscape-use-of-space',
      'landscape-maintenance',
      'landscape-features',
      'landscape-climate-zone',
    ]);
    for (const q of rows) {
      expect(q.options.length).toBeGreaterThanOrEqual(3);
      expect(q.options.length).toBeLessThanOrEqual(6);
      expect(q.type).toBe(q.id === 'landscape-climate-zone' ? 'select' : 'buttons');
    }
    // every seeded design answered every question of its mode with one of its options
    for (const d of await db.select().from(designs)) {
      for (const q of rows.filter((q) => q.mode === d.mode)) expect(q.options).toContain(d.userAnswers[q.id]);
    }
  });

  it('offers templates in all eight categories and the sample spaces', async () => {
    const rows = await db.select().from(templates);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(TEMPLATE_CATEGORIES));
    for (const r of rows)
      expect(r.mode).toBe(r.category === 'Living Room' || r.category === 'Bedroom' ? 'interior' : 'landscape');
    const spaceRows = await db.select().from(spaces);
    expect(spaceRows.filter((s) => s.mode === 'interior').length).toBeGreaterThanOrEqual(4);
    const landscape = spaceRows.filter((s) => s.mode === 'landscape');
    expect(landscape).toHaveLength(10);
    for (const s of landscape) {
      expect(s.tags.length).toBeGreaterThanOrEqual(2);
      expect(s.tags).toContain(s.category);
    }
  });

  it('gives the current user notifications of all four kinds', async () => {
    const [current] = await db.select().from(users).orderBy(asc(users.rank)).limit(1);
    const rows = await db.select().from(notifications).where(eq(notifications.userId, current!.id));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['like', 'follow', 'comment', 'commission']));
    for (const r of rows.filter((r) => r.type === 'commission')) expect(r.amount).toBeGreaterThan(0);
  });

  it('points every image URL in every table at a stored file with a media_files row', async () => {
    const urls = [
      ...(await db.select({ u: users.avatarUrl }).from(users)).map((r) => r.u),
      ...(await db.select({ u: brands.logoUrl }).from(brands)).map((r) => r.u),
      ...(await db.select({ u: products.imageUrl }).from(products)).map((r) => r.u),
      ...(await db.select({ a: templates.imageUrl, b: templates.thumbnailUrl }).from(templates)).flatMap((r) => [
        r.a,
        r.b,
      ]),
      ...(await db.select({ a: spaces.imageUrl, b: spaces.thumbnailUrl }).from(spaces)).flatMap((r) => [r.a, r.b]),
      ...(await db.select().from(designs)).flatMap((d) => [
        d.afterImageUrl,
        d.beforeImageUrl!,
        ...d.selectedProducts.map((p) => p.imageUrl),
      ]),
    ];
    const media = new Map((await db.select().from(mediaFiles)).map((m) => [m.key, m]));
    for (const url of new Set(urls)) {
      const key = t.app.storage.keyFromUrl(url);
      expect(key, url).not.toBeNull();
      expect(await t.app.storage.exists(key!), url).toBe(true);
      const row = media.get(key!);
      expect(row, `media_files row for ${key}`).toBeDefined();
      expect(row!.kind).toBe('seed');
      expect(row!.contentType).toBe('image/webp');
      expect(row!.bytes).toBeGreaterThan(1000);
    }
  });

  it('serves the seeded pictures from /media', async () => {
    const [product] = await db.select().from(products).where(eq(products.id, 'p-velvet-sofa'));
    const cookie = await t.unlock();
    const res = await t.app.inject({ method: 'GET', url: product!.imageUrl, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/webp');
    expect(res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it('changes nothing when it runs again, and finishes quickly', async () => {
    const before = await allCounts();
    const [design] = await db.select().from(designs).where(eq(designs.id, 'd-emerald-living'));
    const started = performance.now();
    await seedSampleWorld({ db, storage: t.app.storage });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await allCounts()).toEqual(before);
    const [again] = await db.select().from(designs).where(eq(designs.id, 'd-emerald-living'));
    expect(again!.createdAt.getTime()).toBe(design!.createdAt.getTime());
  });

  it('puts a seed picture back from the sample art when its file has gone missing', async () => {
    const key = 'seed/avatars/u-kenji-watanabe.webp';
    await t.app.storage.delete(key);
    expect(await t.app.storage.exists(key)).toBe(false);
    const before = await allCounts();
    await seedSampleWorld({ db, storage: t.app.storage });
    expect(await t.app.storage.exists(key)).toBe(true);
    expect(await allCounts()).toEqual(before);
  });
});

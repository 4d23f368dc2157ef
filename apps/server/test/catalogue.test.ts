import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type Brand, type Product } from '@dwellscape/shared';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertBrand, insertProduct } from './fixtures';

describe.each(dbKinds)('catalogue API on %s', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    const db = t.database.db;
    await insertBrand(db, { id: 'zeta-home', name: 'Zeta Home', modes: ['interior'], description: 'Modern pieces' });
    await insertBrand(db, {
      id: 'alpha-gardens',
      name: 'Alpha Gardens',
      logoUrl: '/media/test/alpha.webp',
      description: 'Plants and more',
      category: 'Plants',
      modes: ['landscape'],
      isDatabaseBrand: true,
    });
    await insertBrand(db, { id: 'mid-living', name: 'Mid Living', modes: ['interior', 'landscape'] });
    await insertProduct(db, { id: 'p-armchair', brandId: 'zeta-home', name: 'Armchair', mode: 'interior' });
    await insertProduct(db, { id: 'p-sofa', brandId: 'mid-living', name: 'Sofa', mode: 'interior' });
    await insertProduct(db, { id: 'p-lamp', brandId: 'mid-living', name: 'Lamp', mode: 'interior' });
    await insertProduct(db, { id: 'p-bench', brandId: 'mid-living', name: 'Bench', mode: 'landscape' });
    await insertProduct(db, {
      id: 'p-fern',
      brandId: 'alpha-gardens',
      brandName: 'Alpha Gardens',
      name: 'Boston Fern',
      price: 49.99,
      imageUrl: '/media/test/fern.webp',
      details: 'Lush and easy to keep',
      category: 'Plants',
      mode: 'landscape',
      isDatabaseProduct: true,
    });
    cookie = await t.unlock();
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, query, headers: { cookie } });

  describe('GET /api/brands', () => {
    it('lists the brands of a mode ordered by name, with their full shape', async () => {
      const res = await get(apiPaths.brands, { mode: 'landscape' });
      expect(res.statusCode).toBe(200);
      const items = res.json<{ items: Brand[] }>().items;
      expect(items.map((b) => b.id)).toEqual(['alpha-gardens', 'mid-living']);
      expect(items[0]).toEqual({
        id: 'alpha-gardens',
        name: 'Alpha Gardens',
        logoUrl: '/media/test/alpha.webp',
        description: 'Plants and more',
        category: 'Plants',
        modes: ['landscape'],
        isDatabaseBrand: true,
      } satisfies Brand);
    });

    it('includes a brand of both modes in each mode', async () => {
      const items = (await get(apiPaths.brands, { mode: 'interior' })).json<{ items: Brand[] }>().items;
      expect(items.map((b) => b.id)).toEqual(['mid-living', 'zeta-home']);
      expect(items[0]?.modes).toEqual(['interior', 'landscape']);
    });

    it.each([[{}], [{ mode: 'kitchen' }], [{ mode: '' }]])('answers 400 naming mode for %j', async (query) => {
      const res = await get(apiPaths.brands, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/\bmode\b/);
    });
  });

  describe('GET /api/products', () => {
    it('lists the products of a mode ordered by brand name, then product name', async () => {
      const res = await get(apiPaths.products, { mode: 'interior' });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ items: Product[] }>().items.map((p) => p.id)).toEqual(['p-lamp', 'p-sofa', 'p-armchair']);
    });

    it('narrows to one brand', async () => {
      const interior = (await get(apiPaths.products, { mode: 'interior', brand: 'mid-living' })).json<{
        items: Product[];
      }>();
      expect(interior.items.map((p) => p.id)).toEqual(['p-lamp', 'p-sofa']);
      const landscape = (await get(apiPaths.products, { mode: 'landscape', brand: 'mid-living' })).json<{
        items: Product[];
      }>();
      expect(landscape.items.map((p) => p.id)).toEqual(['p-bench']);
    });

    it('maps a database product: description from details, brand name from its column', async () => {
      const items = (await get(apiPaths.products, { mode: 'landscape' })).json<{ items: Product[] }>().items;
      expect(items.map((p) => p.id)).toEqual(['p-fern', 'p-bench']);
      expect(items[0]).toEqual({
        id: 'p-fern',
        name: 'Boston Fern',
        price: 49.99,
        imageUrl: '/media/test/fern.webp',
        description: 'Lush and easy to keep',
        brandId: 'alpha-gardens',
        brandName: 'Alpha Gardens',
        category: 'Plants',
        mode: 'landscape',
        isDatabaseProduct: true,
      } satisfies Product);
    });

    it("takes the brand's name when the product has none of its own", async () => {
      const items = (await get(apiPaths.products, { mode: 'landscape', brand: 'mid-living' })).json<{
        items: Product[];
      }>().items;
      expect(items[0]).toMatchObject({
        brandName: 'Mid Living',
        description: '',
        price: 100,
        isDatabaseProduct: false,
      });
    });

    it('returns an empty list for a brand with no products of the mode', async () => {
      const res = await get(apiPaths.products, { mode: 'landscape', brand: 'zeta-home' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [] });
      const unknown = await get(apiPaths.products, { mode: 'interior', brand: 'no-such-brand' });
      expect(unknown.json()).toEqual({ items: [] });
    });

    it('answers 400 naming mode or brand for bad input', async () => {
      const noMode = await get(apiPaths.products, { brand: 'mid-living' });
      expect(noMode.statusCode).toBe(400);
      expect(noMode.json().message).toMatch(/\bmode\b/);
      const badBrand = await get(apiPaths.products, { mode: 'interior', brand: "x' or 1=1" });
      expect(badBrand.statusCode).toBe(400);
      expect(badBrand.json().message).toMatch(/\bbrand\b/);
    });
  });

  describe('GET /api/products/:id', () => {
    it('returns one product of either mode', async () => {
      const res = await get(apiPaths.product('p-fern'));
      expect(res.statusCode).toBe(200);
      expect(res.json<Product>()).toMatchObject({
        id: 'p-fern',
        name: 'Boston Fern',
        mode: 'landscape',
        brandName: 'Alpha Gardens',
      });
      const sofa = await get(apiPaths.product('p-sofa'));
      expect(sofa.json<Product>()).toMatchObject({ id: 'p-sofa', mode: 'interior', brandId: 'mid-living' });
    });

    it('answers 404 "Product not found" for an unknown id', async () => {
      const res = await get(apiPaths.product('p-missing'));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Product not found' });
    });

    it('answers 400 naming the id for a malformed id', async () => {
      const res = await get(apiPaths.product('p sofa'));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/\bid\b/);
    });
  });
});

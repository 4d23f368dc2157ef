import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../src/world/products';
import { productImageSvg, productViewSvg, PRODUCT_VIEWS, turnsWithView } from '../src/illustrations/product-image';
import { renderSvg } from '../src/illustrations/render';
import { seedImages, seedKeys } from '../src/seed-images';

/** The drawing at half size with its alpha: what it covers, its box and its mean colour. */
async function coverOf(svg: string) {
  const half = svg.replace(/^<svg([^>]*?) width="(\d+)" height="(\d+)"/, (_, r: string, w: string, h: string) => {
    return `<svg${r} width="${+w / 2}" height="${+h / 2}"`;
  });
  const { data, info } = await sharp(Buffer.from(half)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let left = info.width;
  let right = -1;
  let solid = 0;
  const mean = [0, 0, 0];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 4;
      if (data[i + 3]! < 128) continue;
      solid++;
      left = Math.min(left, x);
      right = Math.max(right, x);
      for (let c = 0; c < 3; c++) mean[c]! += data[i + c]!;
    }
  }
  const corners = [0, info.width - 1, (info.height - 1) * info.width, info.height * info.width - 1].map(
    (p) => data[p * 4 + 3]!,
  );
  return { data, solid, width: right - left + 1, mean: mean.map((v) => v / Math.max(1, solid)), corners };
}

/** One product of each kind, and the kettle grill (round, unlike the gas one): the views are drawn by kind. */
const oneOfEachKind = [
  ...new Map(SEED_PRODUCTS.map((p) => [p.look.kind, p])).values(),
  SEED_PRODUCTS.find((p) => p.id === 'p-kettle-grill')!,
];

describe("a product's views for the render", () => {
  it('are stored beside the catalogue picture, as transparent WebP: front, left and right', async () => {
    const keys = seedImages().map((img) => img.key);
    for (const product of SEED_PRODUCTS) {
      for (const view of PRODUCT_VIEWS) expect(keys).toContain(seedKeys.productView(product.id, view));
    }
    const sofa = seedImages().find((img) => img.key === seedKeys.productView('p-velvet-sofa', 'left'))!;
    const out = await renderSvg(sofa.svg(), undefined, sofa.alpha);
    const meta = await sharp(out.full.bytes).metadata();
    expect([meta.format, meta.hasAlpha, meta.width, meta.height]).toEqual(['webp', true, 800, 800]);
    // the product page's picture is the catalogue photo as it was, on its backdrop
    expect(
      seedImages()
        .find((img) => img.key === seedKeys.product('p-velvet-sofa'))!
        .svg(),
    ).toBe(productImageSvg('p-velvet-sofa', SEED_PRODUCTS.find((p) => p.id === 'p-velvet-sofa')!.look));
  });

  it('show the same product turned: clear at the corners, the same colours, both sides mirror each other in size', async () => {
    for (const product of oneOfEachKind) {
      const [front, left, right] = await Promise.all(
        PRODUCT_VIEWS.map((view) => coverOf(productViewSvg(product.id, product.look, view))),
      );
      for (const cover of [front!, left!, right!]) {
        expect(cover.corners, product.id).toEqual([0, 0, 0, 0]);
        expect(cover.solid, product.id).toBeGreaterThan(500);
        // its colours: the mean within a few steps of the front's (the turned faces are shaded, not recoloured)
        const off = Math.max(...cover.mean.map((v, c) => Math.abs(v - front!.mean[c]!)));
        expect(off, product.id).toBeLessThan(32);
      }
      if (!turnsWithView(product.look)) {
        expect(Buffer.compare(left!.data, front!.data), product.id).toBe(0);
        continue;
      }
      // turned: a picture of its own, and the two turns as wide as each other
      expect(Buffer.compare(left!.data, front!.data), product.id).not.toBe(0);
      expect(Buffer.compare(left!.data, right!.data), product.id).not.toBe(0);
      expect(Math.abs(left!.width - right!.width) / front!.width, product.id).toBeLessThan(0.12);
    }
  }, 120_000);
});

import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SEED_DESIGNS } from '../src/world/designs';
import { SEED_PRODUCTS } from '../src/world/products';
import { avatarSvg } from '../src/illustrations/avatars';
import { PRODUCT_BACKGROUND, productImageSvg } from '../src/illustrations/product-image';
import { renderSvg } from '../src/illustrations/render';
import { sceneSvg } from '../src/illustrations/scenes';
import { designScene, seedImages, spaceOfDesign } from '../src/seed-images';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const images = seedImages();
const imageByKey = new Map(images.map((img) => [img.key, img]));
const image = (key: string) => {
  const found = imageByKey.get(key);
  if (!found) throw new Error(`no seed image ${key}`);
  return found;
};

describe('seed illustrations', () => {
  it('give every picture its own deterministic key under seed/<kind>/', () => {
    const keys = images.flatMap((img) => (img.thumb ? [img.key, img.thumb.key] : [img.key]));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys)
      expect(key).toMatch(/^seed\/(products|brands|avatars|templates|spaces|designs)\/[a-z0-9-]+\.webp$/);
    expect(keys).toContain('seed/products/p-velvet-sofa.webp');
    expect(keys).toContain('seed/templates/t-backyard-thumb.webp');
  });

  it('render the same bytes for the same id, and different pictures for different ids', async () => {
    for (const key of [
      'seed/products/p-velvet-sofa.webp',
      'seed/designs/d-firepit-backyard-after.webp',
      'seed/avatars/u-maya-chen.webp',
      'seed/brands/hearth-and-oak.webp',
    ]) {
      const img = image(key);
      expect(img.svg()).toBe(img.svg());
      const [a, b] = await Promise.all([renderSvg(img.svg()), renderSvg(img.svg())]);
      expect(sha(a.full.bytes)).toBe(sha(b.full.bytes));
    }
    const sofaA = await renderSvg(image('seed/products/p-velvet-sofa.webp').svg());
    const sofaB = await renderSvg(image('seed/products/p-linen-sofa.webp').svg());
    expect(sha(sofaA.full.bytes)).not.toBe(sha(sofaB.full.bytes));
    expect(
      avatarSvg('u-a', {
        skin: '#f1c9a5',
        hair: '#2b1d16',
        hairStyle: 'curly',
        shirt: '#2f6b58',
        background: '#f2c6a0',
      }),
    ).not.toBe(
      avatarSvg('u-a', {
        skin: '#6b4030',
        hair: '#2b1d16',
        hairStyle: 'curly',
        shirt: '#2f6b58',
        background: '#f2c6a0',
      }),
    );
  });

  it('encode WebP at the advertised sizes, thumbnails included', async () => {
    const cases: Array<[string, number, number]> = [
      ['seed/products/p-oak-dining-table.webp', 800, 800],
      ['seed/spaces/s-pool-terrace.webp', 1600, 1200],
      ['seed/designs/d-sage-bedroom-after.webp', 1600, 1200],
      ['seed/designs/s-quiet-bedroom-before.webp', 1600, 1200],
      ['seed/avatars/u-jordan-blake.webp', 256, 256],
      ['seed/brands/evergreen-nursery.webp', 256, 256],
    ];
    for (const [key, width, height] of cases) {
      const img = image(key);
      expect([img.width, img.height]).toEqual([width, height]);
      const out = await renderSvg(img.svg(), img.thumb);
      const meta = await sharp(out.full.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }
    const template = image('seed/templates/t-rooftop.webp');
    const out = await renderSvg(template.svg(), template.thumb);
    const thumb = await sharp(out.thumb!.bytes).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 600, 450]);
  });

  it('put every product on a plain backdrop that is uniform at the corners', async () => {
    const expected = hexToRgb(PRODUCT_BACKGROUND);
    for (const product of SEED_PRODUCTS) {
      const { data, info } = await sharp(Buffer.from(productImageSvg(product.id, product.look)))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const patch = 48;
      for (const [x0, y0] of [
        [0, 0],
        [info.width - patch, 0],
        [0, info.height - patch],
        [info.width - patch, info.height - patch],
      ] as const) {
        for (let y = y0; y < y0 + patch; y += 4) {
          for (let x = x0; x < x0 + patch; x += 4) {
            const i = (y * info.width + x) * info.channels;
            const px = [data[i]!, data[i + 1]!, data[i + 2]!];
            expect(
              Math.max(...px.map((v, c) => Math.abs(v - expected[c]!))),
              `${product.id} corner pixel (${x},${y})`,
            ).toBeLessThanOrEqual(2);
          }
        }
      }
      // and the product itself is drawn: a good share of the picture is not backdrop
      let drawn = 0;
      for (let i = 0; i < data.length; i += info.channels * 7) {
        if (
          Math.abs(data[i]! - expected[0]) +
            Math.abs(data[i + 1]! - expected[1]) +
            Math.abs(data[i + 2]! - expected[2]) >
          24
        )
          drawn++;
      }
      expect(drawn / (data.length / info.channels / 7), `${product.id} shows the product`).toBeGreaterThan(0.02);
    }
  });

  it('draw a design into its own space: the after picture differs from the space and from the dated before', () => {
    const design = SEED_DESIGNS.find((d) => d.id === 'd-emerald-living')!;
    const space = spaceOfDesign(design);
    const after = image('seed/designs/d-emerald-living-after.webp').svg();
    expect(after).toBe(
      sceneSvg(
        designScene(design),
        'furnished',
        design.products.map(([id]) => ({ seed: id, look: SEED_PRODUCTS.find((p) => p.id === id)!.look })),
      ),
    );
    expect(after).not.toBe(sceneSvg(space.scene, 'furnished'));
    expect(image(`seed/designs/${space.id}-before.webp`).svg()).toBe(sceneSvg(space.scene, 'dated'));
    // no remote references, no scripts: the pictures are self-contained
    for (const svg of [after, image('seed/brands/hearth-and-oak.webp').svg()]) {
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
      expect(svg).not.toMatch(/<script|<image|href=/);
    }
  });
});

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

import { PRODUCT_VIEWS, SEED_PRODUCTS } from '@dwellscape/sample-art';
import { describe, expect, it } from 'vitest';
import { catalogueViewHalos, cataloguePhotoHalos, FLOOR_SHADOW_HALO_MAX, HALO_MAX, ownItemHalos } from './halo';

const over = (halos: Array<{ key: string; halo: number }>) => halos.filter((h) => h.halo >= HALO_MAX);

describe('cut-outs keep no backdrop (halo.ts says how it is measured)', () => {
  it(`every catalogue product, every view the render draws: under ${HALO_MAX * 100}% of its pixels kept from the backdrop`, async () => {
    const halos = await catalogueViewHalos();
    expect(halos.length).toBe(SEED_PRODUCTS.length * PRODUCT_VIEWS.length);
    expect(over(halos)).toEqual([]);
  }, 240_000);

  it('the catalogue photos on their backdrop would not pass: why the render draws the views instead', async () => {
    expect(over(await cataloguePhotoHalos()).length).toBeGreaterThan(0);
  }, 240_000);

  it(`a floor lamp's or a plant's catalogue photo keeps its floor shadow under ${FLOOR_SHADOW_HALO_MAX * 100}% (the pale patch under the arc lamp's base)`, async () => {
    const halos = (await cataloguePhotoHalos()).filter((h) => /floor-lamp|fig|tree|maple/.test(h.key));
    expect(halos.map((h) => h.key)).toContain('p-arc-floor-lamp');
    expect(halos.filter((h) => h.halo >= FLOOR_SHADOW_HALO_MAX)).toEqual([]);
  }, 240_000);

  it(`every own-item fixture (a picture on a plain backdrop, cut by the flood fill): under ${HALO_MAX * 100}%`, async () => {
    expect(over(await ownItemHalos())).toEqual([]);
  });
});

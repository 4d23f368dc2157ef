import { productViewSvg, renderSvg, SEED_PRODUCTS } from '@dwellscape/sample-art';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseColumns, baseSpanOf, baseSpanOfPlan, leftForBase } from '../src/contact';
import { planCutOut } from '../src/cutout';
import type { Raster } from '../src/raster';

/** A transparent sprite with the given opaque rectangles ([left, top, right, bottom), in pixels). */
function spriteWith(width: number, height: number, rects: Array<[number, number, number, number]>): Raster {
  const data = new Uint8Array(width * height * 4);
  for (const [l, t, r, b] of rects) {
    for (let y = t; y < b; y++) for (let x = l; x < r; x++) data[(y * width + x) * 4 + 3] = 255;
  }
  return { data, width, height, channels: 4 };
}

describe('baseSpanOf: where a piece meets the floor across its picture', () => {
  it("an arc lamp's foot under its far end: its base lies there, not under its box's middle", () => {
    // a shade at the top left, an arc along the top, a pole down the right and a foot at the bottom right
    const lamp = spriteWith(100, 200, [
      [0, 0, 30, 25],
      [0, 0, 90, 6],
      [84, 0, 90, 190],
      [74, 190, 100, 200],
    ]);
    const base = baseSpanOf(lamp);
    expect(base.left).toBeCloseTo(0.74, 2);
    expect(base.right).toBeCloseTo(1, 2);
    expect(base.centre).toBeGreaterThan(0.8);
    // stood on column 500, the box starts far to its left and the foot covers the column
    const left = leftForBase(500, 100, base);
    expect(left).toBeLessThan(500 - 80);
    const { from, to } = baseColumns(left, 100, base);
    expect(from).toBeLessThanOrEqual(500);
    expect(to).toBeGreaterThanOrEqual(500);
  });

  it('a piece on two legs at its ends stands on both: its span is the whole width, its middle the middle', () => {
    const table = spriteWith(120, 60, [
      [0, 0, 120, 10],
      [2, 10, 10, 60],
      [110, 10, 118, 60],
    ]);
    const base = baseSpanOf(table);
    expect(base.left).toBeLessThan(0.05);
    expect(base.right).toBeGreaterThan(0.95);
    expect(base.centre).toBeCloseTo(0.5, 1);
    expect(leftForBase(300, 120, base)).toBeCloseTo(240, -1);
  });

  it('a picture with nothing opaque stands on its whole width', () => {
    expect(baseSpanOf(spriteWith(20, 20, []))).toEqual({ left: 0, right: 1, centre: 0.5 });
  });

  it("the catalogue's arc lamp, as the render plans its cut-out: its base in the right fifth", async () => {
    const product = SEED_PRODUCTS.find((p) => p.id === 'p-arc-floor-lamp')!;
    const stored = await renderSvg(productViewSvg(product.id, product.look, 'front'), undefined, true);
    const { data, info } = await sharp(stored.full.bytes)
      .resize(400, 400, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const picture: Raster = { data: new Uint8Array(data), width: info.width, height: info.height, channels: 4 };
    const base = baseSpanOfPlan(planCutOut(picture), picture);
    expect(base.left).toBeGreaterThan(0.7);
    expect(base.centre).toBeGreaterThan(0.85);
    // a globe lamp's round foot is under its middle
    const globe = SEED_PRODUCTS.find((p) => p.id === 'p-globe-floor-lamp')!;
    const g = await renderSvg(productViewSvg(globe.id, globe.look, 'front'), undefined, true);
    const gr = await sharp(g.full.bytes)
      .resize(400, 400, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const gp: Raster = { data: new Uint8Array(gr.data), width: gr.info.width, height: gr.info.height, channels: 4 };
    expect(baseSpanOfPlan(planCutOut(gp), gp).centre).toBeCloseTo(0.5, 1);
  });
});

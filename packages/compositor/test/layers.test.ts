import { UPLOAD_MAX_PIXELS, floorQuadProblem, horizonOf, standAt, type FloorQuad } from '@dwellscape/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PhotoGeometry, Polygon } from '../src/geometry/types';
import { floorQuadOfCamera } from '../src/layers';
import { renderLocalDesign, type LocalDesignInput } from '../src/render-local-design';
import { livingRoomPhoto, productImage } from './fixtures/synthetic-images';

/*
 * The live adjuster's pictures (decision 0046): the render without its products and each product as drawn. Laid
 * back over the base where they were drawn they give the render again; asking for them changes no byte of it.
 */

const W = 1600;
const H = 1200;
const rect = (x: number, y: number, w: number, h: number): Polygon => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];
const geometry: PhotoGeometry = {
  width: W,
  height: H,
  mode: 'interior',
  source: 'found',
  camera: { focal: 1152, cx: W / 2, cy: H / 2, horizonY: 420, roll: 0, eyeHeight: 1.3 },
  vanishingPoints: { vertical: null, horizontal: [[W / 2, 420]] },
  floor: [rect(0, 720, W, H - 720)],
  walls: [{ facing: 'back', polygon: rect(0, 0, W, 720) }],
  openings: [],
  pieces: [],
  ground: [],
  anchors: [],
};

let input: LocalDesignInput;
beforeAll(async () => {
  input = {
    spaceImage: await livingRoomPhoto(W, H, { grain: 4 }),
    products: [
      { bytes: await productImage('sofa'), category: 'Sofa', name: 'Sofa' },
      { bytes: await productImage('lamp'), category: 'Floor Lamp', name: 'Lamp' },
    ],
    answers: { vibe: 'Cozy' },
    mode: 'interior',
    spaceType: 'Living Room',
    width: W,
    maxInputPixels: UPLOAD_MAX_PIXELS,
    geometry,
  };
});

const rgbOf = async (bytes: Uint8Array) => sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });

describe('the layers of a render', () => {
  it('are the render again when laid over the base, and leave its bytes as they were', async () => {
    const plain = await renderLocalDesign(input);
    const layered = await renderLocalDesign({ ...input, layers: true });
    expect(Buffer.from(layered.bytes).equals(Buffer.from(plain.bytes))).toBe(true);
    expect(plain.layers).toBeUndefined();
    const layers = layered.layers!;
    expect(layers.products.map((p) => p.index).sort()).toEqual(layered.placements.map((p) => p.index).sort());

    // the base has no product: where the sofa stands it differs from the render
    const composite = await sharp(layers.base)
      .composite(
        await Promise.all(layers.products.map(async (p) => ({ input: Buffer.from(p.bytes), left: p.x, top: p.y }))),
      )
      .removeAlpha()
      .raw()
      .toBuffer();
    const render = await rgbOf(layered.bytes);
    const base = await rgbOf(layers.base);
    const sofa = layered.placements.find((p) => p.index === 0)!;
    const meanDiff = (a: Buffer, b: Buffer, box?: { x: number; y: number; width: number; height: number }) => {
      let sum = 0;
      let n = 0;
      const b0 = box ?? { x: 0, y: 0, width: W, height: H };
      for (let y = b0.y; y < b0.y + b0.height; y += 2) {
        for (let x = b0.x; x < b0.x + b0.width; x += 2) {
          const i = (y * W + x) * 3;
          sum += Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
          n += 3;
        }
      }
      return sum / n;
    };
    expect(meanDiff(base.data, render.data, sofa)).toBeGreaterThan(12);
    // WebP and the grade's tones per pixel: close, not exact
    expect(meanDiff(composite, render.data, sofa)).toBeLessThan(4);
    expect(meanDiff(composite, render.data)).toBeLessThan(2.5);
  }, 60_000);

  it('answer the floor the products stand on, its sides meeting at the camera’s horizon', async () => {
    const design = await renderLocalDesign(input);
    const plane = design.plane as unknown as FloorQuad;
    expect(plane).toHaveLength(4);
    // near edge along the bottom, far edge where the found floor begins
    expect(plane[0]).toEqual([0, H]);
    expect(plane[1]).toEqual([W, H]);
    expect(plane[2][1]).toBeCloseTo(720, 0);
    const horizon = horizonOf(plane)!;
    // the horizon is the row 420 (the corners are kept to a tenth of a pixel)
    expect(horizon.a * 100 + horizon.b * 420 + horizon.c).toBeCloseTo(0, 1);
    expect(horizon.a * 1500 + horizon.b * 420 + horizon.c).toBeCloseTo(0, 1);
  }, 60_000);

  it('answer a rolled camera’s floor rolled as its horizon, so a product dragged sizes as placement sized it', async () => {
    const roll = 0.06; // the horizon rises to the right, about 3.4°
    const rolled = { ...geometry, camera: { ...geometry.camera, roll } };
    const design = await renderLocalDesign({ ...input, geometry: rolled });
    const plane = design.plane as unknown as FloorQuad;
    expect(floorQuadProblem(plane)).toBeNull();
    for (const [x, y] of plane) expect(x >= 0 && x <= W && y >= 0 && y <= H, `${x}, ${y}`).toBe(true);
    // the plane's horizon is the camera's: through its row at the principal point, rising by tan(roll)
    const horizon = horizonOf(plane)!;
    const rowAt = (x: number) => -(horizon.a * x + horizon.c) / horizon.b;
    expect(rowAt(W / 2)).toBeCloseTo(420, 0);
    expect(rowAt(W / 2) - rowAt(W / 2 + 1000)).toBeCloseTo(1000 * Math.tan(roll), 0);
    // placement's depth (place-on-geometry): a row's distance below the horizon at its column. A product moved
    // along a level row to the right stands further below the rising horizon: nearer, so larger, by that ratio
    const box = { x: 300, y: 700, width: 200, height: 200 };
    const moved = standAt(plane, box, [1300, 900]);
    const server = (x: number, y: number) => y - (420 - (x - W / 2) * Math.tan(roll));
    expect(moved.width / box.width).toBeCloseTo(server(1300, 900) / server(400, 900), 2);
    expect(moved.width).toBeGreaterThan(box.width * 1.05);
  }, 60_000);
});

describe('the floor of a camera', () => {
  it('is level and spans the bottom for a level camera; lifted only as far as keeps a rolled one in the picture', () => {
    expect(floorQuadOfCamera({ cx: 800, horizon: 420 }, W, H, 720)).toEqual(
      floorQuadOfCamera({ cx: 800, horizon: 420, roll: 0 }, W, H, 720),
    );
    const level = floorQuadOfCamera({ cx: 800, horizon: 420 }, W, H, 720)!;
    expect(level[0]).toEqual([0, H]);
    expect(level[1]).toEqual([W, H]);
    for (const roll of [0.08, -0.08]) {
      const quad = floorQuadOfCamera({ cx: 800, horizon: 420, roll }, W, H, 720) as unknown as FloorQuad;
      expect(floorQuadProblem(quad)).toBeNull();
      const nearRows = [quad[0][1], quad[1][1]];
      // one near corner on the bottom edge, the other above it by the roll across the width
      expect(Math.max(...nearRows)).toBeCloseTo(H, 0);
      expect(Math.abs(nearRows[0]! - nearRows[1]!)).toBeCloseTo(W * Math.tan(Math.abs(roll)), 0);
    }
  });
});

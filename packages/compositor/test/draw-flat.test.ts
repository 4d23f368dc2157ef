import { describe, expect, it } from 'vitest';
import { topFaceOf, warpToQuad } from '../src/draw';
import type { Raster } from '../src/raster';

/*
 * A rug's catalogue picture is drawn in perspective: a trapezoid face with its edge showing as a dark band below its
 * near side. Laid on the floor's quad, its face (not its whole picture) goes onto the quad: it lies flat and fills
 * its corners, with no slab along its front.
 */

const FACE: [number, number, number] = [200, 170, 120];
const EDGE: [number, number, number] = [90, 75, 50];

/** 200 × 120, transparent around a face from (40..160, row 20) to (10..190, row 100) and a 6-row edge below it. */
function drawnRug(): Raster {
  const width = 200;
  const height = 120;
  const data = new Uint8Array(width * height * 4);
  for (let y = 20; y < 106; y++) {
    const t = Math.min(1, (y - 20) / 80);
    const left = 40 - 30 * t;
    const right = 160 + 30 * t;
    for (let x = Math.ceil(left); x < right; x++) {
      const i = (y * width + x) * 4;
      data.set([...(y < 100 ? FACE : EDGE), 255], i);
    }
  }
  return { data, width, height, channels: 4 };
}

const QUAD = [
  [50, 10],
  [250, 10],
  [290, 110],
  [10, 110],
] as const;

function pixel(warped: ReturnType<typeof warpToQuad>, x: number, y: number): number[] {
  const { sprite, left, top } = warped;
  const i = ((y - top) * sprite.width + (x - left)) * 4;
  return [...sprite.data.subarray(i, i + 4)];
}

describe('a flat piece on the floor', () => {
  it("finds its picture's top face: the trapezoid above its edge band", () => {
    const face = topFaceOf(drawnRug());
    const expected: ReadonlyArray<readonly [number, number]> = [
      [40, 20],
      [160, 20],
      [190, 100],
      [10, 100],
    ];
    face.forEach(([x, y], n) => {
      const [ex, ey] = expected[n]!;
      expect(Math.abs(x - ex), `corner ${n} across`).toBeLessThanOrEqual(2);
      expect(Math.abs(y - ey), `corner ${n} down`).toBeLessThanOrEqual(1);
    });
  });

  it('warps that face onto the quad: its far corners filled, no dark edge along its front', () => {
    const sprite = drawnRug();
    const laid = warpToQuad(sprite, QUAD, topFaceOf(sprite));
    for (const [x, y] of [
      [56, 13],
      [244, 13],
      [20, 107],
      [280, 107],
      [150, 60],
    ] as const) {
      const [r, g, b, a] = pixel(laid, x, y);
      expect(a, `opaque at ${x},${y}`).toBe(255);
      expect(
        Math.abs(r! - FACE[0]) + Math.abs(g! - FACE[1]) + Math.abs(b! - FACE[2]),
        `face at ${x},${y}`,
      ).toBeLessThan(30);
    }
    // the whole picture warped instead leaves its far corners empty: the rug drawn twice foreshortened
    const whole = warpToQuad(sprite, QUAD);
    expect(pixel(whole, 56, 13)[3]).toBe(0);
  });

  it('takes a picture drawn from straight above whole', () => {
    const data = new Uint8Array(40 * 30 * 4).fill(255);
    const face = topFaceOf({ data, width: 40, height: 30, channels: 4 });
    expect(face.map(([x, y]) => [Math.round(x), Math.round(y)])).toEqual([
      [0, 0],
      [40, 0],
      [40, 30],
      [0, 30],
    ]);
  });
});

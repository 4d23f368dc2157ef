import { describe, expect, it } from 'vitest';
import { inpaintPatchMatch } from '../src/inpaint';
import type { Raster } from '../src/raster';

/*
 * The palette guard (decision 0064): a filled pixel whose colour is not within a bin of a colour of the ring round
 * the hole takes the ring's nearest colour. Here the hole's own plane is seen only beyond that ring, and in a colour
 * the ring lacks: the planes send the fill there, the guard brings it back to the surround.
 */

const SIZE = 200;
const HOLE = { left: 80, top: 80, right: 120, bottom: 120 };
/** The hole's plane is seen again from this column right, 20 px past the hole: outside the 16 px ring. */
const FAR_PLANE_LEFT = 140;

function sceneWithFarCyanPlane(): { scene: Raster; mask: Uint8Array; planes: Uint8Array } {
  const data = new Uint8Array(SIZE * SIZE * 3);
  const mask = new Uint8Array(SIZE * SIZE);
  const planes = new Uint8Array(SIZE * SIZE).fill(2);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const i = y * SIZE + x;
      // a little texture, so that patches differ
      const grain = ((x * 7 + y * 13) % 9) - 4;
      const far = x >= FAR_PLANE_LEFT;
      const inHole = x >= HOLE.left && x < HOLE.right && y >= HOLE.top && y < HOLE.bottom;
      data[i * 3] = far ? 10 + grain : 128 + grain;
      data[i * 3 + 1] = far ? 200 + grain : 128 + grain;
      data[i * 3 + 2] = far ? 200 + grain : 128 + grain;
      if (inHole) mask[i] = 1;
      if (far || inHole) planes[i] = 1;
    }
  }
  return { scene: { data, width: SIZE, height: SIZE, channels: 3 }, mask, planes };
}

describe('the palette guard', () => {
  it('turns a fill of a colour the hole’s surround lacks into the surround’s nearest colour', () => {
    const { scene, mask, planes } = sceneWithFarCyanPlane();
    const result = inpaintPatchMatch(scene, mask, { planes });
    expect(result.filled).toBe(40 * 40);
    // the planes sent the patches to the far, cyan part of the hole's plane
    let fromFarPlane = 0;
    for (let i = 0; i < mask.length; i++) if (mask[i] && result.sources[i]! % SIZE >= FAR_PLANE_LEFT) fromFarPlane++;
    expect(fromFarPlane / result.filled).toBeGreaterThan(0.5);
    // yet no filled pixel is cyan, or between cyan and grey: every one is the ring's grey
    let offPalette = 0;
    let red = 0;
    let green = 0;
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      const [r, g, b] = [scene.data[i * 3]!, scene.data[i * 3 + 1]!, scene.data[i * 3 + 2]!];
      if (Math.abs(r - 128) > 16 || Math.abs(g - 128) > 16 || Math.abs(b - 128) > 16) offPalette++;
      red += r;
      green += g;
    }
    expect(offPalette).toBe(0);
    expect(Math.abs(red / result.filled - 128)).toBeLessThan(8);
    expect(Math.abs(green / result.filled - 128)).toBeLessThan(8);
  });
});

import { describe, expect, it } from 'vitest';
import { inpaintPatchMatch, planeMapOf } from '../src/inpaint';
// the fill's own seeded generator (mulberry32), so the room is the same every run
import { randomOf } from '../src/inpaint/patch-match';
import type { Raster } from '../src/raster';

/*
 * An erased piece is filled with what surrounds it (issue #39): the wall round a sofa is plain, so the wall the fill
 * lays where the sofa stood is plain too, and the framed picture hanging above the sofa is not copied down into it.
 */

const WIDTH = 640;
const HEIGHT = 480;
/** The floor's top: wall above, boards below. */
const FLOOR_TOP = 300;
const SOFA = { left: 170, top: 215, right: 470, bottom: 345 };
/** The picture's frame, black, round a painting of red and green blocks. */
const PICTURE = { left: 235, top: 95, right: 405, bottom: 195 };
const FRAME = 8;
/** Beside the sofa, touching it: a dark side table and a lamp on it, a piece left standing (no patch is copied from it). */
const TABLE = { left: 100, top: 235, right: 170, bottom: 320 };
const LAMP = { left: 110, top: 150, right: 160, bottom: 235 };

const clampByte = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
const inside = (box: typeof SOFA, x: number, y: number) =>
  x >= box.left && x < box.right && y >= box.top && y < box.bottom;

/** The side table's or the lamp's colour at a pixel, or null off them. */
function standingAt(x: number, y: number, grain: number): [number, number, number] | null {
  if (inside(TABLE, x, y)) {
    const drawer = y - TABLE.top === 30 || y - TABLE.top === 31 ? 0.6 : 1;
    return [84 * drawer + grain, 40 * drawer + grain, 28 * drawer + grain];
  }
  if (!inside(LAMP, x, y)) return null;
  // a cream shade over a brass stem that widens to its foot
  if (y < LAMP.top + 50) return [238 + grain, 226 + grain, 196 + grain];
  const stem = Math.abs(x - (LAMP.left + LAMP.right) / 2) < 10 - (y - LAMP.top - 50) / 6;
  return stem ? [150 + grain, 120 + grain, 60 + grain] : null;
}

/** A plastered wall with a faint grain, a skirting board, boards on the floor, the picture, the sofa, the table and lamp. */
function room(): Raster {
  const random = randomOf(11);
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  const boardTone = Array.from({ length: 40 }, () => 0.8 + 0.3 * random());
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const grain = (random() - 0.5) * 8;
      let rgb = standingAt(x, y, grain);
      if (rgb) {
        // the table or the lamp, in front of the rest
      } else if (inside(SOFA, x, y)) {
        const cushion = (x - SOFA.left) % 100 < 3 || y - SOFA.top === 40 ? 0.7 : 1;
        rgb = [70 * cushion + grain, 92 * cushion + grain, 120 * cushion + grain];
      } else if (inside(PICTURE, x, y)) {
        const art = {
          left: PICTURE.left + FRAME,
          top: PICTURE.top + FRAME,
          right: PICTURE.right - FRAME,
          bottom: PICTURE.bottom - FRAME,
        };
        if (!inside(art, x, y)) rgb = [20 + grain, 20 + grain, 22 + grain];
        else if ((Math.floor((x - art.left) / 26) + Math.floor((y - art.top) / 21)) % 2)
          rgb = [200 + grain, 40 + grain, 40 + grain];
        else rgb = [40 + grain, 150 + grain, 60 + grain];
      } else if (y < FLOOR_TOP - 12) {
        // lit from the left: the plaster darkens to the right and towards the ceiling
        const light = 1 - 0.18 * (x / WIDTH) - 0.1 * (1 - y / FLOOR_TOP);
        rgb = [232 * light + grain, 220 * light + grain, 198 * light + grain];
      } else if (y < FLOOR_TOP) {
        // the skirting board: white, a shadow line on top
        rgb = y === FLOOR_TOP - 12 ? [150 + grain, 145 + grain, 135 + grain] : [244 + grain, 242 + grain, 236 + grain];
      } else {
        const board = Math.floor(x / 32);
        const seam = x % 32 < 2;
        const shade = seam ? 0.55 : boardTone[board]! + (random() - 0.5) * 0.05;
        rgb = [170 * shade, 118 * shade, 72 * shade];
      }
      data[i] = clampByte(rgb[0]);
      data[i + 1] = clampByte(rgb[1]);
      data[i + 2] = clampByte(rgb[2]);
    }
  }
  return { data, width: WIDTH, height: HEIGHT, channels: 3 };
}

describe('erasing a sofa under a framed picture', () => {
  it('fills the wall behind it with plain wall, never with the picture', () => {
    const scene = room();
    const mask = new Uint8Array(WIDTH * HEIGHT);
    for (let y = SOFA.top - 4; y < SOFA.bottom + 4; y++)
      for (let x = SOFA.left - 4; x < SOFA.right + 4; x++) mask[y * WIDTH + x] = 1;
    // the floor the geometry finds: the boards seen below the wall
    const planes = planeMapOf(
      [
        [
          [0, FLOOR_TOP],
          [WIDTH, FLOOR_TOP],
          [WIDTH, HEIGHT],
          [0, HEIGHT],
        ],
      ],
      WIDTH,
      HEIGHT,
    );
    // the table and the lamp are a plane of their own that nothing is copied from, as eraseScene gives the fill
    for (let y = 0; y < HEIGHT; y++)
      for (let x = 0; x < WIDTH; x++) if (inside(TABLE, x, y) || inside(LAMP, x, y)) planes[y * WIDTH + x] = 3;
    const { filled, sources } = inpaintPatchMatch(scene, mask, { planes });
    // the copied objects: filled pixels whose patch was taken from the picture, and filled pixels of its colours
    let fromPicture = 0;
    let pictureColoured = 0;
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      const s = sources[i]!;
      if (inside(PICTURE, s % WIDTH, Math.floor(s / WIDTH))) fromPicture++;
      const [r, g, b] = [scene.data[i * 3]!, scene.data[i * 3 + 1]!, scene.data[i * 3 + 2]!];
      const black = r < 90 && g < 90 && b < 90;
      const red = r > 160 && g < 90 && b < 90;
      const green = g > r + 40 && g > b + 30;
      if (black || red || green) pictureColoured++;
    }
    // measured: 0.010 of the fill from the picture and 0.018 in its colours (its frame carried down the wall beside
    // the table) with the patches of any structure; none from it and 0.002 with no patch more structured than the
    // wall's ring
    expect(fromPicture / filled, 'share of the fill copied from the picture').toBeLessThan(0.005);
    expect(pictureColoured / filled, "share of the fill in the picture's colours").toBeLessThan(0.005);
  });
});

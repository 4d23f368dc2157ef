import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { matchLight } from '../src/draw';
import type { Raster } from '../src/raster';
import type { Placement } from '../src/layout';
import { renderLocalDesign } from '../src/render-local-design';

/*
 * Products take the room's light: a pale piece on a pale floor still reads, by the shadow it casts on the side away
 * from the light and by its own shading, and the room never makes it brighter than it was photographed.
 */

const WIDTH = 1600;
const HEIGHT = 1200;

/** A pale room: cream wall, a paler floor, and a window on one side (where the light comes from). */
function paleRoom(windowSide: 'left' | 'right'): Promise<Buffer> {
  const windowX = windowSide === 'left' ? 80 : WIDTH - 80 - 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="${WIDTH}" height="720" fill="#e4ddd2"/>
    <rect x="${windowX}" y="90" width="360" height="420" fill="#fbfaf7"/>
    <rect y="720" width="${WIDTH}" height="${HEIGHT - 720}" fill="#ece6dc"/>
    <rect y="706" width="${WIDTH}" height="14" fill="#cfc6b8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A cream sofa (as the catalogue's Cloud Boucle Sofa) on an off-white backdrop. */
const paleSofa = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
      <rect width="800" height="800" fill="#f4f1ec"/>
      <rect x="110" y="260" width="580" height="150" rx="30" fill="#e6e1d6"/>
      <rect x="80" y="330" width="640" height="170" rx="36" fill="#ebe6dc"/>
      <rect x="130" y="500" width="22" height="50" fill="#8a6a4a"/><rect x="648" y="500" width="22" height="50" fill="#8a6a4a"/></svg>`),
  )
    .png()
    .toBuffer();

const render = async (windowSide: 'left' | 'right', withSofa: boolean) =>
  renderLocalDesign({
    spaceImage: await paleRoom(windowSide),
    products: withSofa ? [{ bytes: await paleSofa(), category: 'Sofa', name: 'Cloud Sofa' }] : [],
    answers: {},
    mode: 'interior',
    spaceType: 'Living Room',
    width: WIDTH,
    maxInputPixels: UPLOAD_MAX_PIXELS,
  });

const lumaOf = async (bytes: Uint8Array) => {
  const data = await sharp(bytes).removeAlpha().raw().toBuffer();
  return (x0: number, y0: number, x1: number, y1: number) => {
    let sum = 0;
    let n = 0;
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(HEIGHT, Math.round(y1)); y++) {
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(WIDTH, Math.round(x1)); x++) {
        const i = (y * WIDTH + x) * 3;
        sum += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
        n++;
      }
    }
    return sum / n;
  };
};

/** How much the product darkened the room in a band just beside its box (its lower half), each side. */
async function shadeBeside(windowSide: 'left' | 'right') {
  const [room, design] = await Promise.all([render(windowSide, false), render(windowSide, true)]);
  const box: Placement = design.placements[0]!;
  const [before, after] = await Promise.all([lumaOf(room.bytes), lumaOf(design.bytes)]);
  const band = Math.max(6, box.width * 0.04);
  const y0 = box.y + box.height * 0.35;
  const y1 = box.y + box.height * 0.95;
  const darkening = (x0: number, x1: number) => before(x0, y0, x1, y1) - after(x0, y0, x1, y1);
  return {
    left: darkening(box.x - band, box.x),
    right: darkening(box.x + box.width, box.x + box.width + band),
    box,
  };
}

describe('a product in the light of the room', () => {
  it('a pale sofa on a pale floor casts a visible shadow on the side away from the window, whichever side that is', async () => {
    const lightLeft = await shadeBeside('left');
    expect(lightLeft.right).toBeGreaterThan(8);
    expect(lightLeft.right).toBeGreaterThan(lightLeft.left + 5);
    const lightRight = await shadeBeside('right');
    expect(lightRight.left).toBeGreaterThan(8);
    expect(lightRight.left).toBeGreaterThan(lightRight.right + 5);
  });

  it('shades the side of a piece turned from the light, and never brightens it past how it was photographed', () => {
    const sprite = (): Raster => {
      const data = new Uint8Array(200 * 100 * 4);
      for (let i = 0; i < data.length; i += 4) data.set([236, 231, 222, 255], i);
      return { data, width: 200, height: 100, channels: 4 };
    };
    const brightRoom: Raster = { data: new Uint8Array(400 * 300 * 3).fill(245), width: 400, height: 300, channels: 3 };
    const box = { x: 100, y: 100, width: 200, height: 100 };
    const meanOf = (s: Raster, x0: number, x1: number) => {
      let sum = 0;
      let n = 0;
      for (let y = 0; y < s.height; y++) {
        for (let x = x0; x < x1; x++) {
          sum += s.data[(y * s.width + x) * 4 + 1]!;
          n++;
        }
      }
      return sum / n;
    };
    for (const lightFrom of ['left', 'right'] as const) {
      const lit = sprite();
      matchLight(lit, brightRoom, box, lightFrom);
      const [first, last] = [meanOf(lit, 0, 40), meanOf(lit, 160, 200)];
      // no brighter than photographed (231 in green), however bright the room
      expect(Math.max(...lit.data.filter((_, i) => i % 4 === 1))).toBeLessThanOrEqual(231);
      const [facing, away] = lightFrom === 'left' ? [first, last] : [last, first];
      expect(facing - away).toBeGreaterThan(10);
    }
  });
});

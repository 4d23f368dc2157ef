import { createHash } from 'node:crypto';
import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  renderLocalDesign,
  UnreadableSpaceImageError,
  type LocalDesignInput,
  type ProductImage,
} from '../src/render-local-design';
import { guessedGeometry } from '../src/guessed-geometry';
import { livingRoomPhoto, productImage } from './fixtures/synthetic-images';

const GRID_W = 64;
const GRID_H = 48;

interface Grid {
  rgb: Float64Array;
  luma: Float64Array;
}

/** A small, comparable version of an image: 64×48 cells of mean colour. */
async function gridOf(bytes: Uint8Array): Promise<Grid> {
  const data = await sharp(bytes)
    .resize(1024)
    .resize(GRID_W, GRID_H, { fit: 'fill', kernel: 'linear' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const rgb = Float64Array.from(data);
  const luma = new Float64Array(GRID_W * GRID_H);
  for (let i = 0; i < luma.length; i++)
    luma[i] = 0.2126 * rgb[i * 3]! + 0.7152 * rgb[i * 3 + 1]! + 0.0722 * rgb[i * 3 + 2]!;
  return { rgb, luma };
}

const cellDiff = (a: Grid, b: Grid, cell: number) =>
  (Math.abs(a.rgb[cell * 3]! - b.rgb[cell * 3]!) +
    Math.abs(a.rgb[cell * 3 + 1]! - b.rgb[cell * 3 + 1]!) +
    Math.abs(a.rgb[cell * 3 + 2]! - b.rgb[cell * 3 + 2]!)) /
  3;

function correlation(a: number[], b: number[]): number {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let room: Buffer;
let products: ProductImage[];
const answers = { 'interior-vibe': 'Cozy', 'interior-natural-light': 'Bright', 'interior-color': 'Warm neutrals' };

beforeAll(async () => {
  room = await livingRoomPhoto(1600, 1200, { grain: 8 });
  products = [
    { bytes: await productImage('sofa'), category: 'Sofas', name: 'Teal Velvet Sofa' },
    { bytes: await productImage('lamp'), category: 'Lighting', name: 'Arc Floor Lamp' },
    { bytes: await productImage('plant'), category: 'Plants', name: 'Fiddle Leaf' },
    { bytes: await productImage('rug'), category: 'Rugs', name: 'Kilim Rug' },
  ];
});

const WIDTH = 1600;
const limits = { width: WIDTH, maxInputPixels: UPLOAD_MAX_PIXELS };

/**
 * A small room seen from close by (its back wall 3 m away): a sofa stands large in it, as the cut-out tests need to
 * see its pixels. Products are placed on a photo's geometry at their real size, so a far wall would show them small.
 */
const nearRoom = (width: number, height: number) => ({
  ...guessedGeometry({ width, height }, 'interior'),
  camera: { focal: 0.72 * width, cx: width / 2, cy: height / 2, horizonY: height * 0.3, roll: 0, eyeHeight: 1.3 },
  floor: [
    [
      [0, height * 0.3 + (0.72 * width * 1.3) / 3],
      [width, height * 0.3 + (0.72 * width * 1.3) / 3],
      [width, height],
      [0, height],
    ] as const,
  ],
});

const render = (overrides: Partial<LocalDesignInput> = {}) =>
  renderLocalDesign({
    spaceImage: room,
    products,
    answers,
    mode: 'interior',
    spaceType: 'Living Room',
    ...limits,
    ...overrides,
  });

describe('renderLocalDesign', () => {
  it('answers a WebP as wide as asked, as tall as the shape of the photo gives', async () => {
    const result = await render();
    expect(result.contentType).toBe('image/webp');
    const meta = await sharp(result.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
    expect([result.width, result.height]).toEqual([1600, 1200]);
    const small = await render({ width: 800 });
    expect([small.width, small.height]).toEqual([800, 600]);
  });

  it('says where it placed each product it could read', async () => {
    const broken = { bytes: Buffer.from('not an image'), name: 'Broken' };
    const { placements, width, height } = await render({ products: [...products, broken] });
    expect(placements.map((p) => p.index).sort()).toEqual([0, 1, 2, 3]);
    expect(placements.find((p) => p.index === 3)?.pose).toBe('flat');
    for (const p of placements) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x + p.width).toBeLessThanOrEqual(width);
      expect(p.y + p.height).toBeLessThanOrEqual(height);
    }
  });

  it('gives the same bytes for the same input', async () => {
    const [a, b] = [await render(), await render()];
    expect(sha256(a.bytes)).toBe(sha256(b.bytes));
  });

  it('changes the photo where products stand, in the lower part, and keeps it recognisable elsewhere', async () => {
    const input = await gridOf(room);
    // the room's geometry given, so the test is of drawing, not of how well the analysis reads this picture
    const geometry = nearRoom(1600, 1200);
    const gradeOnly = await gridOf((await render({ products: [], geometry })).bytes);
    const designed = await gridOf((await render({ geometry })).bytes);

    // the restyle alone keeps the picture: same structure, moderate colour change
    expect(correlation([...input.luma], [...gradeOnly.luma])).toBeGreaterThan(0.95);
    const cells = GRID_W * GRID_H;
    const meanGradeShift =
      Array.from({ length: cells }, (_, c) => cellDiff(input, gradeOnly, c)).reduce((s, d) => s + d) / cells;
    expect(meanGradeShift).toBeGreaterThan(3);
    expect(meanGradeShift).toBeLessThan(40);

    const changed: number[] = [];
    const unchanged: number[] = [];
    for (let c = 0; c < cells; c++) (cellDiff(designed, gradeOnly, c) > 40 ? changed : unchanged).push(c);
    // products at their real size for their depth (decision 0021) cover less than the old front row did
    expect(changed.length / cells).toBeGreaterThan(0.04);
    expect(changed.length / cells).toBeLessThan(0.6);

    const meanInputDiff = (list: number[]) => list.reduce((s, c) => s + cellDiff(designed, input, c), 0) / list.length;
    expect(meanInputDiff(changed)).toBeGreaterThan(50);
    expect(meanInputDiff(unchanged)).toBeLessThan(25);
    expect(
      correlation(
        unchanged.map((c) => input.luma[c]!),
        unchanged.map((c) => designed.luma[c]!),
      ),
    ).toBeGreaterThan(0.9);

    // products stand on the floor: most changed cells lie in the lower half
    const lower = changed.filter((c) => Math.floor(c / GRID_W) >= GRID_H / 2).length;
    expect(lower / changed.length).toBeGreaterThan(0.5);
  });

  it('cuts a product out of its white background: no white box arrives in the scene', async () => {
    const scene = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#5a6e8c' } })
      .jpeg()
      .toBuffer();
    const count = async (result: Uint8Array, test: (r: number, g: number, b: number) => boolean) => {
      const data = await sharp(result).raw().toBuffer();
      let n = 0;
      for (let i = 0; i < data.length; i += 3) if (test(data[i]!, data[i + 1]!, data[i + 2]!)) n++;
      return n;
    };
    const white = (r: number, g: number, b: number) => r > 225 && g > 225 && b > 225;
    const teal = (r: number, g: number, b: number) => g > r + 25 && b > r + 15;
    for (const background of ['#ffffff', '#f3efe8']) {
      const sofa = { bytes: await productImage('sofa', background), category: 'Sofas', name: 'Sofa' };
      const result = await renderLocalDesign({
        spaceImage: scene,
        products: [sofa],
        answers: {},
        mode: 'interior',
        spaceType: '',
        geometry: nearRoom(1600, 1200),
        ...limits,
      });
      const pixels = result.width * result.height;
      expect(await count(result.bytes, white)).toBeLessThan(pixels * 0.001);
      expect(await count(result.bytes, teal)).toBeGreaterThan(pixels * 0.05);
    }
  });

  it('draws a large product from its own pixels, not from a small copy: fine detail survives', async () => {
    // 1-px red and black stripes on a white backdrop: a 400 px copy of this 800 px picture is a flat dark red
    const striped = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#ffffff' } })
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320"><defs><pattern id="s" width="2" height="320" patternUnits="userSpaceOnUse">` +
              `<rect width="1" height="320" fill="#c0392b"/><rect x="1" width="1" height="320" fill="#101010"/></pattern></defs>` +
              `<rect width="640" height="320" fill="url(#s)"/></svg>`,
          ),
          left: 80,
          top: 240,
        },
      ])
      .png()
      .toBuffer();
    const smallCopy = await sharp(striped).resize(400).png().toBuffer();
    const scene = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#5a6e8c' } })
      .jpeg()
      .toBuffer();
    /** Sum of the horizontal steps in brightness: fine detail is many large steps. */
    const detailOf = async (product: Buffer) => {
      const result = await renderLocalDesign({
        spaceImage: scene,
        products: [{ bytes: product, category: 'Sofas', name: 'Striped sofa' }],
        answers: {},
        mode: 'interior',
        spaceType: '',
        geometry: nearRoom(1600, 1200),
        ...limits,
      });
      const { data, info } = await sharp(result.bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
      let sum = 0;
      for (let y = 0; y < info.height; y++) {
        for (let x = 1; x < info.width; x++) sum += Math.abs(data[y * info.width + x]! - data[y * info.width + x - 1]!);
      }
      return sum;
    };
    const [full, fromSmall] = [await detailOf(striped), await detailOf(smallCopy)];
    expect(full).toBeGreaterThan(fromSmall * 4);
  });

  it('follows the answers: warm answers grade warmer than cool ones, bright ones brighter than moody ones', async () => {
    const meanOf = async (a: Record<string, string>) => {
      const { rgb, luma } = await gridOf((await render({ products: [], answers: a })).bytes);
      let redMinusBlue = 0;
      for (let i = 0; i < luma.length; i++) redMinusBlue += rgb[i * 3]! - rgb[i * 3 + 2]!;
      return { warmth: redMinusBlue / luma.length, light: luma.reduce((s, l) => s + l, 0) / luma.length };
    };
    const warm = await meanOf({ 'interior-vibe': 'Cozy', 'interior-color': 'Warm tones' });
    const cool = await meanOf({ 'interior-vibe': 'Coastal', 'interior-color': 'Cool blues' });
    expect(warm.warmth - cool.warmth).toBeGreaterThan(15);
    const bright = await meanOf({ 'interior-natural-light': 'Bright and airy' });
    const moody = await meanOf({ 'interior-natural-light': 'Dark and moody' });
    expect(bright.light - moody.light).toBeGreaterThan(15);
  });

  it('restyles without fading: the photo keeps its spread and black level, and a bright style barely lifts it', async () => {
    /** Luma of every 7th pixel: mean, standard deviation, 5th and 95th percentiles (0–255). */
    const tonesOf = async (bytes: Uint8Array) => {
      const data = await sharp(bytes).resize(WIDTH, 1200, { fit: 'cover' }).removeAlpha().raw().toBuffer();
      const l: number[] = [];
      for (let i = 0; i < data.length; i += 21)
        l.push(0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!);
      l.sort((a, b) => a - b);
      const mean = l.reduce((s, x) => s + x, 0) / l.length;
      const sd = Math.sqrt(l.reduce((s, x) => s + (x - mean) ** 2, 0) / l.length);
      return { mean, sd, p5: l[Math.floor(l.length * 0.05)]!, p95: l[Math.floor(l.length * 0.95)]! };
    };
    // a bright room, as the seeded Sunny Living Room is: the pale render came from lifting a photo that had no room
    const bright = await sharp(room).linear(0.6, 100).jpeg({ quality: 90 }).toBuffer();
    for (const photo of [room, bright]) {
      const original = await tonesOf(photo);
      const styles: Record<string, string>[] = [
        {},
        { 'interior-natural-light': 'Bright and airy' },
        { 'interior-vibe': 'Scandinavian', 'interior-natural-light': 'Bright and airy', 'interior-color': 'White' },
        { 'interior-vibe': 'Minimal', 'interior-color': 'Soft neutrals' },
      ];
      for (const answers of styles) {
        const graded = await tonesOf((await render({ spaceImage: photo, products: [], answers })).bytes);
        const style = JSON.stringify(answers);
        expect(graded.sd, `spread for ${style}`).toBeGreaterThan(original.sd * 0.92);
        expect(graded.p95 - graded.p5, `p5–p95 for ${style}`).toBeGreaterThan((original.p95 - original.p5) * 0.92);
        expect(graded.p5 - original.p5, `black level for ${style}`).toBeLessThan(6);
        expect(graded.mean - original.mean, `mean for ${style}`).toBeLessThan(8);
      }
      // a moody style sinks the middle and keeps the spread
      const moody = await tonesOf(
        (await render({ spaceImage: photo, products: [], answers: { 'interior-vibe': 'Dark and moody' } })).bytes,
      );
      expect(moody.mean).toBeLessThan(original.mean - 10);
      expect(moody.p95 - moody.p5).toBeGreaterThan((original.p95 - original.p5) * 0.92);
    }
  });

  it('leaves out a product image that cannot be read', async () => {
    const broken = { bytes: Buffer.from('not an image'), name: 'Broken' };
    const withBroken = await render({ products: [...products, broken] });
    expect(sha256(withBroken.bytes)).toBe(sha256((await render()).bytes));
  });

  it('rejects a space photo that cannot be read', async () => {
    await expect(render({ spaceImage: Buffer.from('definitely not a photo') })).rejects.toBeInstanceOf(
      UnreadableSpaceImageError,
    );
  });

  it('decodes no picture of more pixels than allowed: the space photo is refused, a product left out', async () => {
    const maxInputPixels = 400_000;
    const smallRoom = await livingRoomPhoto(700, 500);
    await expect(render({ maxInputPixels })).rejects.toBeInstanceOf(UnreadableSpaceImageError);
    const withinLimit = await render({ spaceImage: smallRoom, maxInputPixels });
    expect(withinLimit.placements).toEqual([]);
  });

  it('renders outdoor spaces and unusual shapes at the full width', async () => {
    const wide = await sharp({ create: { width: 3000, height: 800, channels: 3, background: '#6d8f5a' } })
      .png()
      .toBuffer();
    const result = await renderLocalDesign({
      spaceImage: wide,
      products: [products[2]!],
      answers: { 'landscape-aesthetic': 'Mediterranean' },
      mode: 'landscape',
      spaceType: 'Backyard',
      ...limits,
    });
    expect(result.width).toBe(WIDTH);
    expect(result.height).toBe(Math.round(WIDTH / 2.4));
  });
});

import { createHash } from 'node:crypto';
import type { GenerateDesignFields } from '@dwellscape/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CompositorImageEngine,
  OUTPUT_WIDTH,
  renderLocalDesign,
  type LocalDesignInput,
} from '../src/engines/compositor';
import { cutOutProduct } from '../src/engines/compositor/cutout';
import {
  isStrand,
  layOutProducts,
  placementRoleOf,
  type LayoutItem,
  type Placement,
} from '../src/engines/compositor/layout';
import { EngineInputError } from '../src/engines/errors';
import type { EngineImage } from '../src/engines/types';
import { livingRoomPhoto, productImage } from './fixtures/synthetic-images';

const GRID_W = 64;
const GRID_H = 48;

interface Grid {
  rgb: Float64Array;
  luma: Float64Array;
}

/** A small, comparable version of an image: 64×48 cells of mean colour. */
async function gridOf(bytes: Buffer): Promise<Grid> {
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

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let room: Buffer;
let products: EngineImage[];
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

const render = (overrides: Partial<LocalDesignInput> = {}) =>
  renderLocalDesign({ spaceImage: room, products, answers, mode: 'interior', spaceType: 'Living Room', ...overrides });

describe('renderLocalDesign', () => {
  it('answers a 1600-pixel-wide WebP, as wide as the sample designs', async () => {
    expect(OUTPUT_WIDTH).toBe(1600);
    const result = await render();
    expect(result.contentType).toBe('image/webp');
    const meta = await sharp(result.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
    expect([result.width, result.height]).toEqual([1600, 1200]);
  });

  it('gives the same bytes for the same input', async () => {
    const [a, b] = [await render(), await render()];
    expect(sha256(a.bytes)).toBe(sha256(b.bytes));
  });

  it('changes the photo where products stand, in the lower part, and keeps it recognisable elsewhere', async () => {
    const input = await gridOf(room);
    const gradeOnly = await gridOf((await render({ products: [] })).bytes);
    const designed = await gridOf((await render()).bytes);

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
    expect(changed.length / cells).toBeGreaterThan(0.08);
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
    const count = async (result: Buffer, test: (r: number, g: number, b: number) => boolean) => {
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

  it('leaves out a product image that cannot be read', async () => {
    const broken = { bytes: Buffer.from('not an image'), name: 'Broken' };
    const withBroken = await render({ products: [...products, broken] });
    expect(sha256(withBroken.bytes)).toBe(sha256((await render()).bytes));
  });

  it('rejects a space photo that cannot be read as bad input', async () => {
    await expect(render({ spaceImage: Buffer.from('definitely not a photo') })).rejects.toBeInstanceOf(
      EngineInputError,
    );
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
    });
    expect(result.width).toBe(OUTPUT_WIDTH);
    expect(result.height).toBe(Math.round(OUTPUT_WIDTH / 2.4));
  });
});

describe('cutOutProduct', () => {
  const rawOf = async (png: Buffer) => {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 4 as const };
  };

  it('removes a plain background and crops to the product', async () => {
    const cut = cutOutProduct(await rawOf(await productImage('lamp')));
    expect(cut.method).toBe('background-removed');
    const { data, width, height } = cut.image;
    // the lamp is tall and narrow; its box no longer holds the square background
    expect(height).toBeGreaterThan(width);
    expect(data[3]).toBe(0);
    expect(data[(width * height - 1) * 4 + 3]).toBe(0);
    // the pole in the middle is solid
    expect(data[(Math.floor(height / 2) * width + Math.floor(width / 2)) * 4 + 3]).toBe(255);
  });

  it("leaves a catalogue photo's soft floor shadow behind with the backdrop, but keeps a grey product", async () => {
    // a grey box standing on a soft shadow that fades into the backdrop, as the seeded catalogue photos draw them
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
      <defs><radialGradient id="s"><stop offset="0" stop-color="#000" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
      <rect width="400" height="400" fill="#f4f1ec"/>
      <ellipse cx="200" cy="330" rx="150" ry="30" fill="url(#s)"/>
      <rect x="130" y="120" width="140" height="205" fill="#a8a49c"/></svg>`;
    const cut = cutOutProduct(await rawOf(await sharp(Buffer.from(svg)).png().toBuffer()));
    expect(cut.method).toBe('background-removed');
    const { data, width, height } = cut.image;
    // cropped to the box alone: the shadow, wider than the box, is gone
    expect(width).toBeLessThanOrEqual(145);
    expect(height).toBeLessThanOrEqual(212);
    // the grey box, a darker shade of the backdrop's own hue, stays solid
    expect(data[(Math.floor(height / 2) * width + Math.floor(width / 2)) * 4 + 3]).toBe(255);
  });

  it('keeps a busy photo whole, as a rounded frame', async () => {
    const photo = await livingRoomPhoto(600, 450, { format: 'png', grain: 40 });
    const cut = cutOutProduct(await rawOf(photo));
    expect(cut.method).toBe('framed');
    const { data, width, height } = cut.image;
    expect(data[3]).toBe(0);
    expect(data[(Math.floor(height / 2) * width + Math.floor(width / 2)) * 4 + 3]).toBe(255);
  });

  it('keeps an existing transparent background', async () => {
    const png = await sharp({
      create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp({ create: { width: 80, height: 120, channels: 4, background: '#c0392b' } })
            .png()
            .toBuffer(),
          left: 60,
          top: 40,
        },
      ])
      .png()
      .toBuffer();
    const cut = cutOutProduct(await rawOf(png));
    expect(cut.method).toBe('transparent');
    expect([cut.image.width, cut.image.height]).toEqual([80, 120]);
  });
});

describe('layOutProducts', () => {
  const frame = { width: 1024, height: 768, floorY: 470, mode: 'interior' as const };
  const item = (index: number, category: string, aspect: number): LayoutItem => ({
    index,
    role: placementRoleOf(category, undefined),
    aspect,
  });
  const overlaps = (a: Placement, b: Placement) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  const items = [
    item(0, 'Sofa', 2.2),
    item(1, 'Floor lamp', 0.45),
    item(2, 'Plants', 0.7),
    item(3, 'Rug', 1.4),
    item(4, 'Armchair', 1),
    item(5, 'Coffee table', 2),
    item(6, 'Planter', 0.8),
    item(7, 'Wall art', 0.8),
  ];
  const placements = layOutProducts(items, frame);
  const byIndex = (i: number) => placements.find((p) => p.index === i)!;

  it('places every product once', () => {
    expect(placements.map((p) => p.index).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('never piles products on each other (the rug lies under them)', () => {
    const upright = placements.filter((p) => p.pose !== 'flat');
    for (const a of upright) for (const b of upright) if (a !== b) expect(overlaps(a, b)).toBe(false);
  });

  it('stands everything on the floor and keeps it in the frame', () => {
    for (const p of placements) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x + p.width).toBeLessThanOrEqual(frame.width);
      expect(p.y).toBeGreaterThanOrEqual(0);
      if (p.pose === 'standing') {
        expect(p.y + p.height).toBeGreaterThan(frame.floorY);
        expect(p.y + p.height).toBeLessThanOrEqual(frame.height);
      }
    }
  });

  it('scales by kind: a flat wide rug, a large sofa, a tall lamp, plants at the edges, art on the wall', () => {
    const rug = byIndex(3);
    expect(rug.pose).toBe('flat');
    expect(rug.width).toBeGreaterThan(rug.height * 2);
    expect(byIndex(0).width).toBeGreaterThan(byIndex(4).width);
    expect(byIndex(1).height).toBeGreaterThan(byIndex(0).height);
    const xs = placements.filter((p) => p.pose === 'standing').map((p) => p.x + p.width / 2);
    const plantXs = [byIndex(2), byIndex(6)].map((p) => p.x + p.width / 2);
    expect(plantXs).toContain(Math.min(...xs));
    expect(plantXs).toContain(Math.max(...xs));
    expect(byIndex(7).pose).toBe('hung');
    expect(byIndex(7).y + byIndex(7).height).toBeLessThan(frame.floorY);
  });

  it('is deterministic', () => {
    expect(layOutProducts(items, frame)).toEqual(placements);
  });

  it('hangs pendants and string lights from above; lanterns and floor lamps still stand', () => {
    expect(placementRoleOf('Pendant Light', 'Rattan Dome Pendant')).toBe('overhead');
    expect(placementRoleOf('String Lights', 'Café String Lights')).toBe('overhead');
    expect(placementRoleOf('Lighting', 'Crystal Chandelier')).toBe('overhead');
    expect(placementRoleOf('Lantern', 'Metal Lantern')).toBe('tall');
    expect(placementRoleOf('Lighting', 'Arc Floor Lamp')).toBe('tall');
    expect(isStrand('String Lights', 'Café String Lights')).toBe(true);
    expect(isStrand('Pendant Light', 'Rattan Dome Pendant')).toBe(false);

    const withLights = [
      ...items.filter((i) => i.index !== 6),
      item(8, 'Pendant light', 0.9),
      item(9, 'Pendant light', 0.9),
      { ...item(10, 'String lights', 2), strand: true },
    ];
    const laid = layOutProducts(withLights, frame);
    const pendants = laid.filter((p) => p.index === 8 || p.index === 9);
    const strand = laid.find((p) => p.index === 10)!;
    expect(laid.map((p) => p.index).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 7, 8, 9, 10]);
    for (const p of [...pendants, strand]) {
      expect(p.pose).toBe('suspended');
      expect(p.y + p.height).toBeLessThan(frame.floorY * 0.6);
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x + p.width).toBeLessThanOrEqual(frame.width);
    }
    // pendants hang on cords from the top edge, beside the art rather than in front of it
    for (const p of pendants) expect(p.cord).toEqual({ x: Math.round(p.x + p.width / 2), y: p.y + 2 });
    const art = laid.find((p) => p.index === 7)!;
    for (const p of pendants) expect(overlaps(p, art)).toBe(false);
    expect(overlaps(pendants[0]!, pendants[1]!)).toBe(false);
    // a strand spans the top of the frame
    expect(strand.width).toBeGreaterThan(frame.width * 0.3);
    expect(strand.cord).toBeUndefined();
  });
});

describe('CompositorImageEngine', () => {
  it('renders both forms of generate-design-image', async () => {
    const engine = new CompositorImageEngine();
    const fields: GenerateDesignFields = {
      selectedProducts: [],
      uploadedProductImages: [],
      userAnswers: answers,
      spaceType: 'Living Room',
      mode: 'interior',
    };
    const design = await engine.generateDesign({ spaceImage: room, products, fields });
    expect(sha256(design.bytes)).toBe(sha256((await render()).bytes));
    const seeInSpace = await engine.generateFromPrompt({
      prompt: 'a moody evening look',
      spaceImage: room,
      additionalPhotos: [products[1]!.bytes],
    });
    expect(seeInSpace.width).toBe(OUTPUT_WIDTH);
    expect(sha256(seeInSpace.bytes)).not.toBe(sha256(design.bytes));
  });
});

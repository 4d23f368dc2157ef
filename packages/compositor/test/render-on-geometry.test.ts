import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { measureFidelity } from '../src/fidelity';
import type { PhotoGeometry, Polygon } from '../src/geometry/types';
import { photoGeometryOf, renderLocalDesign, type LocalDesignInput } from '../src/render-local-design';
import { livingRoomPhoto, productImage } from './fixtures/synthetic-images';

const W = 1600;
const H = 1200;
const limits = { width: W, maxInputPixels: UPLOAD_MAX_PIXELS };

const rect = (x: number, y: number, w: number, h: number): Polygon => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

/** The synthetic living room's geometry as an analysis would find it, with the pieces given. */
const geometryWith = (pieces: PhotoGeometry['pieces']): PhotoGeometry => ({
  width: W,
  height: H,
  mode: 'interior',
  source: 'found',
  camera: { focal: 1152, cx: W / 2, cy: H / 2, horizonY: 420, roll: 0, eyeHeight: 1.3 },
  vanishingPoints: { vertical: null, horizontal: [[W / 2, 420]] },
  floor: [rect(0, 720, W, H - 720)],
  walls: [{ facing: 'back', polygon: rect(0, 0, W, 720) }],
  openings: [],
  pieces,
  ground: [],
  anchors: [],
});

let room: Buffer;
let sofa: Buffer;
let lamp: Buffer;
beforeAll(async () => {
  room = await livingRoomPhoto(W, H, { grain: 4 });
  sofa = await productImage('sofa');
  lamp = await productImage('lamp');
});

const render = (overrides: Partial<LocalDesignInput>) =>
  renderLocalDesign({
    spaceImage: room,
    products: [],
    answers: {},
    mode: 'interior',
    spaceType: '',
    ...limits,
    ...overrides,
  });

describe('renderLocalDesign on a photo geometry', () => {
  it('says how the layout was found, how many stand on the floor, what it left out and what it replaced', async () => {
    const oldSofa = { kind: 'sofa', polygon: rect(300, 560, 700, 260) };
    const design = await render({
      geometry: geometryWith([oldSofa]),
      products: [
        { bytes: sofa, category: 'Sofa', name: 'Teal Velvet Sofa' },
        { bytes: lamp, category: 'Floor Lamp', name: 'Arc Floor Lamp' },
        // a product that cannot be read is left out before placing; one that fits nowhere is left out with a reason
        {
          bytes: await productImage('art'),
          category: 'Wall Art',
          name: 'Print',
          size: { width: 900, depth: 3, height: 900 },
        },
      ],
    });
    expect(design.layoutBasis).toBe('found');
    expect(design.geometry).toMatchObject({
      source: 'found',
      onFloor: 2,
      leftOut: [{ index: 2, reason: 'no free wall for the wall art' }],
      erase: [{ id: 'piece-1', polygon: oldSofa.polygon }],
    });
    expect(design.placements.find((p) => p.index === 0)?.replaced).toBe('piece-1');
    expect(design.geometry!.where.map((w) => w.index).sort()).toEqual([0, 1]);
  });

  it("redraws a room's piece that stands in front of a product over it, and counts what the products hide", async () => {
    // the new sofa takes the old one's place, behind the room's coffee table: the table stays in front of it
    const oldSofa = { kind: 'sofa', polygon: rect(300, 520, 800, 250) };
    const table = { kind: 'coffee-table', polygon: rect(450, 700, 500, 200) };
    const geometry = geometryWith([oldSofa, table]);
    const products = [{ bytes: sofa, category: 'Sofa', name: 'Teal Velvet Sofa' }];
    const [withSofa, without] = await Promise.all([render({ geometry, products }), render({ geometry })]);
    const placed = withSofa.placements[0]!;
    expect(placed.replaced).toBe('piece-1');
    // the sofa's picture reaches down over the table's top
    expect(placed.y + placed.height).toBeGreaterThan(720);
    const [a = Buffer.alloc(0), b = Buffer.alloc(0)] = await Promise.all(
      [withSofa.bytes, without.bytes].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer()),
    );
    let tableOff = 0;
    let tablePixels = 0;
    for (let y = 705; y < Math.min(765, placed.y + placed.height); y += 2) {
      for (let x = Math.max(460, placed.x); x < Math.min(940, placed.x + placed.width); x += 2) {
        const i = (y * W + x) * 3;
        tableOff += Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
        tablePixels++;
      }
    }
    expect(tablePixels).toBeGreaterThan(1000);
    // inside the table the picture is the room's own, with or without the sofa behind it
    expect(tableOff / (tablePixels * 3)).toBeLessThan(1.5);
    // the replaced sofa is meant to go: covering it hides nothing the receipt counts but the table's edge
    expect(withSofa.geometry!.hidden).toBeLessThan(0.05);

    // the same lamp standing in front of a tall bookcase hides part of it, and the receipt says so
    const bookcase = { kind: 'bookcase', polygon: rect(0, 200, W, 560) };
    const inFront = await render({
      geometry: geometryWith([bookcase]),
      products: [{ bytes: lamp, category: 'Floor Lamp', name: 'Arc Floor Lamp' }],
    });
    expect(inFront.geometry!.hidden).toBeGreaterThan(0.005);
    const receipt = await measureFidelity({
      before: room,
      after: inFront.bytes,
      productRegions: inFront.placements,
      products: { method: 'placed', chosen: 1, placedIndexes: [0], layout: inFront.layoutBasis },
      maxInputPixels: UPLOAD_MAX_PIXELS,
      hidden: inFront.geometry!.hidden,
    });
    expect(receipt.hidden).toBeCloseTo(inFront.geometry!.hidden, 2);
  });
});

describe('photoGeometryOf', () => {
  const scene = { data: new Uint8Array(W * H * 3).fill(138), width: W, height: H, channels: 3 as const };
  const window = { kind: 'window' as const, polygon: rect(600, 100, 400, 300) };

  it("takes the analysis's geometry when it found a floor", () => {
    const found = geometryWith([]);
    expect(photoGeometryOf(scene, 'interior', undefined, () => found)).toBe(found);
  });

  it('guesses a floor when the analysis found none, keeping the windows, doors and pieces it did find', () => {
    const none: PhotoGeometry = { ...geometryWith([]), source: 'guessed', floor: [], openings: [window] };
    const geometry = photoGeometryOf(scene, 'interior', undefined, () => none);
    expect(geometry.source).toBe('guessed');
    expect(geometry.floor).toHaveLength(1);
    expect(geometry.openings).toEqual([window]);
  });

  it('guesses when the analysis fails, and uses a given geometry over both', () => {
    const fails = () => {
      throw new RangeError('no');
    };
    expect(photoGeometryOf(scene, 'landscape', undefined, fails).source).toBe('guessed');
    const given = geometryWith([]);
    expect(photoGeometryOf(scene, 'interior', given, fails)).toBe(given);
  });
});

describe('measureFidelity with what a render hides', () => {
  it("cannot score a render 100% while it covers the room's furniture, however well it kept the edges", async () => {
    const base = {
      before: room,
      after: room,
      productRegions: [],
      products: { method: 'placed' as const, chosen: 1, placedIndexes: [0], layout: 'found' as const },
      maxInputPixels: UPLOAD_MAX_PIXELS,
    };
    const kept = await measureFidelity(base);
    const covering = await measureFidelity({ ...base, hidden: 0.3 });
    expect(kept.structureKept).toBeGreaterThan(0.99);
    expect(covering.structureKept).toBeCloseTo(kept.structureKept * 0.7, 5);
    expect(covering.hidden).toBe(0.3);
  });
});

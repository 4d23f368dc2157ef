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

  it("softens the edge of a room's piece redrawn over a product: no square notch where its outline steps", async () => {
    // the table's outline stair-stepped as the analysis's coarse regions give it
    const oldSofa = { kind: 'sofa', polygon: rect(300, 520, 800, 250) };
    const table = {
      kind: 'coffee-table',
      polygon: [
        [450, 716],
        [650, 716],
        [650, 700],
        [950, 700],
        [950, 900],
        [450, 900],
      ] as Polygon,
    };
    const geometry = geometryWith([oldSofa, table]);
    const products = [{ bytes: sofa, category: 'Sofa', name: 'Teal Velvet Sofa' }];
    const [withSofa, without] = await Promise.all([render({ geometry, products }), render({ geometry })]);
    const placed = withSofa.placements[0]!;
    expect(placed.y + placed.height).toBeGreaterThan(740);
    const [a = Buffer.alloc(0), b = Buffer.alloc(0)] = await Promise.all(
      [withSofa.bytes, without.bytes].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer()),
    );
    const diff = (x: number, y: number) => {
      const i = (y * W + x) * 3;
      return (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!)) / 3;
    };
    // across the table's top edge, each column goes from the sofa (above) to the room's own table (below) by way of
    // a blend of the two, rows wide: a hard cut would go in one row
    const blended: number[] = [];
    for (const [x, edge] of [
      [700, 700],
      [800, 700],
      [900, 700],
      [500, 716],
      [600, 716],
    ] as const) {
      const above = diff(x, edge - 8);
      if (above < 20) continue;
      let between = 0;
      for (let y = edge - 6; y <= edge + 6; y++) {
        const d = diff(x, y);
        if (d > above * 0.15 && d < above * 0.85) between++;
      }
      blended.push(between);
    }
    expect(blended.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...blended)).toBeGreaterThanOrEqual(2);
    // well inside the table the picture is still the room's own
    let inside = 0;
    for (let x = 500; x < 900; x += 10) inside += diff(x, 740);
    expect(inside / 40).toBeLessThan(1.5);
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

describe('renderLocalDesign on a floor the person set', () => {
  // the analysis found no floor (decision 0052): the render leaves the standing products out
  const guessed = (pieces: PhotoGeometry['pieces']): PhotoGeometry => ({
    ...geometryWith(pieces),
    source: 'guessed',
    floorGuessed: true,
  });
  const island = { kind: 'table', confidence: 0.3, polygon: rect(620, 640, 360, 220) };
  // near left, near right, far right, far left: the floor as the person dragged its corners onto it (its sides
  // meet on the row 420, the synthetic room's horizon)
  const floor: Array<[number, number]> = [
    [0, H],
    [W, H],
    [1026, 640],
    [574, 640],
  ];
  const inside = (x: number, y: number) => {
    // the quad's edges, each with the floor on its left as the corners run round
    const c = floor;
    return c.every(([x0, y0], n) => {
      const [x1, y1] = c[(n + 1) % 4]!;
      return (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0) <= 1;
    });
  };

  it('places the products the render left out inside the quad, clear of the pieces the analysis found', async () => {
    const products = [
      { bytes: sofa, category: 'Sofa', name: 'Teal Velvet Sofa' },
      { bytes: lamp, category: 'Floor Lamp', name: 'Arc Floor Lamp' },
      { bytes: await productImage('art'), category: 'Wall Art', name: 'Print' },
    ];
    const geometry = guessed([island]);
    const first = await render({ geometry, products });
    expect(first.placements).toEqual([]);
    expect(first.geometry!.leftOut.map((l) => l.index)).toEqual([0, 1, 2]);

    const again = await render({
      geometry,
      products,
      placements: [],
      personsFloor: { corners: floor, indices: [0, 1, 2] },
    });
    expect(again.layoutBasis).toBe('adjusted');
    expect(again.placements.map((p) => p.index)).toContain(0);
    for (const p of again.placements) {
      expect(p.pose).toBe('standing');
      const foot = [p.x + p.width / 2, p.y + p.height] as const;
      expect(inside(foot[0], Math.min(foot[1], H - 1)), `foot of ${p.index} on the quad`).toBe(true);
      // its base not on the island: the base row's ends and middle are off the piece's outline
      for (const x of [p.x, p.x + p.width / 2, p.x + p.width]) {
        const onIsland = x >= 620 && x <= 980 && p.y + p.height >= 640 && p.y + p.height <= 860;
        expect(onIsland, `base of ${p.index} at ${x} on the island`).toBe(false);
      }
    }
    // the wall piece has no wall to trust: still left out, with its reason
    expect(again.leftOut).toContainEqual({ index: 2, reason: 'no free wall for the wall art' });
    expect(again.placements.length + again.leftOut!.length).toBe(3);

    // its size is the quad's perspective at its foot and its real size: 210 cm across at (row - horizon) / 1.3 m
    const sofaBox = again.placements.find((p) => p.index === 0)!;
    const perMetre = (sofaBox.y + sofaBox.height - 420) / 1.3;
    expect(sofaBox.width / perMetre).toBeGreaterThan(1.4);
    expect(sofaBox.width / perMetre).toBeLessThan(2.6);
  });

  it('sizes the products by the quad: a floor set lower in the picture stands them smaller', async () => {
    const products = [{ bytes: lamp, category: 'Floor Lamp', name: 'Arc Floor Lamp' }];
    const geometry = guessed([]);
    const near: Array<[number, number]> = [
      [0, H],
      [W, H],
      [1100, 900],
      [500, 900],
    ];
    const [steep, flat] = await Promise.all([
      render({ geometry, products, placements: [], personsFloor: { corners: floor, indices: [0] } }),
      render({ geometry, products, placements: [], personsFloor: { corners: near, indices: [0] } }),
    ]);
    const a = steep.placements[0]!;
    const b = flat.placements[0]!;
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    // same spot on the floor's depth share, different horizons: the lamp is 1.6 m either way, in different pixels
    expect(a.height).not.toBe(b.height);
  });
});

import { planReplacements, seedKindOf } from '../src/arrange';
import { placementRoleOf } from '../src/layout';
import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import { seededLayoutOf, seededSceneWithout, seedKeys } from '@dwellscape/sample-art';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawContactShadow } from '../src/draw';
import type { PhotoGeometry, Polygon } from '../src/geometry/types';
import type { Raster } from '../src/raster';
import { renderLocalDesign, type ProductImage } from '../src/render-local-design';
import { analyzePhoto } from '../src/geometry';
import { floorDirections, THREE_QUARTER_FROM, turnedBox, viewInLayout, viewOnGeometry } from '../src/views';
import { livingRoomPhoto } from './fixtures/synthetic-images';
import { loadLabels, photoPath, photosAvailable } from './real-photos';

const W = 1600;
const H = 1200;

const rect = (x: number, y: number, w: number, h: number): Polygon => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

/**
 * A room photographed from a corner: its left wall's foot rises from the left edge to the corner at the middle and
 * runs to a vanishing point far right; the right wall's falls away to one far left.
 */
const cornerRoom: PhotoGeometry = {
  width: W,
  height: H,
  mode: 'interior',
  source: 'found',
  camera: { focal: 1200, cx: W / 2, cy: H / 2, horizonY: 450, roll: 0, eyeHeight: 1.4 },
  vanishingPoints: {
    vertical: null,
    horizontal: [
      [2000, 450],
      [-400, 450],
    ],
  },
  floor: [
    [
      [0, 900],
      [800, 640],
      [W, 900],
      [W, H],
      [0, H],
    ],
  ],
  walls: [
    {
      facing: 'left',
      polygon: [
        [0, 900],
        [800, 640],
        [800, 0],
        [0, 0],
      ],
      vanishingPoint: [2000, 450],
    },
    {
      facing: 'right',
      polygon: [
        [800, 640],
        [W, 900],
        [W, 0],
        [800, 0],
      ],
      vanishingPoint: [-400, 450],
    },
  ],
  openings: [],
  pieces: [],
  ground: [],
  anchors: [],
};

/** The corner further right: the left wall takes most of the picture. */
const wideLeftWall: PhotoGeometry = {
  ...cornerRoom,
  floor: [
    [
      [0, 900],
      [1200, 640],
      [W, 760],
      [W, H],
      [0, H],
    ],
  ],
  walls: [
    {
      facing: 'left',
      polygon: [
        [0, 900],
        [1200, 640],
        [1200, 0],
        [0, 0],
      ],
      vanishingPoint: [2077, 450],
    },
    {
      facing: 'right',
      polygon: [
        [1200, 640],
        [W, 760],
        [W, 0],
        [1200, 0],
      ],
      vanishingPoint: [-400, 450],
    },
  ],
};

/** A flat, straight-on room: one back wall, no vanishing point of its own. */
const backWallRoom: PhotoGeometry = {
  ...cornerRoom,
  vanishingPoints: { vertical: null, horizontal: [[W / 2, 450]] },
  floor: [
    [
      [0, 720],
      [W, 720],
      [W, H],
      [0, H],
    ],
  ],
  walls: [
    {
      facing: 'back',
      polygon: [
        [0, 720],
        [W, 720],
        [W, 0],
        [0, 0],
      ],
    },
  ],
};

describe('the view a product is drawn from', () => {
  it('in a corner room: the three-quarter view whose side faces the camera, receding to its wall', () => {
    const onLeftWall = viewOnGeometry(cornerRoom, { x: 250, width: 300 }, 1, 1);
    expect(onLeftWall.view).toBe('left');
    expect(onLeftWall.recede?.vanishingX).toBe(2000);
    const onRightWall = viewOnGeometry(cornerRoom, { x: 1050, width: 300 }, 1, 1);
    expect(onRightWall.view).toBe('right');
    expect(onRightWall.recede?.vanishingX).toBe(-400);
    // without vanishing points, the side the analysis gave each wall says as much
    const named = { ...cornerRoom, walls: cornerRoom.walls.map(({ facing, polygon }) => ({ facing, polygon })) };
    expect(viewOnGeometry(named, { x: 250, width: 300 }, 1, 1).view).toBe('left');
    expect(viewOnGeometry(named, { x: 1050, width: 300 }, 1, 1).view).toBe('right');
  });

  it('against a wall that faces the camera: the front, unless the product stands far off to one side', () => {
    expect(viewOnGeometry(backWallRoom, { x: 650, width: 300 }, 1, 1)).toEqual({
      view: 'front',
      angle: expect.closeTo(0, 1),
    });
    // far left of the camera, its right-hand side shows
    expect(viewOnGeometry(backWallRoom, { x: -100, width: 200 }, 1, 1).view).toBe('right');
    expect(viewOnGeometry(backWallRoom, { x: 1500, width: 200 }, 1, 1).view).toBe('left');
    // output pixels of another size scale to the geometry's
    expect(viewOnGeometry(cornerRoom, { x: 125, width: 150 }, 0.5, 0.5).view).toBe('left');
  });

  it("a drawn preset space knows its camera: a piece near its side wall shows its side, one before the camera doesn't", async () => {
    const layout = (await seededLayoutOf(seedKeys.space('s-sunny-living-room')))!;
    const standing = layout.places.filter((p) => p.pose === 'standing' && !p.on);
    const views = standing.map((p) => viewInLayout(layout.camera, p.x, p.z).view);
    expect(views).toContain('front');
    expect(views.filter((v) => v !== 'front').length).toBeGreaterThan(0);
    const sofa = standing.find((p) => p.kind === 'sofa')!;
    expect(viewInLayout(layout.camera, sofa.x, sofa.z).view).toBe('front');
  });
});

/** A room seen from a corner whose walls were not found: only its floor's lines, running to two vanishing points. */
const cornerFloorOnly: PhotoGeometry = { ...cornerRoom, walls: [] };

/** A yard seen at an angle: no walls, the ground's lines (a path, a house's foot) running to vanishing points. */
const angledYard: PhotoGeometry = {
  ...cornerRoom,
  mode: 'landscape',
  walls: [],
  // the strongest (a house's foot) runs far to the left, a weaker one near the middle, square to neither: noise
  vanishingPoints: {
    vertical: null,
    horizontal: [
      [-1800, 450],
      [760, 450],
    ],
  },
};

describe('the floor’s directions decide where no wall does', () => {
  it('takes the two vanishing points square to each other, the one nearer the picture plane as across', () => {
    const dirs = floorDirections(cornerRoom)!;
    // (2000 − 800) / 1200 → 45°, (−400 − 800) / 1200 → −45°: square; the first listed, as strong, is across
    expect(Math.abs(dirs.across)).toBeCloseTo(Math.PI / 4, 5);
    expect(Math.abs(dirs.across - dirs.depth)).toBeCloseTo(Math.PI / 2, 5);
    expect(floorDirections(backWallRoom)).toEqual({ across: expect.closeTo(Math.PI / 2, 5), depth: 0 });
    // no pair square to each other: the strongest and the direction square to it
    const yard = floorDirections(angledYard)!;
    const strongest = Math.atan2(-1800 - 800, 1200);
    expect(yard.across).toBeCloseTo(strongest, 5);
    expect(yard.depth).toBeCloseTo(strongest + Math.PI / 2, 5);
    expect(floorDirections({ ...cornerRoom, vanishingPoints: { vertical: null, horizontal: [] } })).toBeNull();
  });

  it('a corner room without walls and a yard seen at an angle turn a product in the middle; a straight-on room does not', () => {
    const middle = { x: 700, width: 200 };
    const corner = viewOnGeometry(cornerFloorOnly, middle, 1, 1);
    expect(corner.view).not.toBe('front');
    expect(Math.abs(corner.angle)).toBeGreaterThanOrEqual(THREE_QUARTER_FROM);
    // its front recedes to the across direction's vanishing point, as the floor's lines do
    expect(corner.recede?.vanishingX).toBeCloseTo(2000, 0);
    const yard = viewOnGeometry(angledYard, middle, 1, 1);
    expect(yard.view).not.toBe('front');
    // its front runs along the ground's strongest direction, to the left: its right end is nearer and shows its side
    expect(yard.view).toBe('right');
    expect(yard.recede?.vanishingX).toBeCloseTo(-1800, 0);
    expect(viewOnGeometry({ ...backWallRoom, walls: [] }, middle, 1, 1).view).toBe('front');
  });
});

/**
 * The real photos as the render sees them: decoded at the render width and analysed (what an upload gets). Nothing
 * here names a photo: each is sorted by its own lines.
 */
describe.skipIf(!photosAvailable())('the view on the real photos’ own geometry', () => {
  it('where the floor’s lines run to a corner, the middle of the picture gets a three-quarter view', async () => {
    const corners: string[] = [];
    const wrong: string[] = [];
    for (const photo of loadLabels().photos) {
      const width = 1600;
      const height = Math.round((width * photo.height) / photo.width);
      const { data, info } = await sharp(photoPath(photo))
        .resize(width, height, { fit: 'cover' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const geometry = analyzePhoto({ data, width: info.width, height: info.height, channels: 3 }, photo.mode);
      const dirs = floorDirections(geometry);
      // a corner view: the direction across the view turned well off the picture plane (25° or more)
      if (!dirs || Math.PI / 2 - Math.abs(dirs.across) < (25 * Math.PI) / 180) continue;
      const wall = geometry.walls.find((w) => {
        const xs = w.polygon.map((p) => p[0]);
        return Math.min(...xs) <= geometry.camera.cx && geometry.camera.cx <= Math.max(...xs);
      });
      // a side wall found behind the middle decides by itself (the tests above)
      if (wall && wall.facing !== 'back') continue;
      corners.push(photo.file);
      const k = width / geometry.width;
      const choice = viewOnGeometry(geometry, { x: geometry.camera.cx * k - 60, width: 120 }, k, k);
      // the end nearer the camera shows its side: the left end when the front runs to a vanishing point on the right
      const expected = (wall?.vanishingPoint ? wall.vanishingPoint[0] > geometry.camera.cx : dirs.across > 0)
        ? 'left'
        : 'right';
      if (choice.view !== expected) wrong.push(`${photo.file}: ${choice.view}, expected ${expected}`);
    }
    expect(corners.length).toBeGreaterThanOrEqual(3);
    expect(wrong).toEqual([]);
  }, 120_000);
});

/** A product's three pictures, each one colour, on transparent frames: which one a render drew shows by its colour. */
async function colouredViews(): Promise<ProductImage['views'] & object> {
  const shape = (fill: string, width: number) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">` +
          `<rect x="${400 - width / 2}" y="300" width="${width}" height="260" fill="${fill}"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
  return { front: await shape('#d03020', 600), left: await shape('#20a040', 520), right: await shape('#2040d0', 520) };
}

async function rawOf(bytes: Uint8Array): Promise<Raster> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 };
}

/** Which of the three colours is most of the box's pixels. */
function dominantView(scene: Raster, box: { x: number; y: number; width: number; height: number }): string {
  const counts = { front: 0, left: 0, right: 0 };
  for (let y = Math.max(0, box.y); y < Math.min(scene.height, box.y + box.height); y++) {
    for (let x = Math.max(0, box.x); x < Math.min(scene.width, box.x + box.width); x++) {
      const i = (y * scene.width + x) * 3;
      const [r, g, b] = [scene.data[i]!, scene.data[i + 1]!, scene.data[i + 2]!];
      if (r > g + 60 && r > b + 60) counts.front++;
      else if (g > r + 40 && g > b + 40) counts.left++;
      else if (b > r + 60 && b > g + 40) counts.right++;
    }
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0];
}

describe('renders draw the chosen view', () => {
  it('a sofa against the left wall of a corner room is drawn from its left three-quarter view', async () => {
    const design = await renderLocalDesign({
      spaceImage: await livingRoomPhoto(W, H, { grain: 4 }),
      products: [
        { bytes: (await colouredViews()).front!, category: 'Sofa', name: 'Sofa', views: await colouredViews() },
      ],
      answers: {},
      mode: 'interior',
      spaceType: '',
      width: W,
      maxInputPixels: UPLOAD_MAX_PIXELS,
      geometry: wideLeftWall,
    });
    const [placed] = design.placements;
    expect(design.geometry?.leftOut).toEqual([]);
    expect(placed).toBeDefined();
    expect(placed!.x + placed!.width).toBeLessThan(1200);
    expect(dominantView(await rawOf(design.bytes), placed!)).toBe('left');
  });

  it('in the drawn living room, the armchair by the side wall shows its side; the sofa before the camera its front', async () => {
    const key = seedKeys.space('s-sunny-living-room');
    const layout = (await seededLayoutOf(key))!;
    const views = await colouredViews();
    const products = [
      { bytes: views.front!, category: 'Sofa', name: 'Sofa', views },
      { bytes: views.front!, category: 'Armchair', name: 'Armchair', views },
    ];
    const replacements = planReplacements(
      layout,
      products.map((p, index) => ({
        index,
        role: placementRoleOf(p.category, p.name),
        kind: seedKindOf(p.category, p.name),
      })),
    );
    const design = await renderLocalDesign({
      spaceImage: Buffer.from(
        seededSceneWithout(
          key,
          replacements.map((r) => r.placeId),
        )!,
      ),
      products,
      answers: {},
      mode: 'interior',
      spaceType: 'Living Room',
      width: W,
      maxInputPixels: UPLOAD_MAX_PIXELS,
      layout,
      replacements,
    });
    const scene = await rawOf(design.bytes);
    const sofa = design.placements.find((p) => p.index === 0)!;
    const chair = design.placements.find((p) => p.index === 1)!;
    expect(dominantView(scene, sofa)).toBe('front');
    // the room's armchair stands left of the camera: its right-hand side faces it
    expect(chair.x + chair.width / 2).toBeLessThan(W / 2);
    expect(dominantView(scene, chair)).toBe('right');
  });
});

/** One product drawn from its coloured views on the grained living room, with `extra` (placements, a geometry…). */
async function renderOneProduct(
  category: string,
  extra: Partial<Parameters<typeof renderLocalDesign>[0]> = {},
): Promise<{ design: Awaited<ReturnType<typeof renderLocalDesign>>; scene: Raster }> {
  const views = await colouredViews();
  const design = await renderLocalDesign({
    spaceImage: await livingRoomPhoto(W, H, { grain: 4 }),
    products: [{ bytes: views.front!, category, name: category, views }],
    answers: {},
    mode: 'interior',
    spaceType: '',
    width: W,
    maxInputPixels: UPLOAD_MAX_PIXELS,
    ...extra,
  });
  return { design, scene: await rawOf(design.bytes) };
}

describe('adjusted placements keep a variation’s turn', () => {
  const adjusted = (turned?: 'left' | 'right') =>
    renderOneProduct('Armchair', {
      placements: [
        { index: 0, box: { x: 500, y: 600, width: 500, height: 220 }, ...(turned ? { view: { view: turned } } : {}) },
      ],
      layers: true,
    });

  it('a turned product moved by a person is drawn again from the view its layer showed, and says so', async () => {
    const { design, scene } = await adjusted('left');
    expect(design.placements[0]!.view).toEqual({ view: 'left' });
    expect(dominantView(scene, design.placements[0]!)).toBe('left');
  });

  it('one not turned is drawn from the front, as adjusted placements were', async () => {
    const { design, scene } = await adjusted();
    expect(design.placements[0]!.view).toEqual({ view: 'front' });
    expect(dominantView(scene, design.placements[0]!)).toBe('front');
  });
});

/** The pixels of the left view's colour within `area` (the product's green), as indices in the picture. */
function leftViewPixels(scene: Raster, area: { x: number; y: number; width: number; height: number }): Set<number> {
  const pixels = new Set<number>();
  for (let y = Math.max(0, area.y); y < Math.min(scene.height, area.y + area.height); y++) {
    for (let x = Math.max(0, area.x); x < Math.min(scene.width, area.x + area.width); x++) {
      const i = (y * scene.width + x) * 3;
      const [r, g, b] = [scene.data[i]!, scene.data[i + 1]!, scene.data[i + 2]!];
      if (g > r + 40 && g > b + 40) pixels.add(y * scene.width + x);
    }
  }
  return pixels;
}

/** The share of `a`'s pixels, moved `dx` right, that are among `b`'s, over the larger of the two. */
function overlapMoved(a: Set<number>, b: Set<number>, dx: number): number {
  let both = 0;
  for (const i of a) if (b.has(i + dx)) both++;
  return both / Math.max(1, a.size, b.size);
}

describe('adjusted placements are drawn from the view their render drew them from (issue #39)', () => {
  const render = (placements?: Parameters<typeof renderLocalDesign>[0]['placements']) =>
    renderOneProduct('Sofa', { geometry: wideLeftWall, ...(placements ? { placements } : {}) });

  it('a sofa the left wall turned and warped, moved 20 px, is drawn again from that view with that warp', async () => {
    const first = await render();
    const placed = first.design.placements[0]!;
    // the render says how it drew the sofa: the left three-quarter view, receding to the left wall's vanishing point
    expect(placed.view).toEqual({ view: 'left', recede: { vanishingX: 2077, horizonY: 450 } });
    expect(dominantView(first.scene, placed)).toBe('left');

    const box = { x: placed.x + 20, y: placed.y, width: placed.width, height: placed.height };
    const moved = await render([{ index: 0, box, view: placed.view! }]);
    expect(moved.design.layoutBasis).toBe('adjusted');
    expect(moved.design.placements[0]!.view).toEqual(placed.view);
    expect(dominantView(moved.scene, moved.design.placements[0]!)).toBe('left');

    // the same picture warped the same way, 20 px to the right: the product's pixels lie where the render's moved do
    const area = { x: placed.x - 40, y: placed.y - 200, width: placed.width + 100, height: placed.height + 300 };
    const before = leftViewPixels(first.scene, area);
    const after = leftViewPixels(moved.scene, { ...area, x: area.x + 20 });
    expect(before.size).toBeGreaterThan(placed.width * placed.height * 0.2);
    expect(overlapMoved(before, after, 20)).toBeGreaterThan(0.95);
    // without the warp the far end would stand as tall as the near one: the warp is drawn, not only carried
    const unwarped = await render([{ index: 0, box, view: { view: 'left' } }]);
    const flat = leftViewPixels(unwarped.scene, { ...area, x: area.x + 20 });
    expect(overlapMoved(before, flat, 20)).toBeLessThan(0.9);
  });

  it('a warp whose horizon lies far off the picture is left off: the view is drawn, not a sprite thousands of rows tall', async () => {
    const box = { x: 300, y: 600, width: 500, height: 220 };
    const far = await render([
      { index: 0, box, view: { view: 'left', recede: { vanishingX: 2077, horizonY: 900_000 } } },
    ]);
    expect(far.design.placements[0]!.view).toEqual({ view: 'left' });
    expect(dominantView(far.scene, far.design.placements[0]!)).toBe('left');
  });
});

describe('contact shadows', () => {
  /** A sofa's silhouette: a body over two short legs at its ends, on a transparent frame. */
  const sofa = (): Raster => {
    const width = 400;
    const height = 160;
    const data = new Uint8Array(width * height * 4);
    const solid = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data.set([60, 110, 100, 255], (y * width + x) * 4);
    };
    solid(0, 0, width, 140);
    solid(20, 140, 34, height);
    solid(width - 34, 140, width - 20, height);
    return { data, width, height, channels: 4 };
  };
  const floor = (): Raster => ({ data: new Uint8Array(800 * 600 * 3).fill(200), width: 800, height: 600, channels: 3 });
  const at = (scene: Raster, x: number, y: number) => scene.data[(y * scene.width + x) * 3]!;

  it('under a sofa follows its footprint, darkest at contact: no slab in front of it or past its ends', () => {
    const scene = floor();
    const piece = sofa();
    const left = 200;
    const top = 300;
    const base = top + piece.height - 1;
    drawContactShadow(scene, piece, left, top, 1);
    // between the legs, under the body: shaded, darker at the floor than higher up
    const mid = left + piece.width / 2;
    expect(at(scene, mid, base)).toBeLessThan(170);
    expect(at(scene, mid, base)).toBeLessThan(at(scene, mid, base - 14));
    // in front of the piece (below its base, past the blur) and past its ends: the floor as it was
    const blur = Math.round(piece.height * 0.012) * 3 + 2;
    for (let x = left - 60; x < left + piece.width + 60; x += 4) {
      expect(at(scene, x, base + blur + 2)).toBe(200);
      expect(at(scene, x, base + 20)).toBe(200);
    }
    for (let y = base - 14; y <= base; y++) {
      expect(at(scene, left - 40, y)).toBe(200);
      // away from the light (to the right) its softer copy reaches a little further than on the lit side
      expect(at(scene, left + piece.width + 8, y)).toBeLessThanOrEqual(at(scene, left - 8, y));
    }
  });

  it('follows the floor line of a piece warped to a vanishing point: under its raised far end, not below it', () => {
    const scene = floor();
    const width = 400;
    const height = 160;
    const data = new Uint8Array(width * height * 4);
    // a body whose bottom rises 40 rows from the near (left) end to the far one, on a leg at each end
    for (let x = 0; x < width; x++) {
      const bottom = Math.round(159 - (40 * x) / (width - 1));
      const bodyBottom = bottom - 20;
      const leg = x < 34 || x >= width - 34;
      for (let y = Math.round(bodyBottom * 0.2); y <= (leg ? bottom : bodyBottom); y++) {
        data.set([60, 110, 100, 255], (y * width + x) * 4);
      }
    }
    const left = 200;
    const top = 300;
    drawContactShadow(scene, { data, width, height, channels: 4 }, left, top, 1);
    // under the middle, the floor line is 20 rows up from the near end's base: shaded there
    expect(at(scene, left + width / 2, top + 139)).toBeLessThan(190);
    // below the far end, where an unwarped shadow would lie, the floor is untouched
    expect(at(scene, left + width - 20, top + 159)).toBe(200);
    expect(at(scene, left + width - 20, top + 150)).toBe(200);
  });

  it('in a render: the floor just in front of a standing sofa is as light as the floor further forward', async () => {
    // a plain wall over a plain floor, so that any darkening in front of the sofa is its shadow
    const room = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="720" fill="#d8cfc0"/>` +
          `<rect y="720" width="${W}" height="${H - 720}" fill="#9a7650"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
    const views = await colouredViews();
    const design = await renderLocalDesign({
      spaceImage: room,
      answers: {},
      mode: 'interior',
      spaceType: '',
      width: W,
      maxInputPixels: UPLOAD_MAX_PIXELS,
      geometry: backWallRoom,
      products: [{ bytes: views.front!, category: 'Sofa', name: 'Sofa', views }],
    });
    const scene = await rawOf(design.bytes);
    if (process.env.VIEWS_OUT) await sharp(design.bytes).png().toFile(`${process.env.VIEWS_OUT}/slab.png`);
    const p = design.placements[0]!;
    const bottom = p.y + p.height;
    /** The mean brightness of rows `from`–`to` (shares of the sofa's height below its base) across its width. */
    const band = (from: number, to: number) => {
      let sum = 0;
      let n = 0;
      for (let y = Math.round(bottom + p.height * from); y < Math.min(H, bottom + p.height * to); y++) {
        for (let x = Math.max(0, p.x - 20); x < Math.min(W, p.x + p.width + 20); x += 2) {
          const i = (y * W + x) * 3;
          sum += scene.data[i]! + scene.data[i + 1]! + scene.data[i + 2]!;
          n++;
        }
      }
      return sum / Math.max(1, n);
    };
    // a slab (the stacked ellipses renders drew before) darkened this band by a fifth
    expect(band(0.05, 0.12) / band(0.3, 0.37)).toBeGreaterThan(0.97);
  });

  it("falls away from the photo's window, whichever side it is on", async () => {
    const room = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="720" fill="#d8cfc0"/>` +
          `<rect y="720" width="${W}" height="${H - 720}" fill="#9a7650"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
    const views = await colouredViews();
    /** How much darker the floor just past the sofa's left end is than just past its right end, near its base. */
    const leftMinusRight = async (windowX: number) => {
      const design = await renderLocalDesign({
        spaceImage: room,
        answers: {},
        mode: 'interior',
        spaceType: '',
        width: W,
        maxInputPixels: UPLOAD_MAX_PIXELS,
        geometry: { ...backWallRoom, openings: [{ kind: 'window', polygon: rect(windowX, 150, 300, 400) }] },
        products: [{ bytes: views.front!, category: 'Sofa', name: 'Sofa', views }],
      });
      const scene = await rawOf(design.bytes);
      const p = design.placements[0]!;
      let sum = 0;
      for (let y = p.y + p.height - 8; y < p.y + p.height; y++) {
        for (let d = 3; d < 12; d++) {
          const l = (y * W + p.x - d) * 3;
          const r = (y * W + p.x + p.width - 1 + d) * 3;
          sum += scene.data[r]! - scene.data[l]!;
        }
      }
      return sum;
    };
    expect(await leftMinusRight(1250)).toBeGreaterThan(0);
    expect(await leftMinusRight(50)).toBeLessThan(0);
  });
});

describe('the box of a three-quarter view', () => {
  const front = { x: 400, y: 300, width: 200, height: 200, index: 0 };

  it('keeps a throw pillow’s height, base and centre: turned, it is narrower, not taller', () => {
    // a turned pillow's picture is about two thirds as wide as it is tall (the sample art's 40° turn)
    const box = turnedBox(front, 0.68, 'throw-pillow');
    expect(box.height).toBe(200);
    expect(box.y + box.height).toBe(500);
    expect(box.width).toBe(136);
    expect(box.x + box.width / 2).toBe(500);
    expect(box.width / box.height).toBeCloseTo(0.68, 2);
    expect(box.index).toBe(0);
  });

  it('keeps a piece of furniture’s width and base: its height follows the turned picture', () => {
    const box = turnedBox(front, 1.6, 'sofa');
    expect([box.x, box.width]).toEqual([400, 200]);
    expect(box.y + box.height).toBe(500);
    expect(box.height).toBe(125);
    expect(turnedBox(front, 1.6, null).height).toBe(125);
  });
});

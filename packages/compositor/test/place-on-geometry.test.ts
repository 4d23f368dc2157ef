import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_OVERLAP, overlapShare } from '../src/arrange';
import type { PhotoGeometry, Polygon } from '../src/geometry/types';
import { placementRoleOf } from '../src/layout';
import { placeOnGeometry, type GeometryItem, type GeometryPlacement } from '../src/place-on-geometry';
import { boundsOf, insidePolygon } from '../src/polygon';
import { geometryOfLabel } from './label-geometry';
import { LABELS_FILE, loadLabels } from './real-photos';

const W = 1600;
const H = 1200;
const FOCAL = 1152;
const HORIZON = 520;
const EYE = 1.3;
/** The back wall meets the floor 5 m away. */
const WALL_ROW = HORIZON + (FOCAL * EYE) / 5;

const rect = (x: number, y: number, w: number, h: number): Polygon => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

/** A room seen from its doorway: floor, back wall, a window and a door, and the pieces given. */
function room(pieces: PhotoGeometry['pieces'] = [], openings?: PhotoGeometry['openings']): PhotoGeometry {
  return {
    width: W,
    height: H,
    mode: 'interior',
    source: 'found',
    camera: { focal: FOCAL, cx: W / 2, cy: H / 2, horizonY: HORIZON, roll: 0, eyeHeight: EYE },
    vanishingPoints: { vertical: null, horizontal: [[W / 2, HORIZON]] },
    floor: [rect(0, WALL_ROW, W, H - WALL_ROW)],
    walls: [{ facing: 'back', polygon: rect(0, 0, W, WALL_ROW) }],
    openings: openings ?? [
      { kind: 'window', polygon: rect(620, 180, 420, 380) },
      { kind: 'door', polygon: rect(1250, 300, 220, WALL_ROW - 300) },
    ],
    pieces,
    ground: [],
    anchors: [],
  };
}

const item = (index: number, kind: string, aspect: number, category = kind): GeometryItem => ({
  index,
  kind,
  role: placementRoleOf(category.replace(/-/g, ' '), undefined),
  aspect,
});

const base = (p: GeometryPlacement): [number, number] => [p.x + p.width / 2, p.baseY];
const inAny = (polygons: readonly Polygon[], [x, y]: readonly [number, number]) =>
  polygons.some((polygon) => insidePolygon(polygon, x, y));
const boxesOverlap = (a: ReturnType<typeof boundsOf>, b: ReturnType<typeof boundsOf>) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function expectNoTwoOverlap(placements: readonly GeometryPlacement[]) {
  const upright = placements.filter((p) => p.pose !== 'flat');
  for (const [n, a] of upright.entries()) {
    for (const b of upright.slice(n + 1)) expect(overlapShare(a, b)).toBeLessThanOrEqual(MAX_OVERLAP);
  }
}

describe('placeOnGeometry in a room', () => {
  const sofaPiece = { kind: 'sofa', polygon: rect(80, 560, 520, 260) };
  const tablePiece = { kind: 'desk', polygon: rect(1000, 600, 300, 200) };

  it("stands every product's base on the visible floor, clear of the room's own pieces", () => {
    const geometry = room([sofaPiece, tablePiece]);
    const items = [
      item(0, 'armchair', 1),
      item(1, 'floor-lamp', 0.4),
      item(2, 'plant', 0.6, 'indoor plant'),
      item(3, 'bookshelf', 0.5),
      item(4, 'nightstand', 1),
    ];
    const { placements, leftOut } = placeOnGeometry(items, geometry, { width: W, height: H });
    expect(placements.length + leftOut.length).toBe(items.length);
    const standing = placements.filter((p) => p.on === 'floor');
    expect(standing.length).toBeGreaterThanOrEqual(4);
    const pieces = geometry.pieces.map((p) => p.polygon);
    for (const p of standing) {
      expect(inAny(geometry.floor, base(p))).toBe(true);
      expect(inAny(pieces, base(p))).toBe(false);
      // the whole footprint is on free floor, not on the sofa's seat or the desk's top
      for (const corner of p.footprint) expect(inAny(pieces, corner)).toBe(false);
    }
    expectNoTwoOverlap(placements);
  });

  it('sizes a product from its real dimensions and where it stands in the perspective', () => {
    const geometry = room([]);
    const tall = { ...item(0, 'floor-lamp', 0.25), size: { width: 40, depth: 40, height: 160 } };
    const short = { ...item(1, 'floor-lamp', 0.5), size: { width: 40, depth: 40, height: 80 } };
    const { placements } = placeOnGeometry([tall, short], geometry, { width: W, height: H });
    for (const p of placements) {
      // pixels per metre on the floor at the base's row: (row - horizon) / eye height
      const perMetre = (p.baseY - HORIZON) / EYE;
      const metres = p.index === 0 ? 1.6 : 0.8;
      expect(p.height / perMetre).toBeCloseTo(metres, 1);
    }
    // the same picture drawn at twice the frame: the same place, twice the pixels
    const big = placeOnGeometry([tall], geometry, { width: W * 2, height: H * 2 }).placements[0]!;
    const small = placements.find((p) => p.index === 0)!;
    expect(big.height).toBeCloseTo(small.height * 2, -1);
  });

  it('lays a rug flat in the floor perspective under the seating group', () => {
    const geometry = room([]);
    const { placements } = placeOnGeometry(
      [item(0, 'sofa', 2.4), { ...item(1, 'rug', 1.4), size: { width: 240, depth: 170, height: 1 } }],
      geometry,
      { width: W, height: H },
    );
    const sofa = placements.find((p) => p.index === 0)!;
    const rug = placements.find((p) => p.index === 1)!;
    expect(rug.pose).toBe('flat');
    const [farLeft, farRight, nearRight, nearLeft] = rug.quad!;
    // a quadrilateral, not a rectangle: its far edge is shorter than its near one
    expect(farRight![0] - farLeft![0]).toBeLessThan((nearRight![0] - nearLeft![0]) * 0.95);
    expect(farLeft![1]).toBeLessThan(nearLeft![1]);
    // its far edge lies under the sofa's front, and it is centred on the sofa
    expect(farLeft![1]).toBeLessThan(sofa.baseY);
    expect(nearLeft![1]).toBeGreaterThan(sofa.baseY);
    const rugCentre = (farLeft![0] + farRight![0]) / 2;
    expect(Math.abs(rugCentre - (sofa.x + sofa.width / 2))).toBeLessThan(sofa.width * 0.15);
  });

  it('hangs wall art on the wall at eye height, never over a window or door', () => {
    const geometry = room([]);
    const { placements } = placeOnGeometry([item(0, 'wall-art', 0.75, 'wall art'), item(1, 'mirror', 0.7)], geometry, {
      width: W,
      height: H,
    });
    expect(placements).toHaveLength(2);
    for (const p of placements) {
      expect(p.on).toBe('wall');
      const box = { left: p.x, top: p.y, right: p.x + p.width, bottom: p.y + p.height };
      for (const opening of geometry.openings) expect(boxesOverlap(box, boundsOf(opening.polygon))).toBe(false);
      expect(p.y + p.height).toBeLessThanOrEqual(WALL_ROW);
    }
    // eye height: 1.5 m up the back wall, 5 m away, is 0.2 m above the camera's eye
    const art = placements.find((p) => p.index === 0)!;
    const eyeRow = HORIZON - (FOCAL * (1.5 - EYE)) / 5;
    expect(Math.abs(art.y + art.height / 2 - eyeRow)).toBeLessThan(25);
  });

  it('keeps wall art off a stretch of wall whose pixels are a view, not a wall (a window the analysis missed)', () => {
    // the analysis found no opening at all; the picture shows a plain wall, but leaves behind glass in its middle
    const geometry = room([], []);
    const data = new Uint8Array(W * H * 3).fill(205);
    const leaves = rect(300, 60, 1000, 560);
    for (let y = 60; y < 620; y++) {
      for (let x = 300; x < 1300; x++) {
        const shade = ((x * 7 + y * 13) % 23) * 6 + ((x >> 2) % 3) * 20;
        data.set([40 + shade, 90 + shade, 30 + (shade >> 1)], (y * W + x) * 3);
      }
    }
    const art = item(0, 'wall-art', 0.75, 'wall art');
    const withPixels = placeOnGeometry([art], geometry, { width: W, height: H, data, channels: 3 });
    const size = placeOnGeometry([art], geometry, { width: W, height: H });
    // without the pixels it hangs in the middle (over the view); with them, on the plain wall beside it
    const over = (p: GeometryPlacement) => boxesOverlap(boundsOf(rect(p.x, p.y, p.width, p.height)), boundsOf(leaves));
    expect(size.placements.map(over)).toEqual([true]);
    expect(withPixels.placements).toHaveLength(1);
    expect(over(withPixels.placements[0]!)).toBe(false);
    expect(withPixels.placements[0]!.on).toBe('wall');
  });

  it('keeps wall art off what already hangs on the wall (a framed picture, a mirror) the analysis does not know', () => {
    // no opening anywhere; a dark frame round a pale print hangs in the middle of the plain wall, where art would go
    const geometry = room([], []);
    const data = new Uint8Array(W * H * 3).fill(205);
    const hung = rect(560, 120, 480, 380);
    for (let y = 120; y < 500; y++) {
      for (let x = 560; x < 1040; x++) {
        const frame = x < 580 || x >= 1020 || y < 140 || y >= 480;
        data.fill(frame ? 45 : 225, (y * W + x) * 3, (y * W + x) * 3 + 3);
      }
    }
    const art = item(0, 'wall-art', 0.75, 'wall art');
    const over = (p: GeometryPlacement) => boxesOverlap(boundsOf(rect(p.x, p.y, p.width, p.height)), boundsOf(hung));
    expect(placeOnGeometry([art], geometry, { width: W, height: H }).placements.map(over)).toEqual([true]);
    const { placements } = placeOnGeometry([art], geometry, { width: W, height: H, data, channels: 3 });
    expect(placements).toHaveLength(1);
    expect(over(placements[0]!)).toBe(false);
    expect(placements[0]!.on).toBe('wall');
  });

  it('leaves wall art out, and says so, when every stretch of wall is a window or door', () => {
    const geometry = room([], [{ kind: 'window', polygon: rect(0, 0, W, WALL_ROW) }]);
    const { placements, leftOut } = placeOnGeometry([item(0, 'wall-art', 0.75, 'wall art')], geometry, {
      width: W,
      height: H,
    });
    expect(placements).toHaveLength(0);
    expect(leftOut).toEqual([{ index: 0, reason: 'no free wall for the wall art' }]);
  });

  it('hangs a pendant from the ceiling on a cord, over the table', () => {
    const geometry = room([]);
    const { placements } = placeOnGeometry(
      [item(0, 'dining-table', 2), item(1, 'pendant-light', 1.3, 'pendant light')],
      geometry,
      { width: W, height: H },
    );
    const table = placements.find((p) => p.index === 0)!;
    const pendant = placements.find((p) => p.index === 1)!;
    expect(pendant.on).toBe('ceiling');
    expect(pendant.cord!.top).toBeLessThanOrEqual(pendant.y);
    expect(pendant.y + pendant.height).toBeLessThan(table.y);
    expect(Math.abs(pendant.x + pendant.width / 2 - (table.x + table.width / 2))).toBeLessThan(table.width / 2);
  });

  it('hangs a pendant inside the room at its real size, not over a table seen far beyond the wall', () => {
    // a table found just under the horizon (37 m off by the floor plane): through a window, not in the room
    const farTable = { kind: 'table', polygon: rect(700, HORIZON + 25, 200, 15) };
    const { placements } = placeOnGeometry([item(0, 'pendant-light', 1.3, 'pendant light')], room([farTable], []), {
      width: W,
      height: H,
    });
    const pendant = placements.find((p) => p.index === 0)!;
    expect(pendant.on).toBe('ceiling');
    // in front of the back wall, 5 m off: a 45 cm pendant is drawn at least as wide as it would be there
    expect(pendant.z).toBeLessThan(5);
    expect(pendant.width).toBeGreaterThanOrEqual((0.45 * FOCAL) / 5);
    expect(pendant.cord!.top).toBeLessThanOrEqual(pendant.y);
  });

  it('leaves a pendant out, and says why, when anywhere in the room it would hang above the picture', () => {
    // a camera looking up at the wall: its horizon near the top, so the room's upper metre is out of the picture
    const horizon = 100;
    const wallRow = horizon + (FOCAL * EYE) / 5;
    const geometry: PhotoGeometry = {
      ...room([], []),
      camera: { focal: FOCAL, cx: W / 2, cy: H / 2, horizonY: horizon, roll: 0, eyeHeight: EYE },
      floor: [rect(0, wallRow, W, H - wallRow)],
      walls: [{ facing: 'back', polygon: rect(0, 0, W, wallRow) }],
    };
    const { placements, leftOut } = placeOnGeometry([item(0, 'pendant-light', 1.3, 'pendant light')], geometry, {
      width: W,
      height: H,
    });
    expect(placements).toHaveLength(0);
    expect(leftOut).toEqual([{ index: 0, reason: 'no ceiling in the picture for the pendant light' }]);
  });

  it("replaces the room's piece of its kind: stands on its footprint and marks it to be erased", () => {
    const geometry = room([sofaPiece]);
    const { placements, erase } = placeOnGeometry([item(0, 'sofa', 2.4)], geometry, { width: W, height: H });
    const sofa = placements[0]!;
    expect(sofa.replaced).toBe('piece-1');
    expect(erase).toEqual([{ id: 'piece-1', polygon: sofaPiece.polygon }]);
    const old = boundsOf(sofaPiece.polygon);
    expect(Math.abs(sofa.baseY - old.bottom)).toBeLessThan(2);
    expect(Math.abs(sofa.x + sofa.width / 2 - (old.left + old.right) / 2)).toBeLessThan(old.right - old.left);
    expect(sofa.where).toBe("the sofa where the room's sofa stands, left of the window");
  });

  describe('a 220 cm sofa where a sure sofa 1.5 m wide stands against the back wall', () => {
    // the old sofa's front 0.9 m before the wall (4.1 m away), 1.5 m wide there
    const front = HORIZON + (FOCAL * EYE) / 4.1;
    const perMetre = (front - HORIZON) / EYE;
    const wide = Math.round(1.5 * perMetre);
    const left = 500 - wide / 2;
    const old = { kind: 'sofa', confidence: 0.55, polygon: rect(left, front - 0.95 * perMetre, wide, 0.95 * perMetre) };
    const sofa = { ...item(0, 'sofa', 2.4), size: { width: 220, depth: 92, height: 85 } };

    it('replaces it with free floor either side: the old one erased, the new one on its footprint', () => {
      const { placements, erase } = placeOnGeometry([sofa], room([old]), { width: W, height: H });
      expect(erase).toEqual([{ id: 'piece-1', polygon: old.polygon }]);
      const p = placements[0]!;
      expect(p.replaced).toBe('piece-1');
      expect(Math.abs(p.baseY - front)).toBeLessThan(2);
      // wider than the old one (2.2 m against 1.5 m), centred on it
      expect(p.width).toBeGreaterThan(wide * 1.3);
      expect(Math.abs(p.x + p.width / 2 - 500)).toBeLessThan(wide / 2);
    });

    it('refuses to replace it when other pieces stand right beside it', () => {
      const side = 0.6 * perMetre;
      const cabinets = [
        { kind: 'cabinet', polygon: rect(left - side - 4, front - 0.8 * perMetre, side, 0.8 * perMetre) },
        { kind: 'cabinet', polygon: rect(left + wide + 4, front - 0.8 * perMetre, side, 0.8 * perMetre) },
      ];
      const refused: string[] = [];
      const { placements, erase } = placeOnGeometry(
        [sofa],
        room([old, ...cabinets]),
        { width: W, height: H },
        {},
        (_, rule) => refused.push(rule),
      );
      expect(erase).toEqual([]);
      expect(placements.every((p) => !p.replaced)).toBe(true);
      expect(refused.some((r) => /^replace: (a corner on|base within the margin of) another piece$/.test(r))).toBe(
        true,
      );
      // wherever it stands instead, it does not stand over the cabinets
      for (const p of placements)
        for (const c of cabinets) expect(boxesOverlap(boundsOf(c.polygon), boundsOf(p.footprint))).toBe(false);
    });

    it('stands where the old one stood though only a rug narrower than the new one was found as floor', () => {
      // the old sofa 2.4 m wide on a 1.8 m rug: the new one's corners are on the old one's footprint, not the rug
      const big = Math.round(2.4 * perMetre);
      const onRug = { ...old, polygon: rect(500 - big / 2, front - 0.95 * perMetre, big, 0.95 * perMetre) };
      const rug = rect(500 - 0.9 * perMetre, front - 20, 1.8 * perMetre, H - front + 20);
      const { placements, erase } = placeOnGeometry(
        [sofa],
        { ...room([onRug]), floor: [rug] },
        { width: W, height: H },
      );
      expect(erase.map((e) => e.id)).toEqual(['piece-1']);
      expect(placements[0]?.replaced).toBe('piece-1');
    });
  });

  it('leaves out a product with no free floor and no piece of its kind, and says why', () => {
    // the floor is all under the room's pieces
    const geometry = room([{ kind: 'bed', polygon: rect(0, WALL_ROW - 200, W, H - WALL_ROW + 200) }]);
    const { placements, leftOut } = placeOnGeometry([item(0, 'bed', 1.2), item(1, 'sofa', 2.4)], geometry, {
      width: W,
      height: H,
    });
    expect(placements.map((p) => p.replaced)).toEqual(['piece-1']);
    expect(leftOut).toEqual([{ index: 1, reason: 'no free floor for the sofa' }]);
  });

  it('never lets two products overlap by more than a tenth, however many there are', () => {
    const geometry = room([sofaPiece]);
    const kinds: Array<[string, number, string?]> = [
      ['sofa', 2.4],
      ['armchair', 1],
      ['armchair', 1],
      ['coffee-table', 2],
      ['floor-lamp', 0.35],
      ['plant', 0.6, 'indoor plant'],
      ['plant', 0.6, 'indoor plant'],
      ['bookshelf', 0.5],
      ['dresser', 2],
      ['wall-art', 0.75, 'wall art'],
    ];
    const { placements, leftOut } = placeOnGeometry(
      kinds.map(([kind, aspect, category], n) => item(n, kind, aspect, category)),
      geometry,
      { width: W, height: H },
    );
    expect(placements.length + leftOut.length).toBe(kinds.length);
    expectNoTwoOverlap(placements);
  });
});

describe('placeOnGeometry sanity rules (issue #38)', () => {
  /** The floor row `z` metres away in `room()`'s camera. */
  const rowAt = (z: number, horizon = HORIZON) => horizon + (FOCAL * EYE) / z;
  const frame = { width: W, height: H };

  it("stands storage with its back to a wall, never out in the room before the room's own pieces", () => {
    // the room's pieces stand along the whole back wall: the floor ends at them, not at a wall
    const counter = { kind: null, polygon: rect(0, 700, W, rowAt(4.2) - 700) };
    const blocked = placeOnGeometry([item(0, 'bookshelf', 0.5)], room([counter], []), frame);
    expect(blocked.placements).toEqual([]);
    expect(blocked.leftOut).toEqual([{ index: 0, reason: 'no free wall for the bookshelf' }]);

    // with a stretch of bare wall at the left, the bookshelf stands there, its back within half a metre of the wall
    const partly = { kind: null, polygon: rect(600, 700, W - 600, rowAt(4.2) - 700) };
    const { placements } = placeOnGeometry([item(0, 'bookshelf', 0.5)], room([partly], []), frame);
    const shelf = placements[0]!;
    expect(shelf.on).toBe('floor');
    const back = shelf.z + 0.35;
    expect(5 - back).toBeLessThanOrEqual(0.5);
    expect(shelf.x + shelf.width).toBeLessThanOrEqual(600);
  });

  it('stands storage only where the floor ends at a wall the geometry found, not where it ends at what it did not', () => {
    // the back wall is found at the right only: at the left the floor's far edge meets nothing known
    const geometry: PhotoGeometry = {
      ...room([], []),
      walls: [{ facing: 'back', polygon: rect(900, 0, W - 900, WALL_ROW) }],
    };
    const [shelf] = placeOnGeometry([item(0, 'bookshelf', 0.5)], geometry, frame).placements;
    expect(shelf?.on).toBe('floor');
    expect(shelf!.x).toBeGreaterThanOrEqual(900 - shelf!.width * 0.1);
    expect(5 - (shelf!.z + 0.35)).toBeLessThanOrEqual(0.5);

    // with no wall found along the floor's far edge, nowhere
    const open: PhotoGeometry = { ...room([], []), walls: [{ facing: 'left', polygon: rect(0, 0, W, 300) }] };
    const { placements, leftOut } = placeOnGeometry([item(0, 'bookshelf', 0.5)], open, frame);
    expect(placements).toEqual([]);
    expect(leftOut).toEqual([{ index: 0, reason: 'no free wall for the bookshelf' }]);
  });

  it("takes a room's storage piece's place only where storage may stand: its back to a wall, off the windows", () => {
    // the room's pieces stand along the back wall but at the left, where a sure 'bookcase' stands against it
    const counter = { kind: null, polygon: rect(500, 700, W - 500, rowAt(4.2) - 700) };
    const shelfRow = rowAt(4.6);
    const atTheWall = { kind: 'bookcase', confidence: 0.6, polygon: rect(120, shelfRow - 420, 260, 420) };
    const high = [{ kind: 'window' as const, polygon: rect(620, 60, 300, 150) }];
    const replaced = placeOnGeometry([item(0, 'bookshelf', 0.5)], room([counter, atTheWall], high), frame);
    expect(replaced.placements.map((p) => p.replaced)).toEqual(['piece-2']);

    // a 'bookcase' out in the room, 3 m from the camera and nowhere near a wall, is no place for a bookshelf
    const midRow = rowAt(3);
    const midFloor = { kind: 'bookcase', confidence: 0.6, polygon: rect(700, midRow - 380, 200, 380) };
    const across = { kind: null, polygon: rect(0, 700, W, rowAt(4.2) - 700) };
    const out = placeOnGeometry([item(0, 'bookshelf', 0.5)], room([across, midFloor], high), frame);
    expect(out.placements).toEqual([]);
    expect(out.erase).toEqual([]);
    expect(out.leftOut).toEqual([{ index: 0, reason: 'no free wall for the bookshelf' }]);

    // the same bookcase against the wall, before a low window: the new one would cover most of the window
    const low = [{ kind: 'window' as const, polygon: rect(60, 330, 380, 300) }];
    const overWindow = placeOnGeometry([item(0, 'bookshelf', 0.5)], room([counter, atTheWall], low), frame);
    expect(overWindow.placements).toEqual([]);
    expect(overWindow.erase).toEqual([]);
    expect(overWindow.leftOut).toEqual([{ index: 0, reason: 'no free wall for the bookshelf' }]);
  });

  it("stands a room's product with its front at least 1.7 m from the camera, not in the viewer's lap", () => {
    // a camera tilted down sees the floor from 1.5 m; the room's sofa stands 2.4 m away
    const horizon = 200;
    const sofaRow = rowAt(2.4, horizon);
    const tilted: PhotoGeometry = {
      ...room([{ kind: 'sofa', polygon: rect(500, sofaRow - 200, 600, 200) }], []),
      camera: { focal: FOCAL, cx: W / 2, cy: H / 2, horizonY: horizon, roll: 0, eyeHeight: EYE },
      floor: [rect(0, rowAt(5, horizon), W, H - rowAt(5, horizon))],
      walls: [{ facing: 'back', polygon: rect(0, 0, W, rowAt(5, horizon)) }],
    };
    // the coffee table's place before the sofa would be 1.35 m away: nearer than the floor the picture shows
    const { placements } = placeOnGeometry([item(0, 'coffee-table', 2)], tilted, frame);
    expect(placements.length).toBe(1);
    for (const p of placements) expect(p.z, p.where).toBeGreaterThanOrEqual(1.7);
  });

  it("stands no tall product where its picture would rise over the room's pieces and hide them", () => {
    // the room's sofa and shelves stand across the floor from 3.6 m back: the only free floor is before them
    const arcLamp = { ...item(0, 'floor-lamp', 0.74), size: { width: 120, depth: 40, height: 200 } };
    const across = { kind: null, polygon: rect(0, 300, W, rowAt(3.6) - 300) };
    const blocked = placeOnGeometry([arcLamp], room([across], []), frame);
    expect(blocked.placements).toEqual([]);
    expect(blocked.leftOut).toEqual([{ index: 0, reason: 'no free floor for the floor lamp' }]);

    // with the right of the room clear, the lamp stands there, its picture clear of the pieces
    const left = { kind: null, polygon: rect(0, 300, 900, rowAt(3.6) - 300) };
    const [lamp] = placeOnGeometry([arcLamp], room([left], []), frame).placements;
    expect(lamp?.on).toBe('floor');
    expect(lamp!.x + lamp!.width * 0.25).toBeGreaterThan(900);
    // a short product may still stand before them: its picture keeps below their tops
    const table = { ...item(0, 'coffee-table', 2), size: { width: 110, depth: 60, height: 42 } };
    expect(placeOnGeometry([table], room([across], []), frame).placements.length).toBe(1);
  });

  it('stands no product on the floor before a door; a rug may lie there', () => {
    /** A standing placement's base in the world: across (x) and deep (z), from its centre, depth and size. */
    const baseOf = (p: GeometryPlacement, size: { width: number; depth: number }) => {
      const x = ((p.x + p.width / 2 - W / 2) * p.z) / FOCAL;
      return { x0: x - size.width / 200, x1: x + size.width / 200, z0: p.z, z1: p.z + size.depth / 100 };
    };
    const meets = (a: ReturnType<typeof baseOf>, b: ReturnType<typeof baseOf>) =>
      a.x0 < b.x1 && b.x0 < a.x1 && a.z0 < b.z1 && b.z0 < a.z1;

    // the room's pieces stand along the back wall but for its left end, where a door opens: the one bare stretch
    const counter = { kind: null, polygon: rect(300, 700, W - 300, rowAt(4.2) - 700) };
    const door = { kind: 'door' as const, polygon: rect(20, 300, 240, WALL_ROW - 300) };
    const shelfSize = { width: 90, depth: 35, height: 180 };
    const shelf = { ...item(0, 'bookshelf', 0.5), size: shelfSize };
    // the floor before the door: its width, 0.9 m deep
    const doorway = { x0: ((20 - W / 2) * 5) / FOCAL, x1: ((260 - W / 2) * 5) / FOCAL, z0: 4.1, z1: 5 };
    const [without] = placeOnGeometry([shelf], room([counter], []), frame).placements;
    expect(meets(baseOf(without!, shelfSize), doorway), 'with no door it stands where the door will be').toBe(true);
    const blocked = placeOnGeometry([shelf], room([counter], [door]), frame);
    for (const p of blocked.placements) expect(meets(baseOf(p, shelfSize), doorway), p.where).toBe(false);
    expect(blocked.leftOut).toEqual([{ index: 0, reason: 'no free wall for the bookshelf' }]);

    // a door on the right wall, seen at a slant: the floor before it runs into the room from the wall's foot
    const sided: PhotoGeometry = {
      ...room([], []),
      walls: [
        {
          facing: 'left',
          polygon: [
            [0, 0],
            [450, 0],
            [450, WALL_ROW],
            [0, H],
          ],
        },
        {
          facing: 'right',
          polygon: [
            [1200, 0],
            [W, 0],
            [W, H],
            [1200, WALL_ROW],
          ],
        },
        { facing: 'back', polygon: rect(450, 0, 750, WALL_ROW) },
      ],
      floor: [
        [
          [450, WALL_ROW],
          [1200, WALL_ROW],
          [W, H],
          [0, H],
        ],
      ],
    };
    const lampSize = { width: 45, depth: 45, height: 160 };
    const lamp = { ...item(0, 'floor-lamp', 0.4), size: lampSize };
    // the right wall's foot runs from (1200, WALL_ROW) to the picture's corner; the door's foot spans 4.4–4.9 m of it
    const footU = (z: number) => 1200 + ((W - 1200) * (rowAt(z) - WALL_ROW)) / (H - WALL_ROW);
    const sideDoor = {
      kind: 'door' as const,
      polygon: rect(footU(4.9), 250, footU(4.4) - footU(4.9), rowAt(4.9) - 250),
    };
    const wallX = ((footU(4.65) - W / 2) * 4.65) / FOCAL;
    // within the floor before it (its slant aside): 0.8 m of the 0.9 into the room, along most of the door
    const before = { x0: wallX - 0.8, x1: wallX - 0.05, z0: 4.5, z1: 4.8 };
    const [open] = placeOnGeometry([lamp], sided, frame).placements;
    expect(meets(baseOf(open!, lampSize), before), 'with no door the lamp stands there').toBe(true);
    const [kept] = placeOnGeometry([lamp], { ...sided, openings: [sideDoor] }, frame).placements;
    expect(kept?.on).toBe('floor');
    expect(meets(baseOf(kept!, lampSize), before), kept!.where).toBe(false);

    // a rug is walked on: it lies before the door as it would with no door
    const rug = { ...item(0, 'rug', 1.4), size: { width: 230, depth: 160, height: 1 } };
    const sofa = { kind: 'sofa', polygon: rect(20, rowAt(4.6) - 150, 420, 150) };
    const rugWithout = placeOnGeometry([rug], room([sofa], []), frame).placements;
    const rugWith = placeOnGeometry([rug], room([sofa], [door]), frame).placements;
    expect(rugWith).toHaveLength(1);
    expect(rugWith[0]!.quad).toEqual(rugWithout[0]!.quad);
  });

  it('places products on the floor of a camera looking steeply down, sized for a standing eye', () => {
    // the horizon 300 px above the picture: the floor fills all but its top quarter, and the back wall meets it there
    const horizon = -300;
    const down: PhotoGeometry = {
      ...room([], []),
      camera: { focal: FOCAL, cx: W / 2, cy: H / 2, horizonY: horizon, roll: 0, eyeHeight: EYE },
      floor: [rect(0, 300, W, H - 300)],
      walls: [{ facing: 'back', polygon: rect(0, 0, W, 300) }],
    };
    const items = [
      { ...item(0, 'plant', 0.6, 'indoor plant'), size: { width: 60, depth: 60, height: 120 } },
      { ...item(1, 'nightstand', 1), size: { width: 48, depth: 40, height: 55 } },
      { ...item(2, 'armchair', 1), size: { width: 82, depth: 82, height: 80 } },
    ];
    const { placements } = placeOnGeometry(items, down, frame);
    expect(placements.length).toBeGreaterThanOrEqual(2);
    // upright things foreshortened by the tilt's cosine; the floor's pixels a metre are (row - horizon) / 1.6
    const upright = Math.cos(Math.atan((H / 2 - horizon) / FOCAL));
    for (const p of placements) {
      expect(p.on).toBe('floor');
      const metres = items[p.index]!.size.height / 100;
      const perMetre = (p.baseY - horizon) / 1.6;
      expect(p.height / perMetre / upright, p.where).toBeCloseTo(metres, 1);
      // and not in the viewer's lap: 1.7 m or more from a standing eye
      expect(p.z, p.where).toBeGreaterThanOrEqual(1.7);
      expect(p.y).toBeGreaterThanOrEqual(0);
    }
  });

  it("lays no rug where most of it would lie under the room's own pieces", () => {
    // the room's sofa, and a piece covering all the floor in front of it
    const sofa = { kind: 'sofa', polygon: rect(500, rowAt(4.5) - 220, 600, 220) };
    const clutter = { kind: null, polygon: rect(0, rowAt(4.5) - 10, W, H - rowAt(4.5) + 10) };
    const rug = { ...item(0, 'rug', 1.4), size: { width: 230, depth: 160, height: 1 } };
    const { placements, leftOut } = placeOnGeometry([rug], room([sofa, clutter], []), frame);
    expect(placements).toEqual([]);
    expect(leftOut).toEqual([{ index: 0, reason: 'no free floor for the rug' }]);
    // with the floor before the sofa clear, it lies there
    expect(placeOnGeometry([rug], room([sofa], []), frame).placements).toHaveLength(1);
  });

  it('lays no rug that its perspective would draw as a thin sliver', () => {
    // a long room: the sofa 9.5 m away, where a rug under it would rise 0.09 of its width
    const far = 9.5;
    const sofa = { kind: 'sofa', polygon: rect(680, rowAt(far) - 100, 240, 100) };
    const long: PhotoGeometry = {
      ...room([sofa], []),
      floor: [rect(0, rowAt(11), W, H - rowAt(11))],
      walls: [{ facing: 'back', polygon: rect(0, 0, W, rowAt(11)) }],
    };
    const rug = { ...item(0, 'rug', 1.4), size: { width: 230, depth: 160, height: 1 } };
    const { placements, leftOut } = placeOnGeometry([rug], long, frame);
    for (const p of placements) expect(p.height, 'its drawn quad rises').toBeGreaterThanOrEqual(p.width * 0.12);
    expect(leftOut).toEqual([{ index: 0, reason: 'no free floor for the rug' }]);
  });

  it('moves a rug with no seating to go under aside, clear of a piece in the middle of the floor', () => {
    // a table in the middle of the floor, from the picture's bottom to the far wall
    const table = { kind: null, polygon: rect(560, WALL_ROW - 60, 480, H - WALL_ROW + 60) };
    const rug = { ...item(0, 'rug', 1.4), size: { width: 200, depth: 140, height: 1 } };
    const { placements } = placeOnGeometry([rug], room([table], []), frame);
    expect(placements).toHaveLength(1);
    const [farLeft, farRight, nearRight, nearLeft] = placements[0]!.quad!;
    // most of it clear of the table: its far and near edges' centres to one side of it
    const centres = [(farLeft![0] + farRight![0]) / 2, (nearLeft![0] + nearRight![0]) / 2];
    expect(centres.every((x) => x < 560) || centres.every((x) => x > 1040)).toBe(true);
  });

  it('tries a rug with no seating to go under nearer and farther, past a piece across the middle of the floor', () => {
    // a low piece across the whole floor from 2.4 m to 3.9 m away: only the far floor is clear for a rug
    const ottoman = { kind: null, polygon: rect(0, rowAt(3.9), W, rowAt(2.4) - rowAt(3.9)) };
    const rug = { ...item(0, 'rug', 1.4), size: { width: 200, depth: 140, height: 1 } };
    const { placements } = placeOnGeometry([rug], room([ottoman], []), frame);
    expect(placements).toHaveLength(1);
    const [farLeft, , , nearLeft] = placements[0]!.quad!;
    // its depths, from its edges' rows: at most 40 % of them over the piece
    const depthOf = (row: number) => (FOCAL * EYE) / (row - HORIZON);
    const [front, back] = [depthOf(nearLeft![1]), depthOf(farLeft![1])];
    expect(back).toBeGreaterThan(3.9);
    expect(Math.max(0, 3.9 - front)).toBeLessThanOrEqual((back - front) * 0.4);
  });
});

describe('placeOnGeometry in a yard', () => {
  const yard = (anchors: PhotoGeometry['anchors']): PhotoGeometry => ({
    ...room([{ kind: 'shrub', polygon: rect(1300, 640, 200, 200) }], []),
    mode: 'landscape',
    camera: { focal: FOCAL, cx: W / 2, cy: H / 2, horizonY: 480, roll: 0, eyeHeight: 1.6 },
    floor: [rect(0, 640, W, H - 640)],
    walls: [],
    ground: [
      { kind: 'beds', polygon: rect(0, 640, W, 90) },
      { kind: 'patio', polygon: rect(200, 730, 700, H - 730) },
      { kind: 'lawn', polygon: rect(900, 730, W - 900, H - 730) },
    ],
    anchors,
  });
  const fence = { kind: 'fence' as const, polygon: rect(0, 470, W, 170) };

  it('stands outdoor furniture on the patio or lawn, planters along the beds, lights between anchors', () => {
    const geometry = yard([fence, { kind: 'house-wall', polygon: rect(1200, 100, 400, 540) }]);
    const { placements, leftOut } = placeOnGeometry(
      [
        item(0, 'outdoor-sofa', 2.3, 'outdoor sofa'),
        item(1, 'planter', 0.9),
        item(2, 'string-lights', 8, 'string lights'),
        item(3, 'shrub', 1.1),
      ],
      geometry,
      { width: W, height: H },
    );
    expect(leftOut).toEqual([]);
    const sofa = placements.find((p) => p.index === 0)!;
    const [, patio, lawn] = geometry.ground;
    expect(inAny([patio!.polygon, lawn!.polygon], base(sofa))).toBe(true);
    for (const index of [1, 3]) {
      const plant = placements.find((p) => p.index === index)!;
      // along the bed by the fence: the back of its footprint in the bed
      const [farLeft, farRight] = plant.footprint;
      const back = { x: (farLeft![0] + farRight![0]) / 2, y: (farLeft![1] + farRight![1]) / 2 };
      // the beds' band, to the mask's resolution
      expect(back.y, plant.where).toBeGreaterThan(640 - 8);
      expect(back.y, plant.where).toBeLessThan(730 + 8);
    }
    const lights = placements.find((p) => p.index === 2)!;
    expect(lights.on).toBe('anchors');
    // strung from the fence to the house wall, not across the sky
    expect(lights.y).toBeGreaterThanOrEqual(100);
    expect(lights.x).toBeLessThan(W * 0.6);
    expect(lights.x + lights.width).toBeGreaterThan(W * 0.8);
    expectNoTwoOverlap(placements);
  });

  it('strings lights along a house wall rather than out to a tree, and to a tree when that is all there is', () => {
    const house = { kind: 'house-wall' as const, polygon: rect(700, 150, 600, 490) };
    const tree = { kind: 'tree' as const, polygon: rect(20, 0, 300, 640) };
    const lights = [item(0, 'string-lights', 8, 'string lights')];
    const [along] = placeOnGeometry(lights, yard([tree, house]), { width: W, height: H }).placements;
    expect(along?.on).toBe('anchors');
    // both ends over the house wall: the tree is no fixing while a wall is there
    expect(along!.x).toBeGreaterThanOrEqual(700);
    expect(along!.x + along!.width).toBeLessThanOrEqual(1300);
    const [toTree] = placeOnGeometry(lights, yard([tree]), { width: W, height: H }).placements;
    expect(toTree?.on).toBe('anchors');
    expect(toTree!.x).toBeGreaterThanOrEqual(20);
    expect(toTree!.x + toTree!.width).toBeLessThanOrEqual(320);
  });

  it('leaves string lights out when the photo has nothing to hang them from', () => {
    const { placements, leftOut } = placeOnGeometry([item(0, 'string-lights', 8, 'string lights')], yard([]), {
      width: W,
      height: H,
    });
    expect(placements).toEqual([]);
    expect(leftOut).toEqual([{ index: 0, reason: 'nothing to hang the string lights from' }]);
  });
});

/** The labels live with the real photos' tests; they may be read from elsewhere while being written. */
const labelsFile = process.env.REAL_PHOTO_LABELS ?? LABELS_FILE;

describe.skipIf(!existsSync(labelsFile))('placeOnGeometry on the labelled real photos', () => {
  const labels = existsSync(labelsFile) ? loadLabels(labelsFile).photos : [];
  const interior = [
    item(0, 'sofa', 2.4),
    item(1, 'coffee-table', 2),
    item(2, 'rug', 1.4),
    item(3, 'floor-lamp', 0.4),
    item(4, 'wall-art', 0.75, 'wall art'),
    item(5, 'plant', 0.6, 'indoor plant'),
  ];
  const outdoor = [
    item(0, 'outdoor-sofa', 2.3, 'outdoor sofa'),
    item(1, 'planter', 0.9),
    item(2, 'string-lights', 8, 'string lights'),
    item(3, 'shrub', 1.1),
    item(4, 'bench', 2.2),
    item(5, 'fire-pit', 2),
  ];

  it.each(labels.map((photo) => [photo.file, photo] as const))(
    '%s: bases on the labelled floor, off its pieces; art off its openings; nothing stacked',
    (_file, photo) => {
      const geometry = geometryOfLabel(photo);
      const items = photo.mode === 'interior' ? interior : outdoor;
      const { placements, leftOut, erase } = placeOnGeometry(items, geometry, {
        width: photo.width,
        height: photo.height,
      });
      expect(placements.length + leftOut.length).toBe(items.length);
      const replaced = new Set(erase.map((e) => e.id));
      const staying = geometry.pieces.filter((_, n) => !replaced.has(`piece-${n + 1}`)).map((p) => p.polygon);
      for (const p of placements) {
        if (p.replaced) {
          // it stands on the footprint of the piece it replaces
          const old = boundsOf(geometry.pieces[Number(p.replaced.replace('piece-', '')) - 1]!.polygon);
          const [x, y] = base(p);
          expect(x).toBeGreaterThanOrEqual(old.left);
          expect(x).toBeLessThanOrEqual(old.right);
          expect(Math.abs(y - old.bottom)).toBeLessThan(2);
        } else if (p.on === 'floor' || p.on === 'ground') {
          const [x, y] = base(p);
          // a base at the picture's bottom edge is on the floor that runs out of the frame there
          expect(inAny(geometry.floor, [x, Math.min(y, photo.height - 1)]), `${p.where} at ${x}, ${y}`).toBe(true);
          // a rug lies under the room's furniture; anything standing stands clear of it
          if (p.pose !== 'flat') {
            expect(inAny(staying, [x, Math.min(y, photo.height - 1)]), `${p.where} at ${x}, ${y}`).toBe(false);
          }
        }
        if (p.on === 'wall') {
          const box = { left: p.x, top: p.y, right: p.x + p.width, bottom: p.y + p.height };
          for (const opening of geometry.openings) expect(boxesOverlap(box, boundsOf(opening.polygon))).toBe(false);
        }
      }
      expectNoTwoOverlap(placements);
    },
  );

  it('places most of the products across the photos', () => {
    let placed = 0;
    let chosen = 0;
    for (const photo of labels) {
      const items = photo.mode === 'interior' ? interior : outdoor;
      placed += placeOnGeometry(items, geometryOfLabel(photo), photo).placements.length;
      chosen += items.length;
    }
    expect(placed / chosen).toBeGreaterThan(0.6);
  });
});

import { describe, expect, it } from 'vitest';
import { analyzePhoto } from '../src/geometry';
import {
  clipToFreeFloor,
  FOCAL_PRIOR_PER_LONG_SIDE,
  keepFloorComponents,
  type Features,
} from '../src/geometry/analyze';
import { detectSegments, type Segment } from '../src/geometry/lines';
import { findFramedOpenings, type FramedOpeningInput } from '../src/geometry/openings';
import { findStandingPieces } from '../src/geometry/pieces';
import { insidePolygon } from '../src/geometry/polygon';
import type { PhotoGeometry, Point, StandingPiece } from '../src/geometry/types';
import { BOOKCASE, drawRoom, horizonRowAt, surfaceAt, type RoomCamera } from './geometry-room';

const CAMERA: RoomCamera = {
  width: 640,
  height: 480,
  focal: 430,
  pitch: (9 * Math.PI) / 180,
  roll: (2.5 * Math.PI) / 180,
  eye: 1.45,
  offsetX: 0.35,
};

/** The free floor a geometry offers (inside the floor, outside every piece), sampled every `step` pixels. */
function freeFloorSamples(geometry: PhotoGeometry, step: number): [number, number][] {
  const samples: [number, number][] = [];
  for (let y = step / 2; y < geometry.height; y += step) {
    for (let x = step / 2; x < geometry.width; x += step) {
      if (!geometry.floor.some((f) => insidePolygon(f, x, y))) continue;
      if (geometry.pieces.some((p) => insidePolygon(p.polygon, x, y))) continue;
      samples.push([x, y]);
    }
  }
  return samples;
}

describe('analyzePhoto on a drawn room', () => {
  const room = drawRoom(CAMERA);
  const geometry = analyzePhoto(room, 'interior');

  it('recovers the horizon, the roll and the focal length from the lines', () => {
    expect(geometry.source).toBe('found');
    const horizon = horizonRowAt(CAMERA, CAMERA.width / 2);
    expect(Math.abs(geometry.camera.horizonY - horizon)).toBeLessThan(0.02 * CAMERA.height);
    expect(Math.abs(geometry.camera.roll - CAMERA.roll)).toBeLessThan((1 * Math.PI) / 180);
    expect(Math.abs(geometry.camera.focal - CAMERA.focal) / CAMERA.focal).toBeLessThan(0.15);
    // the verticals converge below the picture: the camera looks down
    expect(geometry.vanishingPoints.vertical?.[1]).toBeGreaterThan(CAMERA.height);
  });

  it('offers as free floor only pixels that see the floor', () => {
    const samples = freeFloorSamples(geometry, 6);
    expect(samples.length).toBeGreaterThan(300);
    const onFloor = samples.filter(([x, y]) => surfaceAt(CAMERA, x, y).surface === 'floor').length;
    expect(onFloor / samples.length).toBeGreaterThanOrEqual(0.98);
    const onBox = samples.filter(([x, y]) => surfaceAt(CAMERA, x, y).surface === 'box').length;
    expect(onBox).toBe(0);
  });

  it('finds a fair share of the floor', () => {
    let floor = 0;
    for (let y = 3; y < CAMERA.height; y += 6) {
      for (let x = 3; x < CAMERA.width; x += 6) if (surfaceAt(CAMERA, x, y).surface === 'floor') floor++;
    }
    expect(freeFloorSamples(geometry, 6).length / floor).toBeGreaterThan(0.5);
  });

  it('finds the box standing on the floor as a piece', () => {
    // the box's front foot, a little above its bottom edge, in the middle of its front face
    let foot: [number, number] | null = null;
    for (let y = CAMERA.height - 1; y > 0 && !foot; y--) {
      for (let x = 0; x < CAMERA.width / 2; x++) {
        if (surfaceAt(CAMERA, x, y).surface === 'box') {
          foot = [x + 20, y - 4];
          break;
        }
      }
    }
    expect(foot).not.toBeNull();
    expect(geometry.pieces.some((p) => insidePolygon(p.polygon, foot![0], foot![1]))).toBe(true);
  });

  it('finds the bookcase against the back wall as a piece up to its top, tall storage, and not the wall above it', () => {
    // where the bookcase's front shows: its rows from its foot to its top
    const rows: { x: number; y: number }[] = [];
    let above: [number, number] | null = null;
    for (let x = 0; x < CAMERA.width; x += 4) {
      for (let y = 0; y < CAMERA.height; y += 2) {
        if (surfaceAt(CAMERA, x, y).surface !== 'bookcase') continue;
        rows.push({ x, y });
      }
    }
    // the bare back wall over the bookcase's middle, 0.35 m above its top
    const middle = rows[Math.floor(rows.length / 2)]!.x;
    for (let y = CAMERA.height / 2; y > 0 && !above; y--) {
      const seen = surfaceAt(CAMERA, middle, y);
      if (seen.surface === 'back' && seen.point[1]! >= BOOKCASE.y1 + 0.35) above = [middle, y];
    }
    expect(rows.length).toBeGreaterThan(20);
    const top = Math.min(...rows.map((r) => r.y));
    const bottom = Math.max(...rows.map((r) => r.y));
    const middleX = rows[Math.floor(rows.length / 2)]!.x;
    const piece = geometry.pieces.find((p) => insidePolygon(p.polygon, middleX, (top + bottom) / 2));
    expect(piece).toBeDefined();
    // its upper part, well above the floor's far edge, is inside the same piece: wall art cannot hang over it
    expect(insidePolygon(piece!.polygon, middleX, top + 0.1 * (bottom - top))).toBe(true);
    expect(piece!.group).toBe('storage');
    expect(piece!.againstWall).toBe(true);
    expect(piece!.heightMetres).toBeGreaterThan(BOOKCASE.y1 * 0.75);
    expect(piece!.heightMetres).toBeLessThan(BOOKCASE.y1 * 1.3);
    expect(piece!.confidence).toBeGreaterThan(0);
    // the bare wall above it is nobody's
    expect(above).not.toBeNull();
    expect(geometry.pieces.some((p) => insidePolygon(p.polygon, above![0], above![1]))).toBe(false);
  });

  it('says its camera is measured and trusted when two orthogonal directions are found', () => {
    expect(geometry.camera.focalSource).toBe('measured');
    expect(geometry.camera.confidence).toBeGreaterThanOrEqual(0.6);
  });

  it('finds the bright window and the bright door on the back wall', () => {
    const centreOf = (o: { polygon: readonly (readonly [number, number])[] }) => [
      o.polygon.reduce((t, p) => t + p[0], 0) / o.polygon.length,
      o.polygon.reduce((t, p) => t + p[1], 0) / o.polygon.length,
    ];
    const seen = geometry.openings.map((o) => ({
      kind: o.kind,
      surface: surfaceAt(CAMERA, centreOf(o)[0]!, centreOf(o)[1]!).surface,
    }));
    expect(seen).toContainEqual({ kind: 'window', surface: 'window' });
    expect(seen).toContainEqual({ kind: 'door', surface: 'door' });
    expect(seen.every((s) => s.surface === 'window' || s.surface === 'door')).toBe(true);
  });

  it('puts the walls above the floor, the left one facing left', () => {
    expect(geometry.walls.length).toBeGreaterThan(0);
    expect(geometry.walls.map((w) => w.facing)).toContain('back');
  });

  it('gives coordinates in the photo’s pixels whatever its size', () => {
    const big = analyzePhoto(drawRoom({ ...CAMERA, width: 1280, height: 960, focal: 860 }), 'interior');
    expect(big.width).toBe(1280);
    expect(Math.abs(big.camera.horizonY / 960 - geometry.camera.horizonY / 480)).toBeLessThan(0.02);
  });
});

describe('analyzePhoto on a drawn room with a bright print hung high on the left wall', () => {
  const room = drawRoom(CAMERA);
  const print: [number, number][] = [];
  for (let v = 0; v < CAMERA.height; v++) {
    for (let u = 0; u < CAMERA.width; u++) {
      const { surface, point } = surfaceAt(CAMERA, u + 0.5, v + 0.5);
      const [, y, z] = point as [number, number, number];
      if (surface === 'left' && y > 2 && y < 2.4 && z > 3 && z < 4) {
        room.data.set([250, 250, 246], (v * CAMERA.width + u) * 3);
        print.push([u, v]);
      }
    }
  }

  it('does not take it for a window: a room’s windows come down to about the eyes’ height', () => {
    expect(print.length).toBeGreaterThan(500);
    const geometry = analyzePhoto(room, 'interior');
    const onPrint = geometry.openings.filter((o) => print.some(([u, v]) => insidePolygon(o.polygon, u, v)));
    expect(onPrint).toEqual([]);
    // the back wall's window is still found
    expect(geometry.openings.map((o) => o.kind)).toContain('window');
  });
});

describe('analyzePhoto on a drawn room with grained boards', () => {
  // streaks 5 cm wide lighter or darker by up to 20 levels: the step between neighbouring cells of the region map
  // exceeds the growth's old limit, and the floor fell apart into slivers (0.70 of it found, 0.81 now)
  const geometry = analyzePhoto(drawRoom(CAMERA, { grain: 20 }), 'interior');

  it('still finds most of the floor as free floor, and nothing else', () => {
    let floor = 0;
    for (let y = 3; y < CAMERA.height; y += 6) {
      for (let x = 3; x < CAMERA.width; x += 6) if (surfaceAt(CAMERA, x, y).surface === 'floor') floor++;
    }
    const samples = freeFloorSamples(geometry, 6);
    const onFloor = samples.filter(([x, y]) => surfaceAt(CAMERA, x, y).surface === 'floor').length;
    expect(onFloor / samples.length).toBeGreaterThanOrEqual(0.98);
    expect(onFloor / floor).toBeGreaterThan(0.77);
  });
});

describe('analyzePhoto without lines', () => {
  it('says the estimate is guessed and offers no floor it cannot see', () => {
    const width = 320;
    const height = 240;
    const data = new Uint8Array(width * height * 3);
    // smooth noise: no straight edge anywhere
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const v = 128 + 40 * Math.sin(x / 23 + Math.cos(y / 17)) * Math.cos(y / 29 + Math.sin(x / 31));
        data.set([v, v * 0.9, v * 0.8], (y * width + x) * 3);
      }
    }
    const geometry = analyzePhoto({ data, width, height, channels: 3 }, 'interior');
    expect(geometry.source).toBe('guessed');
    expect(geometry.camera.horizonY).toBeGreaterThan(0.3 * height);
    expect(geometry.camera.horizonY).toBeLessThan(0.6 * height);
    // the focal length is the prior measured on labelled photos, and the camera says it is barely trusted
    expect(geometry.camera.focalSource).toBe('prior');
    expect(geometry.camera.focal / width).toBeCloseTo(FOCAL_PRIOR_PER_LONG_SIDE, 5);
    expect(geometry.camera.confidence).toBeLessThanOrEqual(0.2);
  });
});

describe('analyzePhoto on a drawn yard', () => {
  // a lawn below 62 % of the height, a slatted fence standing on its far edge up to 50 %, a graded sky above
  const width = 480;
  const height = 360;
  const fenceTop = Math.round(0.5 * height);
  const lawnTop = Math.round(0.62 * height);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let rgb: [number, number, number];
      if (y >= lawnTop) {
        // grass: green with a fine, even texture
        const t = ((x * 7 + y * 13) % 5) - 2;
        rgb = [70 + t * 3, 140 + t * 4, 55 + t * 2];
      } else if (y >= fenceTop) {
        // slats 12 px wide with dark gaps, a rail across
        const gap = x % 14 >= 12;
        const rail = Math.abs(y - Math.round(0.56 * height)) < 3;
        rgb = gap ? [60, 40, 25] : rail ? [120, 80, 50] : [160, 110, 70];
      } else {
        rgb = [120 + (55 * y) / fenceTop, 170 + (35 * y) / fenceTop, 230 + (10 * y) / fenceTop];
      }
      data.set(rgb, (y * width + x) * 3);
    }
  }
  const geometry = analyzePhoto({ data, width, height, channels: 3 }, 'landscape');

  it('finds the fence along the ground’s edge as a piece and an anchor whose hang line is its top', () => {
    const fence = geometry.pieces.find((p) => p.kind === 'fence');
    expect(fence).toBeDefined();
    expect(insidePolygon(fence!.polygon, width / 2, (fenceTop + lawnTop) / 2)).toBe(true);
    // not the sky above it
    expect(insidePolygon(fence!.polygon, width / 2, fenceTop - 0.06 * height)).toBe(false);
    const anchor = geometry.anchors.find((a) => a.kind === 'fence' && a.hangLine);
    expect(anchor).toBeDefined();
    const line = anchor!.hangLine!;
    const xs = line.map((p) => p[0]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(0.5 * width);
    for (const [, y] of line) expect(Math.abs(y - fenceTop)).toBeLessThan(0.04 * height);
  });

  it('calls the grass lawn', () => {
    expect(geometry.ground.map((g) => g.kind)).toContain('lawn');
  });
});

describe('analyzePhoto on pictures too small to analyse', () => {
  it('gives the assumed camera and no floor instead of failing', () => {
    for (const [width, height] of [
      [1, 1],
      [3, 200],
      [200, 3],
    ] as const) {
      const data = new Uint8Array(width * height * 4).fill(200);
      const geometry = analyzePhoto({ data, width, height, channels: 4 }, 'landscape');
      expect(geometry.source).toBe('guessed');
      expect(geometry.floor).toEqual([]);
      expect(geometry.width).toBe(width);
      expect(geometry.camera.horizonY).toBeCloseTo(0.45 * height);
    }
  });
});

/** A wall of even luma on a 256 × 192 region map, rectangles painted on it, the lines given as segments. */
function framedScene(rectangles: { x0: number; y0: number; x1: number; y1: number; luma: number }[]) {
  const width = 256;
  const height = 192;
  const luma = new Float32Array(width * height).fill(150);
  for (const r of rectangles)
    for (let y = r.y0; y < r.y1; y++) for (let x = r.x0; x < r.x1; x++) luma[y * width + x] = r.luma;
  const segment = (x1: number, y1: number, x2: number, y2: number): Segment => ({
    x1,
    y1,
    x2,
    y2,
    length: Math.hypot(x2 - x1, y2 - y1),
    angle: (Math.atan2(y2 - y1, x2 - x1) + Math.PI) % Math.PI,
  });
  const input = (
    segments: Segment[],
    floorTop = 170,
    mode: 'interior' | 'landscape' = 'interior',
  ): FramedOpeningInput => ({
    luma,
    width,
    height,
    segments,
    regionScale: 1,
    mode,
    inHull: new Uint8Array(width * height),
    horizonAt: () => 90,
    floorTopAt: () => floorTop,
    known: [],
    pieces: [],
  });
  return { input, segment };
}

describe('findFramedOpenings', () => {
  it('finds a narrow sash window whose lintel is shorter than any segment, by its step from the wall', () => {
    // a facade's window seen across a lawn: 5 cells wide, its sides the only lines long enough to be found
    const { input, segment } = framedScene([{ x0: 100, y0: 60, x1: 105, y1: 78, luma: 60 }]);
    const found = findFramedOpenings(input([segment(100, 60, 100, 78), segment(105, 60, 105, 78)], 170, 'landscape'));
    expect(found).toHaveLength(1);
    expect(found[0]!.kind).toBe('window');
    const xs = found[0]!.polygon.map((p) => p[0]);
    expect(Math.min(...xs)).toBeCloseTo(100, 0);
    expect(Math.max(...xs)).toBeCloseTo(105, 0);
  });

  it('takes a framed rectangle hung wholly above the eyes in a room for a picture, on a facade for a window', () => {
    const { input, segment } = framedScene([{ x0: 100, y0: 20, x1: 130, y1: 50, luma: 60 }]);
    const frame = [segment(100, 20, 100, 50), segment(130, 20, 130, 50), segment(100, 20, 130, 20)];
    expect(findFramedOpenings(input(frame, 170, 'interior'))).toHaveLength(0);
    expect(findFramedOpenings(input(frame, 170, 'landscape')).map((o) => o.kind)).toEqual(['window']);
  });

  it('finds nothing between two lines on a plain wall', () => {
    const { input, segment } = framedScene([]);
    expect(findFramedOpenings(input([segment(100, 60, 100, 78), segment(105, 60, 105, 78)]))).toHaveLength(0);
  });

  it('calls a tall opening a door when its foot runs well below the eyes though the floor it stands on is hidden', () => {
    // from 70 to 140 with the horizon at 90: most of it below the eyes, its foot 50 cells below them, and the
    // visible floor's edge (170) further down still, behind a sofa
    const { input, segment } = framedScene([{ x0: 120, y0: 70, x1: 150, y1: 140, luma: 215 }]);
    const sides = [segment(120, 70, 120, 140), segment(150, 70, 150, 140), segment(120, 70, 150, 70)];
    const found = findFramedOpenings(input(sides));
    expect(found.map((o) => o.kind)).toEqual(['door']);
    // the same opening wholly above the eyes is a window
    const { input: high, segment: line } = framedScene([{ x0: 120, y0: 20, x1: 150, y1: 88, luma: 215 }]);
    const window = findFramedOpenings(high([line(120, 20, 120, 88), line(150, 20, 150, 88), line(120, 20, 150, 20)]));
    expect(window.map((o) => o.kind)).toEqual(['window']);
  });
});

describe('findFramedOpenings below a guessed horizon', () => {
  // a facade's ground-floor window from 110 to 150, wholly below the horizon row 90
  const frame = (segment: (x1: number, y1: number, x2: number, y2: number) => Segment) => [
    segment(100, 110, 100, 150),
    segment(130, 110, 130, 150),
    segment(100, 110, 130, 110),
  ];

  it('takes a dark one when the horizon is only guessed, and not when it was measured', () => {
    const { input, segment } = framedScene([{ x0: 100, y0: 110, x1: 130, y1: 150, luma: 60 }]);
    expect(findFramedOpenings(input(frame(segment), 170, 'landscape'))).toHaveLength(0);
    const guessed = { ...input(frame(segment), 170, 'landscape'), horizonGuessed: true };
    expect(findFramedOpenings(guessed).map((o) => o.kind)).toEqual(['window']);
  });

  it('does not take a bright one there: the wall between two dark windows', () => {
    const { input, segment } = framedScene([{ x0: 100, y0: 110, x1: 130, y1: 150, luma: 215 }]);
    const guessed = { ...input(frame(segment), 170, 'landscape'), horizonGuessed: true };
    expect(findFramedOpenings(guessed)).toHaveLength(0);
  });
});

describe('findFramedOpenings on a facade', () => {
  const dark = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1, luma: 60 });

  it('takes a dark window whose top lies just below a measured horizon (its sides found only under its arch)', () => {
    // the horizon is row 90 of 192; this window's sides start at 96
    const { input, segment } = framedScene([dark(100, 96, 130, 140)]);
    const frame = [segment(100, 96, 100, 140), segment(130, 96, 130, 140), segment(100, 96, 130, 96)];
    expect(findFramedOpenings(input(frame, 170, 'landscape')).map((o) => o.kind)).toEqual(['window']);
    expect(findFramedOpenings(input(frame, 170, 'interior'))).toHaveLength(0);
  });

  it('does not take a box three times as wide as tall for one opening, in a room it does', () => {
    const { input, segment } = framedScene([dark(60, 40, 150, 70)]);
    const frame = [segment(60, 40, 60, 70), segment(150, 40, 150, 70), segment(60, 40, 150, 40)];
    expect(findFramedOpenings(input(frame, 170, 'landscape'))).toHaveLength(0);
    expect(findFramedOpenings({ ...input(frame, 170, 'interior'), horizonAt: () => 60 })).toHaveLength(1);
  });

  it('takes a window within a house wall found as a piece, not within a bookcase', () => {
    const { input, segment } = framedScene([dark(100, 40, 130, 80)]);
    const frame = [segment(100, 40, 100, 80), segment(130, 40, 130, 80), segment(100, 40, 130, 40)];
    const around: [number, number][] = [
      [80, 20],
      [160, 20],
      [160, 120],
      [80, 120],
    ];
    const wall = { ...input(frame, 170, 'landscape'), pieces: [{ polygon: around, group: 'wall' as const }] };
    expect(findFramedOpenings(wall)).toHaveLength(1);
    const bookcase = { ...input(frame, 170, 'landscape'), pieces: [{ polygon: around, group: 'storage' as const }] };
    expect(findFramedOpenings(bookcase)).toHaveLength(0);
  });
});

describe('detectSegments', () => {
  it('finds a drawn edge as one segment with its ends', () => {
    const width = 200;
    const height = 120;
    const data = new Float32Array(width * height);
    // a dark half below the line y = 40 + 0.25 x, from x = 20 to x = 180
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) data[y * width + x] = x >= 20 && x <= 180 && y > 40 + 0.25 * x ? 60 : 200;
    }
    const segments = detectSegments({ data, width, height }, { minLength: 40 });
    const long = segments.filter((s) => s.length > 100);
    expect(long).toHaveLength(1);
    const s = long[0]!;
    expect(Math.abs(s.angle - Math.atan(0.25))).toBeLessThan(0.02);
    const [left, right] = s.x1 < s.x2 ? [s.x1, s.x2] : [s.x2, s.x1];
    expect(Math.abs(left - 20)).toBeLessThan(4);
    expect(Math.abs(right - 180)).toBeLessThan(4);
  });
});

describe('keepFloorComponents', () => {
  it('keeps a large region of the colour of a kept one, not only of the primary one (a floor whose shade drifts)', () => {
    // a 100 × 100 map: the primary floor along the bottom, a region of its colour above it, one further drifted
    // above that (of the second's colour, not the primary's), and a wall of another colour at the top
    const width = 100;
    const height = 100;
    const components = new Int32Array(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) components[y * width + x] = y >= 80 ? 1 : y >= 60 ? 2 : y >= 40 ? 3 : 4;
    const growth = {
      free: Uint8Array.from(components, () => 1),
      components,
      means: [
        { l: 100, rg: 0, by: 0, area: 2000 },
        { l: 110, rg: 10, by: 0, area: 2000 },
        { l: 120, rg: 20, by: 0, area: 2000 },
        { l: 200, rg: 0, by: 60, area: 4000 },
      ],
    };
    keepFloorComponents(growth, width, height);
    const keptOf = (c: number) => growth.free[components.indexOf(c)] ?? 0;
    expect([1, 2, 3].map(keptOf)).toEqual([1, 1, 1]);
    expect(growth.free[0]).toBe(0);
  });

  // a 100 × 100 map: a path up the middle of the bottom edge (the primary region), a region either side of it, each
  // of too thin a top band to pass as the floor round a rug, above them a wall
  const flanked = (right: { l: number; rg: number; by: number }) => {
    const width = 100;
    const height = 100;
    const components = new Int32Array(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) components[y * width + x] = y < 88 ? 4 : x >= 35 && x < 65 ? 1 : x < 35 ? 2 : 3;
    const growth = {
      free: Uint8Array.from(components, () => 1),
      components,
      means: [
        { l: 120, rg: 12, by: 14, area: 360 },
        { l: 70, rg: -10, by: 48, area: 420 },
        { ...right, area: 420 },
        { l: 200, rg: 0, by: 60, area: 8800 },
      ],
    };
    keepFloorComponents(growth, width, height);
    return [1, 2, 3, 4].map((c) => growth.free[components.indexOf(c)] ?? 0);
  };

  it('keeps the two regions of one colour either side of the primary one (the lawns either side of a path)', () => {
    expect(flanked({ l: 66, rg: -4, by: 52 })).toEqual([1, 1, 1, 0]);
  });

  it('does not keep the regions either side of the primary one when they are of two colours', () => {
    expect(flanked({ l: 150, rg: 30, by: 10 })).toEqual([1, 0, 0, 0]);
  });
});

describe('clipToFreeFloor', () => {
  // a 60 × 60 region map: free floor (one colour) from row 40 down, a wall of another colour above it
  const size = 60;
  const FLOOR = { l: 120, rg: 10, by: 20 };
  const PIECE = { l: 60, rg: 40, by: -20 };
  const WALL = { l: 200, rg: 0, by: 0 };
  function mapOf(colourAt: (x: number, y: number) => typeof FLOOR): { features: Features; free: Uint8Array } {
    const n = size * size;
    const features: Features = {
      width: size,
      height: size,
      l: new Float32Array(n),
      rg: new Float32Array(n),
      by: new Float32Array(n),
    };
    const free = new Uint8Array(n);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const i = y * size + x;
        const c = y >= 40 ? FLOOR : colourAt(x, y);
        features.l[i] = c.l;
        features.rg[i] = c.rg;
        features.by[i] = c.by;
        if (y >= 40) free[i] = 1;
      }
    }
    return { features, free };
  }
  const box = (x0: number, y0: number, x1: number, y1: number): Point[] => [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
  const piece = (polygon: Point[]): StandingPiece => ({ polygon, kind: 'chair', againstWall: false });
  const same = (p: Point): Point => p;
  const bottomOf = (polygon: readonly Point[]) => Math.max(...polygon.map((p) => p[1]));

  it('gives the plain floor round a piece’s base that its outline took in back to the floor', () => {
    // the piece (rows 10–29) with a band of the floor's colour below it (rows 30–39) that the growth left out
    const { features, free } = mapOf((x, y) => (x < 20 || x >= 40 ? WALL : y >= 30 ? FLOOR : PIECE));
    const clipped = clipToFreeFloor(
      [piece(box(20, 10, 40, 40))],
      free,
      features,
      new Uint8Array(size * size),
      same,
      same,
      10,
      3,
    );
    expect(clipped).toHaveLength(1);
    // its own cells end at row 29: the margin a piece keeps round them (3 cells), not the band down to row 40
    expect(bottomOf(clipped[0]!.polygon)).toBeLessThanOrEqual(34);
    expect(Math.min(...clipped[0]!.polygon.map((p) => p[1]))).toBeLessThanOrEqual(10);
  });

  it('drops a piece that is the floor’s own colour, though an edge parts it from the free floor', () => {
    // a patch of the floor's colour (a rug's border, a board lit differently) behind a straight edge at row 39
    const { features, free } = mapOf((x, y) => (x >= 20 && x < 40 && y >= 30 ? FLOOR : WALL));
    const barrier = new Uint8Array(size * size);
    for (let x = 0; x < size; x++) barrier[39 * size + x] = 1;
    const clipped = clipToFreeFloor([piece(box(20, 30, 40, 40))], free, features, barrier, same, same, 10, 3);
    expect(clipped).toEqual([]);
  });
});

describe('findStandingPieces', () => {
  it('ends a piece’s outline at its foot, not at the free floor below a band of the floor’s colour', () => {
    // a 60 × 60 map: smooth wall above row 15, a textured piece (columns 20–39) from row 15 to 37 standing on two
    // rows of the floor's colour beyond the floor's hull (rows 38–39), the free floor and its hull from row 40
    const size = 60;
    const n = size * size;
    const l = new Float32Array(n);
    const rg = new Float32Array(n);
    const by = new Float32Array(n);
    const free = new Uint8Array(n);
    const inHull = new Uint8Array(n);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const i = y * size + x;
        const piece = x >= 20 && x < 40 && y >= 15 && y < 38;
        const floor = y >= 38;
        l[i] = piece ? 50 + ((x * 7 + y * 13) % 5) * 15 : floor ? 120 : 200;
        rg[i] = piece ? 30 : floor ? 10 : 0;
        by[i] = piece ? -20 : floor ? 20 : 0;
        if (y >= 40) free[i] = inHull[i] = 1;
      }
    }
    const { pieces } = findStandingPieces({
      features: { width: size, height: size, l, rg, by },
      free,
      inHull,
      horizonAt: () => 5,
      eyeHeight: 1.3,
      mode: 'interior',
      margin: 0,
    });
    expect(pieces).toHaveLength(1);
    const rows = pieces[0]!.outline.map((p) => p[1]);
    expect(Math.min(...rows)).toBeLessThanOrEqual(16);
    expect(Math.max(...rows)).toBe(38);
  });
});

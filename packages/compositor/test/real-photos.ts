/**
 * The real photographs the renders are tested on (decision 0042) and their hand labels. The photos are
 * test fixtures outside the project (../shared/photos beside the repository, never copied in); the
 * labels are ours, in test/fixtures/real-photos/labels.json, every coordinate a fraction of the
 * picture's width (x) or height (y).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { insidePolygon as insidePolygonOf } from '../src/geometry/polygon';

/** The repository's root: this file is packages/compositor/test/real-photos.ts. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * The photos live beside the repository: ../shared/photos from its root (CI keeps a copy of shared/
 * next to its clone). A git worktree sits deeper (/work/wt/NAME beside /work/shared), so the nearest
 * ancestor's shared/photos is used when the sibling is missing; REAL_PHOTOS_DIR overrides both.
 */
export const PHOTOS_DIR = findPhotosDir();

function findPhotosDir(): string {
  if (process.env.REAL_PHOTOS_DIR) return path.resolve(process.env.REAL_PHOTOS_DIR);
  const sibling = path.resolve(REPO_ROOT, '../shared/photos');
  for (let dir = path.dirname(REPO_ROOT); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared/photos');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return sibling;
  }
}
export const LABELS_FILE = path.resolve(REPO_ROOT, 'packages/compositor/test/fixtures/real-photos/labels.json');

/** A fraction of the picture's width or height; a label may run a little past an edge. */
const fraction = z.number().min(-0.05).max(1.05);
const pointSchema = z.tuple([fraction, fraction]);
const polygonSchema = z.array(pointSchema).min(3);
const segmentSchema = z.tuple([pointSchema, pointSchema]);

const labelledPhotoSchema = z.object({
  file: z.string().regex(/^[\w.-]+\.(jpg|png)$/),
  mode: z.enum(['interior', 'landscape']),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /**
   * The horizon's row at the picture's centre column as a fraction of the height: where the floor's
   * parallel lines meet. Negative when it lies above the picture (a camera looking down).
   */
  horizon: z.number().min(-3).max(3),
  /** How far (fraction of the height) a found horizon may be from `horizon`; 0.05 unless the lines are weak. */
  horizonTolerance: z.number().positive().max(0.5).optional(),
  /** The visible floor or ground a product could stand on, the part under the existing pieces included. */
  floor: z.array(polygonSchema).min(1),
  /** The large pieces already there (sofa, bed, desk, shrub, bench…): their whole silhouettes. */
  pieces: z.array(z.object({ kind: z.string().min(1), polygon: polygonSchema })),
  /** Rooms: each visible wall plane. */
  walls: z.array(z.object({ facing: z.enum(['back', 'left', 'right']), polygon: polygonSchema })),
  openings: z.array(z.object({ kind: z.enum(['window', 'door']), polygon: polygonSchema })),
  /** Rooms: what already hangs on a wall (a mirror, a framed picture, a TV, a shelf): no wall piece may cover it. */
  hung: z.array(z.object({ kind: z.enum(['mirror', 'picture', 'tv', 'shelf']), polygon: polygonSchema })).optional(),
  /** Yards: the named parts of the ground, each within `floor`. */
  ground: z.array(z.object({ kind: z.enum(['lawn', 'patio', 'path', 'beds']), polygon: polygonSchema })).optional(),
  /** Yards: house walls and fences that string lights or a wall piece could hang from. */
  anchors: z
    .array(z.object({ kind: z.enum(['fence', 'house-wall', 'pergola', 'tree']), polygon: polygonSchema }))
    .optional(),
  /** Segments parallel in the world whose extensions meet on the horizon: the evidence for `horizon`. */
  horizonLines: z.array(segmentSchema).optional(),
  note: z.string().optional(),
});

const labelsSchema = z.object({
  version: z.literal(1),
  note: z.string(),
  photos: z.array(labelledPhotoSchema).min(1),
});

export type FractionPoint = readonly [x: number, y: number];
export type FractionPolygon = readonly FractionPoint[];
export type LabelledPhoto = z.infer<typeof labelledPhotoSchema>;
export type PhotoLabels = z.infer<typeof labelsSchema>;

/** The default distance (fraction of the picture's height) a found horizon may be from the labelled one. */
export const HORIZON_TOLERANCE = 0.05;

/** The labels, checked against their schema. */
export function loadLabels(file = LABELS_FILE): PhotoLabels {
  return labelsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export const photoPath = (photo: Pick<LabelledPhoto, 'file'>) => path.join(PHOTOS_DIR, photo.file);

/** Whether the photos are here to test on (they are outside the repository). */
export const photosAvailable = () => existsSync(PHOTOS_DIR);

/*
 * The property checks a render of a labelled photo must pass. Everything here is in fractions of the picture
 * (x of its width, y of its height), so a render of any size is checked the same way.
 */

/** How far a label may be off (fraction of the picture): the hand labels are drawn to about this precision. */
export const LABEL_SLACK = 0.01;
/** At most this share of the smaller of two products may lie under the other (the renderer's own rule too). */
export const MAX_PRODUCT_OVERLAP = 0.1;
/** At most this share of a wall piece may cover a window or a door. */
export const MAX_OPENING_COVER = 0.02;
/** At least this share of a wall piece lies on one wall plane; of a rug, on the floor. */
export const MIN_ON_WALL = 0.95;
export const MIN_RUG_ON_FLOOR = 0.9;
/** Perspective: a nearer product must be drawn larger once perspective says it is this much larger... */
export const DEPTH_RATIO_TO_CHECK = 1.3;
/**
 * ...and its scale against a farther one's within this factor of what perspective says (the products' real sizes
 * are known to about a quarter each).
 */
export const DEPTH_SCALE_FACTOR = 1.5;

/** Typical real sizes in metres, [height, widest], of the catalogue's kinds: the test's own, not the renderer's. */
export const TYPICAL_SIZE: Readonly<Record<string, readonly [height: number, widest: number]>> = {
  sofa: [0.85, 2.3],
  armchair: [0.85, 1],
  'coffee-table': [0.45, 1.2],
  'floor-lamp': [1.6, 1.2],
  plant: [1.2, 0.8],
  bed: [1.05, 2],
  nightstand: [0.58, 0.55],
  bookshelf: [1.8, 1],
  planter: [0.7, 0.8],
  shrub: [0.9, 1.2],
  'outdoor-sofa': [0.8, 2.2],
  bench: [0.85, 1.6],
  'fire-pit': [0.5, 1],
  umbrella: [2.4, 2.6],
  lantern: [0.55, 0.35],
  'raised-bed': [0.5, 1.8],
};

export interface FractionBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A product as the render placed it, in fractions of the render. */
export interface CheckedPlacement {
  /** For the failure messages: the product's name. */
  name: string;
  /** The seed kind the catalogue gives it (sofa, rug, wall-art…). */
  kind: string;
  pose: 'standing' | 'flat' | 'hung' | 'suspended';
  box: FractionBox;
  /** Its real size in metres, [height, widest], when known; else its kind's TYPICAL_SIZE. */
  size?: readonly [height: number, widest: number];
  /** A flat piece laid in the floor's perspective: its corners (far left, far right, near right, near left). */
  quad?: readonly FractionPoint[];
  /** A suspended piece on a cord: the row the cord starts from (the ceiling). */
  cordTop?: number;
  /** The outline of the room's piece it takes the place of, when it replaces one. */
  replaces?: FractionPolygon;
}

/** A product the render left out, and the reason it gives. */
export interface LeftOutProduct {
  name: string;
  kind: string;
  reason: string;
}

export type CheckName =
  | 'placed'
  | 'base-on-floor'
  | 'base-off-pieces'
  | 'rug-flat-on-floor'
  | 'wall-piece-on-wall'
  | 'wall-piece-off-openings'
  | 'wall-piece-off-hung'
  | 'overlap'
  | 'depth-scale'
  | 'rug-under-seating'
  | 'pendant-from-ceiling'
  | 'lights-between-anchors'
  | 'planting-along-beds'
  | 'receipt'
  | 'placed-enough'
  | 'horizon';

export interface CheckFailure {
  check: CheckName;
  detail: string;
}

/** Whether (x, y) lies inside the polygon (even-odd rule): the same plane geometry the compositor uses. */
export const insidePolygon = (polygon: FractionPolygon, x: number, y: number): boolean =>
  insidePolygonOf(polygon, x, y);

/** The distance from (x, y) to the polygon's outline. */
export function distanceToOutline(polygon: FractionPolygon, x: number, y: number): number {
  let best = Infinity;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [x1, y1] = polygon[j]!;
    const [x2, y2] = polygon[i]!;
    const dx = x2 - x1;
    const dy = y2 - y1;
    const t = dx || dy ? Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy))) : 0;
    best = Math.min(best, Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy)));
  }
  return best;
}

/** Inside, or within `slack` of the outline: a label's edge is drawn to about LABEL_SLACK. */
export const insideWithSlack = (polygon: FractionPolygon, x: number, y: number, slack = LABEL_SLACK) =>
  insidePolygon(polygon, x, y) || distanceToOutline(polygon, x, y) <= slack;

/** Inside by more than `slack`: clearly within an existing piece, not merely touching its drawn edge. */
export const deepInside = (polygon: FractionPolygon, x: number, y: number, slack = LABEL_SLACK) =>
  insidePolygon(polygon, x, y) && distanceToOutline(polygon, x, y) > slack;

/** The share of a box inside any of the polygons, from a 20 × 20 grid of points. */
export function shareInside(box: FractionBox, polygons: readonly FractionPolygon[]): number {
  const n = 20;
  let hits = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const x = box.x + ((i + 0.5) / n) * box.width;
      const y = box.y + ((j + 0.5) / n) * box.height;
      if (polygons.some((polygon) => insidePolygon(polygon, x, y))) hits++;
    }
  }
  return hits / (n * n);
}

/** The share of the smaller box that lies under the other. */
export function overlapOfBoxes(a: FractionBox, b: FractionBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.min(a.width * a.height, b.width * b.height);
}

/** The bottom edge's corners and centre: where a standing product meets the floor. */
export const basePoints = ({ x, y, width, height }: FractionBox): FractionPoint[] => [
  [x, y + height],
  [x + width / 2, y + height],
  [x + width, y + height],
];

const pct = (v: number) => `${Math.round(v * 100)}%`;
const at = ([x, y]: FractionPoint) => `(${x.toFixed(3)}, ${y.toFixed(3)})`;

/** Every product stands with its base on the floor (or ground) and not on a piece already there. */
export function checkStanding(photo: LabelledPhoto, placements: readonly CheckedPlacement[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const staying = photo.pieces.filter(
    (piece) => !placements.some((p) => p.replaces && sameThing(piece.polygon, p.replaces)),
  );
  const bottomOf = (polygon: FractionPolygon) => Math.max(...polygon.map(([, y]) => y));
  for (const p of placements) {
    if (p.pose !== 'standing') continue;
    // a product that takes a piece's place stands where that one stood: a piece standing wholly in front of the old
    // one (its coffee table) hides the new one's base as it hid the old one's, and is drawn over it
    const hiding = (piece: FractionPolygon) =>
      !!p.replaces &&
      Math.min(...piece.map(([, y]) => y)) + (bottomOf(piece) - Math.min(...piece.map(([, y]) => y))) * 0.85 >
        bottomOf(p.replaces);
    for (const point of basePoints(p.box)) {
      if (!photo.floor.some((polygon) => insideWithSlack(polygon, point[0], point[1])))
        failures.push({ check: 'base-on-floor', detail: `${p.name}: base point ${at(point)} is off the floor` });
      const on = staying.find((piece) => !hiding(piece.polygon) && deepInside(piece.polygon, point[0], point[1]));
      if (on)
        failures.push({
          check: 'base-off-pieces',
          detail: `${p.name}: base point ${at(point)} stands on the ${on.kind}`,
        });
    }
  }
  return failures;
}

/** Rugs and pavers lie flat, wider than tall in the picture, on the floor. */
export function checkFlat(photo: LabelledPhoto, placements: readonly CheckedPlacement[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const p of placements) {
    if (p.kind !== 'rug' && p.kind !== 'pavers') continue;
    if (p.pose !== 'flat') {
      failures.push({ check: 'rug-flat-on-floor', detail: `${p.name}: drawn ${p.pose}, not flat on the floor` });
      continue;
    }
    if (p.box.height > p.box.width)
      failures.push({ check: 'rug-flat-on-floor', detail: `${p.name}: taller than wide, so standing up` });
    const share = shareInside(p.box, photo.floor);
    if (share < MIN_RUG_ON_FLOOR)
      failures.push({ check: 'rug-flat-on-floor', detail: `${p.name}: only ${pct(share)} of it on the floor` });
  }
  return failures;
}

/** A wall piece hangs on one wall plane (a yard: a house wall or fence), clear of windows, doors and what hangs there. */
export function checkHung(photo: LabelledPhoto, placements: readonly CheckedPlacement[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const walls = [
    ...photo.walls.map((wall) => wall.polygon),
    ...(photo.anchors ?? []).filter((a) => a.kind === 'house-wall' || a.kind === 'fence').map((a) => a.polygon),
  ];
  for (const p of placements) {
    if (p.pose !== 'hung' && p.kind !== 'wall-art' && p.kind !== 'mirror') continue;
    if (p.pose !== 'hung') {
      failures.push({ check: 'wall-piece-on-wall', detail: `${p.name}: drawn ${p.pose}, not hung on a wall` });
      continue;
    }
    const best = Math.max(0, ...walls.map((wall) => shareInside(p.box, [wall])));
    if (best < MIN_ON_WALL)
      failures.push({ check: 'wall-piece-on-wall', detail: `${p.name}: at most ${pct(best)} of it on one wall` });
    const covered = shareInside(
      p.box,
      photo.openings.map((o) => o.polygon),
    );
    if (covered > MAX_OPENING_COVER)
      failures.push({
        check: 'wall-piece-off-openings',
        detail: `${p.name}: covers a window or door (${pct(covered)} of it)`,
      });
    const overHung = shareInside(
      p.box,
      (photo.hung ?? []).map((h) => h.polygon),
    );
    if (overHung > MAX_OPENING_COVER)
      failures.push({
        check: 'wall-piece-off-hung',
        detail: `${p.name}: covers what already hangs on the wall (${pct(overHung)} of it)`,
      });
  }
  return failures;
}

/** No two products (rugs and pavers aside: things stand on them) cover each other by more than a tenth. */
export function checkOverlaps(placements: readonly CheckedPlacement[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const upright = placements.filter((p) => p.pose !== 'flat');
  for (let i = 0; i < upright.length; i++) {
    for (let j = i + 1; j < upright.length; j++) {
      const share = overlapOfBoxes(upright[i]!.box, upright[j]!.box);
      if (share > MAX_PRODUCT_OVERLAP)
        failures.push({
          check: 'overlap',
          detail: `${upright[i]!.name} and ${upright[j]!.name} overlap by ${pct(share)} of the smaller`,
        });
    }
  }
  return failures;
}

/** Picture height per metre of a standing product of a known kind: its height or, if wider, its widest. */
function scaleOf(p: CheckedPlacement, aspect: number): number | null {
  const size = p.size ?? TYPICAL_SIZE[p.kind];
  if (!size) return null;
  return Math.max(p.box.height / size[0], (p.box.width * aspect) / size[1]);
}

/**
 * Perspective: of two standing products, the one whose base is nearer the bottom is nearer the camera and drawn
 * larger for its real size, by about what the rows below the horizon say (a level camera: scale ∝ base − horizon),
 * within DEPTH_SCALE_FACTOR for the real sizes' spread and the labelled horizon's tolerance.
 * `aspect` is the picture's width over its height, to compare widths with heights.
 */
export function checkDepthScale(
  photo: LabelledPhoto,
  placements: readonly CheckedPlacement[],
  aspect: number,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const standing = placements.filter((p) => p.pose === 'standing' && scaleOf(p, aspect) !== null);
  const belowHorizon = (p: CheckedPlacement) => p.box.y + p.box.height - photo.horizon;
  for (let i = 0; i < standing.length; i++) {
    for (let j = i + 1; j < standing.length; j++) {
      const [near, far] =
        belowHorizon(standing[i]!) >= belowHorizon(standing[j]!)
          ? [standing[i]!, standing[j]!]
          : [standing[j]!, standing[i]!];
      const nearBase = belowHorizon(near);
      const farBase = belowHorizon(far);
      // a base above the horizon is off the floor: the floor check reports it
      if (farBase <= 0) continue;
      const expected = nearBase / farBase;
      // what perspective says, with the labelled horizon anywhere within its tolerance: a base near the horizon
      // makes the ratio sensitive to where exactly it is
      const tolerance = photo.horizonTolerance ?? HORIZON_TOLERANCE;
      const least = (nearBase + tolerance) / (farBase + tolerance);
      const most = farBase > tolerance ? (nearBase - tolerance) / (farBase - tolerance) : Infinity;
      const drawn = scaleOf(near, aspect)! / scaleOf(far, aspect)!;
      if (expected >= DEPTH_RATIO_TO_CHECK && drawn <= 1)
        failures.push({
          check: 'depth-scale',
          detail: `${near.name} stands nearer than ${far.name} but is drawn no larger for its size (${drawn.toFixed(2)}×)`,
        });
      else if (drawn > most * DEPTH_SCALE_FACTOR || drawn < least / DEPTH_SCALE_FACTOR)
        failures.push({
          check: 'depth-scale',
          detail:
            `${near.name} is drawn ${drawn.toFixed(2)}× ${far.name}'s scale where perspective says ` +
            `${least.toFixed(2)}-${most.toFixed(2)}×`,
        });
    }
  }
  return failures;
}

/** The found horizon (a fraction of the height; null when nothing was found) is near the labelled one. */
export function checkHorizon(photo: LabelledPhoto, found: number | null): CheckFailure[] {
  const tolerance = photo.horizonTolerance ?? HORIZON_TOLERANCE;
  if (found === null) return [{ check: 'horizon', detail: 'no horizon was found' }];
  if (Math.abs(found - photo.horizon) > tolerance)
    return [
      {
        check: 'horizon',
        detail: `horizon at ${found.toFixed(3)}, labelled ${photo.horizon} (±${tolerance})`,
      },
    ];
  return [];
}

/** The centre of a polygon's bounds. */
function centreOf(polygon: FractionPolygon): FractionPoint {
  const xs = polygon.map(([x]) => x);
  const ys = polygon.map(([, y]) => y);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

/** Whether two outlines are of one thing: each one's centre lies inside the other (the labels' piece, the found one). */
export function sameThing(a: FractionPolygon, b: FractionPolygon): boolean {
  const [ax, ay] = centreOf(a);
  const [bx, by] = centreOf(b);
  return insideWithSlack(b, ax, ay, 0.03) && insideWithSlack(a, bx, by, 0.03);
}

/** What a left-out product's reason must say: where there was no room for it, naming it. */
const LEFT_OUT_REASON =
  /^(no free (floor|ground|wall|ceiling) for the [a-z -]+|no ceiling in the picture for the [a-z -]+|no clear span for the [a-z -]+|nothing to hang the [a-z -]+ from)$/;

/**
 * Every chosen product is in the render, or left out with a reason that names it ('no free floor for the sofa');
 * none is both.
 */
export function checkPlaced(
  chosen: readonly string[],
  placements: readonly CheckedPlacement[],
  leftOut: readonly LeftOutProduct[] = [],
): CheckFailure[] {
  const placed = new Set(placements.map((p) => p.name));
  const failures: CheckFailure[] = [];
  for (const name of chosen) {
    const out = leftOut.find((l) => l.name === name);
    if (placed.has(name) && out)
      failures.push({ check: 'placed', detail: `${name} is drawn and also left out ('${out.reason}')` });
    else if (!placed.has(name) && !out)
      failures.push({ check: 'placed', detail: `${name} is missing, with no reason` });
    else if (out && (!LEFT_OUT_REASON.test(out.reason) || !out.reason.includes(out.kind.replace(/-/g, ' '))))
      failures.push({ check: 'placed', detail: `${name} is left out with an unclear reason: '${out.reason}'` });
  }
  return failures;
}

const SEATING = new Set(['sofa', 'bed', 'armchair', 'outdoor-sofa', 'bench']);
const LABELLED_SEATING = /^(sofa|couch|sectional|loveseat|bed|armchair|bench)$/;

/**
 * A rug lies in the floor's perspective (a quadrilateral whose far edge is the narrower) under the seating group:
 * the seating's base row (a placed sofa's, else the room's own) falls between its far and near edges, over it.
 */
export function checkRugUnderSeating(photo: LabelledPhoto, placements: readonly CheckedPlacement[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const seat =
    placements.find((p) => p.pose === 'standing' && SEATING.has(p.kind))?.box ??
    (() => {
      const piece = photo.pieces.find(
        (q) =>
          LABELLED_SEATING.test(q.kind.trim().toLowerCase()) &&
          !placements.some((p) => p.replaces && sameThing(q.polygon, p.replaces)),
      );
      if (!piece) return null;
      const xs = piece.polygon.map(([x]) => x);
      const ys = piece.polygon.map(([, y]) => y);
      const top = Math.min(...ys);
      return { x: Math.min(...xs), y: top, width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - top };
    })();
  for (const p of placements) {
    if (p.kind !== 'rug' || p.pose !== 'flat') continue;
    if (!p.quad || p.quad.length !== 4) {
      failures.push({ check: 'rug-under-seating', detail: `${p.name}: not laid as a quadrilateral on the floor` });
      continue;
    }
    const [farLeft, farRight, nearRight, nearLeft] = p.quad as [
      FractionPoint,
      FractionPoint,
      FractionPoint,
      FractionPoint,
    ];
    if (farRight[0] - farLeft[0] > nearRight[0] - nearLeft[0] + 1e-6 || farLeft[1] >= nearLeft[1])
      failures.push({ check: 'rug-under-seating', detail: `${p.name}: its far edge is not the narrower, higher one` });
    if (!seat) continue;
    const seatBase = seat.y + seat.height;
    const seatCentre = seat.x + seat.width / 2;
    const under =
      seatBase >= p.box.y - LABEL_SLACK &&
      seatBase <= p.box.y + p.box.height + LABEL_SLACK &&
      seatCentre >= p.box.x &&
      seatCentre <= p.box.x + p.box.width;
    if (!under)
      failures.push({
        check: 'rug-under-seating',
        detail: `${p.name}: the seating's base (row ${seatBase.toFixed(3)}) is not over it`,
      });
  }
  return failures;
}

/** A pendant hangs in a room above eye height (above the horizon) on a cord from the ceiling. */
export function checkPendants(photo: LabelledPhoto, placements: readonly CheckedPlacement[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (photo.mode !== 'interior') return failures;
  for (const p of placements) {
    if (p.kind !== 'pendant-light') continue;
    if (p.pose !== 'suspended' || p.cordTop === undefined || p.cordTop > p.box.y)
      failures.push({ check: 'pendant-from-ceiling', detail: `${p.name}: not hung on a cord from the ceiling` });
    else if (p.box.y + p.box.height > photo.horizon + LABEL_SLACK)
      failures.push({ check: 'pendant-from-ceiling', detail: `${p.name}: hangs below eye height` });
  }
  return failures;
}

/** String lights run between two of the yard's anchors (or along one): each end over an anchor. */
export function checkStringLights(photo: LabelledPhoto, placements: readonly CheckedPlacement[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const anchors = (photo.anchors ?? []).map((a) => {
    const xs = a.polygon.map(([x]) => x);
    return { left: Math.min(...xs) - LABEL_SLACK * 2, right: Math.max(...xs) + LABEL_SLACK * 2 };
  });
  for (const p of placements) {
    if (p.kind !== 'string-lights') continue;
    const ends = [p.box.x, p.box.x + p.box.width];
    if (!ends.every((x) => anchors.some((a) => x >= a.left && x <= a.right)))
      failures.push({ check: 'lights-between-anchors', detail: `${p.name}: an end hangs from nothing` });
  }
  return failures;
}

/**
 * In a yard, planters and shrubs stand in or by the beds, or along a fence or house wall: their base in a bed, or
 * within a tenth of the picture of a bed's or an anchor's foot. A yard with neither is not checked.
 */
export function checkPlanting(photo: LabelledPhoto, placements: readonly CheckedPlacement[]): CheckFailure[] {
  if (photo.mode !== 'landscape') return [];
  const beds = (photo.ground ?? []).filter((g) => g.kind === 'beds').map((g) => g.polygon);
  const fences = (photo.anchors ?? [])
    .filter((a) => a.kind === 'fence' || a.kind === 'house-wall')
    .map((a) => a.polygon);
  if (beds.length + fences.length === 0) return [];
  const failures: CheckFailure[] = [];
  for (const p of placements) {
    if (p.pose !== 'standing' || !['planter', 'shrub'].includes(p.kind)) continue;
    const [x, y] = [p.box.x + p.box.width / 2, p.box.y + p.box.height];
    const along =
      beds.some((bed) => insideWithSlack(bed, x, y, 0.1)) ||
      fences.some((fence) => {
        const ys = fence.map(([, fy]) => fy);
        const xs = fence.map(([fx]) => fx);
        return x >= Math.min(...xs) - 0.1 && x <= Math.max(...xs) + 0.1 && Math.abs(y - Math.max(...ys)) < 0.1;
      });
    if (!along)
      failures.push({ check: 'planting-along-beds', detail: `${p.name}: stands away from every bed and fence` });
  }
  return failures;
}

/**
 * A render that leaves out what the photo has room for passes every other check: on the photo's own analysis, at
 * least half of the products the labels' geometry (a perfect analysis) stands or lays on the floor must stand or lie
 * on it too.
 */
export function checkPlacedEnough(onFloor: number, onLabelledFloor: number): CheckFailure[] {
  const needed = Math.ceil(onLabelledFloor / 2);
  if (onFloor >= needed) return [];
  return [
    {
      check: 'placed-enough',
      detail: `${onFloor} products stand or lie on the floor where the labelled floor holds ${onLabelledFloor}`,
    },
  ];
}

/** All the checks of one render but the horizon (a property of the photo's analysis, checked once a photo). */
export function checkRender(
  photo: LabelledPhoto,
  chosen: readonly string[],
  placements: readonly CheckedPlacement[],
  aspect: number,
  leftOut: readonly LeftOutProduct[] = [],
): CheckFailure[] {
  return [
    ...checkPlaced(chosen, placements, leftOut),
    ...checkRugUnderSeating(photo, placements),
    ...checkPendants(photo, placements),
    ...checkStringLights(photo, placements),
    ...checkPlanting(photo, placements),
    ...checkStanding(photo, placements),
    ...checkFlat(photo, placements),
    ...checkHung(photo, placements),
    ...checkOverlaps(placements),
    ...checkDepthScale(photo, placements, aspect),
  ];
}

import { horizonOf, type FloorQuad } from '@dwellscape/shared';
import { luma, type Raster } from './raster';
import type { Anchor, PhotoGeometry, Point, Polygon, StandingPiece } from './geometry/types';
import type { Placement, PlacementRole } from './layout';
import { boundsOf, boxPolygon, CellMask, insidePolygon, scalePolygon, type Bounds } from './polygon';
import { byClaimOrder, overlapShare, MAX_OVERLAP, SAME_PLACE, type ArrangeOptions } from './arrange';
import { baseColumns, leftForBase, type BaseSpan } from './contact';

/*
 * Placement on a photo's geometry (decision 0042): every standing product's base on the visible floor or ground, clear
 * of the room's own pieces, at its real size for the camera; rugs flat in the floor's perspective under the seating
 * group; wall art on a wall at eye height, clear of windows and doors; pendants from the ceiling; in a yard, furniture
 * on patio or lawn, plants along beds and fences, string lights between real anchors. A product that fits nowhere is
 * left out with its reason; one of a kind the photo already has takes that piece's footprint instead.
 */

/** A product's real size in centimetres: across its front, front to back, floor to top. */
export interface SizeCm {
  width: number;
  depth: number;
  height: number;
}

/**
 * The size of a thing of each kind when its maker gives none (a person's own item): what a person can change. The
 * catalogue's products carry their own (sample-art's world/products.ts).
 */
export const SIZE_OF_KIND_CM: Readonly<Record<string, SizeCm>> = {
  sofa: { width: 210, depth: 92, height: 82 },
  armchair: { width: 82, depth: 82, height: 80 },
  'coffee-table': { width: 110, depth: 60, height: 42 },
  'dining-table': { width: 180, depth: 90, height: 75 },
  'dining-chair': { width: 50, depth: 52, height: 80 },
  'floor-lamp': { width: 45, depth: 45, height: 160 },
  'table-lamp': { width: 30, depth: 30, height: 55 },
  'pendant-light': { width: 45, depth: 45, height: 35 },
  rug: { width: 230, depth: 160, height: 1 },
  bookshelf: { width: 90, depth: 35, height: 180 },
  bed: { width: 165, depth: 215, height: 100 },
  nightstand: { width: 48, depth: 40, height: 55 },
  dresser: { width: 150, depth: 48, height: 82 },
  mirror: { width: 70, depth: 3, height: 100 },
  'wall-art': { width: 60, depth: 3, height: 80 },
  vase: { width: 25, depth: 25, height: 40 },
  'throw-pillow': { width: 48, depth: 15, height: 48 },
  plant: { width: 60, depth: 60, height: 120 },
  planter: { width: 45, depth: 45, height: 60 },
  shrub: { width: 70, depth: 70, height: 80 },
  tree: { width: 120, depth: 120, height: 250 },
  'outdoor-sofa': { width: 195, depth: 85, height: 78 },
  'lounge-chair': { width: 70, depth: 90, height: 90 },
  'outdoor-dining-set': { width: 180, depth: 150, height: 76 },
  bench: { width: 150, depth: 55, height: 85 },
  'fire-pit': { width: 95, depth: 95, height: 40 },
  umbrella: { width: 270, depth: 270, height: 245 },
  'string-lights': { width: 1000, depth: 10, height: 20 },
  lantern: { width: 25, depth: 25, height: 50 },
  fountain: { width: 80, depth: 80, height: 110 },
  'raised-bed': { width: 150, depth: 75, height: 40 },
  pergola: { width: 330, depth: 300, height: 260 },
  pavers: { width: 300, depth: 300, height: 4 },
  grill: { width: 110, depth: 60, height: 110 },
  hammock: { width: 300, depth: 120, height: 110 },
};

const SIZE_OF_ROLE_CM: Readonly<Record<PlacementRole, SizeCm>> = {
  large: { width: 190, depth: 85, height: 85 },
  medium: { width: 80, depth: 60, height: 70 },
  small: { width: 30, depth: 30, height: 40 },
  tall: { width: 50, depth: 50, height: 160 },
  plant: { width: 60, depth: 60, height: 110 },
  wall: { width: 60, depth: 3, height: 80 },
  overhead: { width: 45, depth: 45, height: 35 },
  rug: { width: 230, depth: 160, height: 1 },
};

/** A size a person gives their item is at most this many centimetres a side (a pergola is 3–4 m). */
export const MAX_SIZE_CM = 2000;

/** A product's size that is not a real one (not a number, not positive, beyond `MAX_SIZE_CM`). */
export class InvalidProductSizeError extends RangeError {
  constructor(size: SizeCm) {
    super(
      `A product's size must be width, depth and height in centimetres, each above 0 and at most ${MAX_SIZE_CM}: ` +
        `got ${JSON.stringify(size)}`,
    );
    this.name = 'InvalidProductSizeError';
  }
}

/** Throws `InvalidProductSizeError` unless each side is a number of centimetres above 0 and at most MAX_SIZE_CM. */
export function checkSizeCm(size: SizeCm): void {
  const sides = [size.width, size.depth, size.height];
  if (!sides.every((v) => typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= MAX_SIZE_CM)) {
    throw new InvalidProductSizeError(size);
  }
}

/** The size a product is placed at: its own when known, else its kind's, else its role's. */
export function sizeOfItem(kind: string | null, role: PlacementRole, size?: SizeCm): SizeCm {
  if (size && size.width > 0 && size.depth > 0 && size.height > 0) return size;
  return (kind ? SIZE_OF_KIND_CM[kind] : undefined) ?? SIZE_OF_ROLE_CM[role];
}

export interface GeometryItem {
  /** Index in the product list. */
  index: number;
  role: PlacementRole;
  /** The seed kind (sofa, floor-lamp, planter…), or null. */
  kind: string | null;
  /** Width over height of the cut-out. */
  aspect: number;
  /** Its real size; the kind's when absent. */
  size?: SizeCm;
  /** Where its picture's base lies across its width (contact.ts): what stands on the spot placed. Its middle when absent. */
  base?: BaseSpan;
}

/** Where a placed product stands. */
export type Support = 'floor' | 'ground' | 'wall' | 'ceiling' | 'anchors' | 'furniture';

export interface GeometryPlacement extends Placement {
  z: number;
  baseY: number;
  on: Support;
  /** Its footprint (standing and flat pieces) or outline (hung ones) in output pixels: the edit mask's region. */
  footprint: Point[];
  /** Where it stands, in words: 'the sofa against the back wall, left of the window'. */
  where: string;
}

export interface LeftOut {
  index: number;
  /** 'no free floor for the sofa'. */
  reason: string;
}

export interface GeometryArrangement {
  source: PhotoGeometry['source'];
  /** Back to front, the order to draw in. */
  placements: GeometryPlacement[];
  leftOut: LeftOut[];
  /**
   * The room's pieces the products took the place of, in output pixels: to be erased from the picture (a later
   * issue); `id` is the placement's `replaced`.
   */
  erase: Array<{ id: string; polygon: Point[] }>;
  /** How many placed products stand on the floor or ground. */
  onFloor: number;
}

/** Pieces kinds (as geo names them) that a product of a seed kind takes the place of. */
const pieceKindsOf: Readonly<Record<string, readonly string[]>> = {
  sofa: ['sofa', 'couch', 'sectional', 'loveseat'],
  armchair: ['armchair', 'chair'],
  'coffee-table': ['coffee-table', 'coffee table', 'table'],
  'dining-table': ['dining-table', 'dining table', 'table'],
  'dining-chair': ['dining-chair', 'chair'],
  bed: ['bed'],
  bookshelf: ['bookshelf', 'shelf', 'bookcase'],
  dresser: ['dresser', 'sideboard', 'cabinet'],
  nightstand: ['nightstand'],
  'outdoor-sofa': ['outdoor-sofa', 'sofa'],
  bench: ['bench'],
  'lounge-chair': ['lounge-chair', 'chair'],
  'outdoor-dining-set': ['outdoor-dining-set', 'table'],
};

/**
 * A found piece's kind must be at least this sure before a product takes its place (and it is erased): the analysis's
 * kinds are guesses from a box's size (0.25–0.6; on the labelled photos 2 of 16 agree with the labels), and erasing a
 * bed because something was called a bed is worse than leaving the new one out (decision 0052). A piece with no
 * confidence given (a person's or the labels' geometry) is taken as sure.
 */
export const MIN_REPLACE_CONFIDENCE = 0.5;

/** Products of these kinds take the place of a piece of theirs rather than stand beside it. */
const replacesFirst = new Set([
  'sofa',
  'bed',
  'coffee-table',
  'dining-table',
  'armchair',
  'dresser',
  'outdoor-sofa',
  'outdoor-dining-set',
]);
const seatingKinds = new Set(['sofa', 'outdoor-sofa', 'bed', 'bench', 'armchair', 'lounge-chair']);
const supportKinds = new Set(['nightstand', 'dresser', 'coffee-table', 'dining-table', 'desk', 'table', 'bookshelf']);
const yardFurniture = new Set([
  'outdoor-sofa',
  'lounge-chair',
  'outdoor-dining-set',
  'bench',
  'fire-pit',
  'grill',
  'hammock',
  'umbrella',
  'fountain',
  'pergola',
  'dining-chair',
]);
const yardPlanting = new Set(['planter', 'shrub', 'tree', 'raised-bed', 'plant']);

/** The words a receipt and a prompt name a product by. */
export function labelOfKind(kind: string | null): string {
  if (!kind) return 'product';
  const special: Record<string, string> = {
    'outdoor-dining-set': 'dining set',
    'raised-bed': 'raised bed',
    'string-lights': 'string lights',
  };
  return special[kind] ?? kind.replace(/-/g, ' ');
}

type Pose = Placement['pose'];
const poseOf = (kind: string | null, role: PlacementRole): Pose => {
  if (kind === 'rug' || kind === 'pavers' || (kind === null && role === 'rug')) return 'flat';
  if (kind === 'wall-art' || kind === 'mirror' || (kind === null && role === 'wall')) return 'hung';
  if (kind === 'pendant-light' || kind === 'string-lights' || (kind === null && role === 'overhead')) {
    return 'suspended';
  }
  return 'standing';
};

/** A thing on the floor in world metres: across (x), the depth of its front (z) and its size. */
interface Footing {
  x: number;
  z: number;
  width: number;
  depth: number;
}

/**
 * Metres a standing product keeps from the room's pieces. The analysis's pieces are already grown by a margin of
 * their own (geometry/analyze.ts); 8 cm on top of it left the little free floor it finds empty (decision 0059).
 */
const PIECE_MARGIN = 0.03;
/** Eye height of hung art's centre in metres. */
const ART_CENTRE = 1.5;
/** Metres hung art may move up or down from eye height, in the order tried, to keep off what already hangs there. */
const ART_LIFTS = [0, 0.15, -0.15, 0.3];
/** Columns along each wall where hung art is tried. */
const ART_COLUMNS = 49;
/** Yards: how high string lights hang on a house wall or a tree, in metres (a porch's eaves). */
const STRAND_HEIGHT = 2.4;
/** Rooms: the ceiling's height in metres, when nothing measures it. */
const CEILING = 2.5;
/** Rooms: a pendant's bottom in metres above the floor over a table, and elsewhere (clear of a standing head). */
const PENDANT_OVER_TABLE = 1.6;
const PENDANT_CLEAR = 1.95;
/** Rooms: the shortest cord in metres between the ceiling and a pendant's top. */
const PENDANT_DROP = 0.1;
/** Rooms: a pendant hangs at least this many metres in front of the wall behind it... */
const PENDANT_FROM_WALL = 0.4;
/** ...and at least this many metres from the camera (nearer, it hangs over the viewer's head, out of the picture). */
const PENDANT_NEAREST = 1.5;

/** Storage stands with its back to a wall: within this many metres of where the found floor ends (issue #38). */
const STORAGE_WALL_GAP = 0.5;
/**
 * Storage stands before at most this share of any window or door (issue #38): beside one it may hide its frame's
 * edge; a bookshelf stood before the window is a wall of shelves where the light comes in.
 */
const STORAGE_OVER_OPENINGS = 0.2;
const storageKinds = new Set(['bookshelf', 'dresser', 'cabinet']);
/**
 * Rooms: a standing product's front at least this many metres from the camera. A nearer one is drawn over the
 * viewer's lap, larger than anything in the room (issue #38); a yard's ground runs from the feet, and is exempt.
 */
const NEAREST_FRONT = 1.7;
/**
 * A camera whose horizon lies above the whole picture looks steeply down at the floor: a person standing holds it,
 * at about this many metres, not at the 1.3 m a room's photo is assumed to be taken from. At 1.3 m the floor it sees
 * is a metre or two off, every product is drawn too large for it and nothing fits (the high-angle living room).
 */
const STANDING_EYE = 1.6;

/** The camera placement sizes products by: the geometry's, its eye raised to a standing one's when it looks down. */
function cameraForPlacing(geometry: PhotoGeometry): PhotoGeometry['camera'] {
  const cam = geometry.camera;
  const tan = Math.tan(cam.roll);
  const above = [0, geometry.width].every((u) => cam.horizonY - (u - cam.cx) * tan < 0);
  return above && cam.eyeHeight < STANDING_EYE ? { ...cam, eyeHeight: STANDING_EYE } : cam;
}

/**
 * Rooms: a product at least this many centimetres tall (a floor lamp, a tall plant) stands nowhere its picture lies
 * over the room's pieces for more than TALL_OVER_PIECES of its box. Stood before them (often the only free floor
 * found is the nearest, 1.7 m from the camera) it rises over their tops and hides them whole: on two living rooms'
 * own analysis the arc lamp stood over the coffee table and sofa at 0.56 and 0.53, while on the hand labels no tall
 * product stands over more than 0.39 (a reading lamp beside its chair).
 */
const TALL_CM = 120;
const TALL_OVER_PIECES = 0.45;

/** Rooms: the floor before a door, this many metres deep across its width, is kept clear of standing products. */
const DOORWAY_DEPTH = 0.9;

/**
 * Above this mean step in luminance (0–255) between pixels 2 px apart, a picture's patch is no bare wall: a window's
 * view (leaves, a fence, sky through frames), shelves, a radiator. A painted or papered wall steps by 1–6 under a
 * wall piece's box; a window the analysis found only in part, with trees behind it, by 15 and more.
 */
const BARE_WALL_TEXTURE = 11;

/** A picture's size, and with the render's scene its pixels (a Raster is one). */
type PictureFrame = Pick<Raster, 'width' | 'height'> & Partial<Pick<Raster, 'data' | 'channels'>>;

/**
 * A box of the picture's pixels to read luminance in: clamped to the picture, less `edge` pixels at its right and
 * bottom for samples that look past a point. Null without the pixels or when nothing of the box is left.
 */
function lumaWindow(
  frame: PictureFrame,
  box: { x: number; y: number; width: number; height: number },
  edge: number,
): { lumaAt: (x: number, y: number) => number; left: number; top: number; right: number; bottom: number } | null {
  const { data, width, height } = frame;
  const channels = frame.channels ?? 3;
  if (!data || data.length < width * height * channels) return null;
  const left = Math.max(0, Math.round(box.x));
  const top = Math.max(0, Math.round(box.y));
  const right = Math.min(width - edge, Math.round(box.x + box.width));
  const bottom = Math.min(height - edge, Math.round(box.y + box.height));
  if (right <= left || bottom <= top) return null;
  const lumaAt = (x: number, y: number) => {
    const i = (y * width + x) * channels;
    return luma(data[i]!, data[i + 1]!, data[i + 2]!);
  };
  return { lumaAt, left, top, right, bottom };
}

/**
 * Whether a box of the picture (frame pixels) looks like bare wall, by its texture on a 24 × 24 grid of samples: the
 * check that keeps wall art off the part of a window the analysis did not find. True without the pixels.
 */
function bareWallAt(frame: PictureFrame, box: { x: number; y: number; width: number; height: number }): boolean {
  // the steps sample 2 px right and below
  const window = lumaWindow(frame, box, 3);
  if (!window) return true;
  const { lumaAt, left, top, right, bottom } = window;
  let sum = 0;
  let n = 0;
  for (let gy = 0; gy < 24; gy++) {
    const y = Math.round(top + ((bottom - top) * (gy + 0.5)) / 24);
    for (let gx = 0; gx < 24; gx++) {
      const x = Math.round(left + ((right - left) * (gx + 0.5)) / 24);
      const here = lumaAt(x, y);
      sum += Math.abs(lumaAt(x + 2, y) - here) + Math.abs(lumaAt(x, y + 2) - here);
      n += 2;
    }
  }
  return sum / n <= BARE_WALL_TEXTURE;
}

/**
 * Above this step in mean luminance (0–255) between neighbouring cells of an 8 × 8 grid over a wall piece's box, its
 * margin included, something already hangs there: a framed picture's dark frame against the paint, a mirror's bright
 * glass, a TV's black screen, a shelf's shadow. A bare wall's cells differ by its light's slow fall-off only.
 */
const HUNG_THING_STEP = 24;

/**
 * Whether a box of the picture (frame pixels) is clear of things hung on the wall, which the geometry does not know
 * as openings or pieces: no two neighbouring cells of an 8 × 8 grid (each the mean of 4 × 4 samples) differ in mean
 * luminance by more than HUNG_THING_STEP. A thin frame moves a cell's mean where the sparse steps bareWallAt averages
 * barely move. True without the pixels.
 */
function clearOfHungThingsAt(
  frame: PictureFrame,
  box: { x: number; y: number; width: number; height: number },
): boolean {
  const window = lumaWindow(frame, box, 1);
  if (!window) return true;
  const { lumaAt, left, top, right, bottom } = window;
  const cells = 8;
  const samples = 4;
  const means: number[] = [];
  for (let cy = 0; cy < cells; cy++) {
    for (let cx = 0; cx < cells; cx++) {
      let sum = 0;
      for (let sy = 0; sy < samples; sy++) {
        const y = Math.round(top + ((bottom - top) * (cy + (sy + 0.5) / samples)) / cells);
        for (let sx = 0; sx < samples; sx++) {
          const x = Math.round(left + ((right - left) * (cx + (sx + 0.5) / samples)) / cells);
          sum += lumaAt(x, y);
        }
      }
      means.push(sum / (samples * samples));
    }
  }
  for (let cy = 0; cy < cells; cy++) {
    for (let cx = 0; cx < cells; cx++) {
      const here = means[cy * cells + cx]!;
      if (cx + 1 < cells && Math.abs(means[cy * cells + cx + 1]! - here) > HUNG_THING_STEP) return false;
      if (cy + 1 < cells && Math.abs(means[(cy + 1) * cells + cx]! - here) > HUNG_THING_STEP) return false;
    }
  }
  return true;
}
/** A rug lies on the floor: at most this share of its footprint (an 8 × 8 grid) under the room's own pieces. */
const RUG_UNDER_PIECES = 0.4;
/** A rug's drawn quad rises at least this share of its width: flat in perspective, not a sliver along the wall. */
const RUG_MIN_RISE = 0.12;

/** What a floor or wall spot costs a variation for each earlier variation that used it (variation.ts). */
const EARLIER_SPOT_COST = 4;

/**
 * Places products on a photo's geometry. `frame` is the output's size; the geometry may be in another (its pixels
 * are scaled). `options` make a variation (variation.ts): spots earlier variations used cost more (a piece they
 * replaced is kept when there is other floor), rugs may lie turned. Deterministic.
 */
export function placeOnGeometry(
  items: readonly GeometryItem[],
  geometry: PhotoGeometry,
  /** The picture's size; with its pixels (the render's scene), wall art also keeps to bare wall (see bareWallAt). */
  frame: PictureFrame,
  options: ArrangeOptions = {},
  /** Told, for each spot a standing product was refused, the rule that refused it (a diagnosis, bench/place-diagnose.ts). */
  refused?: (index: number, rule: string) => void,
): GeometryArrangement {
  const refuse = refused ?? (() => {});
  /** How many earlier variations gave the product this place (a box in output pixels). */
  const usedBefore = (item: GeometryItem, box: { x: number; y: number; width: number; height: number }) =>
    (options.avoid?.get(item.index) ?? []).filter((earlier) => overlapShare(earlier, box) >= SAME_PLACE).length;
  const avoiding = options.avoid !== undefined;
  const kx = frame.width / geometry.width;
  const ky = frame.height / geometry.height;
  const { width: W, height: H } = geometry;
  const cam = cameraForPlacing(geometry);
  const yard = geometry.mode === 'landscape';
  const tanRoll = Math.tan(cam.roll);
  const horizonAt = (u: number) => cam.horizonY - (u - cam.cx) * tanRoll;
  const projectAt = (x: number, y: number, z: number): Point => {
    const u = cam.cx + (cam.focal * x) / z;
    return [u, horizonAt(u) - (cam.focal * (y - cam.eyeHeight)) / z];
  };
  const depthAt = (u: number, v: number) => {
    const below = v - horizonAt(u);
    return below > 0.5 ? (cam.focal * cam.eyeHeight) / below : Infinity;
  };
  const worldX = (u: number, z: number) => ((u - cam.cx) * z) / cam.focal;
  const toFrame = (p: Point): Point => [p[0] * kx, p[1] * ky];

  const masks = masksOf(geometry);
  const { cell, floor: floorMask, pieces: pieceMask, openings: openingMask } = masks;
  const pieces = geometry.pieces.map((piece, n) => ({ piece, id: `piece-${n + 1}`, base: baseOf(piece) }));
  const patioMask = masks.ground.get('patio') ?? null;
  const lawnMask = masks.ground.get('lawn') ?? null;
  const bedsMask = masks.ground.get('beds') ?? null;
  const pathMask = masks.ground.get('path') ?? null;
  const anyGround = geometry.ground.length > 0;

  // the floor's depth range: from the picture's bottom to its farthest visible row
  let floorTop = H;
  for (const polygon of geometry.floor) floorTop = Math.min(floorTop, boundsOf(polygon).top);
  const zNear = Math.max(0.6, depthAt(cam.cx, H));
  const zFar = Math.min(yard ? 40 : 14, depthAt(cam.cx, Math.max(floorTop + 1, horizonAt(cam.cx) + 2)));

  const placed: GeometryPlacement[] = [];
  const footings = new Map<number, Footing>();
  const leftOut: LeftOut[] = [];
  const erase: GeometryArrangement['erase'] = [];
  const replacedPieces = new Set<string>();

  /** A piece's footing in the world, from the front of its base. */
  const footingOfPiece = (base: PieceBase): Footing | null => {
    const z = depthAt(base.centreX, base.frontY);
    if (!Number.isFinite(z)) return null;
    const x0 = worldX(base.left, z);
    const x1 = worldX(base.right, z);
    const zBack = depthAt(base.centreX, base.backY);
    return { x: (x0 + x1) / 2, z, width: Math.max(0.2, x1 - x0), depth: Math.max(0.3, zBack - z || 0.6) };
  };

  /** The seating group's footing: a placed sofa (bed, bench…) first, else the room's own. */
  const seatingFooting = (): Footing | null => {
    for (const p of placed) {
      const f = footings.get(p.index);
      if (f && p.pose === 'standing' && seatingKinds.has(kindOf.get(p.index) ?? '')) return f;
    }
    for (const { piece, base, id } of pieces) {
      if (replacedPieces.has(id) || !piece.kind) continue;
      if (['sofa', 'couch', 'sectional', 'bed', 'armchair', 'bench', 'outdoor-sofa'].includes(piece.kind)) {
        const f = footingOfPiece(base);
        if (f) return f;
      }
    }
    return null;
  };
  const kindOf = new Map(items.map((item) => [item.index, item.kind]));

  /** The points a footing's floor is tested at, in the geometry's pixels. */
  const footingPoints = (f: Footing, grow = 0): Point[] => {
    const points: Point[] = [];
    for (let i = 0; i <= 3; i++) {
      for (let j = 0; j <= 2; j++) {
        const x = f.x - f.width / 2 - grow + ((f.width + 2 * grow) * i) / 3;
        const z = Math.max(0.3, f.z - grow + ((f.depth + 2 * grow) * j) / 2);
        points.push(projectAt(x, 0, z));
      }
    }
    return points;
  };
  const footprintOf = (f: Footing): Point[] => [
    projectAt(f.x - f.width / 2, 0, f.z + f.depth),
    projectAt(f.x + f.width / 2, 0, f.z + f.depth),
    projectAt(f.x + f.width / 2, 0, f.z),
    projectAt(f.x - f.width / 2, 0, f.z),
  ];
  /** Floor below the picture's bottom edge counts when the floor reaches that edge in its column. */
  const onFloorAt = (mask: CellMask, [u, v]: Point) => (u < 0 || u >= W ? 0 : mask.at(u, Math.min(v, H - 1)));

  /**
   * A camera tilted down (the horizon above the picture's centre) sees upright things foreshortened by the cosine of
   * its tilt; a level one sees them whole.
   */
  const upright = Math.cos(Math.atan(Math.max(0, cam.cy - cam.horizonY) / cam.focal));

  /**
   * Rooms: the floor before each door, in world metres (x across, z deep): a quad from the door's foot, its width
   * and DOORWAY_DEPTH deep towards the camera's side of its wall. Its foot in each side column is where the floor
   * begins at or below the door's lowest row there, so a door on a side wall gives a slanted foot; a door whose
   * foot finds no floor (it opens above a counter, or is a mislabelled window) keeps nothing clear.
   */
  const doorways: Point[][] = yard
    ? []
    : geometry.openings.flatMap((opening) => {
        if (opening.kind !== 'door') return [];
        const b = boundsOf(opening.polygon);
        const door = new CellMask(W, H, cell).fill(opening.polygon);
        const footAt = (u: number): Point | null => {
          let v = Math.min(b.bottom, H - 1);
          while (v > b.top && !door.at(u, v)) v -= cell;
          for (const limit = Math.min(H, v + H * 0.1); v < limit; v += cell / 2) {
            if (!floorMask.at(u, v)) continue;
            const z = depthAt(u, v);
            return Number.isFinite(z) ? [worldX(u, z), z] : null;
          }
          return null;
        };
        const inset = Math.min(cell, (b.right - b.left) / 4);
        const a = footAt(Math.max(0, b.left + inset));
        const c = footAt(Math.min(W - 1, b.right - inset));
        if (!a || !c) return [];
        const along = Math.hypot(c[0] - a[0], c[1] - a[1]);
        if (along < 1e-6) return [];
        // the wall's normal, turned to the camera's side (the camera stands at x = 0, z = 0)
        let nx = -(c[1] - a[1]) / along;
        let nz = (c[0] - a[0]) / along;
        if (nx * (a[0] + c[0]) + nz * (a[1] + c[1]) > 0) [nx, nz] = [-nx, -nz];
        const out = (p: Point): Point => [p[0] + nx * DOORWAY_DEPTH, p[1] + nz * DOORWAY_DEPTH];
        return [[a, c, out(c), out(a)]];
      });
  /** Whether a footing's base lies on the floor before a door. */
  const inDoorway = (f: Footing) => {
    const base: Point[] = [
      [f.x - f.width / 2, f.z],
      [f.x + f.width / 2, f.z],
      [f.x + f.width / 2, f.z + f.depth],
      [f.x - f.width / 2, f.z + f.depth],
    ];
    return doorways.some((zone) => convexOverlap(base, zone));
  };

  /** The standing sprite's box (geometry pixels) for a footing. */
  const spriteBox = (item: GeometryItem, size: SizeCm, f: Footing) => {
    const [u, v] = projectAt(f.x, 0, f.z);
    const perMetre = cam.focal / f.z;
    let height = (size.height / 100) * perMetre * upright;
    let width = height * item.aspect;
    const widest = (Math.max(size.width, size.depth * 0.9) / 100) * perMetre * 1.15;
    if (width > widest) {
      width = widest;
      height = width / item.aspect;
    }
    // its base (an arc lamp's foot, under its far end) on the spot checked, not its box's middle
    return { x: leftForBase(u, width, item.base), y: v - height, width, height };
  };

  const frameBox = (box: { x: number; y: number; width: number; height: number }) => ({
    x: Math.round(box.x * kx),
    y: Math.round(box.y * ky),
    width: Math.max(1, Math.round(box.width * kx)),
    height: Math.max(1, Math.round(box.height * ky)),
  });

  /** The share of a box's sample points over the room's pieces (and doors, which are kept clear too). */
  const coverOf = (box: { x: number; y: number; width: number; height: number }) => {
    let over = 0;
    let n = 0;
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 6; j++) {
        const u = box.x + (box.width * (i + 0.5)) / 6;
        const v = box.y + (box.height * (j + 0.5)) / 6;
        n++;
        if (pieceMask.at(u, v)) over++;
        else if (openingMask.at(u, v)) over += 0.5;
      }
    }
    return over / n;
  };

  /** The share of a box's 6 × 6 sample points over a mask's pieces (doors and windows apart). */
  const piecesOver = (mask: CellMask, box: { x: number; y: number; width: number; height: number }) => {
    let over = 0;
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 6; j++) {
        if (mask.at(box.x + (box.width * (i + 0.5)) / 6, box.y + (box.height * (j + 0.5)) / 6)) over++;
      }
    }
    return over / 36;
  };

  /** Each window's and door's outline and bounds, for the share of it a box stands before. */
  const openingShapes = geometry.openings.map((opening) => ({
    polygon: opening.polygon,
    b: boundsOf(opening.polygon),
  }));
  /** The largest share of any one window or door a box lies over, from a 10 × 10 grid of points over its bounds. */
  const openingsOver = (box: { x: number; y: number; width: number; height: number }) => {
    let most = 0;
    for (const { polygon, b } of openingShapes) {
      if (b.right <= box.x || box.x + box.width <= b.left || b.bottom <= box.y || box.y + box.height <= b.top) continue;
      let inside = 0;
      let covered = 0;
      for (let i = 0; i < 100; i++) {
        const u = b.left + ((b.right - b.left) * ((i % 10) + 0.5)) / 10;
        const v = b.top + ((b.bottom - b.top) * (Math.floor(i / 10) + 0.5)) / 10;
        if (!insidePolygon(polygon, u, v)) continue;
        inside++;
        if (u >= box.x && u <= box.x + box.width && v >= box.y && v <= box.y + box.height) covered++;
      }
      if (inside > 0) most = Math.max(most, covered / inside);
    }
    return most;
  };

  const clearOfPieces = (box: { x: number; y: number; width: number; height: number }) => {
    const bottom = Math.min(box.y + box.height - 1, H - 1);
    const feet = [box.x, box.x + box.width / 2, box.x + box.width];
    return feet.every((u) => !pieceMask.at(u, bottom));
  };
  /** The share of a box on the floor, from a 10 × 10 grid of points. */
  const floorShareOf = (box: { x: number; y: number; width: number; height: number }) => {
    let on = 0;
    for (let i = 0; i < 100; i++) {
      on += onFloorAt(floorMask, [
        box.x + (box.width * ((i % 10) + 0.5)) / 10,
        box.y + (box.height * (Math.floor(i / 10) + 0.5)) / 10,
      ]);
    }
    return on / 100;
  };

  /**
   * How far a footing's back stands from the wall behind it, in metres: in the columns of its back's centre and
   * corners, the row where the found floor ends is a wall's foot when a wall the geometry found rises there and no
   * found piece lies beyond it (the floor hidden there by a piece may run on, and a shelf stood there stands before
   * that piece and hides it; where the floor ends at a piece's base or at what the analysis did not find, no wall
   * stands). Its centre and one corner at least must find a wall (a corner may pass the end of a wall, or an outline's
   * edge); the farther of those walls. Null when they do not. `staying` is the room's pieces that stay: a piece a
   * product takes the place of goes, and hides no wall.
   */
  const wallMasks = [...masks.walls.values()];
  const wallGapOf = (f: Footing, staying: CellMask): number | null => {
    const back = f.z + f.depth;
    // a geometry without walls (a person's floor) has only the floor's end to go by
    const wallAbove = (u: number, row: number) =>
      wallMasks.length === 0 || [1, 2, 3].some((k) => wallMasks.some((m) => m.at(u, row - k * cell)));
    const wallAt = (x: number): number | null => {
      const [u, v] = projectAt(x, 0, back);
      if (u < 0 || u >= W) return null;
      let row = Math.min(v, H - 1);
      if (!floorMask.at(u, row)) return null;
      while (row - cell >= 0 && floorMask.at(u, row - cell)) row -= cell;
      if ([1, 2, 3].some((k) => staying.at(u, row - k * cell)) || !wallAbove(u, row)) return null;
      const zWall = depthAt(u, row);
      return Number.isFinite(zWall) ? Math.max(0, zWall - back) : null;
    };
    const centre = wallAt(f.x);
    const corners = [wallAt(f.x - f.width / 2), wallAt(f.x + f.width / 2)].filter((g): g is number => g !== null);
    if (centre === null || corners.length === 0) return null;
    return Math.max(centre, Math.min(...corners));
  };

  /**
   * The room's pieces that stay (not taken the place of), for what a rug may lie under: built once, and again only
   * after a product took a piece's place (replacedPieces only grows, so its size tells).
   */
  let staying: { mask: CellMask; replaced: number } | null = null;
  const stayingPieceMask = () => {
    if (replacedPieces.size === 0) return pieceMask;
    if (staying?.replaced === replacedPieces.size) return staying.mask;
    const mask = new CellMask(W, H, cell);
    for (const { piece, id } of pieces) if (!replacedPieces.has(id)) mask.fill(piece.polygon);
    staying = { mask, replaced: replacedPieces.size };
    return mask;
  };
  /** The share of a footing's 8 × 8 grid of floor points under a mask's pieces. */
  const shareUnder = (mask: CellMask, f: Footing) => {
    let under = 0;
    for (let i = 0; i < 8; i++) {
      for (let j = 0; j < 8; j++) {
        const [u, v] = projectAt(f.x - f.width / 2 + (f.width * (i + 0.5)) / 8, 0, f.z + (f.depth * (j + 0.5)) / 8);
        if (onFloorAt(mask, [u, v])) under++;
      }
    }
    return under / 64;
  };

  /**
   * Rooms: the one rule set for where storage and tall products may stand, on free floor and in a piece's place alike
   * (issue #38): storage with its back to a wall (STORAGE_WALL_GAP) and before little of a window or door
   * (STORAGE_OVER_OPENINGS); a tall product's picture over little of the room's pieces (TALL_OVER_PIECES). `staying`
   * is the room's pieces that stay (the one a product takes the place of is not among them). The rule that refuses
   * the footing and its picture (`box`), or null; `wall` when it is storage's want of a wall.
   */
  const standingRuleOf = (
    item: GeometryItem,
    size: SizeCm,
    f: Footing,
    box: { x: number; y: number; width: number; height: number },
    staying: CellMask,
  ): { rule: string; wall: boolean } | null => {
    if (yard) return null;
    if (storageKinds.has(item.kind ?? '')) {
      const gap = wallGapOf(f, staying);
      if (gap === null) return { rule: 'storage: no wall behind', wall: true };
      if (gap > STORAGE_WALL_GAP) return { rule: 'storage: back off the wall', wall: true };
      if (openingsOver(box) > STORAGE_OVER_OPENINGS) return { rule: 'storage: before a window or door', wall: true };
    }
    if (size.height >= TALL_CM && piecesOver(staying, box) > TALL_OVER_PIECES) {
      return { rule: "tall: picture over the room's pieces", wall: false };
    }
    return null;
  };

  const collides = (f: Footing) => {
    for (const other of footings.values()) {
      if (
        Math.abs(other.x - f.x) < (other.width + f.width) / 2 &&
        f.z < other.z + other.depth &&
        other.z < f.z + f.depth
      ) {
        return true;
      }
    }
    return false;
  };
  const clashes = (frameBoxed: { x: number; y: number; width: number; height: number }) =>
    placed.some((p) => p.pose !== 'flat' && overlapShare(p, frameBoxed) > MAX_OVERLAP);

  /**
   * Whether the last standOnFloor (or a replacement after it) refused storage for want of a wall behind it, or of wall
   * clear of windows and doors.
   */
  let offTheWall = false;
  /** Where a product stands on the floor or ground: allowed regions, and how good each spot is (lower is better). */
  const standOnFloor = (item: GeometryItem, size: SizeCm, score: (f: Footing) => number, allowed: CellMask[]) => {
    const width = size.width / 100;
    const depth = size.depth / 100;
    let best: { f: Footing; box: ReturnType<typeof spriteBox>; score: number } | null = null;
    const kept = stayingPieceMask();
    offTheWall = false;
    const steps = 34;
    for (let s = 0; s <= steps; s++) {
      const z = zNear * Math.pow(zFar / zNear, s / steps);
      if (z + depth > zFar * 1.02) {
        refuse(item.index, 'deeper than the floor');
        break;
      }
      const left = worldX(0, z) + width / 2;
      const right = worldX(W, z) - width / 2;
      if (right < left) {
        refuse(item.index, 'wider than the picture');
        continue;
      }
      // a row nearer than NEAREST_FRONT is refused whole, before its spots are tried
      if (!yard && z < NEAREST_FRONT) {
        refuse(item.index, 'front nearer than 1.7 m');
        continue;
      }
      const dx = Math.max(0.08, (right - left) / 28);
      for (let x = left; x <= right + 1e-9; x += dx) {
        const f = { x, z, width, depth };
        if (collides(f)) {
          refuse(item.index, 'on a product');
          continue;
        }
        // its front stands on floor the photo shows, not below the picture's edge
        if (projectAt(x, 0, z)[1] > H) {
          refuse(item.index, 'front below the picture');
          continue;
        }
        const points = footingPoints(f);
        // its whole footprint on the floor found (decision 0059, 2026-12-02: the front edge alone drew one product more
        // on the real photos' analysis and let a variation stand a plant past the picture's edge)
        if (!points.every((p) => onFloorAt(floorMask, p))) {
          refuse(item.index, points.some((p) => onFloorAt(floorMask, p)) ? 'partly off the floor' : 'off the floor');
          continue;
        }
        if (allowed.length > 0) {
          const inside = points.filter((p) => allowed.some((mask) => onFloorAt(mask, p))).length;
          if (inside < points.length * 0.75) {
            refuse(item.index, 'not on its ground');
            continue;
          }
        }
        if (footingPoints(f, PIECE_MARGIN).some(([u, v]) => pieceMask.at(u, Math.min(v, H - 1)))) {
          refuse(item.index, 'base within the margin of a piece');
          continue;
        }
        if (inDoorway(f)) {
          refuse(item.index, 'before a door');
          continue;
        }
        const box = spriteBox(item, size, f);
        const ruled = standingRuleOf(item, size, f, box, kept);
        if (ruled) {
          if (ruled.wall) offTheWall = true;
          refuse(item.index, ruled.rule);
          continue;
        }
        if (box.y < 0) {
          refuse(item.index, 'top above the picture');
          continue;
        }
        if (box.x < -box.width * 0.02 || box.x + box.width > W * 1.02) {
          refuse(item.index, 'side out of the picture');
          continue;
        }
        if (clashes(frameBox(box))) {
          refuse(item.index, 'picture over a product');
          continue;
        }
        const earlier = usedBefore(item, frameBox(box));
        // a variation's new spot keeps its base off the room's pieces and most of its picture clear of them
        if (avoiding && !earlier && !clearOfPieces(box)) {
          refuse(item.index, 'variation: feet on a piece');
          continue;
        }
        refuse(item.index, 'FIT');
        const total = score(f) + coverOf(box) * 3 + earlier * EARLIER_SPOT_COST;
        if (!best || total < best.score) best = { f, box, score: total };
      }
    }
    return best;
  };

  const pushStanding = (
    item: GeometryItem,
    f: Footing,
    box: ReturnType<typeof spriteBox>,
    extra: Partial<GeometryPlacement>,
  ) => {
    const fb = frameBox(box);
    const base = projectAt(f.x, 0, f.z);
    footings.set(item.index, f);
    placed.push({
      index: item.index,
      role: item.role,
      pose: 'standing',
      ...fb,
      z: f.z,
      baseY: Math.round(base[1] * ky),
      on: yard ? 'ground' : 'floor',
      footprint: footprintOf(f).map(toFrame),
      where: '',
      ...extra,
    });
  };

  const distance = (a: Footing, x: number, z: number) => Math.hypot(a.x - x, (a.z - z) * 0.8);
  const centreX = (z: number) => worldX(W / 2, z);

  /** How good a floor spot is for a product of this kind, given what stands already. */
  const scoreFor = (item: GeometryItem, size: SizeCm): ((f: Footing) => number) => {
    const seat = seatingFooting();
    const kind = item.kind ?? '';
    const depthShare = (f: Footing) => (f.z - zNear) / Math.max(0.1, zFar - zNear);
    const halfRoom = (f: Footing) => Math.max(0.5, (worldX(W, f.z) - worldX(0, f.z)) / 2);
    const centred = (f: Footing) => Math.abs(f.x - centreX(f.z)) / halfRoom(f);
    const beside = (anchor: Footing, gap: number, f: Footing) => {
      const offset = anchor.width / 2 + f.width / 2 + gap;
      return Math.min(distance(f, anchor.x - offset, anchor.z), distance(f, anchor.x + offset, anchor.z));
    };
    if (kind === 'coffee-table' || kind === 'fire-pit' || (kind === 'dining-table' && seat)) {
      if (seat) return (f) => distance(f, seat.x, seat.z - 0.45 - f.depth);
    }
    if (kind === 'armchair' || kind === 'lounge-chair' || kind === 'dining-chair') {
      const table = [...footings.entries()].find(([i]) => /table|dining-set/.test(kindOf.get(i) ?? ''))?.[1];
      if (table) return (f) => beside(table, 0.15, f);
      if (seat)
        return (f) => distance(f, seat.x + (seat.width / 2 + 0.5), seat.z - 0.7) * 0.7 + beside(seat, 0.4, f) * 0.3;
    }
    if (kind === 'floor-lamp' || kind === 'plant' || item.role === 'tall') {
      if (seat) return (f) => beside(seat, 0.15, f) + depthShare(f) * 0.2;
      return (f) => 1 - centred(f) + (1 - depthShare(f));
    }
    if (kind === 'nightstand') {
      const bed = [...footings.entries()].find(([i]) => kindOf.get(i) === 'bed')?.[1] ?? seat;
      if (bed) return (f) => beside(bed, 0.05, { ...f, z: f.z - (bed.depth - f.depth) });
    }
    if (yard && yardPlanting.has(kind)) {
      return (f) => {
        const [u, v] = projectAt(f.x, 0, f.z + f.depth);
        const inBeds = bedsMask?.at(u, Math.min(v, H - 1)) ? -1.5 : 0;
        // to the side of the view, but not cut by the picture's edge
        return inBeds + fenceDistance(f) + Math.abs(centred(f) - 0.6) * 0.5;
      };
    }
    if (yard && (item.role === 'large' || yardFurniture.has(kind))) {
      // a yard's seating stands out on the patio or lawn, not pressed against the far fence or house
      return (f) => Math.abs(depthShare(f) - 0.3) * 1.5 + centred(f) * 0.6 + patioBonus(f);
    }
    if (item.role === 'large' || kind === 'bookshelf' || kind === 'dresser' || kind === 'bed') {
      // against the back, in the middle of the wall
      return (f) => (1 - depthShare(f)) * 1.5 + centred(f) + (yard ? patioBonus(f) : 0);
    }
    if (seat)
      return (f) => beside(seat, 0.5, f) * 0.5 + distance(f, seat.x, seat.z - 1.0) * 0.5 + (yard ? patioBonus(f) : 0);
    return (f) => centred(f) + Math.abs(depthShare(f) - 0.4) + (yard ? patioBonus(f) : 0) + size.width * 0;
  };
  const patioBonus = (f: Footing) => {
    if (!patioMask) return 0;
    const [u, v] = projectAt(f.x, 0, f.z + f.depth / 2);
    return patioMask.at(u, Math.min(v, H - 1)) ? -0.8 : 0;
  };
  // what planting stands along: fences and house walls, and in a yard the found pieces that are a fence, a wall, a
  // hedge or a planted border along the ground (their foot is where the ground meets them)
  const fences = [
    ...geometry.anchors.filter((a) => a.kind === 'fence' || a.kind === 'house-wall').map((a) => boundsOf(a.polygon)),
    ...(yard
      ? pieces
          .filter(({ piece }) => ['fence', 'wall', 'bed', 'shrub'].includes(piece.kind ?? ''))
          .map(({ base }) => ({
            left: base.left,
            right: base.right,
            top: base.backY,
            bottom: base.frontY,
          }))
      : []),
  ];
  /**
   * How far a planting spot's back is from the nearest fence's foot behind it, as a share of that depth (a yard's far
   * ground spans tens of metres: a metre there is nothing), at most 1.5.
   */
  const fenceDistance = (f: Footing) => {
    let best = 1.5;
    for (const b of fences) {
      const [u] = projectAt(f.x, 0, f.z);
      if (u < b.left || u > b.right) continue;
      const zFence = depthAt(u, b.bottom);
      if (Number.isFinite(zFence)) best = Math.min(best, (3 * Math.abs(zFence - (f.z + f.depth))) / zFence);
    }
    return best;
  };

  const allowedFor = (kind: string | null): CellMask[] => {
    if (!yard || !anyGround) return [];
    if (kind && yardPlanting.has(kind)) return [bedsMask, lawnMask, patioMask].filter((m): m is CellMask => !!m);
    if (kind === 'lantern') return [pathMask, patioMask, lawnMask, bedsMask].filter((m): m is CellMask => !!m);
    if (kind && yardFurniture.has(kind)) return [patioMask, lawnMask].filter((m): m is CellMask => !!m);
    return [patioMask, lawnMask, pathMask].filter((m): m is CellMask => !!m);
  };

  const surface = yard ? 'ground' : 'floor';
  const leave = (item: GeometryItem, reason: string) => leftOut.push({ index: item.index, reason });

  /** Takes the place of the room's piece of its kind: stands on its footprint; the piece is marked for erasing. */
  const replacePiece = (item: GeometryItem, size: SizeCm, elsewhere = false): boolean => {
    if (!item.kind) return false;
    const accepts = pieceKindsOf[item.kind] ?? [item.kind];
    const candidates = pieces.filter(
      ({ piece, id }) =>
        !replacedPieces.has(id) &&
        piece.kind &&
        accepts.includes(piece.kind) &&
        (piece.confidence ?? 1) >= MIN_REPLACE_CONFIDENCE,
    );
    if (candidates.length === 0) {
      const unsure = pieces.some(({ piece }) => piece.kind && accepts.includes(piece.kind));
      refuse(item.index, unsure ? 'replace: its kind of piece not sure enough' : 'replace: no piece of its kind');
    }
    // the nearest of its kind: the one the photo is about
    candidates.sort((a, b) => b.base.frontY - a.base.frontY);
    for (const candidate of candidates) {
      const footing = footingOfPiece(candidate.base);
      if (!footing) continue;
      // the room's other pieces (the one replaced goes): the new one, often larger, must not stand on them; one
      // standing in front of the old piece (its coffee table) hides the new one's base as it hid the old one's
      const others = new CellMask(W, H, cell);
      // all the pieces that stay, for the rules storage and tall products keep wherever they stand
      const kept = new CellMask(W, H, cell);
      for (const { piece, id, base } of pieces) {
        if (id === candidate.id || replacedPieces.has(id)) continue;
        kept.fill(piece.polygon);
        if (base.backY > candidate.base.frontY) continue;
        others.fill(piece.polygon);
      }
      // the rule that refused the last spot tried, set in fit(), and why the spots failed (for the receipt)
      let ruled = null as ReturnType<typeof standingRuleOf>;
      let missed = 'no fit on the piece';
      // the old piece's own footprint, where the new one's base may stand though the floor there was not found (a
      // rug's edge before the sofa, the boards beside it in another colour)
      const own = new CellMask(W, H, cell).fill(candidate.piece.polygon);
      const fit = (x: number, z: number) => {
        const f = { ...footing, x, z, width: size.width / 100, depth: size.depth / 100 };
        const box = spriteBox(item, size, f);
        const miss = (why: string) => {
          missed = why;
          return null;
        };
        // within the picture, its base over the old piece's, clear of the other pieces and products
        if (box.x < 0 || box.x + box.width > W) return miss('wider than the picture');
        const u = projectAt(x, 0, f.z)[0];
        if (u < candidate.base.left || u > candidate.base.right) return null;
        // the bottom row of cells, whose centres may lie past a polygon that ends at the picture's edge, excepted
        const v = Math.min(box.y + box.height, H - cell);
        if (others.at(box.x, v) || others.at(box.x + box.width, v)) return miss('a corner on another piece');
        // (the old piece's outline ends at its foot: its last cells lie a cell above)
        const onOwn = (bu: number) => own.at(bu, v) || own.at(bu, v - cell);
        if (![box.x + 1, u, box.x + box.width - 1].every((bu) => onFloorAt(floorMask, [bu, v]) || onOwn(bu)))
          return miss('a corner off the floor and the old piece');
        if (footingPoints(f, PIECE_MARGIN / 2).some(([pu, pv]) => others.at(pu, Math.min(pv, H - 1))))
          return miss('base within the margin of another piece');
        if (clashes(frameBox(box)) || (elsewhere && usedBefore(item, frameBox(box)))) return miss('over a product');
        const rule = standingRuleOf(item, size, f, box, kept);
        if (rule) {
          ruled = rule;
          return null;
        }
        return { f, box };
      };
      let spot: ReturnType<typeof fit> = null;
      const half = Math.max(footing.width / 2, 0.1);
      // from the old piece's front back into its footprint, as deep as the new one still fits within it: a piece
      // found together with what stands before it (its coffee table) has its front there, its seat behind
      const room = Math.max(0, footing.depth - size.depth / 100);
      for (let j = 0; j <= 4 && !spot; j++) {
        for (let k = 0; k <= 12 && !spot; k++) {
          const dx = (half * Math.ceil(k / 2)) / 6;
          spot = fit(footing.x + (k % 2 === 0 ? dx : -dx), footing.z + (room * j) / 4);
        }
      }
      if (!spot) {
        refuse(item.index, `replace: ${ruled ? ruled.rule : missed}`);
        // the receipt says what was missing, as for free floor
        if (ruled?.wall) offTheWall = true;
        continue;
      }
      const { f, box } = spot;
      replacedPieces.add(candidate.id);
      erase.push({ id: candidate.id, polygon: scalePolygon(candidate.piece.polygon, kx, ky) });
      pushStanding(item, f, box, {
        replaced: candidate.id,
        replaces: {
          piece: candidate.id,
          kind: candidate.piece.kind,
          polygon: scalePolygon(candidate.piece.polygon, kx, ky),
        },
      });
      return true;
    }
    return false;
  };

  /** On a table, nightstand or dresser (placed or the room's own): a lamp, a vase. */
  const standOnSupport = (item: GeometryItem, size: SizeCm): boolean => {
    const supports: Array<{ box: { x: number; y: number; width: number; height: number }; z: number }> = [];
    for (const p of placed) {
      if (p.pose === 'standing' && supportKinds.has(kindOf.get(p.index) ?? '')) {
        supports.push({ box: { x: p.x / kx, y: p.y / ky, width: p.width / kx, height: p.height / ky }, z: p.z });
      }
    }
    for (const { piece, id, base } of pieces) {
      if (replacedPieces.has(id) || !piece.kind || !supportKinds.has(piece.kind)) continue;
      // a lamp stood on a 'table' that is a chair would float: the kind must be as sure as for replacing it
      if ((piece.confidence ?? 1) < MIN_REPLACE_CONFIDENCE) continue;
      const b = boundsOf(piece.polygon);
      const z = depthAt(base.centreX, base.frontY);
      if (Number.isFinite(z))
        supports.push({ box: { x: b.left, y: b.top, width: b.right - b.left, height: b.bottom - b.top }, z });
    }
    for (const support of supports) {
      const perMetre = cam.focal / support.z;
      let height = (size.height / 100) * perMetre;
      let width = height * item.aspect;
      if (width > support.box.width * 0.6) {
        width = support.box.width * 0.6;
        height = width / item.aspect;
      }
      for (const along of [0.8, 0.2, 0.5]) {
        const u = support.box.x + support.box.width * along;
        const top = support.box.y + support.box.height * 0.08;
        const box = { x: leftForBase(u, width, item.base), y: top - height, width, height };
        // its base on the support's top, however its picture overhangs
        const { from, to } = baseColumns(box.x, width, item.base);
        if (from < support.box.x || to > support.box.x + support.box.width) continue;
        if (box.y < 0 || clashes(frameBox(box))) continue;
        placed.push({
          index: item.index,
          role: item.role,
          pose: 'standing',
          ...frameBox(box),
          z: support.z - 0.01,
          baseY: Math.round(top * ky),
          on: 'furniture',
          footprint: boxPolygon(box.x, box.y, box.width, box.height).map(toFrame),
          where: '',
        });
        return true;
      }
    }
    return false;
  };

  const placeStanding = (item: GeometryItem, size: SizeCm) => {
    if (item.kind && replacesFirst.has(item.kind) && replacePiece(item, size, true)) return;
    if (
      (item.kind === 'table-lamp' || item.kind === 'vase' || item.kind === 'throw-pillow') &&
      standOnSupport(item, size)
    ) {
      return;
    }
    const spot = standOnFloor(item, size, scoreFor(item, size), allowedFor(item.kind));
    // a spot an earlier variation used comes after the room's piece of its kind
    if (spot && !usedBefore(item, frameBox(spot.box))) {
      pushStanding(item, spot.f, spot.box, {});
      return;
    }
    if (replacePiece(item, size)) return;
    if (spot) {
      pushStanding(item, spot.f, spot.box, {});
      return;
    }
    // free floor with no wall behind it is no place for storage: the receipt says what was missing
    leave(item, `no free ${offTheWall ? 'wall' : surface} for the ${labelOfKind(item.kind)}`);
  };

  /** A rug (pavers) flat in the floor's perspective, under the seating group's front legs. */
  const placeFlat = (item: GeometryItem, size: SizeCm, turned = false): boolean => {
    const seat = seatingFooting();
    // turned (a variation's), its long side runs front to back, and all of it must lie on the floor
    const across = (turned ? Math.min(size.width, size.depth) : Math.max(size.width, size.depth)) / 100;
    const deep = (turned ? Math.max(size.width, size.depth) : Math.min(size.width, size.depth)) / 100;
    const allowed = allowedFor(item.kind === 'pavers' ? 'pavers' : null);
    for (const shrink of turned ? [1, 0.85] : [1, 0.85, 0.7, 0.55, 0.45]) {
      const width = across * shrink;
      const depth = deep * shrink;
      const options: Footing[] = [];
      // under the seating group when there is one, its far edge under the front legs (smaller before anywhere
      // else), centred on it or a little to a side; the middle of the floor otherwise
      if (seat) {
        for (const under of [Math.min(0.3, seat.depth * 0.4), 0.12]) {
          for (const dx of [0, 0.25, -0.25, 0.5, -0.5]) {
            options.push({ x: seat.x + dx * Math.min(seat.width, width), z: seat.z + under - depth, width, depth });
          }
        }
      } else {
        // no seating to lie under: the middle of the floor, a little nearer or farther, centred or to a side; then,
        // when none of those lies clear, nearer, farther and a quarter of its width aside too (6 depths × 5 offsets)
        const shares = [0.3, 0.2, 0.45, 0.1, 0.6, 0.75];
        const offsets = [0, 0.5, -0.5, 0.25, -0.25];
        for (const first of [true, false]) {
          for (const [s, share] of shares.entries()) {
            for (const [d, dx] of offsets.entries()) {
              if ((s < 3 && d < 3) !== first) continue;
              const zMid = zNear * Math.pow(zFar / zNear, share);
              options.push({ x: centreX(zMid) + dx * width, z: zMid, width, depth });
            }
          }
        }
      }
      // pavers are a yard's ground, laid to its edges and past its plants: these two are a rug's rules
      const rug = item.kind !== 'pavers';
      const under = stayingPieceMask();
      for (const f of options) {
        if (f.z < 0.5) {
          refuse(item.index, 'rug: nearer than the floor');
          continue;
        }
        const points = footingPoints(f);
        const visible = points.filter(([, v]) => v <= H);
        if (visible.length < points.length / 2) {
          refuse(item.index, 'rug: below the picture');
          continue;
        }
        const onFloor = points.filter((p) => onFloorAt(floorMask, p)).length;
        if (onFloor < points.length * 0.85) {
          refuse(item.index, 'rug: off the floor');
          continue;
        }
        if (
          allowed.length > 0 &&
          points.filter((p) => allowed.some((m) => onFloorAt(m, p))).length < points.length * 0.6
        ) {
          refuse(item.index, 'rug: not on its ground');
          continue;
        }
        if (rug && shareUnder(under, f) > RUG_UNDER_PIECES) {
          refuse(item.index, 'rug: under pieces');
          continue;
        }
        const quad = footprintOf(f);
        const b = boundsOf(quad);
        // the box is the part the picture shows (the sprite is warped onto the whole quad)
        const [left, right, bottom] = [Math.max(0, b.left), Math.min(W, b.right), Math.min(H, b.bottom)];
        const box = { x: left, y: b.top, width: right - left, height: bottom - b.top };
        // seen nearly edge-on (far off, or a camera near the floor) a rug is a sliver, not a rug on the floor
        if (rug && box.height < box.width * RUG_MIN_RISE) {
          refuse(item.index, 'rug: a sliver');
          continue;
        }
        if (turned && (onFloor < points.length || floorShareOf(box) < 0.95)) continue;
        if (avoiding && floorShareOf(box) < 0.9) continue;
        const framed = quad.map(toFrame);
        footings.set(item.index, { ...f });
        // a rug is walked on: its footing does not keep standing pieces off it
        footings.delete(item.index);
        placed.push({
          index: item.index,
          role: item.role,
          pose: 'flat',
          ...frameBox(box),
          z: f.z + f.depth,
          baseY: Math.round(b.top * ky),
          on: surface,
          quad: framed,
          farScale: f.z / (f.z + f.depth),
          footprint: framed,
          where: '',
        });
        return true;
      }
    }
    if (!turned) leave(item, `no free ${surface} for the ${labelOfKind(item.kind)}`);
    return false;
  };

  /** Wall art at eye height on a wall, clear of windows, doors, the room's tall pieces and other products. */
  const placeHung = (item: GeometryItem, size: SizeCm) => {
    const walls = [...geometry.walls].sort((a, b) => Number(b.facing === 'back') - Number(a.facing === 'back'));
    const seat = seatingFooting();
    let best: { box: { x: number; y: number; width: number; height: number }; z: number; score: number } | null = null;
    for (const wall of walls) {
      const mask = masks.walls.get(wall) ?? new CellMask(W, H, cell).fill(wall.polygon);
      const b = boundsOf(wall.polygon);
      for (let k = 0; k < ART_COLUMNS; k++) {
        const u = b.left + ((b.right - b.left) * (k + 0.5)) / ART_COLUMNS;
        const z = wallDepthAt(u);
        if (!Number.isFinite(z)) continue;
        const perMetre = cam.focal / z;
        const height = (size.height / 100) * perMetre;
        const width = (size.width / 100) * perMetre;
        // above a sofa it clears the back by a hand's width or so
        const under = seat && Math.abs(worldX(u, z) - seat.x) < seat.width / 2 ? 0.85 + 0.2 + size.height / 200 : 0;
        // at eye height first, a little higher or lower where a mirror or picture already hangs there
        for (const lift of ART_LIFTS) {
          const centre = Math.max(ART_CENTRE, under) + lift;
          const [, v] = projectAt(worldX(u, z), centre, z);
          const box = { x: u - width / 2, y: v - height / 2, width, height };
          const margin = 0.1 * perMetre;
          const grown = {
            x: box.x - margin,
            y: box.y - margin,
            width: box.width + 2 * margin,
            height: box.height + 2 * margin,
          };
          if (box.y < 0 || box.x < 0 || box.x + box.width > W) continue;
          if (!cornersIn(mask, box)) continue;
          if (sampleAny(openingMask, grown) || sampleAny(pieceMask, box)) continue;
          // what hangs there already may come to within 5 cm of it (a gallery wall's spacing)
          const near = 0.05 * perMetre;
          const clear = {
            x: box.x - near,
            y: box.y - near,
            width: box.width + 2 * near,
            height: box.height + 2 * near,
          };
          if (!bareWallAt(frame, frameBox(grown)) || !clearOfHungThingsAt(frame, frameBox(clear))) continue;
          if (
            clashes(frameBox(box)) ||
            placed.some((p) => p.pose === 'standing' && overlapShare(p, frameBox(box)) > 0)
          ) {
            continue;
          }
          const target = seat ? projectAt(seat.x, 0, seat.z)[0] : W / 2;
          const score =
            Math.abs(u - target) / W +
            Math.abs(lift) +
            (wall.facing === 'back' ? 0 : 0.4) +
            usedBefore(item, frameBox(box)) * EARLIER_SPOT_COST;
          if (!best || score < best.score) best = { box, z, score };
        }
      }
    }
    if (!best) {
      leave(item, `no free wall for the ${labelOfKind(item.kind)}`);
      return;
    }
    const fb = frameBox(best.box);
    placed.push({
      index: item.index,
      role: item.role,
      pose: 'hung',
      ...fb,
      z: best.z,
      baseY: Math.round((best.box.y + best.box.height) * ky),
      on: 'wall',
      footprint: boxPolygon(fb.x, fb.y, fb.width, fb.height),
      where: '',
    });
  };
  /** A wall's depth at a column: where the floor's far edge meets it there. */
  const wallDepthAt = (u: number) => {
    for (let v = Math.max(0, Math.floor(floorTop)); v < H; v += cell) {
      if (floorMask.at(u, v)) return depthAt(u, v);
    }
    return depthAt(u, floorTop + cell);
  };

  /**
   * Rooms: how far off a wall stands at most at a column where it runs to the picture's top: it meets the ceiling
   * (CEILING up) above the picture, so nearer than where the ceiling leaves the picture. A wall found lower down may
   * end at its cabinets or moulding, not the ceiling, and bounds nothing (infinite), as where no wall is found; so does
   * a focal length that is only the prior (the sunken kitchen's 'wall' runs over its ceiling to the top).
   */
  const ceilingDepthAt = (u: number) => {
    const reachesTop = geometry.walls.some((wall) => masks.walls.get(wall)!.at(u, cell / 2));
    const rise = horizonAt(u);
    return reachesTop && cam.focalSource === 'measured' && rise > 0.5
      ? (cam.focal * (CEILING - cam.eyeHeight)) / rise
      : Infinity;
  };

  /**
   * A pendant hangs from the ceiling (CEILING above the floor) over the table or seating group, on a cord from the
   * ceiling's row or the picture's top, drawn at its real size where it hangs. It hangs inside the room: no farther
   * than the wall behind it (a group found near the horizon put it 21 m off, a speck in the sunroom's window), and no
   * nearer than PENDANT_NEAREST. Where it would hang above the picture it is left out, and the receipt says why.
   */
  const placePendant = (item: GeometryItem, size: SizeCm) => {
    const table = [...footings.entries()].find(([i]) => /table|dining-set/.test(kindOf.get(i) ?? ''))?.[1];
    const tablePiece = pieces.find(({ piece }) => piece.kind && /table/.test(piece.kind));
    /** Where the room ends behind a column: its wall, by the floor's far edge or the ceiling's. */
    const roomEndsAt = (u: number) => Math.min(zFar, wallDepthAt(u), ceilingDepthAt(u)) - PENDANT_FROM_WALL;
    const tableFooting = table ?? (tablePiece ? footingOfPiece(tablePiece.base) : null);
    const found = tableFooting ?? seatingFooting();
    // a group found beyond the room's wall (a piece near the horizon, seen through a window) is not one to hang over
    const group = found && found.z <= roomEndsAt(projectAt(found.x, 0, found.z)[0]) ? found : null;
    const height = size.height / 100;
    // over a table a hand's span above a diner's head, elsewhere clear of a standing one's, always under the ceiling
    const bottom = Math.min(
      group && group === tableFooting ? PENDANT_OVER_TABLE : PENDANT_CLEAR,
      CEILING - PENDANT_DROP - height,
    );
    const top = bottom + height;
    const zMid = zNear * Math.pow(zFar / zNear, 0.45);
    const zGroup = group ? group.z + Math.min(group.depth, 1.2) / 2 : zMid;
    // over the group first, then farther in over it (over a near table it would hang above the picture), then
    // beside it, toward the picture's middle first
    const inward = group && group.x > centreX(zGroup) ? -0.8 : 0.8;
    const spots = group
      ? [0, inward, -inward].flatMap((dx) => [0, 0.6, 1.2, 1.8].map((dz) => [group.x + dx, zGroup + dz] as const))
      : [0, 1, -1].flatMap((dx) => [0, 0.8].map((dz) => [centreX(zMid + dz) + dx, zMid + dz] as const));
    let aboveThePicture = false;
    for (const [x, zWanted] of spots) {
      const z = Math.min(zWanted, roomEndsAt(projectAt(x, top, zWanted)[0]));
      if (z < PENDANT_NEAREST) continue;
      const [u, vTop] = projectAt(x, top, z);
      const [, vBottom] = projectAt(x, bottom, z);
      const width = ((size.width / 100) * cam.focal) / z;
      const box = { x: u - width / 2, y: vTop, width, height: vBottom - vTop };
      if (box.y < 0) {
        aboveThePicture = true;
        continue;
      }
      if (box.x < 0 || box.x + box.width > W) continue;
      const fb = frameBox(box);
      if (clashes(fb)) continue;
      const ceilingY = Math.max(0, projectAt(x, CEILING, z)[1] * ky);
      placed.push({
        index: item.index,
        role: item.role,
        pose: 'suspended',
        ...fb,
        z,
        baseY: fb.y + fb.height,
        on: 'ceiling',
        cord: { x: Math.round(fb.x + fb.width / 2), y: fb.y + 2, top: Math.round(Math.min(ceilingY, fb.y)) },
        footprint: boxPolygon(fb.x, Math.min(ceilingY, fb.y), fb.width, fb.y + fb.height - Math.min(ceilingY, fb.y)),
        where: '',
      });
      return;
    }
    leave(
      item,
      aboveThePicture
        ? `no ceiling in the picture for the ${labelOfKind(item.kind)}`
        : `no free ceiling for the ${labelOfKind(item.kind)}`,
    );
  };

  /**
   * String lights strung between two real anchors (fence, pergola, house wall, tree), sagging a little: the widest
   * span whose strand covers no product already standing.
   */
  const placeStrand = (item: GeometryItem) => {
    // a fence or pergola carries them at its top; a house wall or tree at a porch's height (STRAND_HEIGHT) where its
    // foot stands, never higher than the wall's top
    const spans = anchorSpans(geometry.anchors, (anchor, b) => {
      const top = b.top + (b.bottom - b.top) * 0.05;
      if (anchor.kind === 'fence' || anchor.kind === 'pergola') return top;
      const u = (b.left + b.right) / 2;
      const z = depthAt(u, b.bottom);
      return Number.isFinite(z) ? Math.max(top, projectAt(worldX(u, z), STRAND_HEIGHT, z)[1]) : top;
    });
    if (spans.length === 0) {
      leave(item, `nothing to hang the ${labelOfKind(item.kind)} from`);
      return;
    }
    for (const [a, b] of spans) {
      const left = Math.min(a[0], b[0]);
      const right = Math.max(a[0], b[0]);
      const width = right - left;
      const height = Math.min(width / Math.max(0.5, item.aspect), width * 0.18);
      const box = {
        x: left,
        y: Math.min(a[1], b[1]),
        width,
        height: Math.max(height, Math.abs(a[1] - b[1]) + height * 0.5),
      };
      const fb = frameBox(box);
      if (clashes(fb)) continue;
      const z = depthAt(cam.cx, H * 0.75);
      placed.push({
        index: item.index,
        role: item.role,
        pose: 'suspended',
        ...fb,
        z: Number.isFinite(z) ? z : 5,
        baseY: fb.y + fb.height,
        on: 'anchors',
        footprint: boxPolygon(fb.x, fb.y, fb.width, fb.height),
        where: '',
      });
      return;
    }
    leave(item, `no clear span for the ${labelOfKind(item.kind)}`);
  };

  // in a room, storage claims its wall right after the large pieces, before the armchairs and lamps take the floor
  // along the walls: it stands nowhere else (STORAGE_WALL_GAP), they stand anywhere
  const claiming = byClaimOrder(items);
  const claimsEarly = (item: GeometryItem) => item.role === 'large' || (!yard && storageKinds.has(item.kind ?? ''));
  for (const item of [...claiming.filter(claimsEarly), ...claiming.filter((i) => !claimsEarly(i))]) {
    const pose = poseOf(item.kind, item.role);
    const size = sizeOfItem(item.kind, item.role, item.size);
    // a guessed floor may be the room's furniture and its wall a window: nothing stands, lies or hangs on a guess
    // (decision 0052). Measured again (decision 0059): stood in the guess's nearest 30 %, 12 of the 14 photo × set
    // cases that stood anything there stood a product on a labelled piece or off the labelled floor.
    // The receipt says the layout was guessed and names each product left out; the person sets the floor
    if (geometry.floorGuessed && (pose === 'flat' || pose === 'standing')) {
      leave(item, `no free ${surface} for the ${labelOfKind(item.kind)}`);
      continue;
    }
    if (geometry.floorGuessed && pose === 'hung') {
      leave(item, `no free wall for the ${labelOfKind(item.kind)}`);
      continue;
    }
    if (pose === 'flat') {
      if (!(options.turnRugs && placeFlat(item, size, true))) placeFlat(item, size);
    } else if (pose === 'hung') placeHung(item, size);
    else if (pose === 'suspended') {
      if (item.kind === 'string-lights' || (yard && item.role === 'overhead')) placeStrand(item);
      else placePendant(item, size);
    } else placeStanding(item, size);
  }

  for (const p of placed) p.where = describeWhere(p, kindOf.get(p.index) ?? null, geometry, kx, ky, pieces, footings);
  const layer = (p: Placement) => ({ flat: 0, hung: 1, standing: 2, suspended: 3 })[p.pose];
  placed.sort((a, b) => layer(a) - layer(b) || a.baseY - b.baseY || a.index - b.index);
  return {
    source: geometry.source,
    placements: placed,
    leftOut: leftOut.sort((a, b) => a.index - b.index),
    erase,
    onFloor: placed.filter((p) => p.on === 'floor' || p.on === 'ground').length,
  };
}

/**
 * Products a render left out, placed on the floor a person set (decision 0052 leaves standing and flat products out of
 * a guessed floor; the person's corners are what was missing). Their quad, in `frame`'s pixels, is trusted as free
 * floor, less the pieces the analysis found and the boxes of the products already standing (`standing`); each product
 * is sized by the quad's perspective (its horizon, the analysis's eye height) from its real size. Nothing is
 * replaced or erased, and what hangs is still left out: no wall or ceiling is trusted that the person did not set.
 */
export function placeOnPersonsFloor(
  items: readonly GeometryItem[],
  corners: FloorQuad,
  geometry: PhotoGeometry,
  frame: { width: number; height: number },
  standing: ReadonlyArray<{ x: number; y: number; width: number; height: number }> = [],
): GeometryArrangement {
  const surface = geometry.mode === 'landscape' ? 'ground' : 'floor';
  const kx = frame.width / geometry.width;
  const ky = frame.height / geometry.height;
  const leftOut: LeftOut[] = [];
  const onFloor: GeometryItem[] = [];
  for (const item of items) {
    const pose = poseOf(item.kind, item.role);
    if (pose === 'standing' || pose === 'flat') onFloor.push(item);
    else {
      const where = pose === 'hung' ? 'wall' : 'ceiling';
      leftOut.push({ index: item.index, reason: `no free ${where} for the ${labelOfKind(item.kind)}` });
    }
  }
  const horizon = horizonOf(corners);
  const cx = geometry.camera.cx * kx;
  if (!horizon || Math.abs(horizon.b) < 1e-6) {
    for (const item of onFloor) {
      leftOut.push({ index: item.index, reason: `no free ${surface} for the ${labelOfKind(item.kind)}` });
    }
    return {
      source: geometry.source,
      placements: [],
      leftOut: leftOut.sort((a, b) => a.index - b.index),
      erase: [],
      onFloor: 0,
    };
  }
  // the horizon a·x + b·y + c = 0 as placement reads it: its row at the principal point and its rise to the right
  const horizonY = -(horizon.a * cx + horizon.c) / horizon.b;
  const persons: PhotoGeometry = {
    ...geometry,
    width: frame.width,
    height: frame.height,
    camera: {
      ...geometry.camera,
      focal: geometry.camera.focal * kx,
      cx,
      cy: geometry.camera.cy * ky,
      horizonY,
      roll: Math.atan(horizon.a / horizon.b),
    },
    floor: [corners.map(([x, y]) => [x, y] as const)],
    floorGuessed: false,
    walls: [],
    openings: [],
    ground: [],
    anchors: [],
    // kept clear of, never taken the place of: a kind the analysis guessed is not a piece to erase
    pieces: [
      ...geometry.pieces.map((piece) => ({ polygon: scalePolygon(piece.polygon, kx, ky), kind: null })),
      ...standing.map((b) => ({ polygon: boxPolygon(b.x, b.y, b.width, b.height), kind: null })),
    ],
  };
  const placed = placeOnGeometry(onFloor, persons, frame);
  return { ...placed, leftOut: [...leftOut, ...placed.leftOut].sort((a, b) => a.index - b.index) };
}

interface GeometryMasks {
  /** Pixels a cell: the masks are about 240 cells across whatever the analysed picture's size. */
  cell: number;
  floor: CellMask;
  pieces: CellMask;
  openings: CellMask;
  walls: Map<PhotoGeometry['walls'][number], CellMask>;
  /** Yards: each kind of ground's mask, absent when the geometry has none of it. */
  ground: Map<string, CellMask>;
}

/**
 * A geometry's masks, built once for it: a render places its products many times on one geometry (each variation's
 * tries, variation.ts), and the geometry is not changed once analysed.
 */
const masksMemo = new WeakMap<PhotoGeometry, GeometryMasks>();
function masksOf(geometry: PhotoGeometry): GeometryMasks {
  const kept = masksMemo.get(geometry);
  if (kept) return kept;
  const { width: W, height: H } = geometry;
  const cell = Math.max(2, Math.round(W / 240));
  const fill = (polygons: readonly Polygon[]) => {
    const mask = new CellMask(W, H, cell);
    for (const polygon of polygons) mask.fill(polygon);
    return mask;
  };
  const ground = new Map<string, CellMask>();
  for (const kind of new Set(geometry.ground.map((g) => g.kind))) {
    ground.set(kind, fill(geometry.ground.filter((g) => g.kind === kind).map((g) => g.polygon)));
  }
  const masks: GeometryMasks = {
    cell,
    floor: fill(geometry.floor),
    pieces: fill(geometry.pieces.map((p) => p.polygon)),
    openings: fill(geometry.openings.map((o) => o.polygon)),
    walls: new Map(geometry.walls.map((wall) => [wall, fill([wall.polygon])])),
    ground,
  };
  masksMemo.set(geometry, masks);
  return masks;
}

interface PieceBase {
  /** The row of the front of its base (its lowest point), and of its back. */
  frontY: number;
  backY: number;
  left: number;
  right: number;
  centreX: number;
}

/** Where a piece meets the floor: its footprint when found, else the bottom band of its outline. */
export function baseOf(piece: StandingPiece): PieceBase {
  const outline = boundsOf(piece.polygon);
  if (piece.footprint && piece.footprint.length >= 3) {
    const f = boundsOf(piece.footprint);
    return { frontY: f.bottom, backY: f.top, left: f.left, right: f.right, centreX: (f.left + f.right) / 2 };
  }
  const band = (outline.bottom - outline.top) * 0.15;
  const low = piece.polygon.filter(([, y]) => y >= outline.bottom - band);
  const xs = low.length >= 2 ? low.map(([x]) => x) : [outline.left, outline.right];
  const left = Math.min(...xs);
  const right = Math.max(...xs);
  return {
    frontY: outline.bottom,
    backY: outline.bottom - band,
    left: Math.min(left, outline.left + (outline.right - outline.left) * 0.1),
    right: Math.max(right, outline.right - (outline.right - outline.left) * 0.1),
    centreX: (outline.left + outline.right) / 2,
  };
}

/** Whether two convex polygons overlap (share more than an edge): no axis of their edges' normals separates them. */
function convexOverlap(a: readonly Point[], b: readonly Point[]): boolean {
  for (const polygon of [a, b]) {
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const nx = polygon[i]![1] - polygon[j]![1];
      const ny = polygon[j]![0] - polygon[i]![0];
      let aMin = Infinity;
      let aMax = -Infinity;
      let bMin = Infinity;
      let bMax = -Infinity;
      for (const [x, y] of a) {
        const d = x * nx + y * ny;
        aMin = Math.min(aMin, d);
        aMax = Math.max(aMax, d);
      }
      for (const [x, y] of b) {
        const d = x * nx + y * ny;
        bMin = Math.min(bMin, d);
        bMax = Math.max(bMax, d);
      }
      if (aMax <= bMin + 1e-9 || bMax <= aMin + 1e-9) return false;
    }
  }
  return true;
}

function cornersIn(mask: CellMask, box: { x: number; y: number; width: number; height: number }): boolean {
  for (const [fx, fy] of [
    [0.02, 0.02],
    [0.98, 0.02],
    [0.02, 0.98],
    [0.98, 0.98],
    [0.5, 0.5],
  ] as const) {
    if (!mask.at(box.x + box.width * fx, box.y + box.height * fy)) return false;
  }
  return true;
}

function sampleAny(mask: CellMask, box: { x: number; y: number; width: number; height: number }): boolean {
  for (let i = 0; i <= 5; i++) {
    for (let j = 0; j <= 5; j++) {
      if (mask.at(box.x + (box.width * i) / 5, box.y + (box.height * j) / 5)) return true;
    }
  }
  return false;
}

/**
 * The spans string lights can hang on, widest first: between two anchors (at the row `hangRow` gives: a fence's top,
 * a house wall at a porch's height), then along one fence's or pergola's top, then along one house wall.
 * Empty when the photo has nothing to hang them from.
 */
function anchorSpans(
  anchors: readonly Anchor[],
  hangRow: (anchor: Anchor, bounds: Bounds) => number,
): Array<[Point, Point]> {
  const tops = anchors.map((anchor) => {
    const b = boundsOf(anchor.polygon);
    return { b, y: hangRow(anchor, b), kind: anchor.kind };
  });
  const between: Array<{ span: [Point, Point]; width: number }> = [];
  // a fence, a pergola or a house wall is a structure to fix a strand to; a tree (often a found piece's guess) only
  // when the yard has nothing else
  const built = tops.filter(({ kind }) => kind !== 'tree');
  const fixings = built.length > 0 ? built : tops;
  for (let i = 0; i < fixings.length; i++) {
    for (let j = i + 1; j < fixings.length; j++) {
      const a = fixings[i]!;
      const c = fixings[j]!;
      const left = a.b.left < c.b.left ? a : c;
      const right = left === a ? c : a;
      const ends: [Point, Point] = [
        [(left.b.left + left.b.right) / 2, left.y],
        [(right.b.left + right.b.right) / 2, right.y],
      ];
      if (Math.abs(ends[1][0] - ends[0][0]) > 1) between.push({ span: ends, width: ends[1][0] - ends[0][0] });
    }
  }
  const along = (kinds: readonly Anchor['kind'][]) =>
    tops
      .filter(({ b, kind }) => kinds.includes(kind) && b.right - b.left > 0)
      .sort((a, c) => c.b.right - c.b.left - (a.b.right - a.b.left))
      .map(({ b, y }): [Point, Point] => {
        const inset = (b.right - b.left) * 0.05;
        return [
          [b.left + inset, y],
          [b.right - inset, y],
        ];
      });
  return [
    ...between.sort((a, c) => c.width - a.width).map(({ span }) => span),
    ...along(['fence', 'pergola']),
    ...along(['house-wall']),
    ...along(['tree']),
  ];
}

/** Where a placement stands, in the words a prompt can use: 'the sofa against the back wall, left of the window'. */
function describeWhere(
  p: GeometryPlacement,
  kind: string | null,
  geometry: PhotoGeometry,
  kx: number,
  ky: number,
  pieces: ReadonlyArray<{ id: string; piece: StandingPiece }>,
  footings: ReadonlyMap<number, Footing>,
): string {
  const name = `the ${labelOfKind(kind)}`;
  const frameWidth = geometry.width * kx;
  const centre = p.x + p.width / 2;
  const side =
    centre < frameWidth * 0.36 ? 'on the left' : centre > frameWidth * 0.64 ? 'on the right' : 'in the middle';
  const nearOpening = () => {
    let best: { words: string; d: number } | null = null;
    for (const opening of geometry.openings) {
      const b = boundsOf(scalePolygon(opening.polygon, kx, ky));
      const d = centre < b.left ? b.left - centre : centre > b.right ? centre - b.right : 0;
      const words =
        d === 0
          ? `under the ${opening.kind}`
          : centre < b.left
            ? `left of the ${opening.kind}`
            : `right of the ${opening.kind}`;
      if (!best || d < best.d) best = { words, d };
    }
    return best && best.d < frameWidth * 0.3 ? `, ${best.words}` : '';
  };
  if (p.replaced) {
    const piece = pieces.find((q) => q.id === p.replaced)?.piece;
    return `${name} where the room's ${piece?.kind ?? 'piece'} stands${nearOpening()}`;
  }
  const surface = geometry.mode === 'landscape' ? groundWordAt(p, geometry, kx, ky) : 'the floor';
  switch (p.on) {
    case 'wall':
      return `${name} on the wall at eye height, ${side}${nearOpening()}`;
    case 'ceiling':
      return `${name} hanging from the ceiling, ${side}`;
    case 'anchors':
      return `${name} strung between the ${anchorWords(geometry.anchors)}`;
    case 'furniture':
      return `${name} on a table, ${side}`;
    default:
      break;
  }
  if (p.pose === 'flat') return `${name} flat on ${surface}, ${side}, under the seating`;
  const f = footings.get(p.index);
  const backRow = Math.round(p.baseY);
  const frameHeight = geometry.height * ky;
  const depthWords =
    f && backRow < frameHeight * 0.72
      ? geometry.mode === 'landscape'
        ? 'at the back'
        : 'against the back wall'
      : 'in front';
  return `${name} on ${surface} ${depthWords}, ${side}${nearOpening()}`;
}

function groundWordAt(p: GeometryPlacement, geometry: PhotoGeometry, kx: number, ky: number): string {
  const u = (p.x + p.width / 2) / kx;
  const v = Math.min(geometry.height - 1, p.baseY / ky);
  for (const region of geometry.ground) {
    const mask = new CellMask(geometry.width, geometry.height, 4).fill(region.polygon);
    if (mask.at(u, v)) return region.kind === 'beds' ? 'the bed' : `the ${region.kind}`;
  }
  return 'the ground';
}

function anchorWords(anchors: readonly Anchor[]): string {
  const kinds = [...new Set(anchors.map((a) => a.kind.replace('-', ' ')))];
  return kinds.length <= 1 ? `ends of the ${kinds[0] ?? 'fence'}` : `${kinds[0]} and the ${kinds[1]}`;
}

/** The geometry's polygons a render must not hide: the room's pieces (but those replaced) and its openings. */
export function keptRegionsOf(
  geometry: PhotoGeometry,
  replaced: readonly string[],
  frame: { width: number; height: number },
) {
  const kx = frame.width / geometry.width;
  const ky = frame.height / geometry.height;
  const gone = new Set(replaced);
  return [
    ...geometry.pieces.flatMap((piece, n) => (gone.has(`piece-${n + 1}`) ? [] : [scalePolygon(piece.polygon, kx, ky)])),
    ...geometry.openings.map((opening) => scalePolygon(opening.polygon, kx, ky)),
  ] satisfies Polygon[];
}

import type { Raster } from '../raster';
import { blur3, cropPlane, downsample, flatBorder, halvePlane, type Plane } from './image';
import { detectSegments, type Segment } from './lines';
import { findFramedOpenings } from './openings';
import { describeOutline, findStandingPieces, type FoundPiece } from './pieces';
import { columnSpanOutline, convexHull, rasterize, simplify } from './polygon';
import type {
  Anchor,
  GroundKind,
  GroundRegion,
  Opening,
  PhotoCamera,
  PhotoGeometry,
  Point,
  Polygon,
  StandingPiece,
  WallFacing,
  WallPlane,
} from './types';
import {
  angleToPoint,
  seededRandom,
  strongestVanishingPoint,
  toPixels,
  type Frame,
  type Homogeneous,
  type VanishingPoint,
} from './vanishing';
import { walkNeighbours } from './walk';

/** The analysed copy's long side: lines and vanishing points are found at this size. */
export const ANALYSIS_LONG_SIDE = 512;
/** A picture smaller than this on a side (analysis pixels, its flat frame cut off) is not analysed. */
const MIN_ANALYSED_SIDE = 32;
/**
 * The focal length (per long side) when only one direction or none is found: the median of those measured from two
 * orthogonal vanishing points on the labelled photos whose camera was found (7 photos, 0.43–0.84; dropping any one
 * moves the median between 0.55 and 0.65; decision 0041). A phone's main camera, about 0.72, drew products too big
 * beside these rooms' own.
 */
export const FOCAL_PRIOR_PER_LONG_SIDE = 0.6;
/**
 * The camera's height in a room (m): a phone held at the chest, often seated. The labelled rooms' doors seen whole
 * (8 on 5 photos) are drawn as tall as a 2.03 m door with the found horizon when the camera is 0.76–1.28 m high, median
 * 1.17 m; at the 1.3 m assumed before they read 2.24 m (median) and products were drawn 10 % small beside them. (A
 * yard's doors stand on porches and steps above the ground, and say nothing of the camera's height there.)
 */
const ROOM_EYE_HEIGHT = 1.2;
/** Where the horizon is assumed to cross when the lines do not say (fraction of the height). */
const GUESSED_HORIZON = { interior: 0.45, landscape: 0.45 } as const;
/** A segment within this angle of the picture's vertical is taken for a vertical in the world. */
const VERTICAL_SPREAD = (20 * Math.PI) / 180;
/** A horizontal vanishing point needs at least this much segment length (in long sides) to fix the horizon. */
const MIN_HORIZON_SUPPORT = 1;
/**
 * The verticals' summed length (in long sides) that lets them say the camera's roll: fewer are a tree's trunk and a
 * bush's edges, which lean (the front lawn's 1.0 long sides read a 1.2° roll its house does not have).
 */
const MIN_ROLL_SUPPORT = 1.5;
/** The verticals' summed length (in long sides) that lets their vanishing point alone say the camera's tilt. */
const MIN_TILT_SUPPORT = 3;
/** A vertical vanishing point further off than this (long sides; a tilt under about 4°) is a level camera's. */
const MAX_TILT_DISTANCE = 8;
/** A far horizontal vanishing point's lines, the lesser side's length over the greater's, at least this. */
const MIN_FAR_BALANCE = 0.2;
/**
 * In a room, a bright opening's foot lies at most this far (of the height) above the horizon: what hangs wholly
 * higher is a print, a lamp, the bright wall over a cupboard. (The framed ones' 0.05 lost the sunroom's upper window;
 * 0.12 keeps every labelled one and drops 3 of the 20 spurious boxes.)
 */
const ROOM_SILL_ABOVE = 0.12;
/** Nothing on the floor is nearer the horizon than this (fraction of the height): the far floor is too thin to use. */
const HORIZON_MARGIN = 0.03;
/** A floor region of another colour than the primary one is kept when it holds this share of the region map, stands
 * on this share of the bottom edge, and its top is this far (fraction of the height) below the primary one's. */
const OTHER_FLOOR_AREA = 0.02;
const OTHER_FLOOR_BOTTOM = 0.1;
const OTHER_FLOOR_BELOW = 0.02;
/** Each of two regions flanking the primary one along the bottom edge stands on at least this share of it. */
const FLANK_BOTTOM = 0.05;
/** A floor region is of the kept floor's colour within this distance (luma weighted down, as the growth's). */
const FLOOR_COLOUR = 14;
/** A region of the colour of another kept one (not of the primary's) is kept when it holds this share of the map. */
const CHAINED_FLOOR_AREA = 0.01;
/** The floor's shade (growInShade): this much darker or lighter than its mean, its colour within SHADE_TONE. */
const SHADE_DARKEST = 0.45;
const SHADE_LIGHTEST = 1.15;
const SHADE_TONE = 9;
/** …and no step between neighbours larger than this (the local step the first growth allows at full light). */
const SHADE_STEP = 10;
/** How many cells of free floor next to a piece's own cells stay the piece's when its outline is cut back. */
const CLIP_MARGIN = 3;
/**
 * A piece's cell is the floor it stands on when its colour is within this distance (luma weighted down, as the
 * growth's) of the free floor round the piece and it is reached from that floor by steps no sharper than the growth's.
 * Free-floor recall on the labelled photos: 0.412 without, 0.419 at 8, 0.424 at 12, where a kitchen's floor lost its
 * precision (the floor between its bar stools' feet, labelled as the stools, went back to the floor).
 */
const FLOOR_WITHIN = 8;
/** The free floor round a piece that says its floor's colour: within this many cells of its outline. */
const FLOOR_RING = 4;
/**
 * A piece of which at least this share of its own cells (those not free floor) is within FLOOR_DROP_COLOUR of the
 * floor round it is that floor's pattern, not a piece (recall 0.419 to 0.420; looser, real pieces were dropped:
 * at 0.4 and 20 one of the labelled pieces matched before was lost).
 */
const FLOOR_DROP_SHARE = 0.7;
const FLOOR_DROP_COLOUR = 20;
/** How many cells of the region map each piece grows by (a cell is 1/256 of the long side). */
const PIECE_MARGIN = 3;

export interface CameraEstimate {
  camera: PhotoCamera;
  vertical: VanishingPoint | null;
  horizontal: VanishingPoint[];
  /** Whether a supported finite horizontal vanishing point fixed the horizon. */
  found: boolean;
  /** The rows (at the centre's column) the horizontal vanishing points put the horizon on, and their weights. */
  horizonVotes: { y: number; weight: number }[];
}

/**
 * The camera from line segments: the vertical vanishing point gives the roll (and, with a horizontal one, the
 * focal length), the strongest finite horizontal vanishing points give the horizon's height. Coordinates are in
 * the segments' pixels, on a picture of `width` × `height`.
 */
export function estimateCamera(
  segments: readonly Segment[],
  width: number,
  height: number,
  mode: 'interior' | 'landscape',
): CameraEstimate {
  const frame: Frame = { cx: width / 2, cy: height / 2, scale: Math.max(width, height) };
  const random = seededRandom(0x5eed);
  const verticalCandidates: number[] = [];
  const horizontalCandidates: number[] = [];
  segments.forEach((s, i) => {
    if (Math.abs(s.angle - Math.PI / 2) < VERTICAL_SPREAD) verticalCandidates.push(i);
    else horizontalCandidates.push(i);
  });
  // a vertical vanishing point lies above or below the picture (or at infinity), never within it
  const vertical = strongestVanishingPoint(segments, verticalCandidates, frame, random, (v) => {
    if (Math.abs(v[2]) < 1e-6) return Math.abs(v[1]) > Math.abs(v[0]) * 2;
    return Math.abs(v[1] / v[2]) > 0.6 && Math.abs(v[0] / v[1]) < 0.5;
  });
  const verticalOk = vertical && vertical.support > 0.5 * frame.scale ? vertical : null;

  // the picture's down direction at its centre: towards the vertical vanishing point (or along it, at infinity)
  let down: [number, number] = [0, 1];
  if (verticalOk && verticalOk.support >= MIN_ROLL_SUPPORT * frame.scale) {
    const v = verticalOk.point;
    down = Math.abs(v[2]) < 1e-9 ? [v[0], v[1]] : [v[0] / v[2], v[1] / v[2]];
    const n = Math.hypot(down[0], down[1]);
    down = [down[0] / n, down[1] / n];
    if (down[1] < 0) down = [-down[0], -down[1]];
  }
  const roll = Math.atan2(down[0], down[1]);

  // horizontal directions: up to three, each from the segments the earlier ones did not take
  const horizontal: VanishingPoint[] = [];
  let remaining = horizontalCandidates;
  for (let k = 0; k < 3 && remaining.length >= 2; k++) {
    const found = strongestVanishingPoint(segments, remaining, frame, random, (v) =>
      horizontal.every((h) => Math.abs(h.point[0] * v[0] + h.point[1] * v[1] + h.point[2] * v[2]) < Math.cos(0.05)),
    );
    if (!found || found.inliers.length < 3) break;
    horizontal.push(found);
    const taken = new Set(found.inliers);
    remaining = remaining.filter((i) => !taken.has(i));
  }

  // a horizontal vanishing point fixes the horizon when it is finite and near enough to be measured
  type Vote = { y: number; weight: number; at: [number, number] };
  const horizonVotes: Vote[] = [];
  // one further off (a facade seen nearly square, through a long lens) measures it less well: its row at the
  // centre moves by its distance times the roll's error. It votes only when no near one does, and only when it is
  // orthogonal to clear verticals for a focal length a camera has and puts the horizon within the picture
  const farVotes: Vote[] = [];
  const verticalPoint = verticalOk && verticalOk.support >= MIN_TILT_SUPPORT * frame.scale ? verticalOk.point : null;
  for (const h of horizontal) {
    const at = toPixels(h.point, frame);
    if (!at || h.support < MIN_HORIZON_SUPPORT * frame.scale) continue;
    const near = Math.abs(at[0] - frame.cx) <= 3 * frame.scale && Math.abs(at[1] - frame.cy) <= 1.5 * frame.scale;
    if (!near && !(verticalPoint && orthogonalFocal(h.point, verticalPoint) !== null)) continue;
    // lines on both sides of it: a real direction's lines come from above the horizon and below it
    let above = 0;
    let below = 0;
    for (const i of h.inliers) {
      const s = segments[i]!;
      if ((s.y1 + s.y2) / 2 < at[1]) above += s.length;
      else below += s.length;
    }
    const balance = Math.min(above, below) / Math.max(above, below);
    const y = at[1] - (frame.cx - at[0]) * Math.tan(roll);
    if (near && (y < -2 * height || y > 1.5 * height)) continue;
    // (and with lines on both sides of it: from one side its row is an extrapolation)
    if (!near && (y < 0 || y > height || balance < MIN_FAR_BALANCE)) continue;
    (near ? horizonVotes : farVotes).push({ y, weight: h.support * (0.25 + balance), at });
  }
  if (horizonVotes.length === 0) horizonVotes.push(...farVotes);
  // a camera tilted up or down shows it in its verticals too: they meet at f²/d on the far side of the centre
  // from the horizon, so a clear vertical vanishing point favours the horizontal ones that agree with it
  const verticalAt = verticalOk ? toPixels(verticalOk.point, frame) : null;
  if (verticalAt && Math.abs(verticalAt[1] - frame.cy) < 4 * frame.scale && horizonVotes.length > 1) {
    const focalGuess = FOCAL_PRIOR_PER_LONG_SIDE * frame.scale;
    const expected = frame.cy - (focalGuess * focalGuess) / (verticalAt[1] - frame.cy);
    for (const vote of horizonVotes) vote.weight *= 0.3 + Math.exp(-(((vote.y - expected) / (0.35 * height)) ** 2));
  }
  horizonVotes.sort((a, b) => b.weight - a.weight);
  const eyeHeight = mode === 'interior' ? ROOM_EYE_HEIGHT : 1.6;
  const found = horizonVotes.length > 0;
  let horizonY = found ? horizonVotes[0]!.y : GUESSED_HORIZON[mode] * height;
  // no horizontal direction to measure: the verticals still say how the camera is tilted. The horizon is the
  // vertical vanishing point's polar line, (p − c)·(v − c) = −f², which crosses the centre's column at
  // cy − f² / (vy − cy) (with the prior focal length); verticals that stay parallel put it at the centre
  // (in a room: a yard's verticals are few, trunks and posts that lean, and no labelled yard gained by them)
  if (mode === 'interior' && !found && verticalOk && verticalOk.support >= MIN_TILT_SUPPORT * frame.scale) {
    const v = verticalOk.point;
    const f = FOCAL_PRIOR_PER_LONG_SIDE * frame.scale;
    // (a vanishing point further off than MAX_TILT_DISTANCE long sides is parallel lines read with noise)
    const far = Math.abs(v[2]) < 1e-9 || Math.abs(v[1] / v[2]) > MAX_TILT_DISTANCE;
    const y = far ? frame.cy : frame.cy - (f * f) / ((v[1] / v[2]) * frame.scale);
    if (y > 0 && y < height) horizonY = y;
  }
  if (horizonVotes.length > 1 && Math.abs(horizonVotes[1]!.y - horizonY) < 0.05 * height) {
    const [a, b] = horizonVotes as [(typeof horizonVotes)[0], (typeof horizonVotes)[0]];
    horizonY = (a.y * a.weight + b.y * b.weight) / (a.weight + b.weight);
  }

  // the focal length from two orthogonal directions' vanishing points: f² = −(p₁ − c)·(p₂ − c)
  let focal = FOCAL_PRIOR_PER_LONG_SIDE * frame.scale;
  const focalFrom = (p: [number, number], q: [number, number]) => {
    const f2 = -((p[0] - frame.cx) * (q[0] - frame.cx) + (p[1] - frame.cy) * (q[1] - frame.cy));
    const f = f2 > 0 ? Math.sqrt(f2) : 0;
    return f > 0.35 * frame.scale && f < 2.5 * frame.scale ? f : null;
  };
  const finite = horizonVotes.map((v) => v.at);
  let measured: number | null = null;
  if (finite.length >= 2) measured = focalFrom(finite[0]!, finite[1]!);
  if (measured === null && verticalOk && finite.length >= 1) {
    const v = toPixels(verticalOk.point, frame);
    if (v) measured = focalFrom(finite[0]!, v);
  }
  if (measured !== null) focal = measured;

  // how far it can be trusted: a default is barely; a supported horizontal direction fixes the horizon, the
  // verticals the roll, two orthogonal directions the focal length; two votes that agree on the horizon add
  let confidence = found ? 0.35 : 0.1;
  if (found && verticalOk) confidence += 0.15;
  if (measured !== null) confidence += 0.25;
  if (horizonVotes.length > 1 && Math.abs(horizonVotes[1]!.y - horizonVotes[0]!.y) < 0.05 * height) confidence += 0.15;

  return {
    camera: {
      focal,
      cx: frame.cx,
      cy: frame.cy,
      horizonY,
      roll,
      eyeHeight,
      focalSource: measured !== null ? 'measured' : 'prior',
      confidence: Math.min(1, confidence),
    },
    vertical: verticalOk,
    horizontal,
    found,
    horizonVotes: horizonVotes.map(({ y, weight }) => ({ y, weight })),
  };
}

/**
 * The focal length (in long sides) for which two vanishing points, in the centred, scaled coordinates, are the
 * images of orthogonal directions (f² = −p₁·p₂), or null when none a camera has (0.35–2.5 long sides) would be.
 */
function orthogonalFocal(a: Homogeneous, b: Homogeneous): number | null {
  if (Math.abs(a[2]) < 1e-9 || Math.abs(b[2]) < 1e-9) return null;
  const f2 = -((a[0] / a[2]) * (b[0] / b[2]) + (a[1] / a[2]) * (b[1] / b[2]));
  const f = f2 > 0 ? Math.sqrt(f2) : 0;
  return f > 0.35 && f < 2.5 ? f : null;
}

/** The floor's colour features: luma weighted down (shading varies across a floor), two opponent colours. */
export interface Features {
  width: number;
  height: number;
  l: Float32Array;
  rg: Float32Array;
  by: Float32Array;
}

const LUMA_WEIGHT = 0.55;
/**
 * The colour step the floor's growth takes between neighbours at full light. A grained floor (boards streaked
 * lighter and darker) steps by more than 7 between neighbouring cells even twice blurred and fell apart into slivers
 * too small to keep. Free-floor recall on the labelled photos: 0.366 at 7, 0.412 at 11 (the sunroom's floor found);
 * the value is a narrow optimum: at 10 a sofa joined a living room's floor, at 12 a kitchen's stair treads did.
 */
const LOCAL_STEP = 11;

function distance(f: Features, i: number, j: number): number {
  const dl = (f.l[i]! - f.l[j]!) * LUMA_WEIGHT;
  const da = f.rg[i]! - f.rg[j]!;
  const db = f.by[i]! - f.by[j]!;
  return Math.sqrt(dl * dl + da * da + db * db);
}

export interface FloorGrowth {
  /** Cells of the free floor, 1 where it is. */
  free: Uint8Array;
  /** Each free cell's component (its seed region), 0 where none. */
  components: Int32Array;
  /** Mean colour of each component, by index − 1. */
  means: { l: number; rg: number; by: number; area: number }[];
}

/**
 * The free floor by region growing from the picture's bottom edge: each bottom cell not yet taken seeds a region
 * that takes a neighbour when its colour is close to the neighbour it came from (no edge between them) and to the
 * region's mean (no slow drift into the wall), and when it lies below the horizon. Regions too small to stand a
 * product on are dropped.
 */
export function growFloor(
  f: Features,
  horizonAt: (x: number) => number,
  barrier: Uint8Array,
  localStepAtFull = LOCAL_STEP,
  globalSpreadAtFull = 26,
): FloorGrowth {
  const { width, height } = f;
  const n = width * height;
  const components = new Int32Array(n);
  const queue = new Int32Array(n);
  const means: FloorGrowth['means'] = [];
  const limit = new Float32Array(width);
  for (let x = 0; x < width; x++) limit[x] = horizonAt(x + 0.5) + HORIZON_MARGIN * height;
  let label = 0;
  for (let sx = 0; sx < width; sx++) {
    const seed = (height - 1) * width + sx;
    if (components[seed]) continue;
    label++;
    components[seed] = label;
    queue[0] = seed;
    let size = 1;
    let sl = f.l[seed]!;
    let sa = f.rg[seed]!;
    let sb = f.by[seed]!;
    // a dim floor's differences are smaller in proportion (a dark floor and the shadow under a table differ by a few
    // levels): the steps allowed shrink with the seed's brightness, as the eye's do
    const dim = Math.min(1, Math.max(0.3, sl / 110));
    const localStep = localStepAtFull * dim;
    const globalSpread = globalSpreadAtFull * dim;
    const joinAt = (r: number): number => {
      components[r] = label;
      size++;
      sl += f.l[r]!;
      sa += f.rg[r]!;
      sb += f.by[r]!;
      return r;
    };
    walkNeighbours(queue, 1, width, height, (p, q, qx, qy) => {
      if (components[q] || qy < limit[qx]!) return -1;
      const dl = (f.l[q]! - sl / size) * LUMA_WEIGHT;
      const da = f.rg[q]! - sa / size;
      const db = f.by[q]! - sb / size;
      if (!barrier[q] && distance(f, p, q) <= localStep && dl * dl + da * da + db * db <= globalSpread * globalSpread)
        return joinAt(q);
      // a thin line between two cells of one colour is a joint in the floor (a board's, a tile's grout, a straight
      // edge found on it): the region steps over it when a cell just beyond matches both the cell it came from and
      // the region's mean, closely
      const px = p % width;
      const sx = qx - px;
      const sy = qy - (p - px) / width;
      for (let k = 1; k <= 3; k++) {
        const rx = qx + sx * k;
        const ry = qy + sy * k;
        if (rx < 0 || rx >= width || ry < 0 || ry >= height || ry < limit[rx]!) break;
        const r = ry * width + rx;
        if (components[r]) break;
        if (barrier[r] || distance(f, p, r) > localStep) continue;
        const el = (f.l[r]! - sl / size) * LUMA_WEIGHT;
        const ea = f.rg[r]! - sa / size;
        const eb = f.by[r]! - sb / size;
        if (el * el + ea * ea + eb * eb > (0.6 * globalSpread) ** 2) continue;
        for (let j = 0; j < k; j++) components[(qy + sy * j) * width + qx + sx * j] = label;
        return joinAt(r);
      }
      return -1;
    });
    means.push({ l: sl / size, rg: sa / size, by: sb / size, area: size });
  }
  const free = new Uint8Array(n);
  const minArea = n * 0.004;
  for (let i = 0; i < n; i++) {
    const c = components[i]!;
    if (c && means[c - 1]!.area >= minArea) free[i] = 1;
    else components[i] = 0;
  }
  return { free, components, means };
}

/** Marks the cells a line crosses, every step 4-connected so that a 4-connected region cannot slip through it. */
function drawLine(mask: Uint8Array, width: number, height: number, x1: number, y1: number, x2: number, y2: number) {
  const steps = Math.ceil(2 * Math.max(Math.abs(x2 - x1), Math.abs(y2 - y1))) + 1;
  let lastX = -1;
  let lastY = -1;
  for (let k = 0; k <= steps; k++) {
    const x = Math.floor(x1 + ((x2 - x1) * k) / steps);
    const y = Math.floor(y1 + ((y2 - y1) * k) / steps);
    if (x === lastX && y === lastY) continue;
    // a diagonal step would leave a gap: fill the corner
    if (lastX >= 0 && x !== lastX && y !== lastY && lastX < width && y >= 0 && y < height && lastX >= 0)
      mask[y * width + lastX] = 1;
    if (x >= 0 && x < width && y >= 0 && y < height) mask[y * width + x] = 1;
    lastX = x;
    lastY = y;
  }
}

/**
 * Gives the floor back the cells of the straight edges found on it (its boards' and tiles' joints): an edge cell with
 * free floor close on both sides, across or along the picture. An edge between the floor and a piece has floor on
 * one side only and stays out.
 */
function fillJoints(free: Uint8Array, barrier: Uint8Array, width: number, height: number): void {
  const reach = 3;
  const filled: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (free[i] || !barrier[i]) continue;
      const near = (dx: number, dy: number) => {
        for (let k = 1; k <= reach; k++) {
          const xx = x + dx * k;
          const yy = y + dy * k;
          if (xx < 0 || xx >= width || yy < 0 || yy >= height) return false;
          const j = yy * width + xx;
          if (free[j]) return true;
          if (!barrier[j]) return false;
        }
        return false;
      };
      if ((near(-1, 0) && near(1, 0)) || (near(0, -1) && near(0, 1))) filled.push(i);
    }
  }
  for (const i of filled) free[i] = 1;
}

/**
 * Keeps the floor's components: the one holding most of the bottom edge's middle, and those of its colour (the same
 * floor cut apart by a chair's leg); the rest (a sofa or a table the picture's corner shows) are cleared.
 */
export function keepFloorComponents(growth: FloorGrowth, width: number, height: number): void {
  const counts = new Map<number, number>();
  for (let x = Math.floor(width * 0.3); x < Math.ceil(width * 0.7); x++) {
    const c = growth.components[(height - 1) * width + x]!;
    if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let primary = 0;
  let most = 0;
  for (const [c, n] of counts)
    if (n > most) {
      primary = c;
      most = n;
    }
  const keep = new Set<number>();
  // a primary region flanked along the bottom edge by two regions of one colour (to each other) is what lies between
  // them on one ground: a path between two lawns, a rug between boards. Both are kept (the Victorian yard's lawns:
  // the path between them won the middle's vote by 36 cells to 23, and the yard had no ground)
  if (primary) {
    const first = new Int32Array(growth.means.length + 1).fill(width);
    const last = new Int32Array(growth.means.length + 1).fill(-1);
    const count = new Int32Array(growth.means.length + 1);
    for (let x = 0; x < width; x++) {
      const c = growth.components[(height - 1) * width + x]!;
      if (!c) continue;
      first[c] = Math.min(first[c]!, x);
      last[c] = x;
      count[c]!++;
    }
    let left = 0;
    let right = 0;
    for (let c = 1; c <= growth.means.length; c++) {
      if (c === primary || count[c]! < FLANK_BOTTOM * width) continue;
      if (last[c]! < first[primary]! && (!left || count[c]! > count[left]!)) left = c;
      if (first[c]! > last[primary]! && (!right || count[c]! > count[right]!)) right = c;
    }
    if (left && right) {
      const a = growth.means[left - 1]!;
      const b = growth.means[right - 1]!;
      if (Math.hypot((a.l - b.l) * LUMA_WEIGHT, a.rg - b.rg, a.by - b.by) < FLOOR_COLOUR) {
        keep.add(left);
        keep.add(right);
      }
    }
  }
  if (primary) {
    const p = growth.means[primary - 1]!;
    growth.means.forEach((m, k) => {
      const dl = (m.l - p.l) * LUMA_WEIGHT;
      if (Math.hypot(dl, m.rg - p.rg, m.by - p.by) < FLOOR_COLOUR) keep.add(k + 1);
    });
    // …and, in turn, the large ones of a kept one's colour: a floor whose shade drifts from the camera to the window
    let grew = true;
    while (grew) {
      grew = false;
      growth.means.forEach((m, k) => {
        if (keep.has(k + 1) || m.area < CHAINED_FLOOR_AREA * width * height) return;
        for (const c of keep) {
          const q = growth.means[c - 1]!;
          if (Math.hypot((m.l - q.l) * LUMA_WEIGHT, m.rg - q.rg, m.by - q.by) < FLOOR_COLOUR) {
            keep.add(k + 1);
            grew = true;
            return;
          }
        }
      });
    }
  }
  // a floor of another colour that lies wholly nearer than the primary one's far edge is the floor round a rug
  // (or the rug on the floor): a piece that stands on the near floor rises above that edge in the picture, while
  // floor ends below it. It is kept when it is large and stands on a fair part of the bottom edge
  if (primary) {
    const tops = new Int32Array(growth.means.length + 1).fill(height);
    const bottoms = new Int32Array(growth.means.length + 1);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const c = growth.components[y * width + x]!;
        if (c && y < tops[c]!) tops[c] = y;
      }
    }
    for (let x = 0; x < width; x++) bottoms[growth.components[(height - 1) * width + x]!]!++;
    const primaryTop = tops[primary]!;
    growth.means.forEach((m, k) => {
      const c = k + 1;
      if (
        m.area >= OTHER_FLOOR_AREA * width * height &&
        bottoms[c]! >= OTHER_FLOOR_BOTTOM * width &&
        tops[c]! > primaryTop + OTHER_FLOOR_BELOW * height
      )
        keep.add(c);
    });
  }
  for (let i = 0; i < growth.free.length; i++) {
    if (growth.free[i] && !keep.has(growth.components[i]!)) {
      growth.free[i] = 0;
      growth.components[i] = 0;
    }
  }
}

/**
 * The floor grown again at half the region map's size (128 px): a floor whose pattern is coarse at 256 px (a mosaic's
 * black and white tiles, wide boards near the camera) is one colour there, where the finer growth stops at every
 * tile. Its cells join the free floor where they are of the finer floor's own colour at the coarse size (decision
 * 0052), the straight edges still barriers.
 */
function addCoarseFloor(
  free: Uint8Array,
  f: Features,
  barrier: Uint8Array,
  segments: readonly Segment[],
  regionScale: number,
  limitAt: (x: number) => number,
): void {
  const { width, height } = f;
  const cw = Math.floor(width / 2);
  const ch = Math.floor(height / 2);
  if (cw < 16 || ch < 16) return;
  const coarse = (data: Float32Array) => blur3(halvePlane({ width, height, data })).data;
  const features: Features = { width: cw, height: ch, l: coarse(f.l), rg: coarse(f.rg), by: coarse(f.by) };
  const coarseBarrier = new Uint8Array(cw * ch);
  for (const s of segments) {
    const k = regionScale * 2;
    drawLine(coarseBarrier, cw, ch, s.x1 / k, s.y1 / k, s.x2 / k, s.y2 / k);
  }
  const growth = growFloor(features, (x) => limitAt(x * 2) / 2, coarseBarrier);
  keepFloorComponents(growth, cw, ch);
  // the finer floor's colour at the coarse size: the coarse region is kept only when it is that floor seen coarser
  let sl = 0;
  let sa = 0;
  let sb = 0;
  let n = 0;
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      if (!free[2 * y * width + 2 * x]) continue;
      const i = y * cw + x;
      sl += features.l[i]!;
      sa += features.rg[i]!;
      sb += features.by[i]!;
      n++;
    }
  }
  if (n < 0.005 * cw * ch) return;
  const mean = { l: sl / n, rg: sa / n, by: sb / n };
  const kept = growth.means.map((m) => Math.hypot((m.l - mean.l) * LUMA_WEIGHT, m.rg - mean.rg, m.by - mean.by) < 14);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const c = growth.components[y * cw + x]!;
      if (!c || !kept[c - 1]) continue;
      for (let dy = 0; dy < 2; dy++) {
        for (let dx = 0; dx < 2; dx++) {
          const i = (2 * y + dy) * width + 2 * x + dx;
          if (!barrier[i]) free[i] = 1;
        }
      }
    }
  }
}

/**
 * The free floor grown on into its own shade inside the floor hull: a cell joins when it is of the floor's colour
 * (its two opponent colours near the free floor's, closer in proportion to the floor's own brightness) and only
 * darker or a little lighter (the shadow a piece casts, the far side of a rug's pile), with no straight edge and
 * no sharp step between it and the cell it is reached from.
 */
function growInShade(
  free: Uint8Array,
  f: Features,
  barrier: Uint8Array,
  inHull: Uint8Array,
  width: number,
  height: number,
): void {
  let sl = 0;
  let sa = 0;
  let sb = 0;
  let n = 0;
  for (let i = 0; i < free.length; i++) {
    if (!free[i]) continue;
    sl += f.l[i]!;
    sa += f.rg[i]!;
    sb += f.by[i]!;
    n++;
  }
  if (n === 0) return;
  const ml = sl / n;
  const ma = sa / n;
  const mb = sb / n;
  const queue = new Int32Array(free.length);
  let size = 0;
  for (let i = 0; i < free.length; i++) if (free[i]) queue[size++] = i;
  walkNeighbours(queue, size, width, height, (p, q) => {
    if (free[q] || !inHull[q] || barrier[q]) return -1;
    const l = f.l[q]!;
    if (l < SHADE_DARKEST * ml || l > SHADE_LIGHTEST * ml) return -1;
    // in shade a colour's opponent parts shrink with its brightness
    const k2 = l / ml;
    const tone = SHADE_TONE * Math.max(0.5, k2);
    if (Math.abs(f.rg[q]! - ma * k2) > tone || Math.abs(f.by[q]! - mb * k2) > tone) return -1;
    if (distance(f, p, q) > SHADE_STEP) return -1;
    free[q] = 1;
    return q;
  });
}

/**
 * One pass of a 3 × 3 erosion (`grow` false) or dilation of a 0/1 mask, edges repeated: a row's pass of three then a
 * column's (a square's minimum or maximum is its rows' of its columns').
 */
function morph(mask: Uint8Array, width: number, height: number, grow: boolean): Uint8Array {
  const across = new Uint8Array(mask.length);
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const a = mask[row + Math.max(0, x - 1)]!;
      const b = mask[row + x]!;
      const c = mask[row + Math.min(width - 1, x + 1)]!;
      across[row + x] = grow ? a | b | c : a & b & c;
    }
  }
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const row = y * width;
    const down = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const a = across[up + x]!;
      const b = across[row + x]!;
      const c = across[down + x]!;
      out[row + x] = grow ? a | b | c : a & b & c;
    }
  }
  return out;
}

/** Connected components (4-neighbour) of a 0/1 mask: labels from 1, and each one's cell count. */
function componentsOf(mask: Uint8Array, width: number, height: number): { labels: Int32Array; areas: number[] } {
  const labels = new Int32Array(mask.length);
  const queue = new Int32Array(mask.length);
  const areas: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    const label = areas.length + 1;
    labels[start] = label;
    queue[0] = start;
    const size = walkNeighbours(queue, 1, width, height, (_, q) => {
      if (!mask[q] || labels[q]) return -1;
      labels[q] = label;
      return q;
    });
    areas.push(size);
  }
  return { labels, areas };
}

/**
 * What a photo shows of its room or yard (decision 0041): the camera from the lines' vanishing points, the free floor
 * or ground by region growing from the bottom edge below the horizon, the visible floor as that free floor's
 * convex hull (a room's floor is convex in the picture), the pieces standing on it as what the hull holds that is
 * not free floor, the walls along the hull's far edge, and bright rectangles above the floor as windows and doors.
 * Every coordinate is in the photo's pixels.
 */
export function analyzePhoto(photo: Raster, mode: 'interior' | 'landscape'): PhotoGeometry {
  const full = downsample(photo, ANALYSIS_LONG_SIDE);
  const border = flatBorder(full.luma);
  const aw = full.luma.width - border.left - border.right;
  const ah = full.luma.height - border.top - border.bottom;
  // too small a picture to find lines or grow a floor in: the assumed camera and nothing to stand on
  if (aw < MIN_ANALYSED_SIDE || ah < MIN_ANALYSED_SIDE) return guessedGeometry(photo, mode);
  const luma = cropPlane(full.luma, border.left, border.top, aw, ah);
  const scale = full.scale;
  const offsetX = border.left * scale;
  const offsetY = border.top * scale;
  const toPhoto = (p: Point): Point => [offsetX + p[0] * scale, offsetY + p[1] * scale];

  const segments = detectSegments(luma, { minLength: 0.03 * Math.max(aw, ah) });
  const estimate = estimateCamera(segments, aw, ah, mode);
  const { camera } = estimate;
  const horizonAt = (x: number) => camera.horizonY - (x - camera.cx) * Math.tan(camera.roll);

  // region growing at half the analysis size, smoothed: floors and lawns are textured at the analysis size
  const half = (p: Plane) => blur3(blur3(halvePlane(cropPlane(p, border.left, border.top, aw, ah))));
  const l = half(full.luma);
  const rw = l.width;
  const rh = l.height;
  const features: Features = {
    width: rw,
    height: rh,
    l: l.data,
    rg: half(full.redGreen).data,
    by: half(full.blueYellow).data,
  };
  const regionScale = aw / rw;
  const guessedFloorTop = estimate.found ? 0 : (mode === 'interior' ? 0.55 : 0.6) * rh;
  // the straight edges are walls the growth does not cross: a chair's leg, a cabinet's foot, the skirting board
  // (a dim photo's dark floor and dark furniture differ by little more than the edge between them)
  const barrier = new Uint8Array(rw * rh);
  for (const s of segments)
    drawLine(barrier, rw, rh, s.x1 / regionScale, s.y1 / regionScale, s.x2 / regionScale, s.y2 / regionScale);
  const growth = growFloor(
    features,
    (x) => Math.max(horizonAt(x * regionScale) / regionScale, guessedFloorTop),
    barrier,
  );

  // the floor is what the bottom edge's middle stands on: a piece in a corner of the picture (the sofa the camera
  // stands beside) seeds a region too, and is kept only when it has the floor's colour
  keepFloorComponents(growth, rw, rh);
  fillJoints(growth.free, barrier, rw, rh);
  addCoarseFloor(growth.free, features, barrier, segments, regionScale, (x) =>
    Math.max(horizonAt(x * regionScale) / regionScale, guessedFloorTop),
  );

  // an opening then a slight erosion: a leak through a one-cell gap is cut, and the mixed cells at the floor's
  // edge are not offered as floor
  let free = morph(morph(growth.free, rw, rh, false), rw, rh, true);
  for (let k = 0; k < 2; k++) free = morph(free, rw, rh, false);
  const freeParts = componentsOf(free, rw, rh);
  // only the free floor that still reaches the bottom edge: the opening may have cut islands off
  const touches = new Set<number>();
  for (let x = 0; x < rw; x++) {
    for (let y = rh - 3; y < rh; y++) if (freeParts.labels[y * rw + x]) touches.add(freeParts.labels[y * rw + x]!);
  }
  for (let i = 0; i < free.length; i++) if (free[i] && !touches.has(freeParts.labels[i]!)) free[i] = 0;

  const toPhotoFromRegion = (p: Point): Point => toPhoto([p[0] * regionScale, p[1] * regionScale]);
  const points: Point[] = [];
  for (let y = 0; y < rh; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < rw; x++) {
      if (free[y * rw + x]) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first >= 0) points.push([first, y], [last + 1, y], [first, y + 1], [last + 1, y + 1]);
  }
  let freeArea = 0;
  for (let i = 0; i < free.length; i++) freeArea += free[i]!;
  const hasFloor = freeArea >= 0.02 * rw * rh;
  const hull = hasFloor ? convexHull(points) : [];
  // the floor's own shade inside its hull: the far side of a rug's pile, the shadow round a piece's foot
  if (hull.length >= 3) growInShade(free, features, barrier, rasterize(hull, rw, rh), rw, rh);

  // pieces: first what rises from the floor's far free cells, followed up to its top (decision 0041: whole
  // silhouettes, wall-standing ones too); then what the hull still holds that is not free floor (a footstool in
  // the middle of the room); specks smaller than a slipper are the floor's own texture
  const pieces: StandingPiece[] = [];
  const pieceAnchors: Anchor[] = [];
  const regionHorizon = (x: number) => horizonAt(x * regionScale) / regionScale;
  if (hull.length >= 3) {
    const inHull = rasterize(hull, rw, rh);
    const standing = findStandingPieces({
      features,
      free,
      inHull,
      horizonAt: regionHorizon,
      eyeHeight: camera.eyeHeight,
      mode,
      margin: PIECE_MARGIN,
    });
    const minPiece = 0.0006 * rw * rh;
    const occupied = new Uint8Array(rw * rh);
    for (let i = 0; i < occupied.length; i++) occupied[i] = inHull[i] && !free[i] ? 1 : 0;
    const parts = componentsOf(occupied, rw, rh);
    // each part of the hull's occupied cells goes with the risen piece it shares most cells with, if any
    const shared = parts.areas.map(() => new Map<number, number>());
    for (let i = 0; i < occupied.length; i++) {
      const part = parts.labels[i]!;
      const risen = standing.covered[i]!;
      if (part && risen) shared[part - 1]!.set(risen, (shared[part - 1]!.get(risen) ?? 0) + 1);
    }
    const joined = standing.pieces.map((): Point[][] => []);
    const alone: number[] = [];
    parts.areas.forEach((area, k) => {
      let best = 0;
      let most = 0;
      for (const [risen, count] of shared[k]!)
        if (count > most) {
          best = risen;
          most = count;
        }
      const outline = area >= minPiece || best ? columnSpanOutline(parts.labels, rw, rh, k + 1) : null;
      if (!outline) return;
      if (best) joined[best - 1]!.push(outline);
      else alone.push(k);
    });
    standing.pieces.forEach((found, k) => {
      if (found.area < minPiece && joined[k]!.length === 0) return;
      // with the hull's cells it stands in: their convex hull, as for a piece on the floor (the floor between a
      // stool's legs is the stool's), so the risen part adds to what the floor alone showed and takes nothing off
      const piece = pieceOf(found, toPhotoFromRegion);
      if (joined[k]!.length) {
        const hullOfAll = grownBy(convexHull([...found.outline, ...joined[k]!.flat()]), PIECE_MARGIN);
        piece.polygon = hullOfAll.map(toPhotoFromRegion);
      }
      pieces.push(piece);
      // a yard's fence, hedge or tree along the ground's edge is an anchor too: string lights hang from its top
      if (mode === 'landscape' && (found.kind === 'fence' || found.kind === 'tree')) {
        const tops = found.outline.slice(0, found.outline.length / 2).map(toPhotoFromRegion);
        pieceAnchors.push({
          kind: found.kind,
          polygon: piece.polygon,
          ...(found.kind === 'fence' ? { hangLine: simplify(tops, 1.5 * regionScale * scale) } : {}),
        });
      }
    });
    for (const k of alone) {
      const area = parts.areas[k]!;
      const outline = columnSpanOutline(parts.labels, rw, rh, k + 1)!;
      // the piece's hull: the floor seen between a stool's legs or under a table is still the piece's; and a
      // margin round a large piece, whose edge blurs into the floor at the analysis size and which a product set
      // right against its outline would overlap
      const hullOfPiece = convexHull(outline);
      const polygon = (area >= 0.003 * rw * rh ? grownBy(hullOfPiece, PIECE_MARGIN) : hullOfPiece).map(
        toPhotoFromRegion,
      );
      let green = 0;
      for (let i = 0; i < parts.labels.length; i++)
        if (parts.labels[i] === k + 1 && features.rg[i]! < -4 && features.by[i]! > 0) green++;
      const described = describeOutline(outline, regionHorizon, camera.eyeHeight, mode, green / area);
      pieces.push({ polygon, footprint: footprintOf(outline).map(toPhotoFromRegion), ...described });
    }
  }

  // the free floor stays free: a piece's outline (a hull round its cells, grown by a margin, or a column's reach
  // down to the floor it rises from) is cut back where it covers grown floor more than a cell from anything else,
  // and a piece left with nothing but floor under it was the floor's own pattern
  const clipped = clipToFreeFloor(
    pieces,
    free,
    features,
    barrier,
    (q) => [(q[0] - offsetX) / scale / regionScale, (q[1] - offsetY) / scale / regionScale],
    toPhotoFromRegion,
    0.0006 * rw * rh,
    CLIP_MARGIN,
  );
  pieces.splice(0, pieces.length, ...clipped);
  const frame: Frame = { cx: aw / 2, cy: ah / 2, scale: Math.max(aw, ah) };
  const walls =
    mode === 'interior' && hull.length >= 3 ? wallsAlong(hull, rw, estimate, segments, frame, regionScale) : [];
  const regionHorizonAt = (x: number) => horizonAt(x * regionScale) / regionScale;
  const bright = findOpenings(features, free, hull, mode, regionHorizonAt);
  const hullCells = hull.length >= 3 ? rasterize(hull, rw, rh) : new Uint8Array(rw * rh);
  const floorTops = new Float32Array(rw).fill(rh);
  for (let x = 0; x < rw; x++) {
    for (let y = 0; y < rh; y++) {
      if (hullCells[y * rw + x]) {
        floorTops[x] = y;
        break;
      }
    }
  }
  const openings = [
    ...bright,
    ...findFramedOpenings({
      luma: features.l,
      width: rw,
      height: rh,
      segments,
      regionScale,
      inHull: hullCells,
      mode,
      horizonAt: regionHorizonAt,
      // a yard's horizon with no lines to meet on it (a facade seen square) is a guess
      horizonGuessed: mode === 'landscape' && !estimate.found,
      floorTopAt: (x) => floorTops[Math.max(0, Math.min(rw - 1, Math.round(x)))]!,
      known: bright,
      pieces: pieces.map((piece) => ({
        group: piece.group,
        polygon: piece.polygon.map(([x, y]): Point => [
          (x - offsetX) / scale / regionScale,
          (y - offsetY) / scale / regionScale,
        ]),
      })),
    }),
  ];
  const ground = mode === 'landscape' ? groundOf(growth, free, rw, rh) : [];
  const anchors = mode === 'landscape' ? anchorsOf(segments, estimate, frame, hull, regionScale, aw) : [];

  const mapPolygon = (polygon: Polygon) => polygon.map(toPhotoFromRegion);
  const verticalPoint = estimate.vertical ? toPixels(estimate.vertical.point, frame) : null;
  return {
    width: photo.width,
    height: photo.height,
    mode,
    source: estimate.found && hasFloor ? 'found' : 'guessed',
    camera: {
      focal: camera.focal * scale,
      cx: offsetX + camera.cx * scale,
      cy: offsetY + camera.cy * scale,
      horizonY: offsetY + camera.horizonY * scale,
      roll: camera.roll,
      eyeHeight: camera.eyeHeight,
      focalSource: camera.focalSource ?? 'prior',
      confidence: hasFloor ? (camera.confidence ?? 0) : Math.min(camera.confidence ?? 0, 0.2),
    },
    vanishingPoints: {
      vertical: verticalPoint ? toPhoto(verticalPoint) : null,
      horizontal: estimate.horizontal
        .map((h) => toPixels(h.point, frame))
        .filter((p): p is [number, number] => p !== null)
        .map(toPhoto),
    },
    floor: hull.length >= 3 ? [mapPolygon(hull)] : [],
    walls: walls.map((w) => ({
      ...w,
      polygon: mapPolygon(w.polygon),
      ...(w.vanishingPoint ? { vanishingPoint: toPhoto(w.vanishingPoint) } : {}),
    })),
    openings: openings.map((o) => ({ ...o, polygon: mapPolygon(o.polygon) })),
    pieces,
    ground: ground.map((g) => ({ ...g, polygon: mapPolygon(g.polygon) })),
    anchors: [
      ...anchors.map((a) => ({
        ...a,
        polygon: a.polygon.map(toPhoto),
        ...(a.hangLine ? { hangLine: a.hangLine.map(toPhoto) } : {}),
      })),
      ...pieceAnchors,
    ],
  };
}

/**
 * The pieces without the free floor they were drawn over: each piece's cells (its polygon on the region map) less
 * the floor among them (floorWithin) and the free floor eroded by a cell (the cell next to a piece stays the piece's: its edge blurs into the floor), taken
 * apart into connected parts, each part's column-span outline a piece of the same kind. Parts smaller than
 * `minArea` cells are dropped, and a piece with none left is dropped.
 */
export function clipToFreeFloor(
  pieces: readonly StandingPiece[],
  free: Uint8Array,
  features: Features,
  barrier: Uint8Array,
  toRegion: (p: Point) => Point,
  fromRegion: (p: Point) => Point,
  minArea: number,
  margin: number,
): StandingPiece[] {
  const { width, height } = features;
  const out: StandingPiece[] = [];
  for (const piece of pieces) {
    const cells = rasterize(piece.polygon.map(toRegion), width, height);
    const floor = floorWithin(cells, free, features, barrier);
    if (!floor) continue;
    let before = 0;
    let core: Uint8Array = new Uint8Array(cells.length);
    for (let i = 0; i < cells.length; i++) {
      if (!cells[i]) continue;
      before++;
      if (!free[i] && !floor[i]) core[i] = 1;
    }
    // the free floor the piece's own cells close round (between a stool's legs, under a chair's seat) stays the
    // piece's: the hull of its own cells, grown by the margin, bounds what is cut
    const corners: Point[] = [];
    for (let y = 0; y < height; y++) {
      let first = -1;
      let last = -1;
      for (let x = 0; x < width; x++) {
        if (!core[y * width + x]) continue;
        if (first < 0) first = x;
        last = x;
      }
      if (first >= 0) corners.push([first, y], [last + 1, y], [first, y + 1], [last + 1, y + 1]);
    }
    if (corners.length < 3) continue;
    const closed = rasterize(grownBy(convexHull(corners), margin), width, height);
    // …but not below its base: in each column the lowest of its own cells within the margin's columns. The floor
    // below that is in front of the piece, not under it (the hull of a door's piece reaching down beside an
    // armchair's takes the rug in front of both); the floor between a stool's legs lies above their feet and stays
    // the piece's, and the margin below its feet stays by the dilation of its cells
    const lowest = new Int32Array(width).fill(-1);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (core[y * width + x]) lowest[x] = y;
    for (let x = 0; x < width; x++) {
      let base = -1;
      for (let dx = Math.max(0, x - margin); dx <= Math.min(width - 1, x + margin); dx++)
        base = Math.max(base, lowest[dx]!);
      for (let y = base + 1; y < height; y++) closed[y * width + x] = 0;
    }
    for (let k = 0; k < margin; k++) core = morph(core, width, height, true);
    const labels = new Int32Array(cells.length);
    let after = 0;
    for (let i = 0; i < cells.length; i++) {
      labels[i] = cells[i]! & (core[i]! | closed[i]!);
      after += labels[i]!;
    }
    if (after < Math.min(minArea, before)) continue;
    const outline = columnSpanOutline(labels, width, height, 1);
    if (outline) out.push({ ...piece, polygon: simplify(outline, 0.75).map(fromRegion) });
  }
  return out;
}

/**
 * The cells of a piece's outline that are the floor it stands on, not the piece: those reached from the free floor
 * round it through cells of that floor's colour (the mean of the free cells within FLOOR_RING cells of the outline),
 * no straight edge and no sharp step on the way: the plain floor round a piece's base that its outline took in. Null
 * when the piece's own cells are mostly of that colour: it is the floor's pattern.
 */
function floorWithin(cells: Uint8Array, free: Uint8Array, f: Features, barrier: Uint8Array): Uint8Array | null {
  const { width, height } = f;
  const floor = new Uint8Array(cells.length);
  let ring: Uint8Array = cells;
  for (let k = 0; k < FLOOR_RING; k++) ring = morph(ring, width, height, true);
  const queue = new Int32Array(cells.length);
  let size = 0;
  let sl = 0;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < cells.length; i++) {
    if (!ring[i] || !free[i]) continue;
    sl += f.l[i]!;
    sa += f.rg[i]!;
    sb += f.by[i]!;
    queue[size++] = i;
  }
  // (a few cells of floor are too few to say its colour)
  if (size < 8) return floor;
  const ml = sl / size;
  const ma = sa / size;
  const mb = sb / size;
  const fromFloor = (i: number) => {
    const dl = (f.l[i]! - ml) * LUMA_WEIGHT;
    return Math.hypot(dl, f.rg[i]! - ma, f.by[i]! - mb);
  };
  let own = 0;
  let floorColoured = 0;
  for (let i = 0; i < cells.length; i++) {
    if (!cells[i] || free[i]) continue;
    own++;
    if (fromFloor(i) <= FLOOR_DROP_COLOUR) floorColoured++;
  }
  if (own > 0 && floorColoured >= FLOOR_DROP_SHARE * own) return null;
  walkNeighbours(queue, size, width, height, (p, q) => {
    if (floor[q] || free[q] || !cells[q] || barrier[q]) return -1;
    if (fromFloor(q) > FLOOR_WITHIN || distance(f, p, q) > LOCAL_STEP) return -1;
    floor[q] = 1;
    return q;
  });
  return floor;
}

/** A found piece in the photo's pixels: its silhouette, the band it stands on, what it looks like. */
function pieceOf(found: FoundPiece, toPhoto: (p: Point) => Point): StandingPiece {
  const { outline, kind, group, confidence, heightMetres, againstWall } = found;
  return {
    polygon: simplify(outline, 0.75).map(toPhoto),
    footprint: footprintOf(outline).map(toPhoto),
    kind,
    ...(group ? { group } : {}),
    ...(confidence !== undefined ? { confidence } : {}),
    ...(heightMetres !== undefined ? { heightMetres } : {}),
    againstWall,
  };
}

/** A convex polygon moved outward by `margin` along each corner's bisector (a convex polygon's offset, near enough). */
function grownBy(polygon: readonly Point[], margin: number): Point[] {
  const n = polygon.length;
  if (n < 3) return [...polygon];
  let cx = 0;
  let cy = 0;
  for (const p of polygon) {
    cx += p[0] / n;
    cy += p[1] / n;
  }
  return polygon.map(([x, y]) => {
    const d = Math.hypot(x - cx, y - cy) || 1;
    return [x + ((x - cx) / d) * margin, y + ((y - cy) / d) * margin];
  });
}

/** The fallback when a picture cannot be analysed: a level camera of the usual focal length, no floor. */
function guessedGeometry(photo: Raster, mode: 'interior' | 'landscape'): PhotoGeometry {
  const { width, height } = photo;
  return {
    width,
    height,
    mode,
    source: 'guessed',
    camera: {
      focal: FOCAL_PRIOR_PER_LONG_SIDE * Math.max(width, height),
      cx: width / 2,
      cy: height / 2,
      horizonY: GUESSED_HORIZON[mode] * height,
      roll: 0,
      eyeHeight: mode === 'interior' ? 1.3 : 1.6,
      focalSource: 'prior',
      confidence: 0,
    },
    vanishingPoints: { vertical: null, horizontal: [] },
    floor: [],
    walls: [],
    openings: [],
    pieces: [],
    ground: [],
    anchors: [],
  };
}

/** The bottom band of a column-span outline (its second half, the bottoms), an eighth of its height deep. */
function footprintOf(outline: readonly Point[]): Point[] {
  const half = outline.length / 2;
  const bottoms = outline.slice(half);
  let top = Infinity;
  let bottom = -Infinity;
  for (const p of outline) {
    if (p[1] < top) top = p[1];
    if (p[1] > bottom) bottom = p[1];
  }
  const depth = Math.max(1, (bottom - top) / 8);
  const raised = [...bottoms].reverse().map((p): Point => [p[0], p[1] - depth]);
  return simplify([...raised, ...bottoms], 0.75);
}

/**
 * The walls standing on the floor hull's far edge: its upper chain between the leftmost and rightmost corners,
 * edges of about one direction merged, each edge facing by its slope (rising to the right: the left wall's foot;
 * level: the back wall; falling: the right wall's), each wall drawn from its foot up to the picture's top.
 */
function wallsAlong(
  hull: readonly Point[],
  width: number,
  estimate: CameraEstimate,
  segments: readonly Segment[],
  frame: Frame,
  regionScale: number,
): WallPlane[] {
  let left = 0;
  let right = 0;
  hull.forEach((p, i) => {
    if (p[0] < hull[left]![0] || (p[0] === hull[left]![0] && p[1] < hull[left]![1])) left = i;
    if (p[0] > hull[right]![0] || (p[0] === hull[right]![0] && p[1] < hull[right]![1])) right = i;
  });
  // the chain from left to right that passes over the top (smaller rows)
  const forward: Point[] = [];
  for (let i = left; ; i = (i + 1) % hull.length) {
    forward.push(hull[i]!);
    if (i === right) break;
  }
  const backward: Point[] = [];
  for (let i = left; ; i = (i - 1 + hull.length) % hull.length) {
    backward.push(hull[i]!);
    if (i === right) break;
  }
  const meanRow = (chain: Point[]) => chain.reduce((t, p) => t + p[1], 0) / chain.length;
  const upper = meanRow(forward) < meanRow(backward) ? forward : backward;
  const walls: WallPlane[] = [];
  let start = upper[0]!;
  for (let i = 1; i < upper.length; i++) {
    const end = upper[i]!;
    const next = upper[i + 1];
    const direction = Math.atan2(end[1] - start[1], end[0] - start[0]);
    if (next && Math.abs(Math.atan2(next[1] - end[1], next[0] - end[0]) - direction) < (8 * Math.PI) / 180) continue;
    if (end[0] - start[0] >= 0.08 * width) {
      const slope = direction;
      const facing: WallFacing = slope < -0.12 ? 'left' : slope > 0.12 ? 'right' : 'back';
      const foot: Segment = {
        x1: start[0] * regionScale,
        y1: start[1] * regionScale,
        x2: end[0] * regionScale,
        y2: end[1] * regionScale,
        length: Math.hypot(end[0] - start[0], end[1] - start[1]) * regionScale,
        angle: 0,
      };
      const runsTo = estimate.horizontal.find((h) => angleToPoint(foot, h.point, frame) < (4 * Math.PI) / 180);
      const at = runsTo ? toPixels(runsTo.point, frame) : null;
      walls.push({
        polygon: [start, end, [end[0], 0], [start[0], 0]],
        facing,
        ...(at ? { vanishingPoint: at } : {}),
      });
    }
    start = end;
  }
  void segments;
  return walls;
}

/**
 * Windows and doors as bright rectangles off the floor: cells clearly brighter than the picture's upper part, in
 * components that fill most of their box and are neither slivers nor the sky along the top edge. A tall one whose
 * foot reaches the floor is a door.
 */
function findOpenings(
  f: Features,
  free: Uint8Array,
  hull: readonly Point[],
  mode: 'interior' | 'landscape',
  horizonAt: (x: number) => number,
): Opening[] {
  const { width, height, l } = f;
  const inHull = hull.length >= 3 ? rasterize(hull, width, height) : new Uint8Array(width * height);
  const values: number[] = [];
  for (let i = 0; i < l.length; i += 3) if (!inHull[i]) values.push(l[i]!);
  values.sort((a, b) => a - b);
  const median = values[Math.floor(values.length / 2)] ?? 128;
  const threshold = Math.max(185, Math.min(235, median + 45));
  const bright = new Uint8Array(width * height);
  for (let i = 0; i < bright.length; i++) bright[i] = l[i]! >= threshold && !inHull[i] && !free[i] ? 1 : 0;
  const { labels, areas } = componentsOf(bright, width, height);
  const boxes = areas.map(() => ({
    x0: width,
    y0: height,
    x1: -1,
    y1: -1,
    sum: [Infinity, -Infinity, -Infinity, Infinity],
  }));
  const corners: Point[][] = areas.map(() => [
    [0, 0],
    [0, 0],
    [0, 0],
    [0, 0],
  ]);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const label = labels[y * width + x]!;
      if (!label) continue;
      const b = boxes[label - 1]!;
      if (x < b.x0) b.x0 = x;
      if (x > b.x1) b.x1 = x;
      if (y < b.y0) b.y0 = y;
      if (y > b.y1) b.y1 = y;
      const c = corners[label - 1]!;
      // the corners of a rectangle seen in perspective: the extremes of x + y and x − y
      if (x + y < b.sum[0]!) {
        b.sum[0] = x + y;
        c[0] = [x, y];
      }
      if (x - y > b.sum[1]!) {
        b.sum[1] = x - y;
        c[1] = [x + 1, y];
      }
      if (x + y > b.sum[2]!) {
        b.sum[2] = x + y;
        c[2] = [x + 1, y + 1];
      }
      if (x - y < b.sum[3]!) {
        b.sum[3] = x - y;
        c[3] = [x, y + 1];
      }
    }
  }
  const openings: Opening[] = [];
  areas.forEach((area, k) => {
    const b = boxes[k]!;
    const w = b.x1 - b.x0 + 1;
    const h = b.y1 - b.y0 + 1;
    if (area < 0.004 * width * height || w < 0.03 * width || h < 0.03 * height) return;
    if (area / (w * h) < 0.7 || w > 6 * h || h > 6 * w) return;
    // a window or a door reaches above the eyes' height; a bright thing wholly below the horizon is a table top,
    // a rug or a cushion
    if (b.y0 > horizonAt((b.x0 + b.x1 + 1) / 2)) return;
    // and in a room comes down to about the eyes' height: a bright thing wholly above them is a picture or a lamp
    if (mode === 'interior' && b.y1 < horizonAt((b.x0 + b.x1 + 1) / 2) - ROOM_SILL_ABOVE * height) return;
    // the sky: along the top edge, in a yard always and in a room when it is wider than tall
    if (b.y0 === 0 && (mode === 'landscape' || w > h)) return;
    // the floor's far edge below the opening: a door reaches it
    let floorTop = height;
    for (let x = b.x0; x <= b.x1; x++) {
      for (let y = b.y1; y < Math.min(height, floorTop); y++) {
        if (inHull[y * width + x]) {
          floorTop = y;
          break;
        }
      }
    }
    const door = h > 1.6 * w && b.y1 >= Math.min(floorTop, height) - 0.06 * height;
    openings.push({ kind: door ? 'door' : 'window', polygon: corners[k]! });
  });
  return openings;
}

/** The yard's ground by each seed region's colour: green is lawn, dark brown is beds, the rest paving. */
function groundOf(growth: FloorGrowth, free: Uint8Array, width: number, height: number): GroundRegion[] {
  const byKind = new Map<GroundKind, Uint8Array>();
  for (let i = 0; i < free.length; i++) {
    const c = growth.components[i]!;
    if (!free[i] || !c) continue;
    const m = growth.means[c - 1]!;
    const kind: GroundKind = m.rg < -4 && m.by > 4 ? 'lawn' : m.l < 80 && m.rg > 4 ? 'beds' : 'patio';
    let mask = byKind.get(kind);
    if (!mask) byKind.set(kind, (mask = new Uint8Array(free.length)));
    mask[i] = 1;
  }
  const regions: GroundRegion[] = [];
  for (const [kind, mask] of byKind) {
    const { labels, areas } = componentsOf(mask, width, height);
    areas.forEach((area, k) => {
      if (area < 0.01 * width * height) return;
      const outline = columnSpanOutline(labels, width, height, k + 1);
      if (!outline) return;
      regions.push({
        kind: kind === 'patio' && isPath(outline, area) ? 'path' : kind,
        polygon: simplify(outline, 0.75),
      });
    });
  }
  return regions;
}

/**
 * Whether paving is a path rather than a patio: a strip that runs away from the camera, narrowing as it goes (its
 * box mostly empty, deeper than it is wide at its far end), not an open paved area.
 */
function isPath(outline: readonly Point[], area: number): boolean {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const [x, y] of outline) {
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const boxArea = (x1 - x0) * (y1 - y0);
  const meanWidth = area / Math.max(1, y1 - y0);
  return boxArea > 0 && area / boxArea < 0.55 && meanWidth < 0.6 * (y1 - y0) * 2;
}

/**
 * A house wall as an anchor: the box of the segments above the ground that run to the vertical or a horizontal
 * vanishing point (a facade's edges, sills and courses), when there are enough of them; its foot at the ground.
 */
function anchorsOf(
  segments: readonly Segment[],
  estimate: CameraEstimate,
  frame: Frame,
  hull: readonly Point[],
  regionScale: number,
  width: number,
): Anchor[] {
  const groundTop = hull.length ? Math.min(...hull.map((p) => p[1])) * regionScale : Infinity;
  const structural = new Set<number>();
  for (const vp of [estimate.vertical, ...estimate.horizontal]) for (const i of vp?.inliers ?? []) structural.add(i);
  const xs: number[] = [];
  const ys: number[] = [];
  let length = 0;
  for (const i of structural) {
    const s = segments[i]!;
    if (Math.max(s.y1, s.y2) > groundTop + 2) continue;
    xs.push(s.x1, s.x2);
    ys.push(s.y1, s.y2);
    length += s.length;
  }
  if (length < 1.5 * frame.scale) return [];
  xs.sort((a, b) => a - b);
  ys.sort((a, b) => a - b);
  const at = (v: number[], q: number) => v[Math.floor(q * (v.length - 1))]!;
  const x0 = at(xs, 0.05);
  const x1 = at(xs, 0.95);
  const y0 = at(ys, 0.05);
  const y1 = Math.min(at(ys, 1), groundTop);
  if (x1 - x0 < 0.1 * width || y1 <= y0) return [];
  return [
    {
      kind: 'house-wall',
      polygon: [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ],
      // the eave: the wall's top, where its highest structural lines run
      hangLine: [
        [x0, y0],
        [x1, y0],
      ],
    },
  ];
}

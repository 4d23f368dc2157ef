/**
 * The floor (or ground) plane a render stood its products on, as four corners in the render's pixels: a rectangle
 * on the floor seen in perspective (decision 0046). The web draws it as a grid the person can correct, and both the
 * web (live, while adjusting) and the server (for the final picture) size and re-flow products by it, with these
 * same functions, so what the person sees while dragging is what the server draws.
 *
 * Corners in order: near left, near right, far right, far left. The picture of a floor point is the image of (u, v)
 * in the unit square under the quad's homography, u across (0 at the left edge), v into the picture (0 at the near
 * edge). The floor's horizon is the image of the square's line at infinity; a product's size in pixels is
 * proportional to its foot's distance below that horizon (a pinhole camera: pixels per metre = distance / eye height).
 */

export type PlanePoint = readonly [x: number, y: number];
export type FloorQuad = readonly [PlanePoint, PlanePoint, PlanePoint, PlanePoint];

type Matrix = [number, number, number, number, number, number, number, number, number];

/** A line a·x + b·y + c = 0 with (a, b) of length 1, the floor on its positive side. */
export interface PlaneHorizon {
  a: number;
  b: number;
  c: number;
}

/** A foot this close to the horizon (pixels) is as far back as a product may go. */
const MIN_DISTANCE = 4;

/** The homography that maps the unit square (u, v) onto the quad (Heckbert's square-to-quad). */
export function quadHomography(quad: FloorQuad): Matrix {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = quad;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  if (Math.abs(sx) < 1e-9 && Math.abs(sy) < 1e-9) {
    return [x1 - x0, x3 - x0, x0, y1 - y0, y3 - y0, y0, 0, 0, 1];
  }
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const det = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / det;
  const h = (dx1 * sy - sx * dy1) / det;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

function invert([a, b, c, d, e, f, g, h, i]: Matrix): Matrix | null {
  const A = e * i - f * h;
  const B = f * g - d * i;
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  return [
    A / det,
    (c * h - b * i) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    (c * d - a * f) / det,
    C / det,
    (b * g - a * h) / det,
    (a * e - b * d) / det,
  ];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  const w = m[6] * x + m[7] * y + m[8];
  return [(m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w];
}

/** The picture point of floor coordinates (u, v). */
export function pointOnQuad(quad: FloorQuad, u: number, v: number): [number, number] {
  return apply(quadHomography(quad), u, v);
}

/**
 * The floor's horizon: where the quad's sides meet (the image of the line at infinity). Null when the sides do not
 * converge (no perspective to size by) or the quad is not a floor seen from above it.
 */
export function horizonOf(quad: FloorQuad): PlaneHorizon | null {
  const m = quadHomography(quad);
  const inv = invert(m);
  if (!inv) return null;
  // lines map by the inverse transpose: the line at infinity (0, 0, 1) becomes the third row of the inverse
  let a = inv[6];
  let b = inv[7];
  let c = inv[8];
  const length = Math.hypot(a, b);
  // parallel sides: the horizon is at infinity, or too far off to be a floor's
  if (length < 1e-12 || Math.abs(c) / length > 1e6) return null;
  a /= length;
  b /= length;
  c /= length;
  const side = a * quad[0][0] + b * quad[0][1] + c;
  if (side < 0) {
    a = -a;
    b = -b;
    c = -c;
  }
  return { a, b, c };
}

/** How far below the horizon a picture point lies, in pixels (negative above it). */
export function distanceBelow(horizon: PlaneHorizon, [x, y]: PlanePoint): number {
  return horizon.a * x + horizon.b * y + horizon.c;
}

/**
 * Why four corners are not a floor one can stand products on, or null when they are: the corners must make a convex
 * quad whose sides meet beyond its far edge, and every corner must lie below that horizon.
 */
export function floorQuadProblem(quad: FloorQuad): string | null {
  if (!quad.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y))) return 'corners must be numbers';
  // convex: every turn the same way
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = quad[i]!;
    const [bx, by] = quad[(i + 1) % 4]!;
    const [cx, cy] = quad[(i + 2) % 4]!;
    const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    if (Math.abs(cross) < 1e-6) return 'three corners lie on one line';
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return 'the corners cross over: the floor must be a four-sided shape';
  }
  const horizon = horizonOf(quad);
  if (!horizon) return 'the floor’s sides must meet in the distance, as a floor’s do in a photo';
  // the floor lies below its horizon in the picture (a quad whose sides meet below it is a ceiling)
  if (horizon.b <= 0) return 'the floor’s sides must meet above it, in the distance';
  if (quad.some((corner) => distanceBelow(horizon, corner) < MIN_DISTANCE)) {
    return 'the far corners must stay below where the floor’s sides meet';
  }
  // the near edge nearer than the far one: the near corners further below the horizon
  const near = Math.min(distanceBelow(horizon, quad[0]), distanceBelow(horizon, quad[1]));
  const far = Math.max(distanceBelow(horizon, quad[2]), distanceBelow(horizon, quad[3]));
  if (near <= far) return 'the near edge must be lower in the picture than the far edge';
  return null;
}

/**
 * How much larger a product standing at `to` is drawn than at `from` on this floor: the ratio of their distances
 * below the horizon (nearer is larger). 1 when the floor has no horizon; `to` is held at least a few pixels below it.
 */
export function perspectiveFactor(quad: FloorQuad, from: PlanePoint, to: PlanePoint): number {
  const horizon = horizonOf(quad);
  if (!horizon) return 1;
  const d0 = distanceBelow(horizon, from);
  if (d0 < MIN_DISTANCE) return 1;
  return Math.max(MIN_DISTANCE, distanceBelow(horizon, to)) / d0;
}

/** Moves a point toward the floor side of the horizon until it lies at least a few pixels below it. */
export function keepBelowHorizon(quad: FloorQuad, [x, y]: PlanePoint): [number, number] {
  const horizon = horizonOf(quad);
  if (!horizon) return [x, y];
  const d = distanceBelow(horizon, [x, y]);
  if (d >= MIN_DISTANCE) return [x, y];
  const push = MIN_DISTANCE - d;
  return [x + horizon.a * push, y + horizon.b * push];
}

export interface PlaneBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A point held on the near side of the floor's far edge (a product cannot stand past the back wall): past it, the
 * point goes straight down onto the edge, keeping its column, so a product dragged there still follows the pointer
 * across.
 */
export function keepOnFloor(quad: FloorQuad, foot: PlanePoint): [number, number] {
  const below = keepBelowHorizon(quad, foot);
  const inv = invert(quadHomography(quad));
  if (!inv) return below;
  const [, v] = apply(inv, below[0], below[1]);
  if (!(Number.isFinite(v) && v > 1)) return below;
  const [, , [rx, ry], [lx, ly]] = quad;
  if (Math.abs(rx - lx) < 1e-6) return below;
  const t = (below[0] - lx) / (rx - lx);
  return [below[0], ly + t * (ry - ly)];
}

/**
 * A box standing on the floor moved so its foot (the middle of its bottom edge) is at `foot`, no further back than
 * the floor's far edge, and scaled by the perspective between its old foot and the new one.
 */
export function standAt(quad: FloorQuad, box: PlaneBox, foot: PlanePoint): PlaneBox {
  const from: PlanePoint = [box.x + box.width / 2, box.y + box.height];
  const to = keepOnFloor(quad, foot);
  const k = perspectiveFactor(quad, from, to);
  const width = box.width * k;
  const height = box.height * k;
  return { x: to[0] - width / 2, y: to[1] - height, width, height };
}

/**
 * A box on the floor `from` re-flowed onto the floor `to`: its foot keeps its place on the floor (the same u, v) and
 * its size follows the new floor's perspective (the same size in metres, as both floors share the eye height).
 * Unchanged when the floors are the same or either has no horizon.
 */
export function reflowBox(from: FloorQuad, to: FloorQuad, box: PlaneBox): PlaneBox {
  if (sameQuad(from, to)) return box;
  const h0 = horizonOf(from);
  const h1 = horizonOf(to);
  const inv = invert(quadHomography(from));
  if (!h0 || !h1 || !inv) return box;
  const foot: PlanePoint = [box.x + box.width / 2, box.y + box.height];
  const d0 = distanceBelow(h0, foot);
  if (d0 < MIN_DISTANCE) return box;
  const [u, v] = apply(inv, foot[0], foot[1]);
  const moved = keepBelowHorizon(to, pointOnQuad(to, u, v));
  const k = distanceBelow(h1, moved) / d0;
  const width = box.width * k;
  const height = box.height * k;
  return { x: moved[0] - width / 2, y: moved[1] - height, width, height };
}

/** Whether two floors are the same corners. */
export const sameQuad = (a: FloorQuad, b: FloorQuad): boolean =>
  a.every(([x, y], i) => x === b[i]![0] && y === b[i]![1]);

/** A box in whole pixels inside a picture of this size (at least 1 × 1, at most the picture). */
export function wholeBox(box: PlaneBox, width: number, height: number): PlaneBox {
  const w = Math.max(1, Math.min(width, Math.round(box.width)));
  const h = Math.max(1, Math.min(height, Math.round(box.height)));
  return {
    x: Math.min(Math.max(0, Math.round(box.x)), width - w),
    y: Math.min(Math.max(0, Math.round(box.y)), height - h),
    width: w,
    height: h,
  };
}

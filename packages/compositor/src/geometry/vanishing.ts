import type { Segment } from './lines';

/** A homogeneous point in centred, scaled coordinates ((x − cx) / s, (y − cy) / s, 1), of unit length. */
export type Homogeneous = [number, number, number];

export interface VanishingPoint {
  point: Homogeneous;
  /** The summed length of the segments that run to it, in pixels. */
  support: number;
  /** Its segments' indices. */
  inliers: number[];
}

/** How the analysis maps pixels to the centred, scaled coordinates the vanishing points live in. */
export interface Frame {
  cx: number;
  cy: number;
  scale: number;
}

/** A segment agrees with a vanishing point when the line from its middle to the point is within this angle of it. */
const INLIER_ANGLE = (2 * Math.PI) / 180;

/** A deterministic pseudo-random sequence (mulberry32), so an analysis gives the same answer every time. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function lineOf(s: Segment, frame: Frame): Homogeneous {
  const ax = (s.x1 - frame.cx) / frame.scale;
  const ay = (s.y1 - frame.cy) / frame.scale;
  const bx = (s.x2 - frame.cx) / frame.scale;
  const by = (s.y2 - frame.cy) / frame.scale;
  const l: Homogeneous = [ay - by, bx - ax, ax * by - ay * bx];
  const norm = Math.hypot(l[0], l[1]);
  return [l[0] / norm, l[1] / norm, l[2] / norm];
}

function cross(a: Homogeneous, b: Homogeneous): Homogeneous {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function unit(v: Homogeneous): Homogeneous {
  const n = Math.hypot(v[0], v[1], v[2]);
  return n === 0 ? [0, 0, 1] : [v[0] / n, v[1] / n, v[2] / n];
}

/** The angle between a segment and the line from its middle to a vanishing point, in radians (0 … π/2). */
export function angleToPoint(s: Segment, v: Homogeneous, frame: Frame): number {
  const mx = ((s.x1 + s.x2) / 2 - frame.cx) / frame.scale;
  const my = ((s.y1 + s.y2) / 2 - frame.cy) / frame.scale;
  let dx: number;
  let dy: number;
  if (Math.abs(v[2]) < 1e-9) {
    dx = v[0];
    dy = v[1];
  } else {
    dx = v[0] / v[2] - mx;
    dy = v[1] / v[2] - my;
  }
  const sx = s.x2 - s.x1;
  const sy = s.y2 - s.y1;
  const cos = Math.abs(dx * sx + dy * sy) / (Math.hypot(dx, dy) * Math.hypot(sx, sy) || 1);
  return Math.acos(Math.min(1, cos));
}

/**
 * The vanishing point most of the segments' length runs to, by RANSAC over pairs of segments (each pair's
 * intersection a candidate, the longer segments drawn more often), then refined by least squares over its
 * segments: the unit vector that is closest to lying on all their lines. Null when fewer than two segments.
 */
export function strongestVanishingPoint(
  segments: readonly Segment[],
  candidates: readonly number[],
  frame: Frame,
  random: () => number,
  accept: (v: Homogeneous) => boolean = () => true,
  iterations = 400,
): VanishingPoint | null {
  if (candidates.length < 2) return null;
  const lines = candidates.map((i) => lineOf(segments[i]!, frame));
  // draws weighted by length: a cumulative table searched by bisection
  const cumulative = new Float64Array(candidates.length);
  let sum = 0;
  candidates.forEach((i, k) => {
    sum += segments[i]!.length;
    cumulative[k] = sum;
  });
  const draw = () => {
    const r = random() * sum;
    let lo = 0;
    let hi = candidates.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  let best: Homogeneous | null = null;
  let bestScore = 0;
  for (let it = 0; it < iterations; it++) {
    const a = draw();
    const b = draw();
    if (a === b) continue;
    const v = unit(cross(lines[a]!, lines[b]!));
    if (!accept(v)) continue;
    let score = 0;
    for (const i of candidates) {
      const s = segments[i]!;
      const err = angleToPoint(s, v, frame);
      if (err < INLIER_ANGLE) score += s.length * (1 - err / INLIER_ANGLE);
    }
    if (score > bestScore) {
      bestScore = score;
      best = v;
    }
  }
  if (!best) return null;
  let point = best;
  // two rounds of refinement: the inliers of the refined point are the next round's segments
  for (let round = 0; round < 2; round++) {
    const inliers = candidates.filter((i) => angleToPoint(segments[i]!, point, frame) < INLIER_ANGLE);
    if (inliers.length < 2) break;
    const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (const i of inliers) {
      const l = lineOf(segments[i]!, frame);
      const w = segments[i]!.length;
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) m[r * 3 + c]! += w * l[r]! * l[c]!;
    }
    const refined = smallestEigenvector(m);
    if (accept(refined)) point = refined;
  }
  const inliers = candidates.filter((i) => angleToPoint(segments[i]!, point, frame) < INLIER_ANGLE);
  const support = inliers.reduce((t, i) => t + segments[i]!.length, 0);
  return { point, support, inliers };
}

/** The eigenvector of a symmetric 3 × 3 matrix (row-major) with the smallest eigenvalue, by Jacobi rotations. */
export function smallestEigenvector(matrix: readonly number[]): Homogeneous {
  const a = matrix.slice();
  const v = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  for (let sweep = 0; sweep < 30; sweep++) {
    let off = 0;
    for (let p = 0; p < 3; p++) for (let q = p + 1; q < 3; q++) off += a[p * 3 + q]! ** 2;
    if (off < 1e-20) break;
    for (let p = 0; p < 3; p++) {
      for (let q = p + 1; q < 3; q++) {
        const apq = a[p * 3 + q]!;
        if (Math.abs(apq) < 1e-30) continue;
        const theta = (a[q * 3 + q]! - a[p * 3 + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < 3; k++) {
          const akp = a[k * 3 + p]!;
          const akq = a[k * 3 + q]!;
          a[k * 3 + p] = c * akp - s * akq;
          a[k * 3 + q] = s * akp + c * akq;
        }
        for (let k = 0; k < 3; k++) {
          const apk = a[p * 3 + k]!;
          const aqk = a[q * 3 + k]!;
          a[p * 3 + k] = c * apk - s * aqk;
          a[q * 3 + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < 3; k++) {
          const vkp = v[k * 3 + p]!;
          const vkq = v[k * 3 + q]!;
          v[k * 3 + p] = c * vkp - s * vkq;
          v[k * 3 + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  let k = 0;
  if (a[4]! < a[k * 4]!) k = 1;
  if (a[8]! < a[k * 4]!) k = 2;
  return unit([v[k]!, v[3 + k]!, v[6 + k]!]);
}

/** A homogeneous point in picture pixels, or null when it is at infinity (or as good as: beyond 1000 widths). */
export function toPixels(v: Homogeneous, frame: Frame): [number, number] | null {
  if (Math.abs(v[2]) < 1e-3) return null;
  return [frame.cx + (v[0] / v[2]) * frame.scale, frame.cy + (v[1] / v[2]) * frame.scale];
}

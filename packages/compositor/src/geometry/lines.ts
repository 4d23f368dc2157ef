import { blur3, type Plane } from './image';

/** A straight line segment in analysis pixels. */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  length: number;
  /** Its direction in radians, 0 along +x, in [0, π). */
  angle: number;
}

export interface SegmentOptions {
  /** The shortest segment kept, in pixels. */
  minLength: number;
  /** A pixel whose gradient is weaker than this (0–255 luma per pixel) seeds and joins nothing. */
  minGradient?: number;
  /** How far a pixel's gradient direction may turn from its region's and still join it. */
  angleTolerance?: number;
}

/**
 * Line segments in the manner of LSD (von Gioi et al. 2010), written for typed arrays: pixels are visited from the
 * strongest gradient down, each unvisited one grows a region of neighbours whose gradient points the same way
 * (within `angleTolerance`, polarity kept), and a region becomes a segment when it is long and filled enough along
 * its principal axis. LSD's a-contrario validation is replaced by the length and density tests: the photos are
 * analysed at one size, so one threshold serves. Like LSD, it smooths first: a stair-stepped edge's 2 × 2
 * gradients turn too far from each other to join one region.
 */
export function detectSegments(luma: Plane, options: SegmentOptions): Segment[] {
  const { width, height, data } = blur3(luma);
  const minGradient = options.minGradient ?? 5.2;
  const tolerance = options.angleTolerance ?? Math.PI / 8;
  const n = width * height;
  const magnitude = new Float32Array(n);
  const direction = new Float32Array(n);
  // LSD's 2 × 2 gradient: its value sits at the block's centre, which the segment ends below account for
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      const a = data[i]!;
      const b = data[i + 1]!;
      const c = data[i + width]!;
      const d = data[i + width + 1]!;
      const gx = (b + d - a - c) / 2;
      const gy = (c + d - a - b) / 2;
      magnitude[i] = Math.hypot(gx, gy);
      direction[i] = Math.atan2(gy, gx);
    }
  }

  // bucket the pixels by gradient strength, strongest first
  const buckets = 256;
  const maxMagnitude = 256;
  const counts = new Int32Array(buckets + 1);
  for (let i = 0; i < n; i++) {
    if (magnitude[i]! > minGradient)
      counts[Math.min(buckets - 1, Math.floor((magnitude[i]! / maxMagnitude) * buckets))]!++;
  }
  const starts = new Int32Array(buckets + 1);
  for (let k = buckets - 1, at = 0; k >= 0; k--) {
    starts[k] = at;
    at += counts[k]!;
  }
  let total = 0;
  for (let k = 0; k < buckets; k++) total += counts[k]!;
  const order = new Int32Array(total);
  const fill = starts.slice();
  for (let i = 0; i < n; i++) {
    if (magnitude[i]! > minGradient)
      order[fill[Math.min(buckets - 1, Math.floor((magnitude[i]! / maxMagnitude) * buckets))]!++] = i;
  }

  const used = new Uint8Array(n);
  const region = new Int32Array(n);
  const segments: Segment[] = [];
  for (let s = 0; s < total; s++) {
    const seed = order[s]!;
    if (used[seed]) continue;
    used[seed] = 1;
    region[0] = seed;
    let size = 1;
    let sumCos = Math.cos(direction[seed]!);
    let sumSin = Math.sin(direction[seed]!);
    let angle = direction[seed]!;
    for (let head = 0; head < size; head++) {
      const p = region[head]!;
      const px = p % width;
      const py = (p - px) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const qy = py + dy;
        if (qy < 0 || qy >= height - 1) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const qx = px + dx;
          if (qx < 0 || qx >= width - 1) continue;
          const q = qy * width + qx;
          if (used[q] || magnitude[q]! <= minGradient) continue;
          let diff = Math.abs(direction[q]! - angle);
          if (diff > Math.PI) diff = 2 * Math.PI - diff;
          if (diff > tolerance) continue;
          used[q] = 1;
          region[size++] = q;
          sumCos += Math.cos(direction[q]!);
          sumSin += Math.sin(direction[q]!);
          angle = Math.atan2(sumSin, sumCos);
        }
      }
    }
    if (size < options.minLength * 0.8) continue;
    const segment = fitSegment(region, size, width, magnitude, options.minLength);
    if (segment) segments.push(segment);
  }
  return segments;
}

/** The region's principal axis as a segment, or null when it is too short, too wide or too sparse for a line. */
function fitSegment(
  region: Int32Array,
  size: number,
  width: number,
  magnitude: Float32Array,
  minLength: number,
): Segment | null {
  let weight = 0;
  let mx = 0;
  let my = 0;
  for (let k = 0; k < size; k++) {
    const p = region[k]!;
    const w = magnitude[p]!;
    weight += w;
    mx += w * (p % width);
    my += w * Math.floor(p / width);
  }
  mx /= weight;
  my /= weight;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let k = 0; k < size; k++) {
    const p = region[k]!;
    const w = magnitude[p]!;
    const dx = (p % width) - mx;
    const dy = Math.floor(p / width) - my;
    sxx += w * dx * dx;
    syy += w * dy * dy;
    sxy += w * dx * dy;
  }
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const ux = Math.cos(theta);
  const uy = Math.sin(theta);
  let lo = Infinity;
  let hi = -Infinity;
  let wlo = Infinity;
  let whi = -Infinity;
  for (let k = 0; k < size; k++) {
    const p = region[k]!;
    const dx = (p % width) - mx;
    const dy = Math.floor(p / width) - my;
    const along = dx * ux + dy * uy;
    const across = -dx * uy + dy * ux;
    if (along < lo) lo = along;
    if (along > hi) hi = along;
    if (across < wlo) wlo = across;
    if (across > whi) whi = across;
  }
  const length = hi - lo + 1;
  const thickness = whi - wlo + 1;
  if (length < minLength) return null;
  if (thickness > Math.max(6, length * 0.25)) return null;
  if (size / (length * thickness) < 0.35) return null;
  // the 2 × 2 gradient sits half a pixel right of and below its block's corner
  const cx = mx + 0.5;
  const cy = my + 0.5;
  let angle = Math.atan2(uy, ux);
  if (angle < 0) angle += Math.PI;
  if (angle >= Math.PI) angle -= Math.PI;
  return {
    x1: cx + lo * ux,
    y1: cy + lo * uy,
    x2: cx + hi * ux,
    y2: cy + hi * uy,
    length: hi - lo,
    angle,
  };
}

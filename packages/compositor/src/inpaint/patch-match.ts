import { clampByte, type Raster } from '../raster';
import { dilate } from './erase-mask';

/*
 * Exemplar-based completion: the erased pixels are rebuilt from patches of the same photo (Wexler, Shechtman and
 * Irani 2007, "Space-time completion of video"), the nearest patches found by PatchMatch (Barnes et al. 2009), coarse
 * to fine over a pyramid of the region around the hole. Decision 0047 says why this and not a greedy fill
 * (Criminisi) or diffusion, and what each measured.
 */

/** Patches are (2 × 3 + 1)² = 7 × 7 pixels at every level. */
const PATCH_RADIUS = 3;
/**
 * The pyramid stops halving once the hole's box is no longer than this at a level: below it a 7 × 7 patch spans the
 * wall and the floor at once, and the coarse answer pulls the floor's boards up the wall (decision 0047).
 */
const COARSEST_HOLE_SIDE = 160;
/**
 * Below that level the pyramid goes on halving, down to a hole of this side (and no level shorter than
 * `DEEP_LEVEL_SIDE`) for a second layout, searched `DEEP_ROUNDS` rounds at its coarsest: there the boards of a floor
 * reach across the whole hole, where from the larger hole's edge they reach a few patches in and leave a smear
 *.
 */
const DEEP_HOLE_SIDE = 40;
const DEEP_LEVEL_SIDE = 24;
const DEEP_ROUNDS = 12;
/** Nor below this many pixels on the level's short side: a smaller picture has too few whole patches to copy. */
const MIN_LEVEL_SIDE = 64;
/** Around the hole's box, this share of its size (at least `MIN_MARGIN` px) is where patches are taken from. */
const MARGIN_SHARE = 0.75;
const MIN_MARGIN = 48;
/**
 * At levels of more pixels than this, patches are compared on every other pixel and the search only refines the
 * coarser level's answer nearby: the texture is copied at full resolution, the layout was settled below.
 */
const FINE_LEVEL_PIXELS = 160_000;
/**
 * A plane (decision 0064) with fewer whole patches than this at a level is too small to copy from: its hole pixels
 * take patches of any plane there.
 */
const MIN_PLANE_SOURCES = 32;
/**
 * Above the coarsest level, a target the coarser field gives no usable patch looks this many pixels round itself for
 * the nearest whole one before a walk over the whole level (a fifth of a large erase's time at 1600 px).
 */
const NEAR_SEARCH = 24;
/**
 * A patch's say in the vote falls by this factor per pixel its centre lies inside the hole (Wexler et al.'s α): the
 * patches by the hole's edge, which match what is really there, outweigh the ones matched to a guess deep inside.
 */
const DEPTH_DECAY = 1.3;
/** The surrounding palette: the pixels within this share of the hole's side of it (at least `MIN_RING` px). */
const RING_SHARE = 0.25;
const MIN_RING = 16;
/** Colours are binned 8 values a channel for the palette; a colour within a bin of a surrounding one is in it. */
const PALETTE_SHIFT = 3;
/**
 * A patch is no source for a plane when its structure (its strongest luminance step) is above this quantile of the
 * structure of that plane's ring round the hole, times `STRUCTURE_SLACK`, plus `STRUCTURE_FLOOR` (a photo's grain):
 * the edges of a framed picture or a mantel are copied into a plain wall only where the wall round the hole has such
 * edges too (issue #39).
 */
const STRUCTURE_QUANTILE = 0.9;
const STRUCTURE_SLACK = 1.25;
const STRUCTURE_FLOOR = 12;

export interface InpaintResult {
  /** How many pixels were filled. */
  filled: number;
  /**
   * For each picture pixel (row-major), the pixel of the same picture whose patch its colour was rebuilt from, or
   * -1 where nothing was erased. Every source lies outside the mask.
   */
  sources: Int32Array;
}

interface Level {
  w: number;
  h: number;
  /** RGB, 3 floats a pixel. */
  img: Float32Array;
  hole: Uint8Array;
  /** Pixels no patch is taken from (another region still to erase), though they are not filled here. */
  blocked: Uint8Array;
  /** Which plane each pixel lies on (1 the floor, 2 off it; all 1 with no planes given): a patch is copied within one. */
  plane: Uint8Array;
}

/** A small seeded generator (mulberry32): the same picture and mask give the same fill. */
export function randomOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The mask's bounding box, or null when nothing is set. */
export function maskBounds(
  mask: Uint8Array,
  width: number,
  height: number,
): { left: number; top: number; right: number; bottom: number } | null {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    // the row's first set pixel, then its last from the right, down to no further than the first
    let x = 0;
    while (x < width && !mask[row + x]) x++;
    if (x === width) continue;
    if (x < left) left = x;
    let last = width - 1;
    while (last > x && last > right && !mask[row + last]) last--;
    if (last > right) right = last;
    if (y < top) top = y;
    bottom = y;
  }
  return right < 0 ? null : { left, top, right: right + 1, bottom: bottom + 1 };
}

/** Half the size: a coarse pixel is hole when any of its fine ones is, its colour the mean of the known ones. */
function halveLevel(level: Level): Level {
  const w = Math.ceil(level.w / 2);
  const h = Math.ceil(level.h / 2);
  const img = new Float32Array(w * h * 3);
  const hole = new Uint8Array(w * h);
  const blocked = new Uint8Array(w * h);
  const plane = new Uint8Array(w * h);
  const { img: src, hole: srcHole, blocked: srcBlocked, plane: srcPlane } = level;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) plane[y * w + x] = srcPlane[2 * y * level.w + 2 * x]!;
  for (let y = 0; y < h; y++) {
    const whole = 2 * y + 1 < level.h;
    for (let x = 0; x < w; x++) {
      if (whole && 2 * x + 1 < level.w) {
        // all four fine pixels inside: the same means, summed in the same order, without the bounds checks
        const i0 = 2 * y * level.w + 2 * x;
        const i2 = i0 + level.w;
        let n = 0;
        let r = 0;
        let g = 0;
        let b = 0;
        const o = y * w + x;
        blocked[o] = srcBlocked[i0]! | srcBlocked[i0 + 1]! | srcBlocked[i2]! | srcBlocked[i2 + 1]!;
        hole[o] = srcHole[i0]! | srcHole[i0 + 1]! | srcHole[i2]! | srcHole[i2 + 1]! ? 1 : 0;
        for (let k = 0; k < 4; k++) {
          const i = k < 2 ? i0 + k : i2 + k - 2;
          if (srcHole[i]) continue;
          n++;
          r += src[i * 3]!;
          g += src[i * 3 + 1]!;
          b += src[i * 3 + 2]!;
        }
        if (n > 0) {
          img[o * 3] = r / n;
          img[o * 3 + 1] = g / n;
          img[o * 3 + 2] = b / n;
        }
        continue;
      }
      let n = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      let anyHole = 0;
      let anyBlocked = 0;
      for (let dy = 0; dy < 2; dy++) {
        const fy = 2 * y + dy;
        if (fy >= level.h) continue;
        for (let dx = 0; dx < 2; dx++) {
          const fx = 2 * x + dx;
          if (fx >= level.w) continue;
          const i = fy * level.w + fx;
          anyBlocked |= level.blocked[i]!;
          if (level.hole[i]) {
            anyHole = 1;
            continue;
          }
          n++;
          r += level.img[i * 3]!;
          g += level.img[i * 3 + 1]!;
          b += level.img[i * 3 + 2]!;
        }
      }
      const o = y * w + x;
      hole[o] = anyHole;
      blocked[o] = anyBlocked;
      if (n > 0) {
        img[o * 3] = r / n;
        img[o * 3 + 1] = g / n;
        img[o * 3 + 2] = b / n;
      }
    }
  }
  return { w, h, img, hole, blocked, plane };
}

/**
 * Fills the hole from its edge inwards, each pixel the mean of its known neighbours (onion peeling): the first guess
 * at the coarsest level, and the diffusion fill decision 0047 compares against.
 */
export function fillByPeeling(img: Float32Array, hole: Uint8Array, w: number, h: number, plane?: Uint8Array): void {
  const known = new Uint8Array(hole.length);
  for (let i = 0; i < hole.length; i++) known[i] = hole[i] ? 0 : 1;
  let front: number[] = [];
  for (let i = 0; i < hole.length; i++) if (hole[i]) front.push(i);
  // with planes, a pixel is the mean of its known neighbours on its own plane, the floor's colour never carried up
  // the wall; what no pixel of its plane reaches is peeled from any plane after
  if (plane) front = peel(img, known, front, w, h, plane);
  peel(img, known, front, w, h, undefined);
}

/** One peeling, of the pixels in `front`; returns the ones it could not reach. */
function peel(
  img: Float32Array,
  known: Uint8Array,
  start: number[],
  w: number,
  h: number,
  plane: Uint8Array | undefined,
): number[] {
  let front = start;
  while (front.length > 0) {
    const next: number[] = [];
    const ready: number[] = [];
    for (const i of front) {
      const x = i % w;
      const y = (i - x) / w;
      const own = plane ? plane[i]! : 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (!(dx || dy) || nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const j = ny * w + nx;
          if (known[j] && (!plane || plane[j] === own)) n++;
        }
      }
      if (n > 0) ready.push(i);
      else next.push(i);
    }
    if (ready.length === 0) break;
    for (const i of ready) {
      const x = i % w;
      const y = (i - x) / w;
      const own = plane ? plane[i]! : 0;
      let n = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (!(dx || dy) || nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const j = ny * w + nx;
          if (!known[j] || (plane && plane[j] !== own)) continue;
          n++;
          r += img[j * 3]!;
          g += img[j * 3 + 1]!;
          b += img[j * 3 + 2]!;
        }
      }
      img[i * 3] = r / n;
      img[i * 3 + 1] = g / n;
      img[i * 3 + 2] = b / n;
    }
    for (const i of ready) known[i] = 1;
    front = next;
  }
  return front;
}

/** Per pixel, how many hole pixels its patch holds (an integral image); patches leaving the level count as holes. */
function holeCounts(level: Level, r: number): { valid: Uint8Array; target: Uint8Array } {
  const { w, h, hole, blocked } = level;
  const sum = new Int32Array((w + 1) * (h + 1));
  const barred = new Int32Array((w + 1) * (h + 1));
  const stride = w + 1;
  for (let y = 0; y < h; y++) {
    let row = 0;
    let rowBarred = 0;
    const above = y * stride + 1;
    const here = above + stride;
    for (let x = 0; x < w; x++) {
      row += hole[y * w + x]!;
      rowBarred += blocked[y * w + x]!;
      sum[here + x] = sum[above + x]! + row;
      barred[here + x] = barred[above + x]! + rowBarred;
    }
  }
  const valid = new Uint8Array(w * h);
  const target = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const top = Math.max(0, y - r) * stride;
    const bottom = Math.min(h, y + r + 1) * stride;
    const rowInside = y >= r && y < h - r;
    for (let x = 0; x < w; x++) {
      const x0 = x > r ? x - r : 0;
      const x1 = x + r + 1 < w ? x + r + 1 : w;
      const count = sum[bottom + x1]! - sum[top + x1]! - sum[bottom + x0]! + sum[top + x0]!;
      if (count > 0) {
        target[y * w + x] = 1;
        continue;
      }
      if (!rowInside || x < r || x >= w - r) continue;
      const bars = barred[bottom + x1]! - barred[top + x1]! - barred[bottom + x0]! + barred[top + x0]!;
      if (bars === 0) valid[y * w + x] = 1;
    }
  }
  return { valid, target };
}

/**
 * Per pixel, the strongest step of luminance between two known neighbours (right or below) within the patch round it:
 * a plain wall's patches score its grain, a frame's edge or a shelf's its contrast.
 */
function patchStructure(level: { w: number; h: number; img: Float32Array; hole: Uint8Array }): Uint16Array {
  const { w, h, img, hole } = level;
  const r = PATCH_RADIUS;
  const lum = new Float32Array(w * h);
  for (let i = 0; i < lum.length; i++) lum[i] = 0.299 * img[i * 3]! + 0.587 * img[i * 3 + 1]! + 0.114 * img[i * 3 + 2]!;
  const step = new Uint16Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (hole[i]) continue;
      let d = 0;
      if (x + 1 < w && !hole[i + 1]) d = Math.abs(lum[i + 1]! - lum[i]!);
      if (y + 1 < h && !hole[i + w]) d = Math.max(d, Math.abs(lum[i + w]! - lum[i]!));
      step[i] = Math.round(d);
    }
  }
  // the window's maximum, along the rows and then down the columns
  const across = new Uint16Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let m = 0;
      for (let dx = Math.max(0, x - r); dx <= Math.min(w - 1, x + r); dx++)
        if (step[row + dx]! > m) m = step[row + dx]!;
      across[row + x] = m;
    }
  }
  const out = new Uint16Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let m = 0;
      for (let dy = Math.max(0, y - r); dy <= Math.min(h - 1, y + r); dy++) {
        const v = across[dy * w + x]!;
        if (v > m) m = v;
      }
      out[y * w + x] = m;
    }
  }
  return out;
}

/**
 * Per plane, the strongest structure a source patch of it may have: `STRUCTURE_QUANTILE` of the structure of that
 * plane's ring pixels (`ring`), with slack; planes with no ring pixel take no limit (65535).
 */
function structureLimits(structure: Uint16Array, plane: Uint8Array, ring: Uint8Array): Uint16Array {
  const histograms = new Map<number, Uint32Array>();
  const counts = new Map<number, number>();
  for (let i = 0; i < ring.length; i++) {
    if (!ring[i]) continue;
    const p = plane[i]!;
    let histogram = histograms.get(p);
    if (!histogram) {
      histogram = new Uint32Array(256);
      histograms.set(p, histogram);
    }
    const v = Math.min(255, structure[i]!);
    histogram[v] = histogram[v]! + 1;
    counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  const limits = new Uint16Array(256).fill(65535);
  for (const [p, histogram] of histograms) {
    const want = STRUCTURE_QUANTILE * counts.get(p)!;
    let seen = 0;
    let v = 0;
    for (; v < 255; v++) {
      seen += histogram[v]!;
      if (seen >= want) break;
    }
    limits[p] = Math.round(STRUCTURE_SLACK * v + STRUCTURE_FLOOR);
  }
  return limits;
}

interface Field {
  targets: Int32Array;
  /**
   * Per pixel: the plane its patch is copied from (its own; 0, any, where its plane has too few whole patches here).
   */
  want: Uint8Array;
  /** Per pixel: the source pixel of its patch (targets only). */
  nnf: Int32Array;
  dist: Float32Array;
  /** Per pixel: 1 for the targets. */
  isTarget: Uint8Array;
}

/** Sum of squared differences of two patches (sampled every `step` pixels), stopping once past `limit`. */
function patchDistance(level: Level, t: number, s: number, r: number, step: number, limit: number): number {
  const { w, h, img } = level;
  const tx = t % w;
  const ty = (t - tx) / w;
  const sx = s % w;
  const sy = (s - sx) / w;
  let d = 0;
  if (tx >= r && ty >= r && tx < w - r && ty < h - r) {
    // the whole target patch inside the level: no clamping, the same sums in the same order
    const shift = (s - t) * 3;
    for (let dy = -r; dy <= r; dy += step) {
      const row = (ty + dy) * w + tx;
      for (let dx = -r; dx <= r; dx += step) {
        const a = (row + dx) * 3;
        const b = a + shift;
        const dr = img[a]! - img[b]!;
        const dg = img[a + 1]! - img[b + 1]!;
        const db = img[a + 2]! - img[b + 2]!;
        d += dr * dr + dg * dg + db * db;
      }
      if (d > limit) return d;
    }
    return d;
  }
  for (let dy = -r; dy <= r; dy += step) {
    let y = ty + dy;
    y = y < 0 ? 0 : y >= h ? h - 1 : y;
    const srow = (sy + dy) * w + sx;
    const trow = y * w;
    for (let dx = -r; dx <= r; dx += step) {
      let x = tx + dx;
      x = x < 0 ? 0 : x >= w ? w - 1 : x;
      const a = (trow + x) * 3;
      const b = (srow + dx) * 3;
      const dr = img[a]! - img[b]!;
      const dg = img[a + 1]! - img[b + 1]!;
      const db = img[a + 2]! - img[b + 2]!;
      d += dr * dr + dg * dg + db * db;
    }
    if (d > limit) return d;
  }
  return d;
}

/** Whether the patch at `s` may be copied to one that wants plane `want` (0: any). */
const accepts = (sources: Uint8Array, want: number, s: number) =>
  sources[s] !== 0 && (want === 0 || sources[s] === want);

/**
 * PatchMatch: propagation from the scan's previous neighbours, then a random search in shrinking windows. `valid`:
 * per pixel, the plane of the whole patch there to copy from, 0 where there is none.
 */
function improveField(
  level: Level,
  field: Field,
  valid: Uint8Array,
  target: Uint8Array,
  iterations: number,
  maxRadius: number,
  step: number,
  random: () => number,
  parity = 0,
): void {
  const { w, h } = level;
  const r = PATCH_RADIUS;
  const { targets, nnf, dist, want } = field;
  const n = w * h;
  for (let it = 0; it < iterations; it++) {
    const forward = (it + parity) % 2 === 0;
    const d = forward ? 1 : -1;
    for (let k = 0; k < targets.length; k++) {
      const t = targets[forward ? k : targets.length - 1 - k]!;
      const tx = t % w;
      const ty = (t - tx) / w;
      let best = nnf[t]!;
      let bestDist = dist[t]!;
      const plane = want[t]!;
      // the neighbours before in the scan: their matches, shifted back by one
      const nx = tx - d;
      if (nx >= 0 && nx < w && target[t - d]) {
        const s = nnf[t - d]! + d;
        const sx = s % w;
        if (s >= 0 && s < n && sx >= r && sx < w - r && s !== best && accepts(valid, plane, s)) {
          const cd = patchDistance(level, t, s, r, step, bestDist);
          if (cd < bestDist) {
            bestDist = cd;
            best = s;
          }
        }
      }
      const ny = ty - d;
      if (ny >= 0 && ny < h && target[t - d * w]) {
        const s = nnf[t - d * w]! + d * w;
        if (s >= 0 && s < n && s !== best && accepts(valid, plane, s)) {
          const cd = patchDistance(level, t, s, r, step, bestDist);
          if (cd < bestDist) {
            bestDist = cd;
            best = s;
          }
        }
      }
      for (let radius = maxRadius; radius >= 1; radius = Math.floor(radius / 2)) {
        const bx = best % w;
        const by = (best - bx) / w;
        const x = Math.min(w - 1 - r, Math.max(r, bx + Math.round((random() * 2 - 1) * radius)));
        const y = Math.min(h - 1 - r, Math.max(r, by + Math.round((random() * 2 - 1) * radius)));
        const s = y * w + x;
        if (s === best || !accepts(valid, plane, s)) continue;
        const cd = patchDistance(level, t, s, r, step, bestDist);
        if (cd < bestDist) {
          bestDist = cd;
          best = s;
        }
      }
      nnf[t] = best;
      dist[t] = bestDist;
    }
  }
}

/**
 * Every hole pixel becomes the weighted mean of what the patches over it say it is, each patch weighted by how well
 * it matched (Wexler et al.: exp(−d / 2σ²), σ² the 75th percentile of the distances) and by how near the hole's edge
 * it lies (α^−depth, `scratch.decay`).
 */
function vote(level: Level, field: Field, scratch: Scratch): void {
  const { w, h, img, hole } = level;
  const r = PATCH_RADIUS;
  const { targets, nnf, dist } = field;
  const sample: number[] = [];
  const every = Math.max(1, Math.floor(targets.length / 2000));
  for (let k = 0; k < targets.length; k += every) sample.push(dist[targets[k]!]!);
  sample.sort((a, b) => a - b);
  const sigma2 = Math.max(1, sample[Math.floor(sample.length * 0.75)] ?? 1);
  const { acc, weight, holes, decay } = scratch;
  for (const q of holes) {
    acc[q * 3] = 0;
    acc[q * 3 + 1] = 0;
    acc[q * 3 + 2] = 0;
    weight[q] = 0;
  }
  for (let k = 0; k < targets.length; k++) {
    const t = targets[k]!;
    const tx = t % w;
    const ty = (t - tx) / w;
    const shift = nnf[t]! - t;
    const wt = (Math.exp(-dist[t]! / (2 * sigma2)) + 1e-6) * decay[t]!;
    const y0 = Math.max(0, ty - r);
    const y1 = Math.min(h - 1, ty + r);
    const x0 = Math.max(0, tx - r);
    const x1 = Math.min(w - 1, tx + r);
    for (let y = y0; y <= y1; y++) {
      const row = y * w;
      for (let x = x0; x <= x1; x++) {
        const q = row + x;
        if (!hole[q]) continue;
        const src = (q + shift) * 3;
        acc[q * 3] = acc[q * 3]! + wt * img[src]!;
        acc[q * 3 + 1] = acc[q * 3 + 1]! + wt * img[src + 1]!;
        acc[q * 3 + 2] = acc[q * 3 + 2]! + wt * img[src + 2]!;
        weight[q] = weight[q]! + wt;
      }
    }
  }
  for (const q of holes) {
    const wq = weight[q]!;
    if (wq === 0) continue;
    img[q * 3] = acc[q * 3]! / wq;
    img[q * 3 + 1] = acc[q * 3 + 1]! / wq;
    img[q * 3 + 2] = acc[q * 3 + 2]! / wq;
  }
}

/** Buffers a level's votes reuse, its hole pixels, and per pixel its patch's share of the vote by its depth. */
interface Scratch {
  acc: Float32Array;
  weight: Float32Array;
  holes: Int32Array;
  decay: Float32Array;
}

/**
 * Per pixel, α^−(its chessboard distance to the nearest pixel outside the hole): 1 outside, falling inwards. The
 * depth is capped so that the weights stay far above a float's smallest.
 */
function depthDecay(hole: Uint8Array, w: number, h: number): Float32Array {
  const depth = new Uint16Array(hole.length);
  const far = 65535;
  for (let i = 0; i < hole.length; i++) depth[i] = hole[i] ? far : 0;
  // two passes of the chessboard distance transform, forward then back
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!depth[i]) continue;
      let d = depth[i]!;
      if (x > 0) d = Math.min(d, depth[i - 1]! + 1);
      if (y > 0) {
        d = Math.min(d, depth[i - w]! + 1);
        if (x > 0) d = Math.min(d, depth[i - w - 1]! + 1);
        if (x < w - 1) d = Math.min(d, depth[i - w + 1]! + 1);
      }
      depth[i] = d;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (!depth[i]) continue;
      let d = depth[i]!;
      if (x < w - 1) d = Math.min(d, depth[i + 1]! + 1);
      if (y < h - 1) {
        d = Math.min(d, depth[i + w]! + 1);
        if (x < w - 1) d = Math.min(d, depth[i + w + 1]! + 1);
        if (x > 0) d = Math.min(d, depth[i + w - 1]! + 1);
      }
      depth[i] = d;
    }
  }
  const decay = new Float32Array(hole.length);
  const lnAlpha = Math.log(DEPTH_DECAY);
  for (let i = 0; i < hole.length; i++) decay[i] = Math.exp(-lnAlpha * Math.min(depth[i]!, 200));
  return decay;
}

/**
 * Into `out` at `k`: the mean of the pixels that the patches of the targets in rows `y0`–`y1` and columns `x0`–`x1`
 * around `q` (offsets of −1 to 1, fewer at the level's edge) map `q` to.
 */
function sayOfNeighbours(
  out: Float32Array,
  k: number,
  level: Level,
  field: Field,
  q: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
): void {
  const { w, img } = level;
  const { nnf, isTarget } = field;
  let n = 0;
  let r = 0;
  let g = 0;
  let b = 0;
  for (let dy = y0; dy <= y1; dy++) {
    for (let dx = x0; dx <= x1; dx++) {
      const p = q + dy * w + dx;
      if (!isTarget[p]) continue;
      const src = (nnf[p]! - dy * w - dx) * 3;
      n++;
      r += img[src]!;
      g += img[src + 1]!;
      b += img[src + 2]!;
    }
  }
  out[k * 3] = r / n;
  out[k * 3 + 1] = g / n;
  out[k * 3 + 2] = b / n;
}

/** Each hole pixel: the mean of the pixels the patches of it and its 8 neighbours map it to. */
function copyThroughField(level: Level, field: Field, holes: Int32Array): void {
  const { w, h, img } = level;
  const out = new Float32Array(holes.length * 3);
  for (let k = 0; k < holes.length; k++) {
    const q = holes[k]!;
    const qx = q % w;
    const qy = (q - qx) / w;
    sayOfNeighbours(out, k, level, field, q, qx > 0 ? -1 : 0, qx < w - 1 ? 1 : 0, qy > 0 ? -1 : 0, qy < h - 1 ? 1 : 0);
  }
  for (let k = 0; k < holes.length; k++) {
    const q = holes[k]!;
    img[q * 3] = out[k * 3]!;
    img[q * 3 + 1] = out[k * 3 + 1]!;
    img[q * 3 + 2] = out[k * 3 + 2]!;
  }
}

function listOf(flags: Uint8Array): Int32Array {
  let n = 0;
  for (const f of flags) n += f;
  const list = new Int32Array(n);
  let k = 0;
  for (let i = 0; i < flags.length; i++) if (flags[i]) list[k++] = i;
  return list;
}

/**
 * The whole patch of plane `plane` (0: any) nearest to `t` in chessboard distance, within `reach` pixels (the rings
 * round it walked outwards), or -1.
 */
function nearestAround(level: Level, valid: Uint8Array, plane: number, t: number, reach: number): number {
  const { w, h } = level;
  const tx = t % w;
  const ty = (t - tx) / w;
  for (let ring = 1; ring <= reach; ring++) {
    const x0 = tx - ring;
    const x1 = tx + ring;
    const y0 = ty - ring;
    const y1 = ty + ring;
    if (x0 < 0 && y0 < 0 && x1 >= w && y1 >= h) return -1;
    for (let x = Math.max(0, x0); x <= Math.min(w - 1, x1); x++) {
      if (y0 >= 0 && accepts(valid, plane, y0 * w + x)) return y0 * w + x;
      if (y1 < h && accepts(valid, plane, y1 * w + x)) return y1 * w + x;
    }
    for (let y = Math.max(0, y0 + 1); y <= Math.min(h - 1, y1 - 1); y++) {
      if (x0 >= 0 && accepts(valid, plane, y * w + x0)) return y * w + x0;
      if (x1 < w && accepts(valid, plane, y * w + x1)) return y * w + x1;
    }
  }
  return -1;
}

/**
 * Per target, the whole patch of the plane it wants nearest to it (a breadth-first walk out from every such patch):
 * the first guess where nothing better is known, the hole's edge carried inwards.
 */
function nearestSources(level: Level, valid: Uint8Array, want: Uint8Array, targets: Int32Array): Int32Array {
  const { w } = level;
  const n = w * level.h;
  const nearest = new Int32Array(n).fill(-1);
  const wanted = new Set<number>();
  for (const t of targets) wanted.add(want[t]!);
  const from = new Int32Array(n);
  const queue = new Int32Array(n);
  for (const plane of wanted) {
    from.fill(-1);
    let head = 0;
    let tail = 0;
    for (let i = 0; i < n; i++) {
      if (accepts(valid, plane, i)) {
        from[i] = i;
        queue[tail++] = i;
      }
    }
    while (head < tail) {
      const i = queue[head++]!;
      const x = i % w;
      const seed = from[i]!;
      // the four neighbours: left, right, above, below
      if (x > 0 && from[i - 1]! < 0) {
        from[i - 1] = seed;
        queue[tail++] = i - 1;
      }
      if (x < w - 1 && from[i + 1]! < 0) {
        from[i + 1] = seed;
        queue[tail++] = i + 1;
      }
      if (i >= w && from[i - w]! < 0) {
        from[i - w] = seed;
        queue[tail++] = i - w;
      }
      if (i + w < n && from[i + w]! < 0) {
        from[i + w] = seed;
        queue[tail++] = i + w;
      }
    }
    for (const t of targets) if (want[t] === plane) nearest[t] = from[t]!;
  }
  return nearest;
}

/**
 * Keeps the fill to the colours around the hole (decision 0064): a filled pixel no colour of the ring around the
 * hole (`ring`, in the level's pixels) comes within a bin of becomes the ring's nearest colour. Returns how many
 * pixels it changed.
 */
function keepToPalette(level: Level, holes: Int32Array, ring: Uint8Array): number {
  const { img } = level;
  const bins = 1 << (8 - PALETTE_SHIFT);
  const size = bins * bins * bins;
  const count = new Uint32Array(size);
  const sum = new Float64Array(size * 3);
  const binOf = (r: number, g: number, b: number) =>
    ((clampByte(r) >> PALETTE_SHIFT) * bins + (clampByte(g) >> PALETTE_SHIFT)) * bins + (clampByte(b) >> PALETTE_SHIFT);
  for (let i = 0; i < ring.length; i++) {
    if (!ring[i]) continue;
    const k = binOf(img[i * 3]!, img[i * 3 + 1]!, img[i * 3 + 2]!);
    count[k] = count[k]! + 1;
    sum[k * 3] = sum[k * 3]! + img[i * 3]!;
    sum[k * 3 + 1] = sum[k * 3 + 1]! + img[i * 3 + 1]!;
    sum[k * 3 + 2] = sum[k * 3 + 2]! + img[i * 3 + 2]!;
  }
  let any = false;
  for (let k = 0; k < size; k++) if (count[k]) any = true;
  if (!any) return 0;
  // within a bin of a ring colour: the palette, grown by one bin each way
  const near = new Uint8Array(size);
  for (let k = 0; k < size; k++) {
    if (!count[k]) continue;
    const r0 = Math.floor(k / (bins * bins));
    const g0 = Math.floor(k / bins) % bins;
    const b0 = k % bins;
    for (let r = Math.max(0, r0 - 1); r <= Math.min(bins - 1, r0 + 1); r++)
      for (let g = Math.max(0, g0 - 1); g <= Math.min(bins - 1, g0 + 1); g++)
        for (let b = Math.max(0, b0 - 1); b <= Math.min(bins - 1, b0 + 1); b++) near[(r * bins + g) * bins + b] = 1;
  }
  let changed = 0;
  for (const q of holes) {
    const k = binOf(img[q * 3]!, img[q * 3 + 1]!, img[q * 3 + 2]!);
    if (near[k]) continue;
    // the nearest ring colour's bin, in growing cubes of bins
    const r0 = Math.floor(k / (bins * bins));
    const g0 = Math.floor(k / bins) % bins;
    const b0 = k % bins;
    let best = -1;
    let bestD = Infinity;
    for (let reach = 2; reach < bins && best < 0; reach++) {
      for (let r = Math.max(0, r0 - reach); r <= Math.min(bins - 1, r0 + reach); r++)
        for (let g = Math.max(0, g0 - reach); g <= Math.min(bins - 1, g0 + reach); g++)
          for (let b = Math.max(0, b0 - reach); b <= Math.min(bins - 1, b0 + reach); b++) {
            const c = (r * bins + g) * bins + b;
            if (!count[c]) continue;
            const d = (r - r0) ** 2 + (g - g0) ** 2 + (b - b0) ** 2;
            if (d < bestD) {
              bestD = d;
              best = c;
            }
          }
    }
    if (best < 0) continue;
    img[q * 3] = sum[best * 3]! / count[best]!;
    img[q * 3 + 1] = sum[best * 3 + 1]! / count[best]!;
    img[q * 3 + 2] = sum[best * 3 + 2]! / count[best]!;
    changed++;
  }
  return changed;
}

/**
 * Fills the masked pixels (mask 1) of an RGB or RGBA raster in place from patches of the rest of the picture near
 * the hole. With `planes` (per pixel, the plane it lies on: planeMapOf), a pixel's patch comes from its own plane,
 * the floor from the floor and the wall from the wall (decision 0064). Deterministic for a given picture, mask, planes
 * and seed.
 */
export function inpaintPatchMatch(
  scene: Raster,
  mask: Uint8Array,
  options: { seed?: number; blocked?: Uint8Array; planes?: Uint8Array } = {},
): InpaintResult {
  const seed = options.seed ?? 1;
  const { width, height, channels } = scene;
  const sources = new Int32Array(width * height).fill(-1);
  const box = maskBounds(mask, width, height);
  if (!box) return { filled: 0, sources };
  const margin = Math.max(MIN_MARGIN, Math.round(MARGIN_SHARE * Math.max(box.right - box.left, box.bottom - box.top)));
  const cx0 = Math.max(0, box.left - margin);
  const cy0 = Math.max(0, box.top - margin);
  const cx1 = Math.min(width, box.right + margin);
  const cy1 = Math.min(height, box.bottom + margin);
  const w = cx1 - cx0;
  const h = cy1 - cy0;
  const base: Level = {
    w,
    h,
    img: new Float32Array(w * h * 3),
    hole: new Uint8Array(w * h),
    blocked: new Uint8Array(w * h),
    plane: new Uint8Array(w * h).fill(1),
  };
  let filled = 0;
  const { blocked, planes } = options;
  const { data } = scene;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const prow = (cy0 + y) * width + cx0;
    for (let x = 0; x < w; x++) {
      const i = row + x;
      const p = prow + x;
      const inHole = mask[p] ? 1 : 0;
      base.hole[i] = inHole;
      filled += inHole;
      if (blocked && blocked[p] && !inHole) base.blocked[i] = 1;
      if (planes) base.plane[i] = planes[p] || 1;
      const c = p * channels;
      base.img[i * 3] = data[c]!;
      base.img[i * 3 + 1] = data[c + 1]!;
      base.img[i * 3 + 2] = data[c + 2]!;
    }
  }
  const holeSideAtBase = Math.max(box.right - box.left, box.bottom - box.top);
  const levels: Level[] = [base];
  let holeSide = holeSideAtBase;
  while (
    holeSide > COARSEST_HOLE_SIDE &&
    Math.min(levels[levels.length - 1]!.w, levels[levels.length - 1]!.h) >= 2 * MIN_LEVEL_SIDE
  ) {
    levels.push(halveLevel(levels[levels.length - 1]!));
    holeSide /= 2;
  }
  // the layout's level, and below it the levels of a second layout, laid where the hole is small
  const layout = levels.length - 1;
  // (a hole small enough for one level is grown from its edge alone: its patches' colours stay those round it)
  while (
    layout > 0 &&
    holeSide > DEEP_HOLE_SIDE &&
    Math.min(levels[levels.length - 1]!.w, levels[levels.length - 1]!.h) >= 2 * DEEP_LEVEL_SIDE
  ) {
    levels.push(halveLevel(levels[levels.length - 1]!));
    holeSide /= 2;
  }
  // the ring round the hole, at the picture's size: its palette bounds the fill's colours, its structure the sources'
  const ringRadius = Math.max(MIN_RING, Math.round(RING_SHARE * holeSideAtBase));
  const random = randomOf(seed);
  // the small hole's layout draws from a stream of its own: the layout from the edge, and all above it, are the same
  // with it as without
  const deepRandom = randomOf(seed ^ 0x5bd1e995);
  const r = PATCH_RADIUS;

  /**
   * Searches level `l` from the coarser level's field (none: from the hole's edge) and votes its hole; returns its
   * field (null where nothing whole is there to copy) and how well the field's patches match after the last vote
   * (their mean distance).
   */
  const solveLevel = (
    l: number,
    field: Field | null,
    random: () => number,
  ): { field: Field | null; energy: number } => {
    const level = levels[l]!;
    const peelPlanes = planes ? level.plane : undefined;
    const { valid: whole, target } = holeCounts(level, r);
    const validList = listOf(whole);
    if (validList.length === 0) {
      // nothing whole to copy from (a hole filling its surroundings): the peeled fill is the answer
      fillByPeeling(level.img, level.hole, level.w, level.h, peelPlanes);
      return { field: null, energy: Infinity };
    }
    // the whole patches by plane, and the plane each target copies from: its own, or any when its own has too few
    const valid = new Uint8Array(whole.length);
    const perPlane = new Int32Array(256);
    // no patch more structured than its plane's ring round the hole: a wall's picture is not copied into plain wall.
    // (Not at a large hole's finest level, where the field settled below is copied through without a search.)
    const copiedThrough = l === 0 && field !== null && layout > 0;
    const structure = copiedThrough ? null : patchStructure(level);
    let limits: Uint16Array | null = null;
    if (structure) {
      const ring = dilate(level.hole, level.w, level.h, Math.max(PATCH_RADIUS, Math.round(ringRadius / 2 ** l)));
      for (let i = 0; i < ring.length; i++) if (level.hole[i] || level.blocked[i]) ring[i] = 0;
      limits = structureLimits(structure, level.plane, ring);
    }
    for (const i of validList) {
      const p = level.plane[i]!;
      if (structure && limits && structure[i]! > limits[p]!) continue;
      valid[i] = p;
      perPlane[p] = perPlane[p]! + 1;
    }
    if (perPlane.every((count) => count === 0))
      for (const i of validList) {
        valid[i] = level.plane[i]!;
        perPlane[valid[i]!] = perPlane[valid[i]!]! + 1;
      }
    const fine = level.w * level.h > FINE_LEVEL_PIXELS;
    const step = fine ? 2 : 1;
    const targets = listOf(target);
    const want = new Uint8Array(level.w * level.h);
    for (const t of targets) {
      const plane = level.plane[t]!;
      want[t] = perPlane[plane]! >= MIN_PLANE_SOURCES ? plane : 0;
    }
    // (the layout's own level is searched, even at the picture's size)
    const final = copiedThrough;
    const holes = listOf(level.hole);
    const nnf = new Int32Array(level.w * level.h);
    const dist = new Float32Array(final ? 0 : level.w * level.h);
    const coarser = field ? levels[l + 1]! : null;
    if (!coarser || !field) {
      fillByPeeling(level.img, level.hole, level.w, level.h, peelPlanes);
    } else if (!final) {
      // the coarser level's colours as a first guess, so that distances mean something
      for (const i of holes) {
        const x = i % level.w;
        const y = (i - x) / level.w;
        const c = (y >> 1) * coarser.w + (x >> 1);
        level.img[i * 3] = coarser.img[c * 3]!;
        level.img[i * 3 + 1] = coarser.img[c * 3 + 1]!;
        level.img[i * 3 + 2] = coarser.img[c * 3 + 2]!;
      }
    }
    // where the coarser field says nothing usable, the nearest whole patch of the target's plane (made when needed)
    let nearest: Int32Array | null = null;
    for (let k = 0; k < targets.length; k++) {
      const t = targets[k]!;
      const x = t % level.w;
      const y = (t - x) / level.w;
      let s = -1;
      if (field && coarser) {
        const c = (y >> 1) * coarser.w + (x >> 1);
        if (field.isTarget[c]) {
          const cs = field.nnf[c]!;
          const csx = cs % coarser.w;
          const csy = (cs - csx) / coarser.w;
          const fx = 2 * csx + (x & 1);
          const fy = 2 * csy + (y & 1);
          if (fx < level.w && fy < level.h && accepts(valid, want[t]!, fy * level.w + fx)) s = fy * level.w + fx;
        }
      }
      // a few targets by the hole's edge above the layout's level: the nearest whole patch round each, and only
      // with none near the breadth-first walk over the whole level
      if (s < 0 && field) s = nearestAround(level, valid, want[t]!, t, NEAR_SEARCH);
      if (s < 0) {
        nearest ??= nearestSources(level, valid, want, targets);
        s = nearest[t]!;
      }
      if (s < 0) s = validList[Math.floor(random() * validList.length)]!;
      nnf[t] = s;
      if (!final) dist[t] = patchDistance(level, t, s, r, step, Infinity);
    }
    const current: Field = { targets, want, nnf, dist, isTarget: target };
    if (final) {
      // the finest level of a large hole: the field settled on the level below is carried up and its patches'
      // pixels copied at full resolution, each pixel the mean of what its neighbours' patches say (no search)
      copyThroughField(level, current, holes);
      return { field: current, energy: Infinity };
    }
    const scratch: Scratch = {
      acc: new Float32Array(level.w * level.h * 3),
      weight: new Float32Array(level.w * level.h),
      holes,
      decay: depthDecay(level.hole, level.w, level.h),
    };
    // the upsampled field's say first, then rounds of search and vote
    if (field) vote(level, current, scratch);
    const coarsest = l === levels.length - 1;
    // the layout's level searches as the coarsest does, whether laid from the hole's edge or from a layout below
    const broad = l >= layout;
    // a layout's first round searches twice, every later round and level once: a second search there and a third
    // round above it cost a sixth of an erase and moved the drawn room's measure by under 0.01; the small hole's
    // layout goes on for more rounds, cheap at its size, until its boards reach across it
    const rounds = coarsest && l > layout ? DEEP_ROUNDS : broad ? 4 : fine ? 1 : 2;
    // above the coarsest level the layout is settled: the search looks nearby
    const radius = fine
      ? 4
      : broad
        ? Math.max(level.w, level.h)
        : Math.max(8, Math.round(Math.max(level.w, level.h) / 8));
    for (let round = 0; round < rounds; round++) {
      if (round > 0 || field) {
        for (let k = 0; k < targets.length; k++) {
          const t = targets[k]!;
          dist[t] = patchDistance(level, t, nnf[t]!, r, step, Infinity);
        }
      }
      improveField(level, current, valid, target, !field && round === 0 ? 2 : 1, radius, step, random, round);
      vote(level, current, scratch);
    }
    // a hole small enough for one level: its last say is a copy too, sharper than the votes' blend
    if (l === 0) copyThroughField(level, current, holes);
    let energy = Infinity;
    if (l === layout) {
      energy = 0;
      for (const t of targets) energy += patchDistance(level, t, nnf[t]!, r, step, Infinity);
      energy /= Math.max(1, targets.length);
    }
    return { field: current, energy };
  };

  let field: Field | null = null;
  for (let l = levels.length - 1; l >= 0; l--) {
    if (l === layout && layout < levels.length - 1) {
      // two layouts of the hole at this level: the one carried up from the small hole below, which lays a floor's
      // boards and seams across it, and the one grown in from its edge, which keeps a wall from a floor where the
      // small hole's patches span both; the one whose patches match better goes on up
      const level = levels[l]!;
      const guess = Float32Array.from(level.img);
      const fromBelow = solveLevel(l, field, deepRandom);
      const laidBelow = Float32Array.from(level.img);
      level.img.set(guess);
      const fromEdge = solveLevel(l, null, random);
      if (fromBelow.energy < fromEdge.energy) {
        level.img.set(laidBelow);
        field = fromBelow.field;
      } else field = fromEdge.field;
      continue;
    }
    field = solveLevel(l, field, l > layout ? deepRandom : random).field;
  }
  // no colour from nowhere: the fill keeps to the palette of the ring around the hole
  const ring = dilate(base.hole, w, h, ringRadius);
  for (let i = 0; i < ring.length; i++) if (base.hole[i] || base.blocked[i]) ring[i] = 0;
  keepToPalette(base, listOf(base.hole), ring);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const prow = (cy0 + y) * width + cx0;
    for (let x = 0; x < w; x++) {
      const i = row + x;
      if (!base.hole[i]) continue;
      const p = prow + x;
      data[p * channels] = clampByte(base.img[i * 3]!);
      data[p * channels + 1] = clampByte(base.img[i * 3 + 1]!);
      data[p * channels + 2] = clampByte(base.img[i * 3 + 2]!);
      if (field) {
        const s = field.nnf[i]!;
        const sx = s % w;
        sources[p] = (cy0 + (s - sx) / w) * width + cx0 + sx;
      }
    }
  }
  return { filled, sources };
}

import { CellMask } from '../polygon';
import { estimateFloorLine } from '../floor';
import type { Raster } from '../raster';
import { eraseMaskOf, maskShare, pieceMaskOf, type EraseInput } from './erase-mask';
import { inpaintPatchMatch } from './patch-match';

/** Regions are counted on a copy this many times smaller: two strokes a pixel apart are one region to a person. */
const COUNT_CELL = 4;
/** The plane of the pieces left standing (planeMapOf's floor is 1, off it 2). */
const STANDING_PLANE = 3;

export interface ErasedScene {
  /** The erased pixels of the scene (1), at its size. */
  mask: Uint8Array;
  /** The share (0–1) of the picture erased. */
  share: number;
  /** How many separate regions were erased: the receipt's 'pieces removed'. */
  regions: number;
}

/** Whether any cell of `cell` × `cell` pixels holds a set pixel, as a smaller mask. */
function coarsen(mask: Uint8Array, width: number, height: number, cell: number) {
  const w = Math.ceil(width / cell);
  const h = Math.ceil(height / cell);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const cells = Math.floor(y / cell) * w;
    for (let x = 0; x < width; x++) if (mask[row + x]) out[cells + Math.floor(x / cell)] = 1;
  }
  return { out, w, h };
}

/**
 * Which plane each pixel of a width × height picture lies on, for the fill (decision 0064): 1 on the floor or ground
 * (the polygons, in the picture's pixels, and every pixel below the floor's top in its column), 2 off it (the walls,
 * the house, the sky). No polygons: all 2, one plane.
 */
export function planeMapOf(
  floors: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
  width: number,
  height: number,
): Uint8Array {
  const floor = new CellMask(width, height, 1);
  for (const polygon of floors) floor.fill(polygon);
  const planes = new Uint8Array(width * height).fill(2);
  // the floor a photo's geometry finds is the floor seen: under the pieces standing on it, and in the columns beside
  // it, the floor goes on from where it begins. Each column is floor from its floor's top down, a column without any
  // from the nearest column's top
  const top = new Int32Array(width).fill(-1);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      if (floor.cells[y * width + x]) {
        top[x] = y;
        break;
      }
    }
  }
  let seen = -1;
  for (let x = 0; x < width; x++) if (top[x]! >= 0) seen = top[x]!;
  if (seen < 0) return planes;
  const filledTop = Int32Array.from(top);
  // nearest column with a floor: carried right from the left, then left from the right, whichever is nearer
  const leftOf = new Int32Array(width).fill(-1);
  let last = -1;
  for (let x = 0; x < width; x++) {
    if (top[x]! >= 0) last = x;
    leftOf[x] = last;
  }
  last = -1;
  for (let x = width - 1; x >= 0; x--) {
    if (top[x]! >= 0) last = x;
    if (top[x]! >= 0) continue;
    const l = leftOf[x]!;
    const near = l < 0 ? last : last < 0 ? l : x - l <= last - x ? l : last;
    filledTop[x] = top[near]!;
  }
  for (let x = 0; x < width; x++) for (let y = filledTop[x]!; y < height; y++) planes[y * width + x] = 1;
  return planes;
}

/** The planes of a picture with no geometry found: the floor below its floor line (estimateFloorLine), the wall above. */
export function planesOfFloorLine(scene: Raster): Uint8Array {
  const { width, height } = scene;
  const line = Math.round(height * estimateFloorLine(scene));
  const below = [
    [0, line],
    [width, line],
    [width, height],
    [0, height],
  ] as const;
  return planeMapOf([below], width, height);
}

/**
 * Erases from the scene, in place, what the person asked for (fractions of the picture) and the room's pieces that
 * products took the place of (`pieces`, in the scene's pixels, less the room's other pieces in `keep`), filling each
 * from the rest of the photo: with `planes` (planeMapOf), a floor pixel from the floor and a wall pixel from the
 * wall, and never from the room's pieces standing there (`standing`, in the scene's pixels: a sofa is no wall). Null
 * when there is nothing to erase.
 */
export function eraseScene(
  scene: Raster,
  input: EraseInput | undefined,
  pieces: ReadonlyArray<{ polygon: ReadonlyArray<readonly [number, number]> }> = [],
  keep: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [],
  planes?: Uint8Array,
  standing: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [],
): ErasedScene | null {
  const { width, height } = scene;
  // nothing asked, nothing replaced: no mask to make and count over the whole picture
  if (pieces.length === 0 && (!input || (input.strokes.length === 0 && input.pieces.length === 0))) return null;
  const asked = input ? eraseMaskOf(input, width, height) : null;
  const mask = pieces.length > 0 ? pieceMaskOf(pieces, width, height) : (asked ?? new Uint8Array(width * height));
  if (pieces.length > 0 && keep.length > 0) {
    // a replaced piece goes, not the room's other pieces that overlap its outline (the table before the old sofa)
    const kept = new CellMask(width, height, 1);
    for (const polygon of keep) kept.fill(polygon);
    for (let i = 0; i < mask.length; i++) if (kept.cells[i]) mask[i] = 0;
  }
  if (asked && mask !== asked) for (let i = 0; i < mask.length; i++) mask[i] = mask[i]! | asked[i]!;
  const share = maskShare(mask);
  if (share === 0) return null;
  // the pieces left standing are a plane of their own (3) that neither the floor nor the wall copies from; what is
  // erased of them is on the floor or the wall behind
  let fillPlanes = planes;
  if (planes && standing.length > 0) {
    const pieces = new CellMask(width, height, 1);
    for (const polygon of standing) pieces.fill(polygon);
    fillPlanes = Uint8Array.from(planes);
    for (let i = 0; i < fillPlanes.length; i++) if (pieces.cells[i] && !mask[i]) fillPlanes[i] = STANDING_PLANE;
  }
  const coarse = coarsen(mask, width, height, COUNT_CELL);
  const { labels, count } = labelRegions(coarse.out, coarse.w, coarse.h);
  // each region from the photo around it, in turn; the ones still to come are never copied from
  const pending = Uint8Array.from(mask);
  for (let region = 1; region <= count; region++) {
    const hole = new Uint8Array(mask.length);
    for (let y = 0; y < height; y++) {
      const row = Math.floor(y / COUNT_CELL) * coarse.w;
      const pixels = y * width;
      for (let x = 0; x < width; x++) {
        const i = pixels + x;
        if (mask[i] && labels[row + Math.floor(x / COUNT_CELL)] === region) {
          hole[i] = 1;
          pending[i] = 0;
        }
      }
    }
    inpaintPatchMatch(scene, hole, { seed: region, blocked: pending, ...(fillPlanes ? { planes: fillPlanes } : {}) });
  }
  return { mask, share, regions: count };
}

/** 8-connected regions of a mask, numbered from 1. */
function labelRegions(mask: Uint8Array, width: number, height: number): { labels: Int32Array; count: number } {
  const labels = new Int32Array(mask.length);
  const stack: number[] = [];
  let count = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    count++;
    labels[start] = count;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (mask[j] && !labels[j]) {
            labels[j] = count;
            stack.push(j);
          }
        }
      }
    }
  }
  return { labels, count };
}

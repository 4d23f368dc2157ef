import { CellMask } from '../polygon';

/*
 * What a person asked to erase, in fractions of the picture (0–1 across, 0–1 down), so that it means the same at any
 * render size: brush strokes and the outlines of pieces the photo's geometry found (decision 0047).
 */

export interface ErasePoint {
  x: number;
  y: number;
}

export interface EraseStroke {
  /** The brush's diameter as a share of the picture's width. */
  size: number;
  /** The brush's path; one point is a dab. */
  points: ErasePoint[];
}

export interface ErasePiece {
  /** The geometry's name for it ('piece-3'), when it is one it found. */
  id?: string;
  polygon: ErasePoint[];
}

export interface EraseInput {
  strokes: EraseStroke[];
  pieces: ErasePiece[];
}

/** A piece's outline is grown by this share of the picture's long side: its fringe and contact shadow go with it. */
const PIECE_GROWTH = 0.006;

/** Sets every pixel of `mask` (width × height, row-major) within `radius` of the segment a–b. */
function fillCapsule(
  mask: Uint8Array,
  width: number,
  height: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  radius: number,
): void {
  const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - radius));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + radius));
  const y0 = Math.max(0, Math.floor(Math.min(ay, by) - radius));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + radius));
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const r2 = radius * radius;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5 - ax;
      const py = y + 0.5 - ay;
      const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / length2));
      const ex = px - t * dx;
      const ey = py - t * dy;
      if (ex * ex + ey * ey <= r2) mask[y * width + x] = 1;
    }
  }
}

/** Grows a mask by `radius` pixels (a square neighbourhood, two passes). */
export function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius < 1) return mask;
  const across = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    let last = -Infinity;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (mask[row + x]) last = x;
      if (x - last <= radius) across[row + x] = 1;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (mask[row + x]) last = x;
      if (last - x <= radius) across[row + x] = 1;
    }
  }
  // down the columns, row by row: a pixel is set when a set pixel of its column lies within `radius` rows of it,
  // counted per column over the window of rows, so the picture is read in memory order
  const out = new Uint8Array(mask.length);
  const count = new Int32Array(width);
  for (let y = 0; y < Math.min(height, radius); y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) count[x] = count[x]! + across[row + x]!;
  }
  for (let y = 0; y < height; y++) {
    const enter = y + radius;
    const leave = y - radius - 1;
    if (enter < height) {
      const row = enter * width;
      for (let x = 0; x < width; x++) count[x] = count[x]! + across[row + x]!;
    }
    if (leave >= 0) {
      const row = leave * width;
      for (let x = 0; x < width; x++) count[x] = count[x]! - across[row + x]!;
    }
    const row = y * width;
    for (let x = 0; x < width; x++) if (count[x]) out[row + x] = 1;
  }
  return out;
}

/** The pieces' part of the mask: each outline filled, then grown a little. */
export function pieceMaskOf(
  pieces: ReadonlyArray<{ polygon: ReadonlyArray<readonly [number, number]> }>,
  width: number,
  height: number,
): Uint8Array {
  const filled = new CellMask(width, height, 1);
  for (const piece of pieces) filled.fill(piece.polygon);
  if (pieces.length === 0) return filled.cells;
  return dilate(filled.cells, width, height, Math.round(PIECE_GROWTH * Math.max(width, height)));
}

/** The pixels (1) an erase covers in a width × height picture. */
export function eraseMaskOf(input: EraseInput, width: number, height: number): Uint8Array {
  const mask = pieceMaskOf(
    input.pieces.map((piece) => ({ polygon: piece.polygon.map((p) => [p.x * width, p.y * height] as const) })),
    width,
    height,
  );
  for (const stroke of input.strokes) {
    const radius = Math.max(0.5, (stroke.size * width) / 2);
    const points = stroke.points.map((p) => [p.x * width, p.y * height] as const);
    for (let i = 0; i < points.length; i++) {
      const a = points[Math.max(0, i - 1)]!;
      const b = points[i]!;
      fillCapsule(mask, width, height, a[0], a[1], b[0], b[1], radius);
    }
  }
  return mask;
}

/** The share (0–1) of the picture a mask covers. */
export function maskShare(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i]!;
  return mask.length === 0 ? 0 : n / mask.length;
}

import type { Point, Polygon } from './geometry/types';

/*
 * Plane geometry on pixel polygons: what placement needs to test a footprint against the floor and the room's
 * pieces, and to rasterise a region into a mask.
 */

// the point-in-polygon and area tests the analysis uses: placement tests against the same polygons it found
export { insidePolygon, polygonArea } from './geometry/polygon';

export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function boundsOf(polygon: Polygon): Bounds {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const [x, y] of polygon) {
    if (x < left) left = x;
    if (x > right) right = x;
    if (y < top) top = y;
    if (y > bottom) bottom = y;
  }
  return { left, top, right, bottom };
}

export const scalePolygon = (polygon: Polygon, kx: number, ky: number): Point[] =>
  polygon.map(([x, y]) => [x * kx, y * ky] as const);

/** A box as a polygon, clockwise from its top-left corner. */
export const boxPolygon = (x: number, y: number, width: number, height: number): Point[] => [
  [x, y],
  [x + width, y],
  [x + width, y + height],
  [x, y + height],
];

/**
 * A coarse mask of a picture (`cell` pixels a cell), each cell 1 where its centre lies in any of the polygons. Fills
 * scanline by scanline, so a polygon costs its rows, not its area times its corners.
 */
export class CellMask {
  readonly cols: number;
  readonly rows: number;
  readonly cells: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly cell: number,
  ) {
    this.cols = Math.max(1, Math.ceil(width / cell));
    this.rows = Math.max(1, Math.ceil(height / cell));
    this.cells = new Uint8Array(this.cols * this.rows);
  }

  /** Sets (or clears) every cell whose centre is inside the polygon. */
  fill(polygon: Polygon, value = 1): this {
    if (polygon.length < 3) return this;
    const { top, bottom } = boundsOf(polygon);
    const r0 = Math.max(0, Math.floor(top / this.cell));
    const r1 = Math.min(this.rows - 1, Math.ceil(bottom / this.cell));
    const crossings: number[] = [];
    for (let r = r0; r <= r1; r++) {
      const y = (r + 0.5) * this.cell;
      crossings.length = 0;
      for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
        const [xi, yi] = polygon[i]!;
        const [xj, yj] = polygon[j]!;
        if (yi > y !== yj > y) crossings.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
      }
      crossings.sort((a, b) => a - b);
      for (let k = 0; k + 1 < crossings.length; k += 2) {
        const c0 = Math.max(0, Math.ceil(crossings[k]! / this.cell - 0.5));
        const c1 = Math.min(this.cols - 1, Math.floor(crossings[k + 1]! / this.cell - 0.5));
        if (c1 >= c0) this.cells.fill(value, r * this.cols + c0, r * this.cols + c1 + 1);
      }
    }
    return this;
  }

  /** The cell under a pixel; points outside the picture read as `outside`. */
  at(x: number, y: number, outside = 0): number {
    const c = Math.floor(x / this.cell);
    const r = Math.floor(y / this.cell);
    if (c < 0 || r < 0 || c >= this.cols || r >= this.rows) return outside;
    return this.cells[r * this.cols + c]!;
  }

  /** The share (0–1) of the polygon's cells that are set. */
  shareSetIn(polygon: Polygon): number {
    const probe = new CellMask(this.width, this.height, this.cell).fill(polygon);
    let inside = 0;
    let set = 0;
    for (let i = 0; i < probe.cells.length; i++) {
      if (!probe.cells[i]) continue;
      inside++;
      set += this.cells[i]!;
    }
    return inside === 0 ? 0 : set / inside;
  }

  /** How many cells are set. */
  count(): number {
    let n = 0;
    for (const v of this.cells) n += v;
    return n;
  }
}

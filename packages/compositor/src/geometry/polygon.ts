import type { Point, Polygon } from './types';

/** The convex hull of points (Andrew's monotone chain), counter-clockwise in picture coordinates' terms. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const turn = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && turn(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!;
    while (upper.length >= 2 && turn(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** The polygon's area in square pixels (either winding). */
export function polygonArea(polygon: Polygon): number {
  let area = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    area += (polygon[j]![0] + polygon[i]![0]) * (polygon[j]![1] - polygon[i]![1]);
  }
  return Math.abs(area) / 2;
}

/** Whether a point lies inside a polygon (even-odd rule). */
export function insidePolygon(polygon: Polygon, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A polygon as a mask of `width` × `height` cells, a cell in when its centre is (scanline fill, even-odd rule). */
export function rasterize(polygon: Polygon, width: number, height: number, mask = new Uint8Array(width * height)) {
  const crossings: number[] = [];
  for (let y = 0; y < height; y++) {
    const cy = y + 0.5;
    crossings.length = 0;
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const [xi, yi] = polygon[i]!;
      const [xj, yj] = polygon[j]!;
      if (yi > cy !== yj > cy) crossings.push(((xj - xi) * (cy - yi)) / (yj - yi) + xi);
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = Math.max(0, Math.ceil(crossings[k]! - 0.5));
      const to = Math.min(width - 1, Math.floor(crossings[k + 1]! - 0.5));
      for (let x = from; x <= to; x++) mask[y * width + x] = 1;
    }
  }
  return mask;
}

/** Douglas–Peucker on an open line: which of its points to keep so the rest stay within `tolerance`. */
function keepOfLine(line: readonly Point[], tolerance: number): Uint8Array {
  const keep = new Uint8Array(line.length);
  keep[0] = 1;
  keep[line.length - 1] = 1;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    const [ax, ay] = line[from]!;
    const [bx, by] = line[to]!;
    const length = Math.hypot(bx - ax, by - ay) || 1;
    let far = -1;
    let farDistance = tolerance;
    for (let i = from + 1; i < to; i++) {
      const [px, py] = line[i]!;
      const d = Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length;
      if (d > farDistance) {
        far = i;
        farDistance = d;
      }
    }
    if (far >= 0) {
      keep[far] = 1;
      stack.push([from, far], [far, to]);
    }
  }
  return keep;
}

/** The fewest corners of a closed outline that keep it within `tolerance` of where it was (Douglas–Peucker). */
export function simplify(polygon: readonly Point[], tolerance: number): Point[] {
  if (polygon.length <= 4) return [...polygon];
  // split the outline at its first corner and the corner farthest from it, so neither half is degenerate
  let far = 0;
  let farDistance = -1;
  for (let i = 1; i < polygon.length; i++) {
    const d = Math.hypot(polygon[i]![0] - polygon[0]![0], polygon[i]![1] - polygon[0]![1]);
    if (d > farDistance) {
      far = i;
      farDistance = d;
    }
  }
  const first = polygon.slice(0, far + 1);
  const second = [...polygon.slice(far), polygon[0]!];
  const keepFirst = keepOfLine(first, tolerance);
  const keepSecond = keepOfLine(second, tolerance);
  const out: Point[] = [];
  first.forEach((p, i) => keepFirst[i] && out.push(p));
  for (let i = 1; i < second.length - 1; i++) if (keepSecond[i]) out.push(second[i]!);
  return out;
}

/**
 * The outline of a set of cells taken column by column: along the tops of its columns left to right, back along
 * their bottoms. It holds every cell of the set (and, where a column has gaps, the gaps too), so a piece drawn with
 * it never leaves part of the piece outside.
 */
export function columnSpanOutline(labels: Int32Array, width: number, height: number, label: number): Point[] | null {
  const tops: Point[] = [];
  const bottoms: Point[] = [];
  for (let x = 0; x < width; x++) {
    let top = -1;
    let bottom = -1;
    for (let y = 0; y < height; y++) {
      if (labels[y * width + x] === label) {
        if (top < 0) top = y;
        bottom = y;
      }
    }
    if (top < 0) continue;
    tops.push([x, top], [x + 1, top]);
    bottoms.push([x, bottom + 1], [x + 1, bottom + 1]);
  }
  if (tops.length === 0) return null;
  return [...tops, ...bottoms.reverse()];
}

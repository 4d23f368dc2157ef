import type { Segment } from './lines';
import { insidePolygon } from './polygon';
import type { Opening, PieceGroup, Point } from './types';

/*
 * Windows and doors framed by lines (decision 0052): a rectangle whose two sides are long vertical segments (the
 * vertical vanishing point's), whose top or bottom is a horizontal one (a lintel, a sill, a door head), and whose
 * inside stands apart from the wall on both sides of it (daylight through a window, a white door on a beige wall, a
 * dark doorway). The bright-component openings of analyze.ts find only windows brighter than nearly everything;
 * these are the rest. Coordinates are the region map's cells.
 */

/** A side of an opening: a segment within this angle of the picture's vertical. */
const VERTICAL_WITHIN = (12 * Math.PI) / 180;
/** A lintel or sill: a segment within this angle of the horizontal (a side wall's run to its vanishing point). */
const HORIZONTAL_WITHIN = (35 * Math.PI) / 180;
/** The inside differs from the wall on either side by at least this much luma (0–255). */
const MIN_CONTRAST = 18;
/**
 * The narrowest opening, of the map's width: a facade's sash window seen across a lawn is 2% of the picture. One
 * narrower than a lintel segment can be (`NARROW`) is taken on its luma step alone, and a stronger one.
 */
const MIN_WIDTH = 0.015;
const NARROW = 0.03;
/** Up to this width a luma step along the top or bottom stands in for the lintel's or sill's line. */
const STEPPED_WITHIN = 0.06;
/** A tall opening whose foot lies this far (of the map's height) below the horizon is a door. */
const DOOR_BELOW = 0.12;
/** In a room, a window's sill or a door's foot lies at most this far (of the map's height) above the horizon. */
const SILL_ABOVE = 0.05;
/**
 * On a facade a dark opening's top may lie this far (of the map's height) below a measured horizon: the horizon is
 * measured to about this (the labels' tolerance), and a window's sides are often found only below its arch.
 */
const BELOW_MEASURED = 0.05;
/**
 * A facade's opening is at most this many times as wide as tall (a garage door): a wider dark box is a row of windows
 * and the wall between them, read as one. (A room's window may be a wide band of glass.)
 */
const FACADE_WIDEST = 2.5;
/** At most this many framed openings a photo. */
const MAX_FRAMED = 8;

export interface FramedOpeningInput {
  /** The region map's smoothed luma, `width` × `height`. */
  luma: Float32Array;
  width: number;
  height: number;
  /** The picture's segments in analysis pixels, and analysis pixels per region cell. */
  segments: readonly Segment[];
  regionScale: number;
  /** Cells of the visible floor (its hull): an opening stands above it, never on it. */
  inHull: Uint8Array;
  /** A room's windows come down to near the eyes' height; a facade's upper floors' stand far above them. */
  mode?: 'interior' | 'landscape';
  /** The horizon's row at a column (cells). */
  horizonAt: (x: number) => number;
  /**
   * Whether that row is only a guess: then a dark opening below it is still taken (a facade's ground floor seen
   * square, from a street the picture was cropped above). A bright one there is not: from outside in daylight
   * glass and doorways are darker than the wall, and a bright rectangle between two of them is the wall.
   */
  horizonGuessed?: boolean;
  /** The floor's top row in a column (cells), or `height` where the column has no floor. */
  floorTopAt: (x: number) => number;
  /** Openings found already (cells): a framed one over one of these is the same opening. */
  known: readonly Opening[];
  /**
   * The standing pieces' silhouettes (cells): a frame mostly within one is the piece (a bookcase's sides and top),
   * except within a wall (a yard's house front, found as a piece), which holds its windows.
   */
  pieces: readonly { polygon: readonly Point[]; group?: PieceGroup | undefined }[];
}

interface Side {
  x: number;
  top: number;
  bottom: number;
}

interface Candidate {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  score: number;
  door: boolean;
}

/** Windows and doors framed by vertical and horizontal lines and standing apart from the wall (cells). */
export function findFramedOpenings(input: FramedOpeningInput): Opening[] {
  const { luma, width, height, segments, regionScale, inHull, horizonAt, floorTopAt } = input;
  const sum = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += luma[y * width + x]!;
      sum[(y + 1) * (width + 1) + x + 1] = sum[y * (width + 1) + x + 1]! + row;
    }
  }
  /** The mean luma of the cells [x0, x1) × [y0, y1), clipped to the map; NaN when empty. */
  const meanOf = (x0: number, y0: number, x1: number, y1: number) => {
    const a = Math.max(0, Math.min(width, Math.round(x0)));
    const b = Math.max(0, Math.min(width, Math.round(x1)));
    const c = Math.max(0, Math.min(height, Math.round(y0)));
    const d = Math.max(0, Math.min(height, Math.round(y1)));
    if (b <= a || d <= c) return NaN;
    const w1 = width + 1;
    return (sum[d * w1 + b]! - sum[c * w1 + b]! - sum[d * w1 + a]! + sum[c * w1 + a]!) / ((b - a) * (d - c));
  };

  const sides: Side[] = [];
  const across: Segment[] = [];
  for (const s of segments) {
    const x1 = s.x1 / regionScale;
    const y1 = s.y1 / regionScale;
    const x2 = s.x2 / regionScale;
    const y2 = s.y2 / regionScale;
    const length = s.length / regionScale;
    if (Math.abs(s.angle - Math.PI / 2) < VERTICAL_WITHIN) {
      if (length >= 0.05 * height) sides.push({ x: (x1 + x2) / 2, top: Math.min(y1, y2), bottom: Math.max(y1, y2) });
    } else if (s.angle < HORIZONTAL_WITHIN || s.angle > Math.PI - HORIZONTAL_WITHIN) {
      if (length >= 0.02 * width) across.push({ ...s, x1, y1, x2, y2, length });
    }
  }
  sides.sort((a, b) => a.x - b.x);

  /** Whether a near-horizontal segment runs along row `y` over at least 40% of [x0, x1]. */
  const ruled = (x0: number, x1: number, y: number) => {
    const tolerance = Math.max(1.5, 0.02 * height);
    for (const s of across) {
      const left = Math.max(x0, Math.min(s.x1, s.x2));
      const right = Math.min(x1, Math.max(s.x1, s.x2));
      if (right - left < 0.4 * (x1 - x0)) continue;
      const mid = (left + right) / 2;
      const t = s.x2 === s.x1 ? 0.5 : (mid - s.x1) / (s.x2 - s.x1);
      if (Math.abs(s.y1 + t * (s.y2 - s.y1) - y) <= tolerance) return true;
    }
    return false;
  };

  const candidates: Candidate[] = [];
  for (let i = 0; i < sides.length; i++) {
    const a = sides[i]!;
    for (let j = i + 1; j < sides.length; j++) {
      const b = sides[j]!;
      const w = b.x - a.x;
      if (w < MIN_WIDTH * width) continue;
      if (w > 0.45 * width) break;
      const y0 = Math.max(a.top, b.top);
      const y1 = Math.min(a.bottom, b.bottom);
      const h = y1 - y0;
      // both sides run along most of the opening's height
      if (h < 0.06 * height || h < 0.6 * Math.min(a.bottom - a.top, b.bottom - b.top)) continue;
      if (w > (input.mode === 'landscape' ? FACADE_WIDEST : 4) * h || h > 6 * w) continue;
      const cx = (a.x + b.x) / 2;
      // a window or a door reaches above the eyes' height, and stands off the floor
      const belowEyes = y0 > horizonAt(cx);
      const slack = input.horizonGuessed ? Infinity : input.mode === 'landscape' ? BELOW_MEASURED * height : 0;
      if (y0 > horizonAt(cx) + slack) continue;
      // and in a room comes down to about the eyes' height: what hangs wholly above them is a picture or a cupboard
      if (input.mode === 'interior' && y1 < horizonAt(cx) - SILL_ABOVE * height) continue;
      if (inHull[Math.min(height - 1, Math.round((y0 + y1) / 2)) * width + Math.min(width - 1, Math.round(cx))])
        continue;
      const inset = Math.max(1, 0.08 * w);
      const inside = meanOf(a.x + inset, y0 + inset, b.x - inset, y1 - inset);
      const band = Math.max(2, 0.3 * w);
      const left = meanOf(a.x - inset - band, y0, a.x - inset, y1);
      const right = meanOf(b.x + inset, y0, b.x + inset + band, y1);
      const walls = [left, right].filter((v) => !Number.isNaN(v));
      if (Number.isNaN(inside) || walls.length === 0) continue;
      const differences = walls.map((v) => inside - v);
      // the same way from both sides: brighter than the wall on both, or darker on both
      if (!differences.every((d) => Math.sign(d) === Math.sign(differences[0]!))) continue;
      if (belowEyes && differences[0]! > 0) continue;
      const contrast = Math.min(...differences.map(Math.abs));
      if (contrast < MIN_CONTRAST) continue;
      // the whole inside stands apart, each quarter of it: not two pictures and the wall between them
      const wall = walls.reduce((t, v) => t + v, 0) / walls.length;
      const mx = (a.x + b.x) / 2;
      const my = (y0 + y1) / 2;
      const quarters = [
        meanOf(a.x + inset, y0 + inset, mx, my),
        meanOf(mx, y0 + inset, b.x - inset, my),
        meanOf(a.x + inset, my, mx, y1 - inset),
        meanOf(mx, my, b.x - inset, y1 - inset),
      ];
      if (!quarters.every((q) => (q - wall) * Math.sign(differences[0]!) >= MIN_CONTRAST / 2)) continue;
      // a lintel or sill as a line or, on a small window whose top is shorter than any segment, as the same step
      // from the wall above or below it as at its sides
      const sign = Math.sign(differences[0]!);
      const above = meanOf(a.x + inset, y0 - inset - band, b.x - inset, y0 - inset);
      const below = meanOf(a.x + inset, y1 + inset, b.x - inset, y1 + inset + band);
      const stepped =
        w < STEPPED_WITHIN * width &&
        [above, below].some((v) => !Number.isNaN(v) && (inside - v) * sign >= MIN_CONTRAST);
      if (w < NARROW * width) {
        if (!stepped || contrast < 1.5 * MIN_CONTRAST) continue;
      } else if (!stepped && !ruled(a.x, b.x, y0) && !ruled(a.x, b.x, y1)) continue;
      const probes: Point[] = [
        [cx, (y0 + y1) / 2],
        [(a.x + cx) / 2, (y0 + my) / 2],
        [(cx + b.x) / 2, (y0 + my) / 2],
        [(a.x + cx) / 2, (my + y1) / 2],
        [(cx + b.x) / 2, (my + y1) / 2],
      ];
      const within = (piece: readonly Point[]) => probes.filter(([px, py]) => insidePolygon(piece, px, py)).length >= 3;
      if (input.pieces.some((piece) => piece.group !== 'wall' && within(piece.polygon))) continue;
      const floorTop = Math.min(floorTopAt(a.x), floorTopAt(cx), floorTopAt(b.x));
      // a door reaches the floor's far edge, or (its foot hidden behind furniture) runs well below the eyes' height
      // with most of it below them: a door's head is a little above the eyes, a window's sill a little below
      const horizon = horizonAt(cx);
      const door =
        h > 1.5 * w &&
        (y1 >= Math.min(floorTop, height) - 0.06 * height ||
          (y1 - horizon > DOOR_BELOW * height && horizon - y0 < 0.45 * h));
      candidates.push({ x0: a.x, y0, x1: b.x, y1, score: contrast * w * h, door });
    }
  }

  // the strongest first; one that mostly covers, or lies mostly within, one taken already is the same opening
  candidates.sort((p, q) => q.score - p.score);
  const taken: Candidate[] = [];
  const boxOf = (o: Opening) => {
    const xs = o.polygon.map((p) => p[0]);
    const ys = o.polygon.map((p) => p[1]);
    return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  };
  const known = input.known.map(boxOf);
  const overlapping = (p: { x0: number; y0: number; x1: number; y1: number }, q: typeof p) => {
    const w = Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0);
    const h = Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0);
    if (w <= 0 || h <= 0) return false;
    const smaller = Math.min((p.x1 - p.x0) * (p.y1 - p.y0), (q.x1 - q.x0) * (q.y1 - q.y0));
    return (w * h) / smaller > 0.5;
  };
  for (const c of candidates) {
    if (taken.length >= MAX_FRAMED) break;
    if (taken.some((t) => overlapping(t, c)) || known.some((k) => overlapping(k, c))) continue;
    taken.push(c);
  }
  return taken.map(({ x0, y0, x1, y1, door }) => ({
    kind: door ? 'door' : 'window',
    polygon: [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ] satisfies Point[],
  }));
}

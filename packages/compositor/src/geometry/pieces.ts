/**
 * The pieces standing in a room or a yard as whole silhouettes (decision 0041): what hides the floor, from where it
 * stands on the floor up to its top, wall-standing ones (a bookcase, a wardrobe, a bed's headboard) included. Each
 * column of the region map is followed up from its topmost free-floor cell until the wall (or the sky, or the house
 * front) shows again; how far it may go is bounded by the camera: nothing standing there is taller than
 * `MAX_HEIGHT` metres. The wall is told by its colour and smoothness: the colours of the smooth cells above the
 * floor that most of that area holds.
 */
import type { PieceGroup, Point } from './types';

/** The region map's colour planes (luma 0–255, opponent colours −255…255). */
export interface PieceFeatures {
  width: number;
  height: number;
  l: Float32Array;
  rg: Float32Array;
  by: Float32Array;
}

export interface PieceInput {
  features: PieceFeatures;
  /** The free floor, 1 where it is. */
  free: Uint8Array;
  /** The floor hull, 1 inside. */
  inHull: Uint8Array;
  /** The horizon's row (region cells) at a column's centre. */
  horizonAt: (x: number) => number;
  eyeHeight: number;
  mode: 'interior' | 'landscape';
  /** Cells a found piece's outline is moved out by (its edge blurs into the floor at the region map's size). */
  margin: number;
}

export interface FoundPiece {
  /** Its outline in region cells: the tops of its columns left to right, then their bottoms right to left. */
  outline: Point[];
  kind: string | null;
  group?: PieceGroup;
  confidence?: number;
  heightMetres?: number;
  againstWall: boolean;
  /** Its area in cells. */
  area: number;
}

/** What a risen piece's kind is told by beyond its size (measured on the labelled photos, decision 0041's set). */
export interface PieceEvidence {
  /** How far its contact with the floor moves up and down across its columns, in metres at its foot. */
  footSpread: number;
  /** Of its edge cells, the share running across (a seat's front, a cushion's line) and the share running up. */
  acrossEdges: number;
  upEdges: number;
  /** The spread of its luma, 0–255: a footboard's wood is even, a shelf of books is not. */
  lumaSpread: number;
  /**
   * Whether the picture's side edge cuts it (its run reaches the region map's first or last columns, the outermost
   * of which hold no piece): it is at least as wide as seen.
   */
  cut?: boolean;
  /**
   * For a tall piece on a steady foot: the run of such pieces side by side it is one of (a bookcase split where its
   * top jumps), their widths together and whether any of them stands at the wall.
   */
  tallRun?: { widthMetres: number; againstWall: boolean };
}

/** A run of columns before its kind is told: tall runs side by side are judged together. */
interface Run {
  x0: number;
  x1: number;
  widthMetres: number;
  greenShare: number;
  evidence: PieceEvidence;
  piece: Omit<FoundPiece, 'kind' | 'group' | 'confidence'> & { heightMetres: number };
}

/** Nothing standing in a room is taller than this (a wardrobe, a tall bookcase); in a yard, than a small tree. */
const MAX_HEIGHT = { interior: 2.4, landscape: 4 } as const;
/** A column holds a piece when what stands on its floor is at least this tall (metres): a skirting board is not. */
const MIN_HEIGHT = 0.2;
/** A cell is smooth when its luma and colour change by less than this across it (the wall, the sky). */
const SMOOTH = 7;
/** A smooth cell this far in colour from what a column's piece holds so far is not the piece. */
const FAR = 24;
/** This many metres of wall in a row end a piece's column: its top is below them. */
const WALL_RUN = 0.12;

/**
 * Storage sure enough to be replaced (a bookcase, a wardrobe): this tall (metres), this wide together with the tall
 * runs beside it, against the wall, its foot steady to this many metres. The labelled bookcases measure 1.98–2.29 m
 * on feet steady to 0.12 m; what rises nearly as tall by a wall without being storage is an armchair with the window
 * behind it (1.42–1.66 m, by the photo's size), bar stools before a counter and a workbench under its shelves (their
 * feet spread 0.26–0.74 m).
 */
const STORAGE_HEIGHT = 1.75;
const STORAGE_WIDTH = 0.5;
const STEADY_FOOT = 0.2;
/**
 * A sofa: this wide and tall (its back included, metres), its edges mostly running across (seat, cushions, back)
 * and few running up (a cabinet's doors, a stool's legs). The labelled sofas measure 1.1–1.6 m by 0.94–1.02 m, with
 * 0.55–0.67 of their edges across and 0.18–0.28 up.
 */
const SOFA_WIDTH = [1.1, 2.6] as const;
const SOFA_HEIGHT = [0.7, 1.05] as const;
const SOFA_ACROSS = 0.45;
const SOFA_UP = 0.3;
/**
 * A bed seen from its foot: low and wide, standing out into the room, its footboard or cover even in tone and
 * crossed by its own lines (the labelled bed: 0.54 m by 1.5 m, luma spread 13, 0.74 of its edges across). Not sure
 * enough to replace: the run found holds the bed's foot and side, its head is another run, and a new bed put on it
 * leaves half the old one standing.
 */
const BED_HEIGHT = [0.35, 0.75] as const;
const BED_WIDTH = 1.3;
const BED_EVEN = 20;
const BED_ACROSS = 0.6;

/** The quantised colour a cell's wall model is kept in. */
const binOf = (l: number, rg: number, by: number) =>
  Math.min(15, Math.floor(l / 16)) * 1024 +
  Math.min(31, Math.max(0, Math.floor((rg + 128) / 8))) * 32 +
  Math.min(31, Math.max(0, Math.floor((by + 128) / 8)));

/** The pieces that rise from the floor's topmost free cells, and the cells they cover (the piece's index + 1). */
export function findStandingPieces(input: PieceInput): { pieces: FoundPiece[]; covered: Int32Array } {
  const { features: f, free, inHull, horizonAt, eyeHeight, mode, margin } = input;
  const { width, height } = f;
  const n = width * height;

  // smoothness: the change across a cell, luma and colour together
  const rough = new Float32Array(n);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const dx = Math.abs(f.l[i + 1]! - f.l[i - 1]!) + 0.5 * Math.abs(f.rg[i + 1]! - f.rg[i - 1]!);
      const dy = Math.abs(f.l[i + width]! - f.l[i - width]!) + 0.5 * Math.abs(f.by[i + width]! - f.by[i - width]!);
      rough[i] = Math.max(dx, dy);
    }
  }

  const topFree = new Int32Array(width).fill(-1);
  const hullTop = new Int32Array(width).fill(-1);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      const i = y * width + x;
      if (hullTop[x]! < 0 && inHull[i]) hullTop[x] = y;
      if (free[i]) {
        topFree[x] = y;
        break;
      }
    }
  }

  // the floor's colours: the floor beyond the free floor (its far boards in the light, a rug's border, the band a
  // guessed camera's limit left) is not a piece, nor the wall; the bins holding most of the free floor
  const floorCounts = new Map<number, number>();
  let floorCells = 0;
  for (let i = 0; i < n; i++) {
    if (!free[i]) continue;
    const b = binOf(f.l[i]!, f.rg[i]!, f.by[i]!);
    floorCounts.set(b, (floorCounts.get(b) ?? 0) + 1);
    floorCells++;
  }
  const floorBins = new Set<number>();
  for (const [bin, count] of floorCounts) if (count >= 0.05 * floorCells) floorBins.add(bin);
  // the wall's colours: the smooth cells above the floor (above the horizon where there is no floor), binned;
  // the bins that hold most of them, each a fair share, with their neighbours (shading moves a colour by a bin)
  const counts = new Map<number, number>();
  let samples = 0;
  for (let x = 1; x < width - 1; x++) {
    // in a yard only above the eyes' height: the fences, hedges and beds along the ground's edge stand below the
    // horizon, the sky and the house front rise above it
    const horizonRow = Math.min(height - 1, Math.floor(horizonAt(x + 0.5)));
    const floorTop = hullTop[x]! >= 0 ? hullTop[x]! - 1 : horizonRow;
    const above = mode === 'landscape' ? Math.min(floorTop, horizonRow) : floorTop;
    for (let y = 1; y < above; y++) {
      const i = y * width + x;
      if (rough[i]! >= SMOOTH) continue;
      const b = binOf(f.l[i]!, f.rg[i]!, f.by[i]!);
      // a yard's lawn seen beyond the grown ground is not the sky or the house front
      if (mode === 'landscape' && floorBins.has(b)) continue;
      counts.set(b, (counts.get(b) ?? 0) + 1);
      samples++;
    }
  }
  const wallBins = new Set<number>();
  if (samples > 0.02 * n) {
    const sorted = [...counts].sort((a, b) => b[1] - a[1]);
    let taken = 0;
    for (const [bin, count] of sorted) {
      if (count < 0.03 * samples || taken >= 0.8 * samples) break;
      taken += count;
      const lq = Math.floor(bin / 1024);
      const aq = Math.floor(bin / 32) % 32;
      const bq = bin % 32;
      for (let dl = -1; dl <= 1; dl++)
        for (let da = -1; da <= 1; da++)
          for (let db = -1; db <= 1; db++) wallBins.add((lq + dl) * 1024 + (aq + da) * 32 + (bq + db));
    }
  }
  // a seam or a shadow's edge of the wall's own colour blurs across a cell or two: it is still the wall
  const wallLike = (i: number) => rough[i]! < 2 * SMOOTH && wallBins.has(binOf(f.l[i]!, f.rg[i]!, f.by[i]!));
  const floorLike = (i: number) => floorBins.has(binOf(f.l[i]!, f.rg[i]!, f.by[i]!));

  // each column from its floor contact up: the piece's top is where the wall shows again for WALL_RUN metres
  const top = new Int32Array(width).fill(-1);
  const contact = new Int32Array(width).fill(-1);
  /** The row of a column's lowest piece cell: above the floor-coloured band its contact may leave. */
  const base = new Int32Array(width).fill(-1);
  const perMetre = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const c = topFree[x]!;
    if (c <= 0) continue;
    const d = c - horizonAt(x + 0.5);
    if (d <= 1) continue;
    const rowsPerMetre = d / eyeHeight;
    const stop = Math.max(0, Math.floor(c - MAX_HEIGHT[mode] * rowsPerMetre));
    const run = Math.max(2, Math.round(WALL_RUN * rowsPerMetre));
    let highest = c;
    let wall = 0;
    // the piece's own colour so far in this column: a smooth cell far from it is not the piece (a white door
    // behind a leather chair, a wall in a shade the wall's colours missed)
    let ml = 0;
    let ma = 0;
    let mb = 0;
    let taken = 0;
    const blurred = mode === 'landscape' ? 2 : 0;
    // in a yard the lawn's own colour just above the grown ground (the band the erosions, or a guessed camera's
    // limit, left out) is stepped over before anything has risen: what stands there stands on that band
    for (let y = c - 1; y >= stop; y--) {
      const i = y * width + x;
      const occupied = inHull[i] && !free[i];
      if (mode === 'landscape' && taken === 0 && floorLike(i) && !wallLike(i)) continue;
      let notPiece = !occupied && (wallLike(i) || floorLike(i));
      // (in a yard its first two cells are left out of its colour: they blur into the lawn it stands on)
      const known = taken - blurred;
      if (!notPiece && !occupied && known >= 2 && rough[i]! < SMOOTH) {
        const dl = (f.l[i]! - ml / known) * 0.55;
        const da = f.rg[i]! - ma / known;
        const db = f.by[i]! - mb / known;
        notPiece = dl * dl + da * da + db * db > FAR * FAR;
      }
      if (notPiece) {
        if (++wall >= run) break;
      } else {
        wall = 0;
        highest = y;
        if (taken === 0) base[x] = y;
        if (taken >= blurred) {
          ml += f.l[i]!;
          ma += f.rg[i]!;
          mb += f.by[i]!;
        }
        taken++;
      }
    }
    // its scale where its foot is: its lowest cell, above any floor-coloured band
    const footMetre = (base[x]! + 1 - horizonAt(x + 0.5)) / eyeHeight;
    if (base[x]! >= 0 && footMetre > 1 / eyeHeight && base[x]! + 1 - highest >= Math.max(2, MIN_HEIGHT * footMetre)) {
      top[x] = highest;
      contact[x] = c;
      perMetre[x] = footMetre;
    }
  }

  // a column's top as the median of its neighbours': a single column's reach is noise at this size
  const smoothed = new Int32Array(top);
  for (let x = 0; x < width; x++) {
    if (top[x]! < 0) continue;
    const near: number[] = [];
    for (let k = -2; k <= 2; k++) if (x + k >= 0 && x + k < width && top[x + k]! >= 0) near.push(top[x + k]!);
    near.sort((a, b) => a - b);
    smoothed[x] = Math.min(contact[x]! - 1, near[Math.floor(near.length / 2)]!);
  }
  top.set(smoothed);
  const minColumns = Math.max(3, Math.round(0.025 * width));
  // the columns in runs: a new piece where the contact or the top jumps (a bookcase beside a chair)
  const runs: Run[] = [];
  const spans: [number, number][] = [];
  let start = -1;
  const close = (end: number) => {
    if (start < 0) return;
    const columns = end - start;
    if (columns >= minColumns) {
      runs.push(runOf(start, end));
      spans.push([start, end]);
    }
    start = -1;
  };
  const runOf = (x0: number, x1: number): Run => {
    const tops: Point[] = [];
    const bottoms: Point[] = [];
    let area = 0;
    const heights: number[] = [];
    const contacts: number[] = [];
    let rowsPerMetre = 0;
    let green = 0;
    let cells = 0;
    let nearWall = 0;
    let edges = 0;
    let horizontalEdges = 0;
    let verticalEdges = 0;
    let sl = 0;
    let sl2 = 0;
    for (let x = x0; x < x1; x++) {
      const left = x === x0 ? x - margin : x;
      const right = x === x1 - 1 ? x + 1 + margin : x + 1;
      tops.push([left, top[x]! - margin], [right, top[x]! - margin]);
      // its outline ends at its foot: the floor-coloured band between its lowest cell and the free floor is floor
      bottoms.push([left, base[x]! + 1 + margin], [right, base[x]! + 1 + margin]);
      area += contact[x]! - top[x]!;
      heights.push((base[x]! + 1 - top[x]!) / perMetre[x]!);
      contacts.push(contact[x]!);
      rowsPerMetre += perMetre[x]! / (x1 - x0);
      if (hullTop[x]! >= 0 && contact[x]! - hullTop[x]! <= Math.max(3, 0.3 * perMetre[x]!)) nearWall++;
      for (let y = top[x]!; y <= base[x]!; y++) {
        const i = y * width + x;
        cells++;
        if (f.rg[i]! < -4 && f.by[i]! > 0) green++;
        sl += f.l[i]!;
        sl2 += f.l[i]! * f.l[i]!;
        if (x > 0 && x < width - 1 && y > 0 && y < height - 1 && rough[i]! >= SMOOTH) {
          edges++;
          const gx = Math.abs(f.l[i + 1]! - f.l[i - 1]!);
          const gy = Math.abs(f.l[i + width]! - f.l[i - width]!);
          if (gy > 2 * gx) horizontalEdges++;
          else if (gx > 2 * gy) verticalEdges++;
        }
      }
    }
    heights.sort((a, b) => a - b);
    // the median column: a few columns that run on past the piece's top (a frame's edge above it) do not count
    const heightMetres = heights[Math.floor(heights.length * 0.5)]!;
    const widthMetres = (x1 - x0) / rowsPerMetre;
    const againstWall = nearWall >= 0.5 * (x1 - x0);
    const outline = [...tops, ...bottoms.reverse()];
    const evidence: PieceEvidence = {
      footSpread: (Math.max(...contacts) - Math.min(...contacts)) / rowsPerMetre,
      acrossEdges: edges ? horizontalEdges / edges : 0,
      upEdges: edges ? verticalEdges / edges : 0,
      lumaSpread: cells ? Math.sqrt(Math.max(0, sl2 / cells - (sl / cells) ** 2)) : 0,
    };
    return {
      x0,
      x1,
      widthMetres,
      greenShare: cells ? green / cells : 0,
      evidence,
      piece: { outline, againstWall, area, heightMetres },
    };
  };
  for (let x = 0; x <= width; x++) {
    const on = x < width && top[x]! >= 0;
    if (!on) {
      close(x);
      continue;
    }
    if (start < 0) {
      start = x;
      continue;
    }
    const h = Math.max(contact[x]! - top[x]!, contact[x - 1]! - top[x - 1]!);
    const jump =
      Math.abs(top[x]! - top[x - 1]!) > Math.max(4, 0.45 * h) ||
      Math.abs(contact[x]! - contact[x - 1]!) > Math.max(4, 0.3 * h);
    if (jump) {
      close(x);
      start = x;
    }
  }
  // one bookcase's columns may split into runs where its top jumps (a shelf's books, a frame above it): tall runs
  // side by side, each standing on a steady foot, count together for its width and whether it stands at the wall
  const tallRunOf = new Map<Run, { widthMetres: number; againstWall: boolean }>();
  const tall = (r: Run) => r.piece.heightMetres >= STORAGE_HEIGHT && r.evidence.footSpread <= STEADY_FOOT;
  for (let k = 0; k < runs.length;) {
    if (!tall(runs[k]!)) {
      k++;
      continue;
    }
    // the next tall runs, over gaps (and low runs in them) no wider than two runs' least width
    const group = [runs[k]!];
    let end = k + 1;
    for (let next = k + 1; next < runs.length; next++) {
      if (runs[next]!.x0 - group[group.length - 1]!.x1 > 2 * minColumns) break;
      if (tall(runs[next]!)) {
        group.push(runs[next]!);
        end = next + 1;
      }
    }
    // (at the wall where any of its runs is: a chair before a bookcase hides its foot along the others)
    const together = {
      widthMetres: group.reduce((t, r) => t + r.widthMetres, 0),
      againstWall: group.some((r) => r.piece.againstWall),
    };
    for (const r of group) tallRunOf.set(r, together);
    k = end;
  }
  const pieces: FoundPiece[] = runs.map((r) => ({
    ...r.piece,
    ...kindOf(mode, r.piece.heightMetres, r.widthMetres, r.piece.againstWall, r.greenShare, {
      ...r.evidence,
      ...(r.x0 <= 1 || r.x1 >= width - 1 ? { cut: true } : {}),
      ...(tallRunOf.has(r) ? { tallRun: tallRunOf.get(r)! } : {}),
    }),
  }));
  const covered = new Int32Array(n);
  spans.forEach(([x0, x1], k) => {
    for (let x = x0; x < x1; x++) for (let y = top[x]!; y < contact[x]!; y++) covered[y * width + x] = k + 1;
  });
  return { pieces, covered };
}

/** The kind of a piece known only by its outline (region cells): a piece on the floor, in front of the far edge. */
export function describeOutline(
  outline: readonly Point[],
  horizonAt: (x: number) => number,
  eyeHeight: number,
  mode: 'interior' | 'landscape',
  greenShare: number,
): Omit<FoundPiece, 'outline' | 'area'> {
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
  const d = y1 - horizonAt((x0 + x1) / 2);
  if (d <= 1) return { kind: null, againstWall: false };
  const rowsPerMetre = d / eyeHeight;
  const heightMetres = (y1 - y0) / rowsPerMetre;
  return {
    againstWall: false,
    heightMetres,
    ...kindOf(mode, heightMetres, (x1 - x0) / rowsPerMetre, false, greenShare),
  };
}

/**
 * A coarse kind from a piece's size in metres, where it stands and what it looks like, with how sure it is (a
 * product of its group replaces it from 0.5 on, so only what the evidence holds reaches it): tall against a wall
 * on a steady foot is storage, wide and sofa-high with its lines across is a sofa, low, wide and even out in the
 * room is a bed's foot, waist-high is a table or a cabinet; in a yard green is planting.
 */
function kindOf(
  mode: 'interior' | 'landscape',
  heightMetres: number,
  widthMetres: number,
  againstWall: boolean,
  greenShare: number,
  evidence?: PieceEvidence,
): { kind: string; group: PieceGroup; confidence: number } {
  if (mode === 'landscape') {
    if (greenShare > 0.3) {
      if (heightMetres >= 2.5) return { kind: 'tree', group: 'plant', confidence: 0.5 };
      if (heightMetres < 0.6 && widthMetres > 2 * heightMetres) return { kind: 'bed', group: 'plant', confidence: 0.5 };
      return { kind: 'shrub', group: 'plant', confidence: 0.6 };
    }
    if (heightMetres < 2.2 && widthMetres > 1.5 * heightMetres)
      return { kind: 'fence', group: 'fence', confidence: 0.4 };
    return { kind: 'wall', group: 'wall', confidence: 0.4 };
  }
  const run = evidence?.tallRun;
  if (run && run.againstWall && run.widthMetres >= STORAGE_WIDTH)
    return { kind: 'bookcase', group: 'storage', confidence: 0.55 };
  if (heightMetres >= 1.3) {
    if (againstWall || widthMetres >= 0.6) return { kind: 'bookcase', group: 'storage', confidence: 0.4 };
    return { kind: 'plant', group: 'plant', confidence: 0.3 };
  }
  // cut by the picture's side edge a sofa shows only part of its width (the labelled one cut so: 1.05 m of it),
  // at least half its least
  const leastWidth = evidence?.cut ? SOFA_WIDTH[0] / 2 : SOFA_WIDTH[0];
  const sofaSized =
    heightMetres >= SOFA_HEIGHT[0] &&
    heightMetres <= SOFA_HEIGHT[1] &&
    widthMetres >= leastWidth &&
    widthMetres <= SOFA_WIDTH[1];
  if (sofaSized && evidence && evidence.acrossEdges >= SOFA_ACROSS && evidence.upEdges <= SOFA_UP)
    return { kind: 'sofa', group: 'seating', confidence: 0.55 };
  if (
    evidence &&
    !againstWall &&
    heightMetres >= BED_HEIGHT[0] &&
    heightMetres <= BED_HEIGHT[1] &&
    widthMetres >= BED_WIDTH &&
    evidence.lumaSpread <= BED_EVEN &&
    evidence.acrossEdges >= BED_ACROSS
  )
    return { kind: 'bed', group: 'bed', confidence: 0.45 };
  if (heightMetres >= 0.6) {
    if (sofaSized || (widthMetres >= 1.5 && heightMetres <= 1.05))
      return { kind: 'sofa', group: 'seating', confidence: 0.45 };
    if (againstWall && widthMetres >= 0.6) return { kind: 'cabinet', group: 'storage', confidence: 0.4 };
    if (widthMetres < 0.7) return { kind: 'chair', group: 'seating', confidence: 0.3 };
    return { kind: 'table', group: 'table', confidence: 0.35 };
  }
  if (widthMetres >= 0.6) return { kind: 'table', group: 'table', confidence: 0.35 };
  return { kind: 'chair', group: 'seating', confidence: 0.25 };
}

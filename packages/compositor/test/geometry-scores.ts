/**
 * The measures the geometry is held to against hand labels (decision 0041), shared by the evaluation script and the
 * real-photo test: both sides' free floor (inside the floor, outside every piece) sampled on one grid of fractions.
 */
import { insidePolygon, rasterize } from '../src/geometry/polygon';
import type { PhotoGeometry, Polygon } from '../src/geometry/types';
import type { LabelledPhoto } from './real-photos';

const GRID = 240;

export interface FreeFloorScores {
  /** The share of the found free floor that is labelled free floor (1 when nothing was found). */
  precision: number;
  /** The share of the labelled free floor that was found. */
  recall: number;
  /** The found free floor's share of the picture. */
  freeShare: number;
}

export function freeFloorScores(geometry: PhotoGeometry, label: LabelledPhoto): FreeFloorScores {
  const toFraction = (polygon: Polygon): Polygon =>
    polygon.map(([x, y]) => [x / geometry.width, y / geometry.height] as const);
  const floors = geometry.floor.map(toFraction);
  const pieces = geometry.pieces.map((p) => toFraction(p.polygon));
  let found = 0;
  let labelled = 0;
  let both = 0;
  const rows = Math.round((GRID * label.height) / label.width);
  for (let j = 0; j < rows; j++) {
    const y = (j + 0.5) / rows;
    for (let i = 0; i < GRID; i++) {
      const x = (i + 0.5) / GRID;
      const mine = floors.some((f) => insidePolygon(f, x, y)) && !pieces.some((p) => insidePolygon(p, x, y));
      const theirs =
        label.floor.some((f) => insidePolygon(f, x, y)) && !label.pieces.some((p) => insidePolygon(p.polygon, x, y));
      if (mine) found++;
      if (theirs) labelled++;
      if (mine && theirs) both++;
    }
  }
  return {
    precision: found === 0 ? 1 : both / found,
    recall: labelled === 0 ? 1 : both / labelled,
    freeShare: found / (GRID * rows),
  };
}

/**
 * How many labelled openings a found one lies on (its centre inside the label): each labelled window or door counts
 * once, however many boxes were found on it; `spurious` counts the found ones on no labelled opening.
 */
export function openingMatches(geometry: PhotoGeometry, label: LabelledPhoto): { matched: number; spurious: number } {
  const hit = new Set<number>();
  let spurious = 0;
  for (const o of geometry.openings) {
    const cx = o.polygon.reduce((t, p) => t + p[0], 0) / o.polygon.length / geometry.width;
    const cy = o.polygon.reduce((t, p) => t + p[1], 0) / o.polygon.length / geometry.height;
    const on = label.openings.findIndex((l) => insidePolygon(l.polygon, cx, cy));
    if (on < 0) spurious++;
    else hit.add(on);
  }
  return { matched: hit.size, spurious };
}

export interface PieceScores {
  /** The share of the found pieces' area (their union) that lies on a labelled piece (1 when nothing was found). */
  precision: number;
  /** The share of the labelled pieces' area (their union) that a found piece covers (1 when none is labelled). */
  recall: number;
  /** The labelled pieces at least half covered by found ones, of `labelled`. */
  matched: number;
  labelled: number;
  /** Of the labelled pieces' area above the labelled floor's top (what stands against a wall), the share covered. */
  upperRecall: number;
}

/** The found pieces against the labelled ones, by area on one grid: their whole silhouettes, wall-standing ones too. */
export function pieceScores(geometry: PhotoGeometry, label: LabelledPhoto): PieceScores {
  const rows = Math.round((GRID * label.height) / label.width);
  const cells = GRID * rows;
  // each side's pieces filled on the grid (cell centres, as the free floor's samples)
  const found = new Uint8Array(cells);
  for (const p of geometry.pieces)
    rasterize(
      p.polygon.map(([x, y]) => [(x / geometry.width) * GRID, (y / geometry.height) * rows] as const),
      GRID,
      rows,
      found,
    );
  const masks = label.pieces.map((p) =>
    rasterize(
      p.polygon.map(([x, y]) => [x * GRID, y * rows] as const),
      GRID,
      rows,
    ),
  );
  const floorTop = Math.min(...label.floor.flatMap((f) => f.map((p) => p[1])));
  let mine = 0;
  let theirs = 0;
  let both = 0;
  let upper = 0;
  let upperBoth = 0;
  const perPiece = label.pieces.map(() => ({ area: 0, covered: 0 }));
  for (let i = 0; i < cells; i++) {
    const a = found[i] === 1;
    let b = false;
    masks.forEach((mask, k) => {
      if (!mask[i]) return;
      b = true;
      perPiece[k]!.area++;
      if (a) perPiece[k]!.covered++;
    });
    if (a) mine++;
    if (b) theirs++;
    if (a && b) both++;
    if (b && (Math.floor(i / GRID) + 0.5) / rows < floorTop) {
      upper++;
      if (a) upperBoth++;
    }
  }
  return {
    precision: mine === 0 ? 1 : both / mine,
    recall: theirs === 0 ? 1 : both / theirs,
    matched: perPiece.filter((p) => p.area > 0 && p.covered >= 0.5 * p.area).length,
    labelled: label.pieces.length,
    upperRecall: upper === 0 ? 1 : upperBoth / upper,
  };
}

/** The labels' piece words in the analysis's coarse groups (words the labels use; others count as unknown). */
const LABEL_GROUPS: Readonly<Record<string, string>> = {
  sofa: 'seating',
  couch: 'seating',
  armchair: 'seating',
  chair: 'seating',
  ottoman: 'seating',
  footstool: 'seating',
  stool: 'seating',
  'bar stool': 'seating',
  bench: 'seating',
  'side table': 'table',
  'coffee table': 'table',
  table: 'table',
  desk: 'table',
  workbench: 'table',
  'kitchen island': 'table',
  island: 'table',
  'tv table': 'table',
  bed: 'bed',
  bookcase: 'storage',
  shelf: 'storage',
  cabinet: 'storage',
  cabinets: 'storage',
  wardrobe: 'storage',
  dresser: 'storage',
  sideboard: 'storage',
  nightstand: 'storage',
  chest: 'storage',
  trunk: 'storage',
  'tv stand': 'storage',
  fridge: 'storage',
  plant: 'plant',
  shrub: 'plant',
  tree: 'plant',
};

/**
 * How often a found piece's group is the labelled piece's: over the labelled pieces a found piece covers at least
 * half of, the found piece holding most of it.
 */
export function kindAgreement(geometry: PhotoGeometry, label: LabelledPhoto): { agreed: number; judged: number } {
  const rows = Math.round((GRID * label.height) / label.width);
  const found = geometry.pieces.map((p) =>
    rasterize(
      p.polygon.map(([x, y]) => [(x / geometry.width) * GRID, (y / geometry.height) * rows] as const),
      GRID,
      rows,
    ),
  );
  let agreed = 0;
  let judged = 0;
  for (const piece of label.pieces) {
    const group = LABEL_GROUPS[piece.kind];
    if (!group) continue;
    const mask = rasterize(
      piece.polygon.map(([x, y]) => [x * GRID, y * rows] as const),
      GRID,
      rows,
    );
    let area = 0;
    const counts = found.map(() => 0);
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      area++;
      found.forEach((f, k) => {
        if (f[i]) counts[k]!++;
      });
    }
    let best = -1;
    counts.forEach((c, k) => {
      if (c > (best < 0 ? 0 : counts[best]!)) best = k;
    });
    if (best < 0 || counts[best]! < 0.5 * area) continue;
    judged++;
    if (geometry.pieces[best]!.group === group) agreed++;
  }
  return { agreed, judged };
}

/** A piece this sure of its kind may be replaced by a product of its group (place-on-geometry's MIN_REPLACE_CONFIDENCE). */
const SURE = 0.5;

export interface SurePiece {
  kind: string | null;
  confidence: number;
  /** The labelled piece's word it lies on, null when it lies on none. */
  label: string | null;
  /** Its group is the labelled piece's. */
  right: boolean;
}

/**
 * The found pieces sure enough of their kind to be replaced, each against the labelled piece it lies on: the one
 * holding most of its cells, when that is at least 30 % of the found piece or half of the labelled one. A sure piece
 * on no labelled piece, or on one of another group (a fireplace, a water heater: no group at all), is wrong-sure: a
 * product of its group would erase something else.
 */
export function surePieces(geometry: PhotoGeometry, label: LabelledPhoto): SurePiece[] {
  const rows = Math.round((GRID * label.height) / label.width);
  const masks = label.pieces.map((p) =>
    rasterize(
      p.polygon.map(([x, y]) => [x * GRID, y * rows] as const),
      GRID,
      rows,
    ),
  );
  const areas = masks.map((m) => m.reduce((t, v) => t + v, 0));
  const sure: SurePiece[] = [];
  for (const piece of geometry.pieces) {
    if ((piece.confidence ?? 0) < SURE) continue;
    const mask = rasterize(
      piece.polygon.map(([x, y]) => [(x / geometry.width) * GRID, (y / geometry.height) * rows] as const),
      GRID,
      rows,
    );
    let area = 0;
    const shared = masks.map(() => 0);
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      area++;
      masks.forEach((m, k) => {
        if (m[i]) shared[k]!++;
      });
    }
    let best = -1;
    shared.forEach((c, k) => {
      if (c > (best < 0 ? 0 : shared[best]!)) best = k;
    });
    const on = best >= 0 && (shared[best]! >= 0.3 * area || shared[best]! >= 0.5 * areas[best]!);
    const word = on ? label.pieces[best]!.kind : null;
    sure.push({
      kind: piece.kind,
      confidence: piece.confidence ?? 0,
      label: word,
      right: word !== null && LABEL_GROUPS[word] !== undefined && LABEL_GROUPS[word] === piece.group,
    });
  }
  return sure;
}

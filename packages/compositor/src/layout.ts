import type { DrawnView, Mode } from '@dwellscape/shared';

/**
 * How a product sits in a room: flat on the floor, against the wall, hung on it, hanging from
 * above, in front, or at the edges.
 */
export type PlacementRole = 'rug' | 'large' | 'medium' | 'small' | 'tall' | 'plant' | 'wall' | 'overhead';

const roleWords: ReadonlyArray<readonly [PlacementRole, RegExp]> = [
  ['rug', /\b(rugs?|carpets?|runners?|doormats?|mats?|kilims?)\b/g],
  ['wall', /\b(art|artwork|prints?|posters?|paintings?|canvas|mirrors?|clocks?|wall|sconces?|tapestry|frames?)\b/g],
  // before 'tall', so "string lights" and "pendant light" hang rather than stand (ties keep the first role)
  [
    'overhead',
    /\b(pendant lights?|pendants?|chandeliers?|string lights?|fairy lights?|festoon( lights?)?|bunting|hanging|wind ?chimes?|ceiling( lights?| fans?)?)\b/g,
  ],
  [
    'plant',
    /\b(plants?|planters?|pots?|trees?|shrubs?|bush(es)?|flowers?|ferns?|palms?|succulents?|cact(us|i)|herbs?|hedges?|grass(es)?|olive|fig|monstera|bonsai|topiary|greenery|raised beds?|garden beds?)\b/g,
  ],
  [
    'tall',
    /\b(lamps?|floor lamps?|lights?|lighting|lanterns?|torch(es)?|umbrellas?|parasols?|bookcases?|bookshel(f|ves)|shelving|etageres?|coat racks?|heaters?|trellis(es)?|arbou?rs?|statues?|sculptures?|posts?)\b/g,
  ],
  [
    'large',
    /\b(sofas?|couch(es)?|sectionals?|loveseats?|settees?|beds?|daybeds?|benches?|dining|loungers?|chaises?|sideboards?|consoles?|credenzas?|dressers?|cabinets?|media|tv|hammocks?|pergolas?|gazebos?|swings?|hot tubs?|spas?|sheds?|sun ?beds?|outdoor sets?)\b/g,
  ],
  [
    'small',
    /\b(cushions?|pillows?|throws?|blankets?|candles?|vases?|bowls?|baskets?|trays?|books?|accessor(y|ies)|decor|ornaments?|stones?|pebbles?|gnomes?)\b/g,
  ],
  [
    'medium',
    /\b(seating|chairs?|armchairs?|tables?|ottomans?|poufs?|stools?|desks?|fire ?pits?|grills?|bbq|barbecues?|fountains?|bird ?baths?|planks?|crates?|storage|nightstands?)\b/g,
  ],
];

/** The role of a product from its name, else its category; unknown things stand in the front row. */
export function placementRoleOf(category: string | undefined, name: string | undefined): PlacementRole {
  return matchRole((name ?? '').toLowerCase()) ?? matchRole((category ?? '').toLowerCase()) ?? 'medium';
}

function matchRole(text: string): PlacementRole | null {
  if (!text) return null;
  // English puts the head noun last: "lamp table" is a table, "table lamp" a lamp
  let found: { role: PlacementRole; at: number } | null = null;
  for (const [role, pattern] of roleWords) {
    for (const match of text.matchAll(pattern)) {
      const end = match.index + match[0].length;
      if (!found || end > found.at) found = { role, at: end };
    }
  }
  return found?.role ?? null;
}

/** Hanging pieces strung across a space (string lights, bunting) rather than hung on one cord. */
export function isStrand(category: string | undefined, name: string | undefined): boolean {
  return /\b(string|fairy|festoon|bunting|garlands?)\b/.test(`${name ?? ''} ${category ?? ''}`.toLowerCase());
}

/** Low pieces that belong in the middle of a seating group (a coffee table, a fire pit). */
export function prefersCentre(category: string | undefined, name: string | undefined): boolean {
  return /\b(coffee|cocktail|center|centre|tables?|ottomans?|poufs?|fire ?pits?|fountains?|bird ?baths?)\b/.test(
    `${name ?? ''} ${category ?? ''}`.toLowerCase(),
  );
}

export interface LayoutItem {
  /** Index in the product list. */
  index: number;
  role: PlacementRole;
  /** Stands in the middle of its row, with the rest around it. */
  centre?: boolean;
  /** An overhead piece strung across the top of the frame (string lights), not hung on a cord. */
  strand?: boolean;
  /** Width over height of the cut-out. */
  aspect: number;
}

export interface Placement {
  index: number;
  role: PlacementRole;
  /** Top-left corner and size in output pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  /**
   * How the product is drawn: standing with a contact shadow, flat on the floor, hung on the wall,
   * or suspended from above (on a cord from the top of the frame when `cord` is set).
   */
  pose: 'standing' | 'flat' | 'hung' | 'suspended';
  /** For a suspended piece: the cord runs from `top` (the ceiling; the frame's top when absent) down to this point. */
  cord?: { x: number; y: number; top?: number };
  /** The id of the room's own piece this product took the place of (seeded spaces). */
  replaced?: string;
  /**
   * On an uploaded photo: the room's piece this product takes the place of, to be erased from the picture (decision
   * 0042). `piece` is the same id as `replaced`; `kind` the piece's as the analysis told it; `polygon` its whole
   * silhouette in output pixels.
   */
  replaces?: { piece: string; kind: string | null; polygon: ReadonlyArray<readonly [number, number]> };
  /** Depth of its front in metres, when the space's perspective is known. */
  z?: number;
  /** For a flat piece: how much narrower its far edge is drawn than its near one. */
  farScale?: number;
  /**
   * For a flat piece laid in a photo's floor perspective: its corners in output pixels (far left, far right, near
   * right, near left); the sprite is warped onto them rather than into its box.
   */
  quad?: ReadonlyArray<readonly [number, number]>;
  /** The output row its base stands on (a flat piece: its far edge): what decides what stands in front of it. */
  baseY?: number;
  /**
   * A variation's standing product drawn from this view whatever the wall behind it says: turned on its spot, so a
   * variation the room has no other place for still differs (variation.ts). Absent: the view the room gives it.
   */
  turned?: 'front' | 'left' | 'right';
  /**
   * A standing product's view as the render drew it: which picture (a turn's, or the one the wall behind it gives)
   * and its warp to that wall's vanishing point. Answered with the render's placements; an adjusted placement that
   * brings it back is drawn from that view with that warp (a `turned` one from its turn, as the render drew it).
   */
  view?: DrawnView;
}

export interface Frame {
  width: number;
  height: number;
  /** The floor (ground) line in pixels from the top. */
  floorY: number;
  mode: Mode;
}

/** At most this many products are drawn; more would shrink each one past recognition. */
export const MAX_PLACED_PRODUCTS = 10;

/** Heights as a fraction of the frame height, for an item standing at the back of the floor. */
const backHeight: Record<Exclude<PlacementRole, 'rug' | 'wall' | 'overhead'>, number> = {
  large: 0.3,
  medium: 0.22,
  small: 0.11,
  tall: 0.46,
  plant: 0.34,
};
const maxWidth: Record<PlacementRole, number> = {
  rug: 0.62,
  wall: 0.3,
  overhead: 0.8,
  large: 0.5,
  medium: 0.3,
  small: 0.16,
  tall: 0.22,
  plant: 0.24,
};
/** Closer to the camera means larger. */
const FRONT_SCALE = 1.15;
const MIN_ROW_SCALE = 0.5;
const RUG_SQUASH = 0.32;

interface Sized extends LayoutItem {
  width: number;
  height: number;
  /** Plants and planters are pinned towards the edges of their row. */
  edge: boolean;
}

function sizeItem(item: LayoutItem, frame: Frame, heightFraction: number): Sized {
  const outdoor = frame.mode === 'landscape';
  const modeScale = outdoor && item.role !== 'plant' ? 0.85 : 1;
  let height = frame.height * heightFraction * modeScale;
  let width = height * item.aspect;
  const cap = frame.width * maxWidth[item.role];
  if (width > cap) {
    width = cap;
    height = width / item.aspect;
  }
  return { ...item, width, height, edge: item.role === 'plant' };
}

/** Centre-out order: the first item in the middle, the next to its right, then left, and so on; edge items outermost. */
function centreOut(items: Sized[]): Sized[] {
  const row: Sized[] = [];
  const middle = items.filter((i) => !i.edge);
  middle.forEach((item, n) => (n % 2 === 1 ? row.push(item) : row.unshift(item)));
  items.filter((i) => i.edge).forEach((item, n) => (n % 2 === 0 ? row.unshift(item) : row.push(item)));
  return row;
}

interface PackedRow {
  placed: Placement[];
  overflow: LayoutItem[];
}

/**
 * Lays a row out side by side on one base line; nothing overlaps. Items that do not fit even at
 * half size overflow. The row's first item is centred on `anchorX` when there is room.
 */
function packRow(items: Sized[], frame: Frame, baseY: number, maxHeight: number, anchorX = frame.width / 2): PackedRow {
  const margin = frame.width * 0.03;
  const span = frame.width - 2 * margin;
  const gap = frame.width * 0.02;
  const overflow: LayoutItem[] = [];
  let row = items.map((item) => {
    const fit = Math.min(1, maxHeight / item.height);
    return { ...item, width: item.width * fit, height: item.height * fit };
  });
  const needed = (r: Sized[]) => r.reduce((s, i) => s + i.width, 0) + gap * Math.max(0, r.length - 1);
  while (row.length > 0 && needed(row) * MIN_ROW_SCALE > span) {
    const dropped = row.pop()!;
    overflow.unshift(dropped);
  }
  const scale = Math.min(1, span / Math.max(1, needed(row)));
  row = centreOut(row.map((i) => ({ ...i, width: i.width * scale, height: i.height * scale })));

  const placed: Placement[] = [];
  const leftEdge = row.findIndex((i) => !i.edge);
  const firstMiddle = leftEdge === -1 ? row.length : leftEdge;
  const lastMiddle = leftEdge === -1 ? row.length - 1 : row.length - 1 - [...row].reverse().findIndex((i) => !i.edge);
  const middle = row.slice(firstMiddle, lastMiddle + 1);
  const middleWidth = needed(middle);
  const leftItems = row.slice(0, firstMiddle);
  const rightItems = row.slice(lastMiddle + 1);
  const leftWidth = needed(leftItems) + (leftItems.length > 0 ? gap : 0);
  const rightWidth = needed(rightItems) + (rightItems.length > 0 ? gap : 0);

  // the first item sits on the anchor (the group centred when it is absent), nudged just enough to clear the edge groups
  const first = items[0];
  const anchorAt = first ? middle.findIndex((i) => i.index === first.index) : -1;
  const before = anchorAt > 0 ? needed(middle.slice(0, anchorAt)) + gap : 0;
  let x = anchorAt >= 0 ? anchorX - before - middle[anchorAt]!.width / 2 : frame.width / 2 - middleWidth / 2;
  x = Math.max(x, margin + leftWidth);
  x = Math.min(x, frame.width - margin - rightWidth - middleWidth);
  const place = (item: Sized, left: number) =>
    placed.push({
      index: item.index,
      role: item.role,
      x: Math.round(left),
      y: Math.round(baseY - item.height),
      width: Math.max(1, Math.round(item.width)),
      height: Math.max(1, Math.round(item.height)),
      pose: 'standing',
    });
  for (const item of middle) {
    place(item, x);
    x += item.width + gap;
  }
  let left = margin;
  for (const item of leftItems) {
    place(item, left);
    left += item.width + gap;
  }
  let right = frame.width - margin;
  for (const item of [...rightItems].reverse()) {
    right -= item.width;
    place(item, right);
    right -= gap;
  }
  return { placed, overflow };
}

/**
 * A slot layout on the floor: a rug flat in the middle; large pieces centred against the
 * wall, tall ones beside them, plants at the edges; medium and small pieces in a front row
 * whose tops stay below the back row's feet; wall pieces hung above. Deterministic.
 */
export function layOutProducts(items: LayoutItem[], frame: Frame): Placement[] {
  const { width: W, height: H, floorY } = frame;
  const depth = H - floorY;
  const backBase = floorY + depth * 0.16;
  // the front row stays near the back one when the floor is deep (a high ground line outdoors)
  const frontBase = Math.min(floorY + depth * 0.9, backBase + H * 0.3);
  const frontMaxHeight = frontBase - backBase - H * 0.03;

  const chosen = items.slice(0, MAX_PLACED_PRODUCTS);
  const rugs = chosen.filter((i) => i.role === 'rug');
  const walls = chosen.filter((i) => i.role === 'wall');
  const overhead = chosen.filter((i) => i.role === 'overhead');
  let back = chosen.filter((i) => i.role === 'large' || i.role === 'tall' || i.role === 'plant');
  let front = chosen.filter((i) => i.role === 'medium' || i.role === 'small');
  // the back row needs a centrepiece; without a large piece, the first medium one stands there
  if (!back.some((i) => i.role === 'large')) {
    const mediums = front.filter((i) => i.role === 'medium');
    const seat = mediums.find((i) => !i.centre) ?? mediums[0];
    if (seat) {
      back = [seat, ...back];
      front = front.filter((i) => i !== seat);
    }
  }
  // more than two plants at the back crowd the furniture: the rest go to the front corners
  const backPlants = back.filter((i) => i.role === 'plant');
  if (backPlants.length > 2) {
    const extra = backPlants.slice(2);
    back = back.filter((i) => !extra.includes(i));
    front = [...front, ...extra];
  }

  const order = (list: LayoutItem[]) =>
    [...list].sort(
      (a, b) =>
        rolePriority(a.role) - rolePriority(b.role) || Number(!!b.centre) - Number(!!a.centre) || a.index - b.index,
    );
  const backRow = packRow(
    order(back).map((i) => sizeItem(i, frame, backHeight[i.role as keyof typeof backHeight] ?? 0.22)),
    frame,
    backBase,
    backBase - H * 0.04,
  );
  const hung = layOutWall(walls, frame, backRow.placed);
  // a wall too short for art (a tall sofa, a low floor line) sends it to the front row instead
  const unhung = walls
    .filter((w) => !hung.some((p) => p.index === w.index))
    .map((w) => ({ ...w, role: 'medium' as const }));
  const frontItems = order([...front, ...backRow.overflow, ...unhung]);
  const frontRow = packRow(
    frontItems.map((i) => {
      const base = backHeight[i.role as keyof typeof backHeight] ?? 0.22;
      return sizeItem(i, frame, Math.min(base * FRONT_SCALE, 0.3));
    }),
    frame,
    frontBase,
    frontMaxHeight,
    centreOf(backRow.placed.find((p) => p.index === order(back)[0]?.index)) ?? W / 2,
  );

  const placements: Placement[] = [];
  const rug = rugs[0];
  if (rug) {
    const spanTop = backBase - depth * 0.04;
    const span = frontBase - spanTop;
    let width = W * maxWidth.rug * (frame.mode === 'landscape' ? 0.85 : 1);
    let height = (width / rug.aspect) * RUG_SQUASH;
    if (height > span * 0.85) {
      height = span * 0.85;
      width = Math.min(width, (height / RUG_SQUASH) * rug.aspect);
    }
    placements.push({
      index: rug.index,
      role: 'rug',
      x: Math.round(W / 2 - width / 2),
      y: Math.round(spanTop + (span - height) * 0.2),
      width: Math.max(1, Math.round(width)),
      height: Math.max(1, Math.round(height)),
      pose: 'flat',
    });
  }
  placements.push(...hung);
  placements.push(...layOutOverhead(overhead, frame, backRow.placed, hung));
  placements.push(...backRow.placed.sort((a, b) => a.x - b.x));
  placements.push(...frontRow.placed.sort((a, b) => a.x - b.x));
  return placements;
}

const centreOf = (p: Placement | undefined) => (p ? p.x + p.width / 2 : undefined);

function rolePriority(role: PlacementRole): number {
  return { large: 0, medium: 1, tall: 2, small: 3, plant: 4, wall: 5, rug: 6, overhead: 7 }[role];
}

/** Wall pieces hang side by side above the back row's centrepiece, clear of everything standing. */
function layOutWall(walls: LayoutItem[], frame: Frame, backRow: Placement[]): Placement[] {
  if (walls.length === 0) return [];
  const { width: W, height: H } = frame;
  const top = H * 0.08;
  const centre = backRow.find((p) => p.role === 'large' || p.role === 'medium');
  const below = centre ? centre.y - H * 0.04 : frame.floorY - H * 0.1;
  const available = below - top;
  const height = Math.min(H * 0.22, available * 0.85);
  if (height < H * 0.06) return [];
  const gap = W * 0.03;
  const centreX = centre ? centre.x + centre.width / 2 : W / 2;
  // the free stretch of wall around the centre, between anything standing tall enough to reach it
  let freeLeft = W * 0.03;
  let freeRight = W * 0.97;
  for (const p of backRow) {
    if (p.y >= below) continue;
    if (p.x + p.width <= centreX) freeLeft = Math.max(freeLeft, p.x + p.width + gap);
    else if (p.x >= centreX) freeRight = Math.min(freeRight, p.x - gap);
  }
  const sized = walls.map((w) => ({ ...w, width: Math.min(height * w.aspect, W * maxWidth.wall), height }));
  const total = sized.reduce((s, w) => s + w.width, 0) + gap * (sized.length - 1);
  const scale = Math.min(1, Math.max(0, freeRight - freeLeft) / total);
  if (scale * height < H * 0.06) return [];
  let x = Math.max(freeLeft, Math.min(freeRight - total * scale, centreX - (total * scale) / 2));
  return sized.map((w) => {
    const width = w.width * scale;
    const h = Math.min(height, width / w.aspect);
    const placement: Placement = {
      index: w.index,
      role: 'wall',
      x: Math.round(x),
      y: Math.round(top + (available - h) * 0.45),
      width: Math.max(1, Math.round(width)),
      height: Math.max(1, Math.round(h)),
      pose: 'hung',
    };
    x += width + gap * scale;
    return placement;
  });
}

/**
 * Hanging pieces: strands are strung across the top of the frame; pendants hang on cords over the
 * back row's centrepiece (a dining table, a sofa), beside any wall art rather than in front of it.
 */
function layOutOverhead(items: LayoutItem[], frame: Frame, backRow: Placement[], hung: Placement[]): Placement[] {
  if (items.length === 0) return [];
  const { width: W, height: H } = frame;
  const placements: Placement[] = [];
  const strands = items.filter((i) => i.strand);
  const pendants = items.filter((i) => !i.strand);

  let strandTop = H * 0.015;
  for (const strand of strands) {
    // strung from side to side: as wide as the frame allows, never taller than a band across the top
    const width = Math.min(W * maxWidth.overhead, H * 0.3 * strand.aspect);
    const height = width / strand.aspect;
    placements.push({
      index: strand.index,
      role: 'overhead',
      x: Math.round(W / 2 - width / 2),
      y: Math.round(strandTop),
      width: Math.max(1, Math.round(width)),
      height: Math.max(1, Math.round(height)),
      pose: 'suspended',
    });
    strandTop += height * 0.6;
  }
  if (pendants.length === 0) return placements;

  const height = H * 0.15;
  const gap = W * 0.04;
  const sized = pendants.map((p) => ({ ...p, width: Math.min(height * p.aspect, W * 0.2), height }));
  const total = sized.reduce((s, p) => s + p.width, 0) + gap * (sized.length - 1);
  const centrepiece = backRow.find((p) => p.role === 'large' || p.role === 'medium');
  const centreX = centrepiece ? centrepiece.x + centrepiece.width / 2 : W / 2;
  const top = Math.max(strandTop, H * 0.1);
  let x = centreX - total / 2;
  // art hangs over the centrepiece too: pendants move to the side of it with more room
  const artLeft = Math.min(...hung.map((p) => p.x));
  const artRight = Math.max(...hung.map((p) => p.x + p.width));
  if (hung.length > 0 && x < artRight && x + total > artLeft) {
    const roomLeft = artLeft - gap - W * 0.03;
    const roomRight = W * 0.97 - (artRight + gap);
    x = roomRight >= roomLeft ? artRight + gap : artLeft - gap - total;
  }
  x = Math.max(W * 0.03, Math.min(W * 0.97 - total, x));
  for (const pendant of sized) {
    const left = Math.round(x);
    const y = Math.round(top);
    placements.push({
      index: pendant.index,
      role: 'overhead',
      x: left,
      y,
      width: Math.max(1, Math.round(pendant.width)),
      height: Math.max(1, Math.round(pendant.height)),
      pose: 'suspended',
      cord: { x: Math.round(left + pendant.width / 2), y: y + 2 },
    });
    x += pendant.width + gap;
  }
  return placements;
}

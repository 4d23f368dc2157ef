import type { PlacementRole } from './layout';
import {
  floorDepthAt,
  project,
  slotOfSeedKind,
  worldXAt,
  type LayoutPlace,
  type PixelBox,
  type PlacePose,
  type SpaceLayout,
} from './space-layout';

/*
 * Arranging products in a space whose layout is known (a seeded space) or estimated (an uploaded photo): each
 * product takes the place of the room's own piece of its kind, or a free place, or free floor, standing on the
 * floor plane at its real size for its distance, never covering another product by more than a tenth.
 */

/** Catalogue categories, as the catalogue names them, to the seed's kinds. */
const kindOfCategory: Record<string, string> = {
  sofa: 'sofa',
  armchair: 'armchair',
  'coffee table': 'coffee-table',
  'dining table': 'dining-table',
  'dining chair': 'dining-chair',
  'floor lamp': 'floor-lamp',
  'table lamp': 'table-lamp',
  'pendant light': 'pendant-light',
  rug: 'rug',
  bookshelf: 'bookshelf',
  bed: 'bed',
  nightstand: 'nightstand',
  dresser: 'dresser',
  mirror: 'mirror',
  'wall art': 'wall-art',
  vase: 'vase',
  'throw pillow': 'throw-pillow',
  'indoor plant': 'plant',
  planter: 'planter',
  shrub: 'shrub',
  tree: 'tree',
  'outdoor sofa': 'outdoor-sofa',
  'lounge chair': 'lounge-chair',
  'outdoor dining set': 'outdoor-dining-set',
  bench: 'bench',
  'fire pit': 'fire-pit',
  umbrella: 'umbrella',
  'string lights': 'string-lights',
  lantern: 'lantern',
  fountain: 'fountain',
  'raised garden bed': 'raised-bed',
  pergola: 'pergola',
  pavers: 'pavers',
  grill: 'grill',
  hammock: 'hammock',
};

/** Words in a product's name, head noun last ("lamp table" is a table): the kind it most likely is. */
const kindWords: ReadonlyArray<readonly [string, RegExp]> = [
  ['sofa', /\b(sofas?|couch(es)?|sectionals?|loveseats?|settees?|chesterfields?)\b/g],
  ['armchair', /\b(armchairs?|accent chairs?|lounge chairs?|club chairs?|wingbacks?|recliners?)\b/g],
  ['dining-chair', /\b(chairs?|stools?)\b/g],
  ['coffee-table', /\b(coffee tables?|cocktail tables?|side tables?|ottomans?|poufs?)\b/g],
  ['dining-table', /\b(dining tables?|tables?|desks?)\b/g],
  ['floor-lamp', /\b(floor lamps?|arc lamps?)\b/g],
  ['table-lamp', /\b(table lamps?|desk lamps?|lamps?)\b/g],
  ['pendant-light', /\b(pendants?|pendant lights?|chandeliers?|ceiling lights?)\b/g],
  ['rug', /\b(rugs?|carpets?|runners?|kilims?|mats?)\b/g],
  ['bookshelf', /\b(bookcases?|bookshel(f|ves)|shelving|etageres?)\b/g],
  ['bed', /\b(beds?|daybeds?)\b/g],
  ['nightstand', /\b(nightstands?|bedside tables?)\b/g],
  ['dresser', /\b(dressers?|sideboards?|credenzas?|consoles?|cabinets?|chests?)\b/g],
  ['mirror', /\b(mirrors?)\b/g],
  ['wall-art', /\b(art|artwork|prints?|posters?|paintings?|canvas|frames?)\b/g],
  ['vase', /\b(vases?|bowls?|candles?|sculptures?)\b/g],
  ['throw-pillow', /\b(pillows?|cushions?|throws?)\b/g],
  ['plant', /\b(plants?|monsteras?|ferns?|fig|palms?|succulents?|cact(us|i))\b/g],
  ['planter', /\b(planters?|pots?)\b/g],
  ['shrub', /\b(shrubs?|bush(es)?|hedges?|grass(es)?)\b/g],
  ['tree', /\b(trees?|olive|maple)\b/g],
  ['outdoor-sofa', /\b(outdoor sofas?|patio sofas?)\b/g],
  ['lounge-chair', /\b(loungers?|sun ?beds?|chaises?|deck chairs?|adirondacks?)\b/g],
  ['outdoor-dining-set', /\b(dining sets?|bistro sets?|outdoor sets?)\b/g],
  ['bench', /\b(benches?)\b/g],
  ['fire-pit', /\b(fire ?pits?|fire bowls?)\b/g],
  ['umbrella', /\b(umbrellas?|parasols?)\b/g],
  ['string-lights', /\b(string lights?|fairy lights?|festoons?)\b/g],
  ['lantern', /\b(lanterns?|torch(es)?)\b/g],
  ['fountain', /\b(fountains?|bird ?baths?)\b/g],
  ['raised-bed', /\b(raised beds?|garden beds?)\b/g],
  ['pergola', /\b(pergolas?|gazebos?|arbou?rs?)\b/g],
  ['pavers', /\b(pavers?|paving|flagstones?|tiles?)\b/g],
  ['grill', /\b(grills?|bbqs?|barbecues?)\b/g],
  ['hammock', /\b(hammocks?|swings?)\b/g],
];

/** The kind of thing a product is, from its catalogue category, else its name; null when neither says. */
export function seedKindOf(category: string | undefined, name: string | undefined): string | null {
  const byCategory = kindOfCategory[(category ?? '').trim().toLowerCase()];
  if (byCategory) return byCategory;
  for (const text of [name, category]) {
    const lower = (text ?? '').toLowerCase();
    let found: { kind: string; at: number } | null = null;
    for (const [kind, pattern] of kindWords) {
      for (const match of lower.matchAll(pattern)) {
        const end = match.index + match[0].length;
        if (!found || end > found.at) found = { kind, at: end };
      }
    }
    if (found) return found.kind;
  }
  return null;
}

/** Real size in metres: height, and the widest it gets (a picture wider than that is shown smaller). */
const realSize: Record<string, readonly [number, number]> = {
  sofa: [0.85, 2.3],
  armchair: [0.9, 1.0],
  'coffee-table': [0.45, 1.2],
  'dining-table': [0.76, 1.8],
  'dining-chair': [0.9, 0.55],
  'floor-lamp': [1.6, 1.2],
  'table-lamp': [0.55, 0.4],
  'pendant-light': [0.45, 0.55],
  bookshelf: [1.8, 1.0],
  bed: [1.05, 1.9],
  nightstand: [0.55, 0.55],
  dresser: [0.85, 1.5],
  mirror: [0.9, 0.7],
  'wall-art': [0.7, 1.0],
  vase: [0.35, 0.3],
  'throw-pillow': [0.45, 0.5],
  plant: [1.1, 0.8],
  planter: [0.8, 0.8],
  shrub: [1.0, 1.3],
  tree: [3.2, 2.6],
  'outdoor-sofa': [0.8, 2.2],
  'lounge-chair': [0.8, 1.9],
  'outdoor-dining-set': [0.95, 2.0],
  bench: [0.85, 1.6],
  'fire-pit': [0.5, 1.0],
  umbrella: [2.4, 2.6],
  'string-lights': [0.6, 6],
  lantern: [0.6, 0.35],
  fountain: [1.2, 1.2],
  'raised-bed': [0.6, 1.8],
  pergola: [2.6, 3.2],
  grill: [1.1, 1.2],
  hammock: [1.1, 2.6],
};
const realSizeOfRole: Record<PlacementRole, readonly [number, number]> = {
  large: [0.85, 2.0],
  medium: [0.8, 1.0],
  small: [0.4, 0.5],
  tall: [1.6, 0.7],
  plant: [1.0, 0.9],
  wall: [0.7, 1.0],
  overhead: [0.45, 0.55],
  rug: [0, 2.6],
};

export interface ArrangeItem {
  /** Index in the product list. */
  index: number;
  role: PlacementRole;
  /** The seed kind (sofa, floor-lamp, planter…), or null when the product does not say. */
  kind: string | null;
  /** Width over height of the cut-out. */
  aspect: number;
}

/** Where one product goes: its box in output pixels, how it is drawn, and the room's piece it replaces. */
export interface ArrangedPlacement extends PixelBox {
  index: number;
  role: PlacementRole;
  pose: PlacePose;
  /** Depth of its front in metres: further back is drawn first. */
  z: number;
  /** The id of the room's own piece it takes the place of. */
  replaced?: string;
  /** For a pendant: the cord runs from `cord.top` down to (`cord.x`, `cord.y`). */
  cord?: { x: number; y: number; top: number };
  /** For a rug: how much narrower its far edge is than its near one. */
  farScale?: number;
}

/** A product taking the place of the room's own piece. */
export interface Replacement {
  index: number;
  placeId: string;
}

const poseOfKind = (kind: string | null, role: PlacementRole): PlacePose => {
  if (kind === 'rug' || kind === 'pavers' || role === 'rug') return 'flat';
  if (kind === 'wall-art' || kind === 'mirror' || role === 'wall') return 'hung';
  if (kind === 'pendant-light' || kind === 'string-lights' || role === 'overhead') return 'suspended';
  return 'standing';
};
const standsOnSomething = (kind: string | null) => kind === 'table-lamp' || kind === 'vase';

/** The order products claim places in: the big pieces first, as a person furnishing a room would. */
const claimOrder: Record<PlacementRole, number> = {
  large: 0,
  rug: 1,
  medium: 2,
  tall: 3,
  plant: 4,
  wall: 5,
  small: 6,
  overhead: 7,
};

/** Items in the order they claim places: by role as claimOrder says, then as the person listed them. */
export const byClaimOrder = <T extends { role: PlacementRole; index: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => claimOrder[a.role] - claimOrder[b.role] || a.index - b.index);

/**
 * Which of the room's own pieces the products replace: a product takes the piece of its own kind, else one its
 * place also takes (a sideboard for the bookshelf) when no free place does, else one of its group that stands the
 * same way (a second sofa for the armchair). Needs no pictures, so the scene can be redrawn without those pieces
 * before the render starts. Deterministic.
 */
export function planReplacements(
  layout: SpaceLayout,
  products: ReadonlyArray<{ index: number; role: PlacementRole; kind: string | null }>,
): Replacement[] {
  const taken = new Set<string>();
  const replacements: Replacement[] = [];
  const present = layout.places.filter((p) => p.kind !== null && p.box);
  for (const product of byClaimOrder(products)) {
    const { kind } = product;
    if (!kind) continue;
    const pose = poseOfKind(kind, product.role);
    const fits = (p: LayoutPlace) =>
      !taken.has(p.id) && p.pose === pose && !!p.on === standsOnSomething(kind) && p.kind !== null;
    const exact = present.find((p) => fits(p) && p.kind === kind);
    const freeAccepts = layout.places.some((p) => p.kind === null && p.kinds.includes(kind) && !taken.has(p.id));
    const accepts = freeAccepts ? undefined : present.find((p) => fits(p) && p.kinds.includes(kind));
    const group = slotOfSeedKind(kind);
    const sameGroup =
      freeAccepts || group === 'decor' ? undefined : present.find((p) => fits(p) && slotOfSeedKind(p.kind!) === group);
    const place = exact ?? accepts ?? sameGroup;
    if (!place) continue;
    taken.add(place.id);
    replacements.push({ index: product.index, placeId: place.id });
  }
  return replacements;
}

/** How much of the smaller box the two boxes share (0–1). */
export function overlapShare(a: PixelBox, b: PixelBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.max(1, Math.min(a.width * a.height, b.width * b.height));
}

/** At most this share of the smaller of two placed products may lie under the other. */
export const MAX_OVERLAP = 0.1;

interface Frame {
  width: number;
  height: number;
}

/**
 * How one variation of a render arranges differently (variation.ts): where the earlier variations put each product,
 * so that this one stands it elsewhere where the room has another place for it, and whether rugs lie turned.
 */
export interface ArrangeOptions {
  /** By product index: the boxes (output pixels) earlier variations gave it. */
  avoid?: ReadonlyMap<number, readonly PixelBox[]>;
  /** Rugs laid the other way round: their long side front to back. */
  turnRugs?: boolean;
}

/** A box sharing at least this much of the smaller with an earlier variation's is the same place. */
export const SAME_PLACE = 0.5;

/**
 * Places every product: replacements where the planned pieces stood, the rest in free places or on free floor,
 * each sized for its depth. Rugs lie flat under the seating, wall pieces hang at eye height, pendants from the
 * ceiling. Answers in output pixels, back to front (the order to draw in). Deterministic.
 */
export function arrangeInLayout(
  items: readonly ArrangeItem[],
  layout: SpaceLayout,
  replacements: readonly Replacement[],
  frame: Frame,
  options: ArrangeOptions = {},
): ArrangedPlacement[] {
  const avoided = (item: ArrangeItem, box: PixelBox) =>
    (options.avoid?.get(item.index) ?? []).some((earlier) => overlapShare(earlier, box) >= SAME_PLACE);
  // with earlier variations to differ from, each search first looks for a place none of them used
  const passes = options.avoid?.size ? [true, false] : [false];
  const kx = frame.width / layout.width;
  const ky = frame.height / layout.height;
  const cam = layout.camera;
  const placed: ArrangedPlacement[] = [];
  const replacedIds = new Set(replacements.map((r) => r.placeId));
  const usedPlaces = new Set(replacedIds);
  // the room's own pieces that stay: products keep off them where they can
  const staying = layout.places.filter((p) => p.kind !== null && p.box && !replacedIds.has(p.id));
  const placeById = new Map(layout.places.map((p) => [p.id, p]));

  const toFrame = (box: PixelBox): PixelBox => ({
    x: box.x * kx,
    y: box.y * ky,
    width: box.width * kx,
    height: box.height * ky,
  });
  const fitsFrame = (box: PixelBox): PixelBox => {
    const width = Math.min(box.width, frame.width);
    const height = Math.min(box.height, frame.height);
    return {
      x: Math.round(Math.min(Math.max(0, box.x), frame.width - width)),
      y: Math.round(Math.min(Math.max(0, box.y), frame.height - height)),
      width: Math.max(1, Math.round(width)),
      height: Math.max(1, Math.round(height)),
    };
  };
  const clash = (box: PixelBox, pose: PlacePose) =>
    pose !== 'flat' && placed.some((p) => p.pose !== 'flat' && overlapShare(p, box) > MAX_OVERLAP);
  // a wall piece a variation moves must not hang behind the room's own furniture (`behind`)
  const coversRoom = (box: PixelBox, behind = false) =>
    staying.some((p) => p.pose !== 'flat' && overlapShare(toFrame(p.box!), box) > (behind ? 0.12 : 0.35));

  /** The size a product shows at depth z, in layout pixels. */
  const sizeAt = (item: ArrangeItem, z: number): [number, number] => {
    const [h, maxW] = (item.kind && realSize[item.kind]) || realSizeOfRole[item.role];
    const perMetre = cam.f / z;
    let height = h * perMetre;
    let width = height * item.aspect;
    if (width > maxW * perMetre) {
      width = maxW * perMetre;
      height = width / item.aspect;
    }
    return [width, height];
  };

  /** A standing product whose front stands on the floor at (x, z), its feet centred there. */
  const standingAt = (item: ArrangeItem, x: number, z: number): PixelBox => {
    const [u, v] = project(cam, x, 0, z);
    const [w, h] = sizeAt(item, z);
    return fitsFrame(toFrame({ x: u - w / 2, y: v - h, width: w, height: h }));
  };

  const rugUnder = (item: ArrangeItem, x: number, zFront: number, width: number, depth: number) => {
    const [x0, y0] = project(cam, x - width / 2, 0, zFront);
    const [x1] = project(cam, x + width / 2, 0, zFront);
    const [, y1] = project(cam, x, 0, zFront + depth);
    // the picture is laid on the floor: as deep as the floor it covers looks, narrower at the far edge
    const box = fitsFrame(toFrame({ x: x0, y: y1, width: x1 - x0, height: y0 - y1 }));
    const farScale = zFront / (zFront + depth);
    return { ...box, farScale, z: zFront + depth, aspect: item.aspect };
  };

  const push = (item: ArrangeItem, box: PixelBox, pose: PlacePose, z: number, extra: Partial<ArrangedPlacement>) =>
    placed.push({ index: item.index, role: item.role, pose, z, ...box, ...extra });

  const floorRange = (z: number): [number, number] => {
    const margin = frame.width * 0.06;
    return [worldXAt(cam, margin / kx, z), worldXAt(cam, (frame.width - margin) / kx, z)];
  };
  const backZ = layout.backZ;
  const nearZ = Math.max(floorDepthAt(cam, layout.height * 0.97), 1.6);

  /** Free floor for a standing product: back to front, centre out, clear of products and of the room's pieces. */
  const freeFloor = (item: ArrangeItem, pose: PlacePose, elsewhere = false): { box: PixelBox; z: number } | null => {
    const depths: number[] = [];
    for (let z = backZ - 0.6; z >= nearZ; z -= 0.45) depths.push(z);
    // big pieces belong against the back; small ones nearer the front
    if (item.role === 'small' || item.role === 'medium') depths.reverse();
    let fallback: { box: PixelBox; z: number } | null = null;
    for (const z of depths) {
      const [left, right] = floorRange(z);
      const xs: number[] = [];
      const mid = (left + right) / 2;
      for (let step = 0; mid + step * 0.4 <= right || mid - step * 0.4 >= left; step++) {
        if (mid + step * 0.4 <= right) xs.push(mid + step * 0.4);
        if (step > 0 && mid - step * 0.4 >= left) xs.push(mid - step * 0.4);
      }
      for (const x of xs) {
        const box = standingAt(item, x, z);
        if (clash(box, pose) || (elsewhere && avoided(item, box))) continue;
        if (!coversRoom(box)) return { box, z };
        if (!elsewhere) fallback ??= { box, z };
      }
    }
    return fallback;
  };

  const replacementOf = new Map(replacements.map((r) => [r.index, r.placeId]));
  for (const item of byClaimOrder(items)) {
    const pose = poseOfKind(item.kind, item.role);
    const placeId = replacementOf.get(item.index);
    const old = placeId ? placeById.get(placeId) : undefined;

    if (pose === 'flat') {
      // turned, a rug's sides swap (across becomes front to back), short of the back wall
      const laid = (width: number, depth: number, zFront: number): [number, number] =>
        options.turnRugs ? [depth, Math.max(depth, Math.min(width, backZ - 0.3 - zFront))] : [width, depth];
      const place =
        old ??
        layout.places.find((p) => p.pose === 'flat' && !usedPlaces.has(p.id) && p.kinds.includes(item.kind ?? 'rug'));
      const replacing = old ? { replaced: old.id } : {};
      const atPlace = place?.flat
        ? rugUnder(item, place.x, place.z, ...laid(place.flat.width, place.flat.depth, place.z))
        : null;
      if (place && atPlace && !avoided(item, atPlace)) {
        usedPlaces.add(place.id);
        push(item, atPlace, pose, atPlace.z, { farScale: atPlace.farScale, ...replacing });
        continue;
      }
      // under the seating group: the sofa's front edge a little onto the rug
      const seat = placed.find((p) => p.role === 'large' && p.pose === 'standing');
      const seatX = seat ? worldXAt(cam, (seat.x + seat.width / 2) / kx, seat.z) : cam.camX;
      const seatZ = seat ? seat.z : Math.min(backZ - 0.8, 4.6);
      const underFront = Math.max(nearZ, seatZ - 2.1);
      const underSeat = rugUnder(item, seatX, underFront, ...laid(2.6, 2.4, underFront));
      const rug = atPlace && avoided(item, underSeat) ? atPlace : underSeat;
      if (rug === atPlace && place) usedPlaces.add(place.id);
      push(item, rug, pose, rug.z, { farScale: rug.farScale, ...replacing });
      continue;
    }

    if (pose === 'hung') {
      let elsewhere = false;
      const replacing = old ? { replaced: old.id } : {};
      const hungAt = (x: number, y: number, z: number): boolean => {
        const [u, v] = project(cam, x, y, z);
        const [w, h] = sizeAt(item, z);
        const box = fitsFrame(toFrame({ x: u - w / 2, y: v - h / 2, width: w, height: h }));
        if (clash(box, pose) || (elsewhere && (avoided(item, box) || coversRoom(box, true)))) return false;
        push(item, box, pose, z, replacing);
        return true;
      };
      const oldBox = old?.box
        ? (() => {
            const [u, v] = [old.box.x + old.box.width / 2, old.box.y + old.box.height / 2];
            const [w, h] = sizeAt(item, old.z);
            return fitsFrame(toFrame({ x: u - w / 2, y: v - h / 2, width: w, height: h }));
          })()
        : null;
      if (old && oldBox && !avoided(item, oldBox)) {
        push(item, oldBox, pose, old.z, replacing);
        continue;
      }
      let hung = false;
      for (const pass of passes) {
        elsewhere = pass;
        const free = layout.places.filter((p) => p.pose === 'hung' && p.kind === null && !usedPlaces.has(p.id));
        const spot = free.find((p) => hungAt(p.x, p.y ?? 1.6, p.z));
        if (spot) {
          usedPlaces.add(spot.id);
          hung = true;
          break;
        }
        // at eye height on the back wall, where nothing stands in front of it
        const wallZ = backZ - 0.02;
        const [left, right] = floorRange(wallZ);
        const xs = [0, 0.9, -0.9, 1.6, -1.6].map((dx) => cam.camX + dx).filter((x) => x >= left && x <= right);
        if (xs.some((x) => !coversRoomAt(x) && hungAt(x, 1.6, wallZ))) {
          hung = true;
          break;
        }
        // the old piece's place before a spot in front of the room's own wall pieces
        if (old && oldBox) {
          push(item, oldBox, pose, old.z, replacing);
          hung = true;
          break;
        }
        if (xs.some((x) => hungAt(x, 1.6, wallZ))) {
          hung = true;
          break;
        }
      }
      if (!hung && old && oldBox) push(item, oldBox, pose, old.z, replacing);
      continue;
    }

    if (pose === 'suspended') {
      const ceiling = layout.ceiling;
      let elsewhere = false;
      const hangFrom = (x: number, y: number, z: number, replacing?: string): boolean => {
        const [u, v] = project(cam, x, y, z);
        const [w, h] = sizeAt(item, z);
        const strand = item.kind === 'string-lights';
        const box = fitsFrame(toFrame({ x: u - w / 2, y: strand ? v : v - h, width: w, height: h }));
        if (clash(box, pose) || (elsewhere && avoided(item, box))) return false;
        const top = ceiling !== undefined ? Math.max(0, project(cam, x, ceiling, z)[1] * ky) : 0;
        push(item, box, pose, z, {
          ...(replacing ? { replaced: replacing } : {}),
          ...(strand ? {} : { cord: { x: Math.round(box.x + box.width / 2), y: box.y + 2, top: Math.round(top) } }),
        });
        return true;
      };
      for (const pass of passes) {
        elsewhere = pass;
        if (old && hangFrom(old.x, old.y ?? 2.1, old.z, old.id)) break;
        const free = layout.places.filter(
          (p) => p.pose === 'suspended' && !usedPlaces.has(p.id) && (!item.kind || p.kinds.includes(item.kind)),
        );
        const spot = free.find((p) => hangFrom(p.x, p.y ?? 2.1, p.z, old?.id));
        if (spot) {
          usedPlaces.add(spot.id);
          break;
        }
        // over the middle of the room, a little below the ceiling
        const y = (ceiling ?? 2.9) - 0.6;
        const z = Math.max(nearZ + 0.8, backZ * 0.62);
        if ([0, 1, -1, 1.8, -1.8].some((dx) => hangFrom(cam.camX + dx, y, z, old?.id))) break;
      }
      continue;
    }

    // standing: the replaced piece's place, then a free place that takes it, then free floor
    let oldBox: PixelBox | null = null;
    if (old?.box) {
      const oldPlace = old.box;
      const z = old.z;
      const [w, h] = sizeAt(item, z);
      let bottom = oldPlace.y + oldPlace.height;
      // a lamp on a nightstand that was replaced too stands on the new one
      if (old.on) {
        const support = placed.find(
          (p) =>
            p.pose === 'standing' &&
            p.x <= (oldPlace.x + oldPlace.width / 2) * kx &&
            p.x + p.width >= (oldPlace.x + oldPlace.width / 2) * kx &&
            Math.abs(p.y / ky - bottom) < oldPlace.height * 0.6,
        );
        if (support) bottom = (support.y + support.height * 0.05) / ky;
      }
      const centre = oldPlace.x + oldPlace.width / 2;
      let box = fitsFrame(toFrame({ x: centre - w / 2, y: bottom - h, width: w, height: h }));
      // nudged sideways along the wall when it would cover a product already placed
      for (const dx of [0.25, -0.25, 0.5, -0.5, 0.8, -0.8]) {
        if (!clash(box, 'standing')) break;
        box = fitsFrame(toFrame({ x: centre - w / 2 + dx * (cam.f / z), y: bottom - h, width: w, height: h }));
      }
      if (!clash(box, 'standing')) oldBox = box;
    }
    if (old && oldBox && !avoided(item, oldBox)) {
      push(item, oldBox, 'standing', old.z, { replaced: old.id });
      continue;
    }
    // the piece it replaces is gone from the picture wherever the product stands
    const replacing = old ? { replaced: old.id } : {};
    let done = false;
    for (const elsewhere of passes) {
      const free = layout.places.filter(
        (p) =>
          p.kind === null &&
          p.pose === 'standing' &&
          !usedPlaces.has(p.id) &&
          (item.kind ? p.kinds.includes(item.kind) : false),
      );
      for (const spot of free) {
        const box = standingAt(item, spot.x, spot.z);
        if (clash(box, 'standing') || (elsewhere && avoided(item, box))) continue;
        usedPlaces.add(spot.id);
        push(item, box, 'standing', spot.z, replacing);
        done = true;
        break;
      }
      if (done) break;
      // the old piece's place before a spot over the room's own pieces
      if (old && oldBox && !elsewhere) {
        push(item, oldBox, 'standing', old.z, replacing);
        done = true;
        break;
      }
      const floor = freeFloor(item, 'standing', elsewhere);
      if (floor) {
        push(item, floor.box, 'standing', floor.z, replacing);
        done = true;
        break;
      }
    }
    if (done) continue;
    // nowhere clear at full size: the front corner, smaller
    const [left] = floorRange(nearZ);
    const box = standingAt({ ...item }, left + 0.3, nearZ);
    const shrunk = fitsFrame({
      x: box.x,
      y: box.y + box.height * 0.4,
      width: box.width * 0.6,
      height: box.height * 0.6,
    });
    if (!clash(shrunk, 'standing')) push(item, shrunk, 'standing', nearZ, {});
  }

  function coversRoomAt(x: number): boolean {
    const [u] = project(cam, x, 1.6, backZ);
    return staying.some((p) => p.pose === 'hung' && p.box && Math.abs(p.box.x + p.box.width / 2 - u) < p.box.width);
  }

  // flat pieces first, then the wall, then back to front; pendants last
  const layer = (p: ArrangedPlacement) => ({ flat: 0, hung: 1, standing: 2, suspended: 3 })[p.pose];
  return placed.sort((a, b) => layer(a) - layer(b) || b.z - a.z || a.index - b.index);
}

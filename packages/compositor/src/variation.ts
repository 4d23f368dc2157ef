import { byClaimOrder, overlapShare, SAME_PLACE, type ArrangeOptions } from './arrange';
import type { Placement } from './layout';
import type { Grade } from './palette';
import { labelOfKind } from './place-on-geometry';
import type { PixelBox } from './space-layout';
import type { ProductView } from './views';

/*
 * The variations of one render (a job makes 1–4): each is its own arrangement of the same products, with its own
 * turn of the light. Variation n is arranged with the places variations 0…n−1 gave each product counting against
 * them, so a product stands elsewhere wherever the room has another place for it (another free spot, the other side
 * of the sofa, the room's own piece kept rather than replaced), and every other one lays rugs turned. The rules of
 * placement hold in each: only which of the allowed places wins changes. Where the room has no other place, a chair
 * or a bench is turned on its spot to a view no earlier variation drew it from (decision 0065). Each says in a few
 * words what differs from the first ('Sofa by the window', 'Rug turned', 'Armchair turned to the right', 'Old
 * armchair kept'), read from the two arrangements, and one the room left as the first says so ('No other spot').
 */

/** A job makes at most this many variations; a seed past it comes round again. */
export const VARIATION_COUNT = 4;

/** Which variation a seed is: 0 (the plain render) to VARIATION_COUNT − 1. */
export const variationOf = (seed: number) => Math.abs(Math.trunc(seed)) % VARIATION_COUNT;

/**
 * How variation `seed` differs from the plain render (seed 0) in light: a turn of the light (warmer, cooler,
 * brighter, moodier), on top of its own arrangement.
 */
const lightTurns: readonly Partial<Record<'warmth' | 'brightness' | 'saturation' | 'contrast', number>>[] = [
  {},
  { warmth: 0.35, brightness: 0.15 },
  { warmth: -0.3, contrast: 0.2 },
  { brightness: -0.25, saturation: 0.25 },
];

/** The light of each variation in words, for a label that must tell two of the same layout apart. */
const lightWords = ['', 'warmer light', 'cooler light', 'moodier light'] as const;

const clampUnit = (value: number) => Math.max(-1, Math.min(1, value));

export function gradeForSeed(grade: Grade, seed: number): Grade {
  const turn = lightTurns[variationOf(seed)]!;
  return {
    ...grade,
    warmth: clampUnit(grade.warmth + (turn.warmth ?? 0)),
    brightness: clampUnit(grade.brightness + (turn.brightness ?? 0)),
    saturation: clampUnit(grade.saturation + (turn.saturation ?? 0)),
    contrast: clampUnit(grade.contrast + (turn.contrast ?? 0)),
  };
}

/** What the words of a label need to know of the picture. */
export interface LabelContext {
  /** The seed kind of the product at an index (sofa, floor-lamp…), or null. */
  kindOf: (index: number) => string | null;
  /** The kind of the room's piece a placement's `replaced` names, or null when unknown. */
  pieceKindOf: (id: string) => string | null;
  /** The photo's windows in output pixels (none for a drawn space). */
  windows: readonly PixelBox[];
  frameWidth: number;
  /** Whether the product at an index comes drawn from both three-quarter views (so it can be turned on its spot). */
  canTurn?: (index: number) => boolean;
  /** The view the room gives a standing product where it stands (views.ts), or null when nothing says. */
  viewOf?: (p: Placement) => ProductView | null;
}

export interface VariationArrangement<P extends Placement> {
  placements: P[];
  /** What differs from the first variation, in a few words. */
  label: string;
}

/**
 * Arranges variation `seed`: the arrangements of the variations before it are made first (placement is cheap next
 * to drawing), each with the places the earlier ones used to avoid, and the last is this one's. Deterministic: the
 * same seed gives the same arrangement and label in any worker.
 */
export function arrangeVariation<P extends Placement>(
  seed: number,
  arrangeWith: (options: ArrangeOptions) => P[],
  context: LabelContext,
): VariationArrangement<P> {
  const target = variationOf(seed);
  const arrangements: P[][] = [];
  const labels: string[] = [];
  for (let n = 0; n <= target; n++) {
    let placements =
      n === 0
        ? arrangeWith({})
        : turnedWhereStill(differentArrangement(n, arrangements, arrangeWith, context.kindOf), arrangements, context);
    if (n > 0 && arrangements.some((e) => sameArrangement(e, placements, context))) {
      // else a table turned on its spot, as a last way not to repeat an earlier variation
      placements =
        regroupedArrangement(n, arrangements, arrangeWith, context) ??
        turnedWhereStill(placements, arrangements, context, TURNING_AS_LAST);
    }
    labels.push(labelOf(n, arrangements[0] ?? [], placements, context, labels));
    arrangements.push(placements);
  }
  const placements = arrangements[target]!;
  return { placements, label: labels[target]! };
}

/** Which products stand elsewhere in `b` than in `a` (by index): placed in both, their boxes sharing under half. */
export function movedProducts(a: readonly Placement[], b: readonly Placement[]): number[] {
  const before = new Map(a.map((p) => [p.index, p]));
  return b.flatMap((p) => {
    const was = before.get(p.index);
    return was !== undefined && overlapShare(was, p) < SAME_PLACE ? [p.index] : [];
  });
}

/** How many products stand elsewhere in `b` than in `a`. */
export const movedBetween = (a: readonly Placement[], b: readonly Placement[]): number => movedProducts(a, b).length;

/** One product over a job's variations: how many places it stood in, and in how many variations no other stood it there. */
export interface ProductPlaces {
  index: number;
  /** Its places over the variations (boxes sharing under half are two places). */
  places: number;
  /** The variations that stand it where no other variation does. */
  alone: number;
}

/** Each product the first variation placed, over a job's variations (`arrangements`, the first first). */
export function placesOfProducts(arrangements: ReadonlyArray<readonly Placement[]>): ProductPlaces[] {
  return byClaimOrder(arrangements[0] ?? []).map(({ index }) => {
    const boxes = arrangements.map((a) => a.find((p) => p.index === index));
    const places: PixelBox[] = [];
    for (const box of boxes) if (box && !places.some((q) => overlapShare(q, box) >= SAME_PLACE)) places.push(box);
    const alone = boxes.filter(
      (box, n) => box && boxes.every((other, m) => m === n || !other || overlapShare(box, other) < SAME_PLACE),
    ).length;
    return { index, places: places.length, alone };
  });
}

/** The view a product is drawn from in an arrangement: turned by the variation, else as the room gives it. */
const drawnView = (p: Placement, context: LabelContext): ProductView =>
  p.turned ?? (p.pose === 'standing' ? (context.viewOf?.(p) ?? 'front') : 'front');

/**
 * How many products `b` shows otherwise than `a`: standing elsewhere (movedBetween), or on the same spot drawn from
 * another view (turned by a variation).
 */
export function differingBetween(a: readonly Placement[], b: readonly Placement[], context: LabelContext): number {
  const before = new Map(a.map((p) => [p.index, p]));
  return b.filter((p) => {
    const was = before.get(p.index);
    if (!was) return false;
    return overlapShare(was, p) < SAME_PLACE || drawnView(was, context) !== drawnView(p, context);
  }).length;
}

/** Kinds that stand turned on their spot as well as square to the wall: seats a room angles, a yard's benches. */
const TURNING_KINDS = new Set(['armchair', 'lounge-chair', 'dining-chair', 'bench', 'outdoor-sofa']);
/**
 * Where a variation would otherwise be an earlier one again: tables too, which stand free of the walls and whose
 * three-quarter views show another side (a nightstand or a dresser keeps to its wall; a lamp or a plant looks the same).
 */
const TURNING_AS_LAST = new Set([...TURNING_KINDS, 'coffee-table', 'dining-table', 'outdoor-dining-set']);

/**
 * Where the room had no other place: the products of `placements` that stand where an earlier variation stood them,
 * drawn from the same view, turned on their spot to a view no earlier variation drew them from there, until the
 * arrangement differs from each earlier one in as many products as it can (two, or one with a single product).
 * Only products that come drawn from both three-quarter views and are of a kind a room angles (a chair, a bench);
 * a sofa against a wall or a bed is not turned.
 */
function turnedWhereStill<P extends Placement>(
  placements: P[],
  earlier: ReadonlyArray<readonly P[]>,
  context: LabelContext,
  kinds: ReadonlySet<string> = TURNING_KINDS,
): P[] {
  const { canTurn } = context;
  if (!canTurn || placements.length === 0) return placements;
  const enough = Math.min(ENOUGH_MOVED, placements.length);
  const out = placements.map((p) => ({ ...p }));
  const turnable = (p: P) => p.pose === 'standing' && kinds.has(context.kindOf(p.index) ?? '') && canTurn(p.index);
  for (const e of earlier) {
    let differing = differingBetween(e, out, context);
    for (const p of byClaimOrder(out)) {
      if (differing >= enough) break;
      const was = e.find((q) => q.index === p.index);
      if (!was || !turnable(p) || overlapShare(was, p) < SAME_PLACE) continue;
      if (drawnView(was, context) !== drawnView(p, context)) continue;
      // the views earlier variations drew it from on this spot
      const used = new Set(
        earlier.flatMap((x) =>
          x.filter((q) => q.index === p.index && overlapShare(q, p) >= SAME_PLACE).map((q) => drawnView(q, context)),
        ),
      );
      const next = (['left', 'right', 'front'] as const).find((v) => !used.has(v));
      if (!next) continue;
      p.turned = next;
      differing++;
    }
  }
  return out;
}

/** Whether `b` is `a` again: the same products, every one in the same place (boxes sharing half or more), drawn from the same view. */
export function sameArrangement(a: readonly Placement[], b: readonly Placement[], context: LabelContext): boolean {
  const indices = (x: readonly Placement[]) =>
    x
      .map((p) => p.index)
      .sort((i, j) => i - j)
      .join(' ');
  return indices(a) === indices(b) && differingBetween(a, b, context) === 0 && !rugTurnedBetween(a, b);
}

/** Whether a rug of `b` lies turned against the same rug in `a` (its width over its depth well off). */
const rugTurnedBetween = (a: readonly Placement[], b: readonly Placement[]) =>
  b.some((p) => {
    const was = a.find((q) => q.index === p.index);
    return (
      p.pose === 'flat' && was !== undefined && Math.abs(Math.log(p.width / p.height / (was.width / was.height))) > 0.2
    );
  });

/** At most this many regroupings are tried for a variation that came out as an earlier one. */
const MAX_REGROUPS = 8;

/**
 * Variation n when the search came back to an earlier variation's arrangement (each product has used up its other
 * places): the places the earlier variations gave each product, put together in a way none of them did, the
 * least-used places first (a product's place used once before a place used twice); a rug laid the other way than
 * this variation's turn says counts as another way too. Steered through `avoid`: a product avoids every earlier
 * place of its but the one chosen. The first that places every product the first did and is no earlier arrangement
 * again, or null.
 */
function regroupedArrangement<P extends Placement>(
  n: number,
  earlier: ReadonlyArray<readonly P[]>,
  arrangeWith: (options: ArrangeOptions) => P[],
  context: LabelContext,
): P[] | null {
  const base = earlier[0]!;
  // each product's distinct earlier places, with how many variations used each
  const places = byClaimOrder(base).map((p) => {
    const seen: Array<{ box: PixelBox; uses: number }> = [];
    for (const e of earlier) {
      const q = e.find((x) => x.index === p.index);
      if (!q) continue;
      const known = seen.find((s) => overlapShare(s.box, q) >= SAME_PLACE);
      if (known) known.uses++;
      else seen.push({ box: boxOf(q), uses: 1 });
    }
    return { index: p.index, seen };
  });
  let combos: Array<{ pick: number[]; uses: number }> = [{ pick: [], uses: 0 }];
  for (const { seen } of places) {
    combos = combos.flatMap((c) => seen.map((s, k) => ({ pick: [...c.pick, k], uses: c.uses + s.uses })));
    if (combos.length > 256) combos = combos.sort((a, b) => a.uses - b.uses).slice(0, 256);
  }
  // a combination an earlier variation stood is that variation again
  const usedBy = (e: readonly P[], pick: number[]) =>
    places.every(({ index, seen }, k) => {
      const q = e.find((x) => x.index === index);
      return q !== undefined && overlapShare(seen[pick[k]!]!.box, q) >= SAME_PLACE;
    });
  const fresh = combos.filter((c) => !earlier.some((e) => usedBy(e, c.pick))).sort((a, b) => a.uses - b.uses);
  const tries: ArrangeOptions[] = fresh.map(({ pick }) => {
    const avoid = new Map<number, PixelBox[]>();
    places.forEach(({ index, seen }, k) =>
      avoid.set(
        index,
        seen.filter((_, m) => m !== pick[k]).map((s) => s.box),
      ),
    );
    return { avoid, turnRugs: n % 2 === 1 };
  });
  // the rugs the other way, every earlier place counting against each product as before
  const all = new Map(
    places.map(({ index }) => [index, earlier.flatMap((e) => e.filter((q) => q.index === index).map(boxOf))]),
  );
  tries.push({ avoid: all, turnRugs: n % 2 === 0 });
  for (const options of tries.slice(0, MAX_REGROUPS)) {
    const placements = turnedWhereStill(arrangeWith(options), earlier, context);
    if (placements.length < base.length) continue;
    if (!earlier.some((e) => sameArrangement(e, placements, context))) return placements;
  }
  return null;
}

/** Two or more products elsewhere: what makes two variations two arrangements. */
const ENOUGH_MOVED = 2;
/** At most this many arrangements are tried for one variation (each costs a placement, some tens of ms on a photo). */
const MAX_TRIES = 24;

/** Pieces that sit, and what is placed by them: a coffee table before a sofa, a rug under it, a lamp beside it. */
const SEATING_KINDS = new Set(['sofa', 'outdoor-sofa', 'bed', 'bench', 'armchair', 'lounge-chair']);

/**
 * Variation n's arrangement, the first of these that leaves out no product the first variation placed and stands
 * two or more products elsewhere than each earlier variation (else the one that comes nearest):
 * - the seating group moved as one: only the seat (the sofa) kept from its earlier places, so the coffee table, the
 *   rug and the lamps, which placement stands by the seat, follow it (the group stays together);
 * - every product away from every earlier variation's place;
 * - the same with the seating group kept where the first had it, everything else away;
 * - the same with only the room's main piece kept;
 * - where a product has only two places, half the products away from one earlier variation and half from another;
 * - in a crowded room, where moving everything crowds a product out, two products at a time.
 * Odd variations lay rugs turned. None placing as many as the first: its own arrangement.
 */
function differentArrangement<P extends Placement>(
  n: number,
  earlier: ReadonlyArray<readonly P[]>,
  arrangeWith: (options: ArrangeOptions) => P[],
  kindOf: (index: number) => string | null,
): P[] {
  const base = earlier[0]!;
  const order = byClaimOrder(base);
  const rank = new Map(order.map((p, r) => [p.index, r]));
  const main = order.find((p) => p.pose !== 'flat');
  const seat = order.find((p) => p.pose === 'standing' && SEATING_KINDS.has(kindOf(p.index) ?? ''));
  const avoidOf = (pick: (index: number) => readonly number[]) => {
    const avoid = new Map<number, PixelBox[]>();
    for (const p of base) {
      const boxes = pick(p.index).flatMap((m) => earlier[m]!.filter((q) => q.index === p.index).map(boxOf));
      if (boxes.length > 0) avoid.set(p.index, boxes);
    }
    return avoid;
  };
  const all = earlier.map((_, m) => m);
  const candidates: Array<ReadonlyMap<number, readonly PixelBox[]>> = [];
  if (seat) candidates.push(avoidOf((index) => (index === seat.index ? all : [])));
  candidates.push(avoidOf(() => all));
  if (seat) {
    // the group as the first had it: the seat and what placement stands by it (in front, under, beside)
    const group = new Set(base.filter((p) => p.index === seat.index || nextToSeat(p, seat)).map((p) => p.index));
    candidates.push(avoidOf((index) => (group.has(index) ? [] : all)));
  }
  candidates.push(avoidOf((index) => (index === main?.index ? [] : all)));
  for (const i of all) {
    for (const j of all) {
      if (i !== j) candidates.push(avoidOf((index) => ((rank.get(index) ?? 0) % 2 === 0 ? [i] : [j])));
    }
  }
  const others = order.filter((p) => p !== main).map((p) => p.index);
  for (const [k, a] of others.entries()) {
    for (const b of others.slice(k + 1)) candidates.push(avoidOf((index) => (index === a || index === b ? all : [])));
  }
  const turnRugs = n % 2 === 1;
  // one product alone differs by moving it; two or more by moving two
  const enough = Math.max(1, Math.min(ENOUGH_MOVED, base.length));
  let best: { placements: P[]; score: number; total: number } | null = null;
  for (const avoid of candidates.slice(0, MAX_TRIES)) {
    const placements = arrangeWith({ avoid, turnRugs });
    if (placements.length < base.length) continue;
    const score = Math.min(...earlier.map((e) => Math.min(enough, movedBetween(e, placements))));
    // the nearer to two moved from each earlier, the better; then the more moved in all
    const total = earlier.reduce((sum, e) => sum + movedBetween(e, placements), 0);
    if (!best || score > best.score || (score === best.score && total > best.total))
      best = { placements, score, total };
    if (score >= enough) break;
  }
  if (best) return best.placements;
  const turned = turnRugs ? arrangeWith({ turnRugs }) : [];
  return turned.length >= base.length ? turned : [...base];
}

/**
 * Whether a product stands with the seat: its box reaches under or beside the seat's span (within half the seat's
 * width) and its foot is level with the seat's or in front of it.
 */
export function nextToSeat(p: Placement, seat: Placement): boolean {
  if (p.index === seat.index || p.pose === 'hung' || p.pose === 'suspended') return false;
  const reach = seat.width / 2;
  const overlapsSpan = p.x < seat.x + seat.width + reach && seat.x - reach < p.x + p.width;
  const seatFoot = seat.y + seat.height;
  return overlapsSpan && p.y + p.height >= seatFoot - seat.height * 0.25;
}

const boxOf = ({ x, y, width, height }: PixelBox): PixelBox => ({ x, y, width, height });

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * The label of arrangement `n` against the first (`base`; empty for the first itself): the first of its differences
 * that no earlier label used alone, two joined when one is not enough to tell it apart. An arrangement the room left
 * as the first says so (no other free spot for its product, or no other way to fit them all) with its light; one
 * that repeats an earlier label (the room had fewer places than variations) adds its light too, so no two read alike.
 * ('No other spot, warmer light': the room had no other free spot for its product; 'No other layout, …': none that
 * fits all its products.)
 */
function labelOf<P extends Placement>(
  n: number,
  base: readonly P[],
  placements: readonly P[],
  context: LabelContext,
  earlier: readonly string[],
): string {
  const detail: string[] = [];
  const parts = base.length === 0 ? firstParts(placements, context) : differences(base, placements, context, detail);
  const light = lightWords[n % lightWords.length] ?? 'other light';
  if (parts.length === 0) {
    // nothing placed: the photo under another light, not a layout ('same layout' read as a design with products)
    if (placements.length === 0) return sentence(`no products placed, ${light || 'other light'}`);
    const upright = placements.filter((p) => p.pose !== 'flat');
    const only = placements.length === 1 ? placements[0]! : upright.length === 1 ? upright[0]! : null;
    // short: the picker shows two lines under a quarter of a phone's width, and the first label names the product
    const words = only ? 'no other spot' : 'no other layout';
    return sentence(light ? `${words}, ${light}` : words);
  }
  // one difference alone, else the first with another, else all of them, else with its depth, else with the light
  const tries = [...parts, ...parts.slice(1).map((part) => `${parts[0]}, ${part}`), parts.join(', '), ...detail].map(
    sentence,
  );
  const label = tries.find((label) => !earlier.includes(label));
  if (label) return label;
  const lit = sentence(light ? `${parts[0]}, ${light}` : parts[0]!);
  return earlier.includes(lit) ? tries.at(-1)! : lit;
}

/** Where a product stands, in words: by a window, else on the left, in the middle or on the right. */
function placeWords(p: Placement, context: LabelContext): string {
  const { frameWidth } = context;
  if (p.pose === 'standing') {
    const reach = frameWidth * 0.03;
    const byWindow = context.windows.some(
      (w) => p.x < w.x + w.width + reach && w.x - reach < p.x + p.width && p.y < w.y + w.height,
    );
    if (byWindow) return 'by the window';
  }
  const centre = p.x + p.width / 2;
  return centre < frameWidth * 0.36 ? 'on the left' : centre > frameWidth * 0.64 ? 'on the right' : 'in the middle';
}

const nameOf = (p: Placement, context: LabelContext) => labelOfKind(context.kindOf(p.index));

/** A product turned on its spot, in words: a three-quarter view shows the side its front turned away from. */
const turnWords: Record<ProductView, string> = {
  left: 'turned to the right',
  right: 'turned to the left',
  front: 'turned to face the camera',
};

/** The first variation: where its main product stands, as the room had it or not (a rug when it is all there is). */
function firstParts(placements: readonly Placement[], context: LabelContext): string[] {
  const parts: string[] = [];
  const upright = placements.filter((q) => q.pose !== 'flat');
  for (const p of byClaimOrder(upright.length > 0 ? upright : placements)) {
    const name = nameOf(p, context);
    const piece = p.replaced ? context.pieceKindOf(p.replaced) : null;
    if (piece)
      parts.push(
        piece === context.kindOf(p.index)
          ? `${name} in the old one's place`
          : `${name} in the old ${labelOfKind(piece)}'s place`,
      );
    else parts.push(`${name} ${placeWords(p, context)}`);
  }
  return parts;
}

/**
 * What differs from the first, most telling first: a piece kept or replaced, a product moved, a rug turned, a product
 * turned on its spot. `detail` gets a moved product's side with its depth ('Bench on the right, nearer').
 */
function differences(
  base: readonly Placement[],
  placements: readonly Placement[],
  context: LabelContext,
  detail: string[] = [],
): string[] {
  const before = new Map(base.map((p) => [p.index, p]));
  const kept: string[] = [];
  const moved: string[] = [];
  const turned: string[] = [];
  for (const p of byClaimOrder(placements)) {
    const was = before.get(p.index);
    if (!was) continue;
    const name = nameOf(p, context);
    if (was.replaced && !p.replaced) {
      const piece = context.pieceKindOf(was.replaced);
      kept.push(`old ${labelOfKind(piece ?? context.kindOf(p.index))} kept`);
    } else if (p.replaced && !was.replaced) {
      const piece = context.pieceKindOf(p.replaced);
      kept.push(`old ${labelOfKind(piece ?? context.kindOf(p.index))} replaced`);
    }
    if (p.pose === 'flat') {
      if (p.width / p.height < (was.width / was.height) * 0.8) turned.push(`${name} turned`);
      else if (overlapShare(p, was) < SAME_PLACE) moved.push(`${name} ${placeWords(p, context)}`);
      continue;
    }
    if (overlapShare(p, was) >= SAME_PLACE) {
      const view = drawnView(p, context);
      if (view !== drawnView(was, context)) turned.push(`${name} ${turnWords[view]}`);
      continue;
    }
    const words = placeWords(p, context);
    const rise = p.y + p.height - (was.y + was.height);
    // its foot nearer or further back by a good part of its height: how a second label on the same side tells it
    if (Math.abs(rise) > was.height * 0.15) detail.push(`${name} ${words}, ${rise > 0 ? 'nearer' : 'further back'}`);
    if (words !== placeWords(was, context)) {
      moved.push(`${name} ${words}`);
      continue;
    }
    // the same side of the picture: which way it went
    const dx = p.x + p.width / 2 - (was.x + was.width / 2);
    const dy = p.y + p.height - (was.y + was.height);
    moved.push(
      Math.abs(dx) >= Math.abs(dy)
        ? `${name} further ${dx < 0 ? 'left' : 'right'}`
        : `${name} ${dy > 0 ? 'nearer' : 'further back'}`,
    );
  }
  return [...kept, ...moved.slice(0, 1), ...turned, ...moved.slice(1)];
}

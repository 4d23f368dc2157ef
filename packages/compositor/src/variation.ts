import { byClaimOrder, overlapShare, SAME_PLACE, type ArrangeOptions } from './arrange';
import type { Placement } from './layout';
import type { Grade } from './palette';
import { labelOfKind } from './place-on-geometry';
import type { PixelBox } from './space-layout';

/*
 * The variations of one render (a job makes 1–4): each is its own arrangement of the same products, with its own
 * turn of the light. Variation n is arranged with the places variations 0…n−1 gave each product counting against
 * them, so a product stands elsewhere wherever the room has another place for it (another free spot, the other side
 * of the sofa, the room's own piece kept rather than replaced), and every other one lays rugs turned. The rules of
 * placement hold in each: only which of the allowed places wins changes. Each says in a few words what differs
 * from the first ('Sofa by the window', 'Rug turned', 'Old armchair kept'), read from the two arrangements.
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
    const placements = n === 0 ? arrangeWith({}) : differentArrangement(n, arrangements, arrangeWith, context.kindOf);
    labels.push(labelOf(arrangements[0] ?? [], placements, context, labels));
    arrangements.push(placements);
  }
  const placements = arrangements[target]!;
  return { placements, label: labels[target]! };
}

/** How many products stand elsewhere in `b` than in `a`: placed in both, their boxes sharing under half. */
export function movedBetween(a: readonly Placement[], b: readonly Placement[]): number {
  const before = new Map(a.map((p) => [p.index, p]));
  return b.filter((p) => {
    const was = before.get(p.index);
    return was !== undefined && overlapShare(was, p) < SAME_PLACE;
  }).length;
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
  let best: { placements: P[]; score: number; total: number } | null = null;
  for (const avoid of candidates.slice(0, MAX_TRIES)) {
    const placements = arrangeWith({ avoid, turnRugs });
    if (placements.length < base.length) continue;
    const score = Math.min(...earlier.map((e) => Math.min(ENOUGH_MOVED, movedBetween(e, placements))));
    // the nearer to two moved from each earlier, the better; then the more moved in all
    const total = earlier.reduce((sum, e) => sum + movedBetween(e, placements), 0);
    if (!best || score > best.score || (score === best.score && total > best.total))
      best = { placements, score, total };
    if (score >= ENOUGH_MOVED) break;
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
 * The label of an arrangement against the first (`base`; empty for the first itself): the first of its differences
 * that no earlier label used alone, two joined when one is not enough to tell it apart.
 */
function labelOf<P extends Placement>(
  base: readonly P[],
  placements: readonly P[],
  context: LabelContext,
  earlier: readonly string[],
): string {
  const parts = base.length === 0 ? firstParts(placements, context) : differences(base, placements, context);
  if (parts.length === 0) return 'Same layout, other light';
  // one difference alone, else the first with another, else all of them
  const tries = [...parts, ...parts.slice(1).map((part) => `${parts[0]}, ${part}`), parts.join(', ')].map(sentence);
  return tries.find((label) => !earlier.includes(label)) ?? tries.at(-1)!;
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

/** The first variation: where its main product stands, as the room had it or not. */
function firstParts(placements: readonly Placement[], context: LabelContext): string[] {
  const parts: string[] = [];
  for (const p of byClaimOrder(placements.filter((q) => q.pose !== 'flat'))) {
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

/** What differs from the first, most telling first: a piece kept or replaced, a product moved, a rug turned. */
function differences(base: readonly Placement[], placements: readonly Placement[], context: LabelContext): string[] {
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
    if (overlapShare(p, was) >= SAME_PLACE) continue;
    const words = placeWords(p, context);
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

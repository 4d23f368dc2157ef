/**
 * Variations that really differ (variation.ts): on every drawn space (rooms and yards) and on every labelled real
 * photo, a job's four variations are four arrangements: at least three of them stand two or more products somewhere
 * no other variation does (their boxes share less than half), each still obeys placement's rules (the real-photo
 * checks of real-photos.ts; inside the picture, no overlap past a tenth), and each says what differs, read from the
 * arrangements. Nothing here names a space or a photo.
 */
import {
  productImageSvg,
  SEED_PRODUCTS,
  SEED_SPACES,
  SEED_TEMPLATES,
  seededLayoutOf,
  seedKeys,
  type SeedProduct,
} from '@dwellscape/sample-art';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  arrangeInLayout,
  MAX_OVERLAP,
  type ArrangeOptions,
  overlapShare,
  planReplacements,
  seedKindOf,
  type ArrangeItem,
} from '../src/arrange';
import { planCutOut } from '../src/cutout';
import { placementRoleOf, type Placement } from '../src/layout';
import { placeOnGeometry, type GeometryItem } from '../src/place-on-geometry';
import { boundsOf } from '../src/polygon';
import type { SpaceLayout } from '../src/space-layout';
import {
  arrangeVariation,
  movedProducts,
  placesOfProducts,
  sameArrangement,
  VARIATION_COUNT,
  type LabelContext,
} from '../src/variation';
import { geometryOfLabel } from './label-geometry';
import {
  checkFlat,
  checkHung,
  checkOverlaps,
  checkStanding,
  loadLabels,
  type CheckFailure,
  type CheckedPlacement,
  type LabelledPhoto,
} from './real-photos';

/** Two boxes sharing less than this of the smaller are two places. */
const OTHER_PLACE = 0.5;

/** How many products stand elsewhere in `b` than in `a` (both placed, their boxes sharing under half). */
function movedBetween(a: readonly Placement[], b: readonly Placement[]): number {
  const before = new Map(a.map((p) => [p.index, p]));
  return b.filter((p) => {
    const was = before.get(p.index);
    return was !== undefined && overlapShare(was, p) < OTHER_PLACE;
  }).length;
}

/** The variations that differ from every other one in the place of two or more products. */
function reallyDifferent(arrangements: ReadonlyArray<readonly Placement[]>): number {
  return arrangements.filter((a, i) => arrangements.every((b, j) => i === j || movedBetween(a, b) >= 2)).length;
}

/**
 * How many places the room has for one product alone, up to `VARIATION_COUNT`: arranged again and again, each time
 * away from the places found so far, until it comes back to one of them (or is left out).
 */
function placesFor(arrange: (options: ArrangeOptions) => readonly Placement[], index: number): number {
  const boxes: Placement[] = [];
  while (boxes.length < VARIATION_COUNT) {
    const p = arrange(boxes.length ? { avoid: new Map([[index, boxes]]) } : {}).find((q) => q.index === index);
    if (!p || boxes.some((b) => overlapShare(b, p) >= OTHER_PLACE)) break;
    boxes.push(p);
  }
  return boxes.length;
}

/**
 * Few products (one or two): the variations that differ from every other in the place of each product (one alone)
 * or of two; where every product alone has four places or more, at least three of four must (the room allows it).
 * Every label is its own, and one whose arrangement is the first's again says there was no other place.
 */
function checkFew(
  what: string,
  count: number,
  variations: ReadonlyArray<{ placements: Placement[]; label: string }>,
  roomy: boolean,
  report: string[],
): { roomy: boolean; differing: boolean } {
  const arrangements = variations.map((v) => v.placements);
  const need = Math.min(2, count);
  const differing = arrangements.filter((a, i) =>
    arrangements.every((b, j) => i === j || movedBetween(a, b) >= need),
  ).length;
  const labels = variations.map((v) => v.label);
  report.push(`${what}: ${roomy ? 'roomy' : 'tight'} ${differing} ${labels.join(' | ')}`);
  expect(new Set(labels).size, `${what}: ${labels.join(' | ')}`).toBe(labels.length);
  for (const [n, v] of variations.entries()) {
    if (n === 0 || movedBetween(arrangements[0]!, v.placements) > 0) continue;
    const same = v.placements.every((p) => {
      const was = arrangements[0]!.find((q) => q.index === p.index);
      return was && overlapShare(was, p) >= OTHER_PLACE && !p.turned && !/turned/.test(v.label);
    });
    if (same && v.placements.length > 0) expect(v.label, what).toMatch(/^No other (spot|layout), /);
  }
  return { roomy, differing: differing >= 3 };
}

function expectNoTwoOverlap(placements: readonly Placement[], what: string) {
  const upright = placements.filter((p) => p.pose !== 'flat');
  for (const [n, a] of upright.entries()) {
    for (const b of upright.slice(n + 1)) expect(overlapShare(a, b), what).toBeLessThanOrEqual(MAX_OVERLAP);
  }
}

const allVariations = <P extends Placement>(arrange: (seed: number) => { placements: P[]; label: string }) =>
  Array.from({ length: VARIATION_COUNT }, (_, seed) => arrange(seed));

describe('variations of a drawn space', () => {
  const pictures = [
    ...SEED_SPACES.map((s) => ({ id: s.id, key: seedKeys.space(s.id), mode: s.scene.mode })),
    ...SEED_TEMPLATES.map((t) => ({ id: t.id, key: seedKeys.template(t.id), mode: t.scene.mode })),
  ];
  const aspects = new Map<string, number>();

  /** The cut-out's width over height, as the render measures it. */
  async function aspectOf(product: SeedProduct): Promise<number> {
    const known = aspects.get(product.id);
    if (known) return known;
    const { data, info } = await sharp(Buffer.from(productImageSvg(product.id, product.look)))
      .resize(400, 400, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { box } = planCutOut({ data, width: info.width, height: info.height, channels: 4 });
    aspects.set(product.id, box.width / box.height);
    return box.width / box.height;
  }

  /** Products for the space as the arranged-render tests choose them: kinds it shows, then kinds it has room for. */
  function productsFor(layout: SpaceLayout, mode: 'interior' | 'landscape'): SeedProduct[] {
    const catalogue = SEED_PRODUCTS.filter((p) => p.mode === mode);
    const shown = new Set(layout.places.filter((p) => p.kind && !p.on).map((p) => p.kind!));
    const free = new Set(layout.places.filter((p) => !p.kind).flatMap((p) => p.kinds));
    const chosen: SeedProduct[] = [];
    const kinds = new Set<string>();
    for (const wanted of [shown, free]) {
      for (const product of catalogue) {
        if (chosen.length >= 5 || kinds.has(product.look.kind) || !wanted.has(product.look.kind)) continue;
        kinds.add(product.look.kind);
        chosen.push(product);
      }
    }
    return chosen;
  }

  interface Case {
    id: string;
    mode: 'interior' | 'landscape';
    layout: SpaceLayout;
    items: ArrangeItem[];
    names: string[];
  }
  const cases: Case[] = [];
  beforeAll(async () => {
    for (const picture of pictures) {
      const layout = (await seededLayoutOf(picture.key))!;
      const products = productsFor(layout, picture.mode);
      const items = await Promise.all(
        products.map(async (p, index) => ({
          index,
          role: placementRoleOf(p.category, p.name),
          kind: seedKindOf(p.category, p.name),
          aspect: await aspectOf(p),
        })),
      );
      cases.push({ id: picture.id, mode: picture.mode, layout, items, names: products.map((p) => p.name) });
    }
  }, 60_000);

  const frame = { width: 1600, height: 1200 };
  const variationsOf = ({ layout, items }: Case) => {
    const replacements = planReplacements(layout, items);
    const kinds = new Map(layout.places.map((p) => [p.id, p.kind]));
    const context: LabelContext = {
      kindOf: (index) => items[index]?.kind ?? null,
      pieceKindOf: (id) => kinds.get(id) ?? null,
      windows: [],
      frameWidth: frame.width,
    };
    return allVariations((seed) =>
      arrangeVariation(seed, (options) => arrangeInLayout(items, layout, replacements, frame, options), context),
    );
  };

  it.each(['interior', 'landscape'] as const)(
    '%s: at least three of four variations stand two or more products where no other does',
    (mode) => {
      const ofMode = cases.filter((c) => c.mode === mode);
      expect(ofMode.length).toBeGreaterThan(2);
      for (const c of ofMode) {
        const variations = variationsOf(c);
        const arrangements = variations.map((v) => v.placements);
        expect(
          reallyDifferent(arrangements),
          `${c.id}: ${variations.map((v) => v.label).join(' | ')}`,
        ).toBeGreaterThanOrEqual(3);
        for (const [seed, { placements }] of variations.entries()) {
          const what = `${c.id}, variation ${seed + 1}`;
          // every product is placed in each, inside the picture, none over another by more than a tenth
          expect(placements.map((p) => p.index).sort(), what).toEqual(arrangements[0]!.map((p) => p.index).sort());
          for (const p of placements) {
            expect(p.x >= 0 && p.y >= 0 && p.x + p.width <= frame.width && p.y + p.height <= frame.height, what).toBe(
              true,
            );
          }
          expectNoTwoOverlap(placements, what);
        }
      }
    },
  );

  it('with one or two products: three of four differ wherever the room has the places, each label its own', () => {
    const report: string[] = [];
    const outcomes: Array<{ roomy: boolean; differing: boolean }> = [];
    for (const c of cases) {
      for (const picked of [[0], [1], [0, 1], [0, 2]]) {
        const items = picked.flatMap((k, index) => (c.items[k] ? [{ ...c.items[k], index }] : []));
        if (items.length !== picked.length) continue;
        const few = { ...c, items };
        const replacements = planReplacements(c.layout, items);
        const arrange = (options: ArrangeOptions) => arrangeInLayout(items, c.layout, replacements, frame, options);
        const roomy = items.every(
          (item) =>
            placesFor((options) => arrangeInLayout([{ ...item, index: 0 }], c.layout, [], frame, options), 0) >= 4,
        );
        expect(arrange({}).length, c.id).toBeGreaterThan(0);
        outcomes.push(
          checkFew(`${c.id} ${items.map((i) => i.kind).join('+')}`, items.length, variationsOf(few), roomy, report),
        );
      }
    }
    const roomy = outcomes.filter((o) => o.roomy);
    // 70 of the 96 cases have four places for each product, and all 70 differ (decision 0065); the other 26 have
    // fewer places than variations (a bed, a rug, the drawn living room's sofa): their labels say so
    expect(roomy.length, report.join('\n')).toBeGreaterThanOrEqual(60);
    expect(roomy.filter((o) => o.differing).length / roomy.length, report.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('labels each variation by what its arrangement changes, each label its own', () => {
    for (const c of cases) {
      const variations = variationsOf(c);
      const labels = variations.map((v) => v.label);
      expect(new Set(labels).size, `${c.id}: ${labels.join(' | ')}`).toBe(labels.length);
      const [first, ...rest] = variations;
      for (const [n, v] of rest.entries()) {
        // a label that names a product at a side: that product stands there in this variation and not in the first
        const named = c.items.find((item) => v.label.toLowerCase().startsWith(kindWords(item.kind)));
        if (!named || !/ on the (left|right)$| in the middle$/.test(v.label.split(',')[0]!)) continue;
        const here = v.placements.find((p) => p.index === named.index)!;
        const there = first!.placements.find((p) => p.index === named.index)!;
        expect(overlapShare(here, there), `${c.id}, variation ${n + 2}: ${v.label}`).toBeLessThan(OTHER_PLACE);
        const centre = (here.x + here.width / 2) / frame.width;
        const side = v.label.split(',')[0]!.endsWith('left')
          ? centre < 0.36
          : v.label.split(',')[0]!.endsWith('right')
            ? centre > 0.64
            : centre >= 0.36 && centre <= 0.64;
        expect(side, `${c.id}, variation ${n + 2}: ${v.label} at ${centre.toFixed(2)}`).toBe(true);
      }
    }
  });
});

const kindWords = (kind: string | null) => (kind ?? 'product').replace(/-/g, ' ');

describe('variations on the labelled real photos', () => {
  const { photos } = loadLabels();
  const item = (index: number, kind: string, aspect: number, category = kind): GeometryItem => ({
    index,
    kind,
    role: placementRoleOf(category.replace(/-/g, ' '), undefined),
    aspect,
  });
  const sets: Record<LabelledPhoto['mode'], GeometryItem[][]> = {
    interior: [
      [
        item(0, 'sofa', 2.4),
        item(1, 'coffee-table', 2),
        item(2, 'rug', 1.4),
        item(3, 'floor-lamp', 0.4),
        item(4, 'wall-art', 0.75, 'wall art'),
        item(5, 'plant', 0.6, 'indoor plant'),
      ],
      [
        item(0, 'armchair', 1),
        item(1, 'bookshelf', 0.5),
        item(2, 'plant', 0.6, 'indoor plant'),
        item(3, 'mirror', 0.7),
      ],
    ],
    landscape: [
      [
        item(0, 'outdoor-sofa', 2.3, 'outdoor sofa'),
        item(1, 'planter', 0.9),
        item(2, 'shrub', 1.1),
        item(3, 'bench', 2.2),
        item(4, 'fire-pit', 2),
      ],
    ],
  };

  const variationsOf = (photo: LabelledPhoto, items: GeometryItem[]) => {
    const geometry = geometryOfLabel(photo);
    const windows = geometry.openings
      .filter((o) => o.kind === 'window')
      .map((o) => {
        const b = boundsOf(o.polygon);
        return { x: b.left, y: b.top, width: b.right - b.left, height: b.bottom - b.top };
      });
    const context: LabelContext = {
      kindOf: (index) => items[index]?.kind ?? null,
      pieceKindOf: (id) => geometry.pieces[Number(id.replace('piece-', '')) - 1]?.kind ?? null,
      windows,
      frameWidth: photo.width,
    };
    return allVariations((seed) =>
      arrangeVariation(seed, (options) => placeOnGeometry(items, geometry, photo, options).placements, context),
    );
  };

  const checked = (photo: LabelledPhoto, items: GeometryItem[], placements: readonly Placement[]) =>
    placements.map((p): CheckedPlacement => ({
      name: `${items[p.index]!.kind} ${p.index}`,
      kind: items[p.index]!.kind!,
      pose: p.pose,
      box: {
        x: p.x / photo.width,
        y: p.y / photo.height,
        width: p.width / photo.width,
        height: p.height / photo.height,
      },
    }));

  /**
   * Placement's rules, as the real-photo checks see them: a product standing clear of the room's pieces and on its
   * floor, rugs flat on it, wall pieces on a wall clear of openings, nothing over another. A product taking a piece's
   * place stands on that piece's footprint (placement's rule for replacing), so it is checked against the others.
   */
  const rulesBroken = (photo: LabelledPhoto, items: GeometryItem[], placements: readonly Placement[]) => {
    const replaced = new Set(placements.flatMap((p) => (p.replaced ? [p.replaced] : [])));
    const staying = { ...photo, pieces: photo.pieces.filter((_, n) => !replaced.has(`piece-${n + 1}`)) };
    const all = checked(photo, items, placements);
    const free = checked(
      photo,
      items,
      placements.filter((p) => !p.replaced),
    );
    return [...checkStanding(staying, free), ...checkFlat(photo, all), ...checkHung(photo, all), ...checkOverlaps(all)];
  };

  /** Whether the coffee table stands before the sofa (under its span, its foot nearer); null without both. */
  const tableBeforeSofa = (items: GeometryItem[], placements: readonly Placement[]) => {
    const of = (kind: string) => placements.find((p) => items[p.index]!.kind === kind);
    const sofa = of('sofa');
    const table = of('coffee-table');
    if (!sofa || !table) return null;
    const shared = Math.min(sofa.x + sofa.width, table.x + table.width) - Math.max(sofa.x, table.x);
    return shared >= table.width * 0.5 && table.y + table.height > sofa.y + sofa.height;
  };

  it('with one or two products: three of four differ wherever the photo has the places, each label its own', () => {
    const few: Record<LabelledPhoto['mode'], GeometryItem[][]> = {
      interior: [
        [item(0, 'sofa', 2.4)],
        [item(0, 'armchair', 1)],
        [item(0, 'floor-lamp', 0.4)],
        [item(0, 'sofa', 2.4), item(1, 'floor-lamp', 0.4)],
        [item(0, 'armchair', 1), item(1, 'plant', 0.6, 'indoor plant')],
      ],
      landscape: [
        [item(0, 'bench', 2.2)],
        [item(0, 'planter', 0.9)],
        [item(0, 'outdoor-sofa', 2.3, 'outdoor sofa'), item(1, 'planter', 0.9)],
      ],
    };
    const report: string[] = [];
    const outcomes: Array<{ roomy: boolean; differing: boolean }> = [];
    for (const photo of photos) {
      const geometry = geometryOfLabel(photo);
      for (const items of few[photo.mode]) {
        const variations = variationsOf(photo, items);
        if (variations[0]!.placements.length < items.length) continue;
        const roomy = items.every(
          (it) =>
            placesFor((options) => placeOnGeometry([{ ...it, index: 0 }], geometry, photo, options).placements, 0) >= 4,
        );
        outcomes.push(
          checkFew(`${photo.file} ${items.map((i) => i.kind).join('+')}`, items.length, variations, roomy, report),
        );
      }
    }
    const roomy = outcomes.filter((o) => o.roomy);
    expect(roomy.length, report.join('\n')).toBeGreaterThanOrEqual(10);
    expect(roomy.filter((o) => o.differing).length / roomy.length, report.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  /** These products come without turned views: an arrangement is its places (and a rug's way). */
  const placesOnly: LabelContext = { kindOf: () => null, pieceKindOf: () => null, windows: [], frameWidth: 1 };

  it('differs on the photos with room for it, every rule kept and no product lost in any variation', () => {
    const report: string[] = [];
    /** Photos and sets where the first variation places four or more products: room enough to rearrange. */
    let roomy = 0;
    let differing = 0;
    /** Variations that are an earlier one of their job again (every product in its place, seen the same way). */
    let copies = 0;
    const grouping: Array<{ file: string; kept: boolean }> = [];
    const broken: string[] = [];
    for (const photo of photos) {
      for (const items of sets[photo.mode]) {
        const variations = variationsOf(photo, items);
        const arrangements = variations.map((v) => v.placements);
        const count = reallyDifferent(arrangements);
        report.push(
          `${photo.file}: ${count} ${variations.map((v) => `${v.placements.length}:${v.label}`).join(' | ')}`,
        );
        copies += variations.filter(
          (v, n) =>
            v.placements.length > 0 &&
            variations.slice(0, n).some((e) => sameArrangement(e.placements, v.placements, placesOnly)),
        ).length;
        if (arrangements[0]!.length >= 4) {
          roomy++;
          if (count >= 3) differing++;
        }
        // the seating group: where the first stands the coffee table before the sofa, a later arrangement that
        // differs from it in two or more places keeps them together
        if (tableBeforeSofa(items, arrangements[0]!) === true) {
          const later = arrangements.slice(1).filter((a) => movedBetween(arrangements[0]!, a) >= 2);
          grouping.push({ file: photo.file, kept: later.some((a) => tableBeforeSofa(items, a) === true) });
        }
        for (const [seed, { placements }] of variations.entries()) {
          expect(placements.length, `${photo.file}, variation ${seed + 1}`).toBeGreaterThanOrEqual(
            arrangements[0]!.length,
          );
        }
        // what the first variation already breaks is placement's own (its tests track it); a variation breaks nothing more
        const product = (f: CheckFailure) => `${f.check} ${f.detail.split(':')[0]}`;
        const first = new Set(rulesBroken(photo, items, arrangements[0]!).map(product));
        for (const [seed, { placements }] of variations.entries()) {
          for (const f of rulesBroken(photo, items, placements)) {
            if (!first.has(product(f))) broken.push(`${photo.file}, variation ${seed + 1}: ${f.detail}`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
    // a crowded floor leaves some products one place only: most roomy photos still get four arrangements
    // (8 of 10 on the labels as they stand, 2026-12-06: the reading room's armchair, bookshelf, plant and mirror have
    // one place each, and the townhouse yard's fourth variation repeats its second; 9 of 12 before the floor before a
    // door was kept clear; 9 of 10 before storage had to stand against a free wall: decision 0062)
    expect(roomy).toBeGreaterThan(5);
    expect(differing / roomy, report.join('\n')).toBeGreaterThanOrEqual(0.8);
    // where every product has used its places, the earlier places put together anew (2026-12-07: 17 of the 112
    // variations were an earlier one again, 16 since; the rest stand products with one place each: a rug, a shrub
    // in the old one's place, an armchair in the old one's, which these products without turned views cannot turn)
    expect(copies, report.join('\n')).toBeLessThanOrEqual(16);
    expect(grouping.length).toBeGreaterThanOrEqual(2);
    expect(grouping.filter((g) => !g.kept)).toEqual([]);
  });
});

describe('variation labels', () => {
  const context: LabelContext = {
    kindOf: (index) => ['sofa', 'rug', 'armchair'][index] ?? null,
    pieceKindOf: (id) => (id === 'piece-2' ? 'armchair' : null),
    windows: [{ x: 1250, y: 100, width: 300, height: 500 }],
    frameWidth: 1600,
  };
  const sofa = (x: number): Placement => ({
    index: 0,
    role: 'large',
    pose: 'standing',
    x,
    y: 500,
    width: 500,
    height: 250,
  });
  const rug = (width: number, height: number): Placement => ({
    index: 1,
    role: 'rug',
    pose: 'flat',
    x: 300,
    y: 800,
    width,
    height,
  });
  const chair = (replaced?: string): Placement => ({
    index: 2,
    role: 'medium',
    pose: 'standing',
    x: 100,
    y: 550,
    width: 250,
    height: 300,
    ...(replaced ? { replaced } : {}),
  });
  /** The label of the second variation when the first is `first` and any other arrangement is `second`. */
  const labelOfSecond = (first: Placement[], second: Placement[]) =>
    arrangeVariation(1, (options) => (options.avoid ? second : first), context).label;

  it('names where the first variation’s main product stands', () => {
    expect(arrangeVariation(0, () => [rug(900, 200), sofa(550), chair('piece-2')], context).label).toBe(
      'Sofa in the middle',
    );
    expect(
      arrangeVariation(0, () => [sofa(550), chair('piece-2')], { ...context, kindOf: () => 'armchair' }).label,
    ).toBe('Armchair in the middle');
  });

  it('names what a later one changes, from the two arrangements: a piece kept, a product moved, a rug turned', () => {
    const first = [rug(900, 200), sofa(550), chair('piece-2')];
    expect(labelOfSecond(first, [rug(900, 200), sofa(550), chair()])).toBe('Old armchair kept');
    expect(labelOfSecond(first, [rug(900, 200), sofa(1100), chair('piece-2')])).toBe('Sofa by the window');
    expect(labelOfSecond(first, [rug(900, 200), sofa(50), chair('piece-2')])).toBe('Sofa on the left');
    expect(labelOfSecond(first, [rug(500, 320), sofa(550), chair('piece-2')])).toBe('Rug turned');
    // the room had no other place: it says so, and which light tells this one apart
    expect(labelOfSecond(first, first)).toBe('No other layout, warmer light');
    expect(labelOfSecond([sofa(550)], [sofa(550)])).toBe('No other spot, warmer light');
    // with nothing placed there is no layout to speak of: only the light differs
    expect(labelOfSecond([], [])).toBe('No products placed, warmer light');
  });
});

describe('a product the room has one place for', () => {
  const chair = (x: number, index = 0): Placement => ({
    index,
    role: 'medium',
    pose: 'standing',
    x,
    y: 500,
    width: 250,
    height: 300,
  });
  const context = (kinds: string[], canTurn = true): LabelContext => ({
    kindOf: (index) => kinds[index] ?? null,
    pieceKindOf: () => null,
    windows: [],
    frameWidth: 1600,
    canTurn: () => canTurn,
    // the wall behind gives the front
    viewOf: () => 'front',
  });
  /** Every variation when placement always answers the same spot, whatever the variation avoids. */
  const variationsWith = (placements: Placement[], labels: LabelContext) =>
    allVariations((seed) => arrangeVariation(seed, () => placements, labels));

  it('turns a chair on its spot, a view no earlier variation drew it from, and says so', () => {
    const variations = variationsWith([chair(600)], context(['armchair']));
    expect(variations.map((v) => v.placements[0]!.turned ?? 'room')).toEqual(['room', 'left', 'right', 'room']);
    expect(variations.map((v) => v.label)).toEqual([
      'Armchair in the middle',
      'Armchair turned to the right',
      'Armchair turned to the left',
      'No other spot, moodier light',
    ]);
  });

  it('with two products, turns the one that can turn; a sofa, a lamp or a product without turned views stays', () => {
    const two = variationsWith([chair(200, 0), chair(900, 1)], context(['sofa', 'lounge-chair']));
    expect(two.map((v) => v.placements.map((p) => p.turned ?? 'room').join(' '))).toEqual([
      'room room',
      'room left',
      'room right',
      'room room',
    ]);
    expect(two[1]!.label).toBe('Lounge chair turned to the right');
    const lamp = variationsWith([chair(600)], context(['floor-lamp']));
    expect(lamp.every((v) => v.placements[0]!.turned === undefined)).toBe(true);
    expect(lamp[1]!.label).toBe('No other spot, warmer light');
    const noViews = variationsWith([chair(600)], context(['armchair'], false));
    expect(noViews.every((v) => v.placements[0]!.turned === undefined)).toBe(true);
  });
});

describe('a table the room has one place for', () => {
  const at = (index: number, x: number): Placement => ({
    index,
    role: 'medium',
    pose: 'standing',
    x,
    y: 700,
    width: 400,
    height: 180,
  });
  const context = (kinds: string[]): LabelContext => ({
    kindOf: (index) => kinds[index] ?? null,
    pieceKindOf: () => null,
    windows: [],
    frameWidth: 1600,
    canTurn: () => true,
    viewOf: () => 'front',
  });

  it('turns rather than repeat an earlier variation; a nightstand keeps to its wall', () => {
    const tables = allVariations((seed) => arrangeVariation(seed, () => [at(0, 600)], context(['coffee-table'])));
    expect(tables.map((v) => v.placements[0]!.turned ?? 'room')).toEqual(['room', 'left', 'right', 'room']);
    expect(tables[1]!.label).toBe('Coffee table turned to the right');
    // beside a lamp that has one place too, the table is what turns
    const withLamp = allVariations((seed) =>
      arrangeVariation(seed, () => [at(0, 600), at(1, 1200)], context(['coffee-table', 'floor-lamp'])),
    );
    expect(withLamp.map((v) => v.placements.map((p) => p.turned ?? 'room').join(' '))).toEqual([
      'room room',
      'left room',
      'right room',
      'room room',
    ]);
    const stands = allVariations((seed) => arrangeVariation(seed, () => [at(0, 600)], context(['nightstand'])));
    expect(stands.every((v) => v.placements[0]!.turned === undefined)).toBe(true);
  });
});

describe('differing product by product', () => {
  const at = (index: number, x: number, pose: Placement['pose'] = 'standing'): Placement => ({
    index,
    role: pose === 'flat' ? 'rug' : 'tall',
    pose,
    x,
    y: 400,
    width: 200,
    height: pose === 'flat' ? 120 : 500,
  });

  it('names which products stand elsewhere, not only how many', () => {
    // the lamp moved a whole width, the plant a quarter of one (the same place), the rug stayed
    const first = [at(0, 100), at(1, 900), at(2, 500, 'flat')];
    expect(movedProducts(first, [at(0, 400), at(1, 950), at(2, 500, 'flat')])).toEqual([0]);
    expect(movedProducts(first, [at(0, 100), at(1, 1200), at(2, 800, 'flat')]).sort()).toEqual([1, 2]);
    // a product the other arrangement left out is not counted as moved
    expect(movedProducts(first, [at(0, 700)])).toEqual([0]);
    expect(movedProducts([at(1, 900)], [at(0, 700), at(1, 900)])).toEqual([]);
  });

  it("counts each product's places over a job's variations and the variations that alone stand it where they do", () => {
    // a lamp with three places (the fourth variation back at the first's), a rug with one
    const variations = [
      [at(1, 600, 'flat'), at(0, 100)],
      [at(1, 600, 'flat'), at(0, 400)],
      [at(1, 610, 'flat'), at(0, 700)],
      [at(1, 600, 'flat'), at(0, 130)],
    ];
    expect(placesOfProducts(variations).sort((a, b) => a.index - b.index)).toEqual([
      { index: 0, places: 3, alone: 2 },
      { index: 1, places: 1, alone: 0 },
    ]);
  });
});

import { recompositeDesignResponseSchema } from '@dwellscape/shared';
import { describe, expect, it } from 'vitest';
import { dbKinds } from './helpers';
import { renderFields, renderingApp, seededChoice } from './render-fixtures';

/*
 * A render of a seeded space answers where it put each product and which of the room's pieces it replaced; the
 * person's adjusted placements (moved, scaled, removed) are drawn again on the server, the same body the same bytes.
 */

const chosen = seededChoice(['Sofa', 'Armchair', 'Floor Lamp', 'Rug']);

describe.each(dbKinds)('placements and recompositing (%s)', (kind) => {
  const { postRender, recomposite, hash } = renderingApp(kind);
  const fields = renderFields(chosen);
  const generate = () => postRender(fields);

  it('answers the placements of a seeded render, replacing the room’s own sofa, armchair, lamp and rug', async () => {
    const render = await generate();
    const placements = render.placements!;
    expect(placements.map((p) => p.productId).sort()).toEqual(chosen.map((p) => p.id).sort());
    const replaced = Object.fromEntries(placements.map((p) => [p.productId, p.replaced]));
    expect(replaced[chosen[0]!.id]).toBe('sofa-1');
    expect(replaced[chosen[1]!.id]).toBe('armchair-4');
    expect(replaced[chosen[2]!.id]).toBe('floor-lamp-7');
    expect(replaced[chosen[3]!.id]).toBe('rug-0');
    for (const { box } of placements) {
      expect(box.x + box.width).toBeLessThanOrEqual(1600);
      expect(box.y + box.height).toBeLessThanOrEqual(1200);
    }
  }, 60_000);

  it('re-composites moved, scaled and removed products: the same body gives the same bytes', async () => {
    const render = await generate();
    const placements = render.placements!;
    const sofa = placements.find((p) => p.productId === chosen[0]!.id)!;
    const adjusted = placements
      // the armchair is removed; the sofa moves left and grows by a fifth
      .filter((p) => p.productId !== chosen[1]!.id)
      .map((p) =>
        p === sofa
          ? {
              ...p,
              box: {
                x: sofa.box.x - 120,
                y: sofa.box.y - Math.round(sofa.box.height * 0.2),
                width: Math.round(sofa.box.width * 1.2),
                height: Math.round(sofa.box.height * 1.2),
              },
            }
          : p,
      );
    const body = { ...fields, placements: adjusted };
    const first = await recomposite(body);
    expect(first.statusCode, first.body).toBe(200);
    const a = recompositeDesignResponseSchema.parse(first.json());
    const b = recompositeDesignResponseSchema.parse((await recomposite(body)).json());
    expect(b.imageUrl).not.toBe(a.imageUrl);
    expect(hash(b.imageUrl)).toBe(hash(a.imageUrl));
    expect(hash(a.imageUrl)).not.toBe(hash(render.imageUrl!));
    // drawn where the person put it, the removed armchair left out, the armchair's old place still cleared
    const movedSofa = adjusted.find((p) => p.productId === chosen[0]!.id)!;
    expect(a.placements.find((p) => p.productId === chosen[0]!.id)!.box).toEqual(movedSofa.box);
    expect(a.placements.some((p) => p.productId === chosen[1]!.id)).toBe(false);
  }, 60_000);

  it('keeps a turn a variation gave a standing product: answered with its placement, drawn again from that view', async () => {
    const render = await generate();
    const placements = render.placements!;
    const armchair = placements.find((p) => p.productId === chosen[1]!.id)!;
    expect(armchair.pose).toBe('standing');
    // as a placement saved before renders said their view (a variation's turn is drawn whatever the view says)
    const { view: _view, ...saved } = armchair;
    const body = (turned?: 'left' | 'right') => ({
      ...fields,
      placements: placements.map((p) => (p === armchair ? (turned ? { ...saved, turned } : saved) : p)),
    });
    const left = recompositeDesignResponseSchema.parse((await recomposite(body('left'))).json());
    // read as the view it says, and answered so: one field for the drawn view
    expect(left.placements.find((p) => p.productId === armchair.productId)!.view).toEqual({ view: 'left' });
    const right = recompositeDesignResponseSchema.parse((await recomposite(body('right'))).json());
    const asPlaced = recompositeDesignResponseSchema.parse((await recomposite(body())).json());
    expect(asPlaced.placements.find((p) => p.productId === armchair.productId)!.view).toEqual({ view: 'front' });
    // each view its own picture: the turn is drawn, not only carried
    expect(new Set([hash(left.imageUrl), hash(right.imageUrl), hash(asPlaced.imageUrl)]).size).toBe(3);
  }, 90_000);

  it('answers the view each standing product was drawn from, and draws a placement again from the view it brings back', async () => {
    const render = await generate();
    const placements = render.placements!;
    // the room's armchair stands by its side wall, left of the camera: drawn showing its right-hand side
    const armchair = placements.find((p) => p.productId === chosen[1]!.id)!;
    expect(armchair.view).toEqual({ view: 'right' });
    for (const p of placements) expect(p.view !== undefined, p.productId).toBe(p.pose === 'standing');

    // moved 20 px and brought back with a warp to a vanishing point (as a photo's wall gives one): answered as sent
    const warped = { view: 'left' as const, recede: { vanishingX: 2400.5, horizonY: 455.25 } };
    const body = (view: object | undefined) => ({
      ...fields,
      placements: placements.map((p) => (p === armchair ? { ...p, box: { ...p.box, x: p.box.x + 20 }, view } : p)),
    });
    const res = await recomposite(body(warped));
    expect(res.statusCode, res.body).toBe(200);
    const drawn = recompositeDesignResponseSchema.parse(res.json());
    expect(drawn.placements.find((p) => p.productId === armchair.productId)!.view).toEqual(warped);
    // each view and warp its own picture: what is carried is drawn
    const unwarped = recompositeDesignResponseSchema.parse((await recomposite(body({ view: 'left' }))).json());
    expect(unwarped.placements.find((p) => p.productId === armchair.productId)!.view).toEqual({ view: 'left' });
    const asBefore = recompositeDesignResponseSchema.parse((await recomposite(body(armchair.view))).json());
    expect(new Set([hash(drawn.imageUrl), hash(unwarped.imageUrl), hash(asBefore.imageUrl)]).size).toBe(3);
    // a placement saved before renders said their view is drawn as before: from the front
    const saved = recompositeDesignResponseSchema.parse((await recomposite(body(undefined))).json());
    expect(saved.placements.find((p) => p.productId === armchair.productId)!.view).toEqual({ view: 'front' });
  }, 120_000);

  it('answers 400 naming the view for one that is not a view', async () => {
    const render = await generate();
    const placements = render.placements!;
    const cases: Array<[unknown, string]> = [
      [{ view: 'top' }, 'placements.0.view.view'],
      [{ view: 'left', recede: { vanishingX: 'far', horizonY: 400 } }, 'placements.0.view.recede.vanishingX'],
      [{ view: 'left', recede: { vanishingX: 2e9, horizonY: 400 } }, 'placements.0.view.recede.vanishingX'],
      [{ view: 'left', recede: { vanishingX: 2000 } }, 'placements.0.view.recede.horizonY'],
      [{ recede: { vanishingX: 2000, horizonY: 400 } }, 'placements.0.view.view'],
      ['left', 'placements.0.view'],
    ];
    for (const [view, field] of cases) {
      const res = await recomposite({
        ...fields,
        placements: placements.map((p, i) => (i === 0 ? { ...p, view } : p)),
      });
      expect(res.statusCode, JSON.stringify(view)).toBe(400);
      // the schema's message names the field and what is wrong with it
      const { message } = res.json() as { message?: string };
      expect(message, JSON.stringify(view)).toMatch(new RegExp(`${field.replaceAll('.', '\\.')}: \\w`));
    }
  });

  it('answers 400 naming the field for placements that are not the render’s', async () => {
    const cases: Array<[object, string]> = [
      [
        { ...fields, placements: [{ productId: 'nope', box: { x: 0, y: 0, width: 10, height: 10 } }] },
        'placements.0.productId',
      ],
      [
        {
          ...fields,
          placements: [
            { productId: chosen[0]!.id, box: { x: 0, y: 0, width: 10, height: 10 } },
            { productId: chosen[0]!.id, box: { x: 5, y: 5, width: 10, height: 10 } },
          ],
        },
        'placements.1.productId',
      ],
      [
        { ...fields, placements: [{ productId: chosen[0]!.id, box: { x: -4, y: 0, width: 10, height: 10 } }] },
        'placements',
      ],
      [
        { ...fields, placements: [{ productId: chosen[0]!.id, box: { x: 0, y: 0, width: 0, height: 10 } }] },
        'placements',
      ],
      [{ ...fields, spaceImageUrl: '/media/seed/spaces/missing.webp', placements: [] }, 'spaceImageUrl'],
      [{ ...fields, placements: undefined }, 'placements'],
    ];
    for (const [body, field] of cases) {
      const res = await recomposite(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // a schema error names the field in `message`, the service's own check in `error`
      const { error, message } = res.json() as { error: string; message?: string };
      expect(`${error} ${message ?? ''}`).toContain(field);
    }
  });
});

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
    const body = (turned?: 'left' | 'right') => ({
      ...fields,
      placements: placements.map((p) => (p === armchair && turned ? { ...p, turned } : p)),
    });
    const left = recompositeDesignResponseSchema.parse((await recomposite(body('left'))).json());
    expect(left.placements.find((p) => p.productId === armchair.productId)!.turned).toBe('left');
    const right = recompositeDesignResponseSchema.parse((await recomposite(body('right'))).json());
    const asPlaced = recompositeDesignResponseSchema.parse((await recomposite(body())).json());
    expect(asPlaced.placements.find((p) => p.productId === armchair.productId)!.turned).toBeUndefined();
    // each view its own picture: the turn is drawn, not only carried
    expect(new Set([hash(left.imageUrl), hash(right.imageUrl), hash(asPlaced.imageUrl)]).size).toBe(3);
  }, 90_000);

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

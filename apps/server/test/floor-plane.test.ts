import sharp from 'sharp';
import { horizonOf, recompositeDesignResponseSchema, reflowBox, type FloorQuad } from '@dwellscape/shared';
import { describe, expect, it } from 'vitest';
import { renderFields, renderingApp, seededChoice } from './render-fixtures';

/*
 * A render answers the floor it stood its products on and the pictures to adjust them live (decision 0046); a
 * re-composite with the floor a person set re-flows the standing products onto it and its receipt says so.
 */

const chosen = seededChoice(['Sofa', 'Floor Lamp', 'Wall Art']);

describe('the floor plane of a render (pglite)', () => {
  const { postRender, recomposite, stored, hash } = renderingApp('pglite');
  const fields = renderFields(chosen);
  const generate = () => postRender(fields);

  it('answers the floor and a picture per product with alpha; a re-composite on the corrected floor re-flows the standing products and says the floor was set by you', async () => {
    const render = await generate();
    const plane = render.plane!;
    expect(horizonOf(plane.corners)).not.toBeNull();
    const layers = render.layers!;
    expect(layers.products.map((p) => p.productId).sort()).toEqual(render.placements!.map((p) => p.productId).sort());
    const base = await sharp(stored(layers.base)).metadata();
    expect([base.width, base.height]).toEqual([render.renderSize!.width, render.renderSize!.height]);
    for (const layer of layers.products) {
      const meta = await sharp(stored(layer.url)).metadata();
      expect(meta.hasAlpha).toBe(true);
      expect([meta.width, meta.height]).toEqual([layer.width, layer.height]);
    }
    const placements = render.placements!;
    expect(placements.find((p) => p.productId === chosen[2]!.id)!.pose).toBe('hung');

    // the plane the render used, sent back: the same bytes as without it, and no word of a floor set
    const plain = recompositeDesignResponseSchema.parse((await recomposite({ ...fields, placements })).json());
    const withPlane = await recomposite({ ...fields, placements, plane });
    expect(withPlane.statusCode, withPlane.body).toBe(200);
    const same = recompositeDesignResponseSchema.parse(withPlane.json());
    expect(hash(same.imageUrl)).toBe(hash(plain.imageUrl));
    expect(same.plane).toEqual(plane);
    expect(same.receipt?.floorSetByYou).toBeUndefined();

    // the person lifts the far edge and narrows it: the floor goes further back
    const [nl, nr, fr, fl] = plane.corners;
    const corrected: FloorQuad = [nl, nr, [fr[0] - 60, fr[1] - 40], [fl[0] + 60, fl[1] - 40]];
    const floor = { corners: corrected };
    const res = await recomposite({ ...fields, placements, plane, floor });
    expect(res.statusCode, res.body).toBe(200);
    const reflowed = recompositeDesignResponseSchema.parse(res.json());
    expect(reflowed.receipt?.floorSetByYou).toBe(true);
    expect(reflowed.plane).toEqual(floor);
    expect(hash(reflowed.imageUrl)).not.toBe(hash(plain.imageUrl));
    const boxOf = (list: typeof placements, id: string) => list.find((p) => p.productId === id)!.box;
    const sofa = boxOf(placements, chosen[0]!.id);
    const expected = reflowBox(plane.corners, corrected, sofa);
    const drawn = boxOf(reflowed.placements, chosen[0]!.id);
    expect(drawn.width).toBe(Math.round(expected.width));
    expect(drawn.y + drawn.height).toBe(Math.round(expected.y) + Math.round(expected.height));
    // the sofa now stands on a floor that recedes faster: drawn smaller than before
    expect(drawn.width).toBeLessThan(sofa.width);
    // the print on the wall stays where it hung
    expect(boxOf(reflowed.placements, chosen[2]!.id)).toEqual(boxOf(placements, chosen[2]!.id));
  }, 90_000);

  it('answers 400 naming the field for a floor that cannot be stood on', async () => {
    const render = await generate();
    const plane = render.plane!;
    const [nl, nr, fr, fl] = plane.corners;
    const cases: Array<[object, string]> = [
      [{ floor: plane }, 'plane'],
      // the far corners swapped: the shape crosses over
      [{ plane, floor: { corners: [nl, nr, fl, fr] } }, 'floor.corners'],
      // sides parallel: no perspective
      [{ plane, floor: { corners: [nl, nr, [nr[0], 700], [nl[0], 700]] } }, 'floor.corners'],
      [{ plane: { corners: [nl, nr] }, floor: plane }, 'plane'],
    ];
    for (const [extra, field] of cases) {
      const res = await recomposite({ ...fields, placements: render.placements, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      const { error, message } = res.json() as { error: string; message?: string };
      expect(`${error} ${message ?? ''}`).toContain(field);
    }
  }, 60_000);
});

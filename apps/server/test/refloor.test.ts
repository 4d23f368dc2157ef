import { existsSync } from 'node:fs';
import path from 'node:path';
import { recompositeDesignResponseSchema, type FloorQuad } from '@dwellscape/shared';
import { describe, expect, it } from 'vitest';
import { PHOTOS_DIR } from '../../../packages/compositor/test/real-photos';
import { renderFields, renderingApp, seededChoice } from './render-fixtures';

/*
 * An upload whose floor the analysis did not find leaves its standing products out (decision 0052); setting the
 * floor places them on it: a re-composite with `floor` and the left-out products' ids.
 */

const kitchen = path.join(PHOTOS_DIR, 'taskonomy_kitchen_open_plan.png');
const chosen = seededChoice(['Sofa', 'Floor Lamp']);

/** Whether a point lies inside a convex quad (either winding), a pixel of slack on its edges. */
const insideQuad = (quad: FloorQuad, [x, y]: readonly [number, number]) => {
  const sides = quad.map(([x0, y0], n) => {
    const [x1, y1] = quad[(n + 1) % 4]!;
    return (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0);
  });
  return sides.every((s) => s >= -1) || sides.every((s) => s <= 1);
};

describe.skipIf(!existsSync(kitchen))('setting the floor of an upload whose floor was not found (pglite)', () => {
  const { upload, postRender, recomposite } = renderingApp('pglite');

  it('places the products the render left out on the floor the person set, and the receipt says so', async () => {
    // the photo uploaded first, as the web does: the render and its re-composites name it by its URL
    const spaceImageUrl = await upload(kitchen);
    const fields = renderFields(chosen, { userAnswers: {}, spaceType: 'Kitchen', spaceImageUrl });
    const render = await postRender(fields);
    const placements = render.placements ?? [];
    const leftOut = chosen.map((p) => p.id).filter((id) => !placements.some((p) => p.productId === id));
    expect(leftOut, 'the analysis finds no floor in this kitchen').toEqual(chosen.map((p) => p.id));
    expect(render.receipt?.leftOut).toContain('no free floor for the sofa');
    const plane = render.plane!;
    // the floor the person set: the render's grid with its far edge brought nearer along its sides (the same horizon)
    const { height } = render.renderSize!;
    const [nl, nr, fr, fl] = plane.corners;
    const toward = (far: readonly [number, number], near: readonly [number, number]): [number, number] => [
      Math.round((far[0] + (near[0] - far[0]) * 0.1) * 10) / 10,
      Math.round((far[1] + (near[1] - far[1]) * 0.1) * 10) / 10,
    ];
    const floor: FloorQuad = [nl, nr, toward(fr, nr), toward(fl, nl)];
    const body = { ...fields, placements, plane, floor: { corners: floor } };

    // without a floor there is nothing to place them on, and a product not the render's is refused: 400s
    const noFloor = await recomposite({ ...body, floor: undefined, leftOut });
    expect(noFloor.statusCode).toBe(400);
    expect(noFloor.body).toContain('floor');
    const unknown = await recomposite({ ...body, leftOut: ['not-a-product'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('leftOut.0');

    const set = await recomposite({ ...body, leftOut });
    expect(set.statusCode, set.body).toBe(200);
    const redrawn = recompositeDesignResponseSchema.parse(set.json());
    expect(redrawn.receipt?.floorSetByYou).toBe(true);
    expect(redrawn.plane).toEqual({ corners: floor });
    const placed = redrawn.placements.filter((p) => leftOut.includes(p.productId));
    // the sofa stands on it; what finds no room there (in this kitchen the lamp) stays out, named in the receipt
    expect(
      placed.map((p) => p.productId),
      JSON.stringify(redrawn.receipt),
    ).toContain(chosen[0]!.id);
    expect(placed.length + (redrawn.receipt?.leftOut?.length ?? 0)).toBe(leftOut.length);
    expect(redrawn.receipt?.productsPresent).toBe(placements.length + placed.length);
    for (const p of placed) {
      const foot = [p.box.x + p.box.width / 2, Math.min(p.box.y + p.box.height, height - 1)] as const;
      expect(insideQuad(floor, foot), `${p.productId} stands on the floor set`).toBe(true);
    }
  }, 120_000);
});

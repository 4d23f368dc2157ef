import { existsSync } from 'node:fs';
import path from 'node:path';
import { recompositeDesignResponseSchema } from '@dwellscape/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTOS_DIR } from '../../../packages/compositor/test/real-photos';
import { renderFields, renderingApp, seededChoice } from './render-fixtures';

/*
 * A full room whose floor has no free room for a product leaves it out; the person places it by hand (issue #38):
 * a re-composite listing it among the placements and in `placedByYou` draws it in the person's box, unchecked
 * against the room's furniture, and the receipt counts it.
 */

const living = path.join(PHOTOS_DIR, 'moge_living_room.jpg');
const chosen = seededChoice(['Sofa']);

/** The mean absolute difference of two pictures' RGB inside a box (0–255). */
async function differenceIn(a: Buffer, b: Buffer, box: { x: number; y: number; width: number; height: number }) {
  const crop = (image: Buffer) =>
    sharp(image)
      .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
      .removeAlpha()
      .raw()
      .toBuffer();
  const [pa, pb] = await Promise.all([crop(a), crop(b)]);
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i]! - pb[i]!);
  return sum / pa.length;
}

describe.skipIf(!existsSync(living))('a product the render left out, placed by the person (pglite)', () => {
  const { upload, postRender, recomposite, stored } = renderingApp('pglite');

  it('draws it in the box the person gave, counts it on the receipt, and refuses a box outside the picture', async () => {
    const spaceImageUrl = await upload(living);
    const fields = renderFields(chosen, { userAnswers: {}, spaceType: 'Living Room', spaceImageUrl });
    const render = await postRender(fields);
    expect(render.placements, 'the room has no free floor for the sofa').toEqual([]);
    const { width, height } = render.renderSize!;
    const sofa = chosen[0]!.id;
    // the middle of the lower third, as the adjuster starts it
    const box = {
      x: Math.round(width * 0.3),
      y: Math.round(height * 0.55),
      width: Math.round(width * 0.4),
      height: Math.round(height * 0.3),
    };
    const body = {
      ...fields,
      placements: [{ productId: sofa, box, pose: 'standing' as const }],
      placedByYou: [sofa],
      ...(render.plane ? { plane: render.plane } : {}),
    };

    const outside = await recomposite({
      ...body,
      placements: [{ ...body.placements[0], box: { ...box, x: width - 10 } }],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.body).toContain('placements.0.box');
    expect(outside.body).toContain('outside the picture');
    const unknown = await recomposite({
      ...body,
      placements: [{ ...body.placements[0], productId: 'not-a-product' }],
      placedByYou: ['not-a-product'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('placements.0.productId');
    const notPlaced = await recomposite({ ...body, placedByYou: ['not-a-product'] });
    expect(notPlaced.statusCode).toBe(400);
    expect(notPlaced.body).toContain('placedByYou.0');

    const res = await recomposite(body);
    expect(res.statusCode, res.body).toBe(200);
    const redrawn = recompositeDesignResponseSchema.parse(res.json());
    expect(redrawn.placements.map((p) => p.productId)).toEqual([sofa]);
    expect(redrawn.receipt?.productsPresent).toBe(1);
    expect(redrawn.receipt?.productsChosen).toBe(1);
    expect(redrawn.receipt?.placedByYou).toBe(1);
    expect(redrawn.receipt?.leftOut ?? []).toEqual([]);
    // the sofa is in the picture, in the person's box: its pixels differ from the render's there
    const drawn = redrawn.placements[0]!.box;
    expect(drawn.x + drawn.width / 2).toBeCloseTo(box.x + box.width / 2, -1);
    expect(drawn.y + drawn.height).toBeCloseTo(box.y + box.height, -1);
    const changed = await differenceIn(stored(render.imageUrl!), stored(redrawn.imageUrl), drawn);
    expect(changed).toBeGreaterThan(20);
  }, 180_000);
});

import { SEED_PRODUCTS, seedKeys } from '@dwellscape/sample-art';
import { apiPaths, generateDesignResponseSchema, recompositeDesignResponseSchema } from '@dwellscape/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { multipartBody } from './media-fixtures';

/*
 * A product the person removes in the adjuster is a choice, not a failure: the re-composite names it in `removed`,
 * and the receipt counts it apart from the products chosen ('3 of 3 products', 1 removed by you) instead of as one
 * of 4 left out.
 */

const chosen = ['Sofa', 'Armchair', 'Floor Lamp', 'Rug'].map((category) => {
  const product = SEED_PRODUCTS.find((p) => p.category === category && p.mode === 'interior')!;
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    brandId: product.brandId,
    imageUrl: `/media/${seedKeys.product(product.id)}`,
    quantity: 1,
  };
});

describe.each(dbKinds)('products the person removed (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  }, 120_000);
  beforeEach(async () => {
    cookie = await t.unlock();
  });
  afterAll(async () => {
    await t?.close();
  });

  const fields = {
    selectedProducts: chosen,
    uploadedProductImages: [],
    userAnswers: { 'interior-vibe': 'Scandinavian' },
    spaceType: 'Living Room',
    mode: 'interior' as const,
    spaceImageUrl: `/media/${seedKeys.space('s-sunny-living-room')}`,
  };
  const generate = async () => {
    const { payload, contentType } = multipartBody(
      Object.entries(fields).map(([name, value]) => ({
        name,
        value: typeof value === 'string' ? value : JSON.stringify(value),
      })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.generateDesignImage,
      payload,
      headers: { cookie, 'content-type': contentType },
    });
    expect(res.statusCode, res.body).toBe(200);
    return generateDesignResponseSchema.parse(res.json());
  };
  const recomposite = (body: object) =>
    t.app.inject({ method: 'POST', url: apiPaths.recompositeDesign, payload: body, headers: { cookie } });

  it('counts a removed product as removed by the person, not as one of the chosen left out', async () => {
    const render = await generate();
    const armchair = chosen[1]!.id;
    const kept = render.placements!.filter((p) => p.productId !== armchair);
    expect(kept).toHaveLength(3);

    const removed = await recomposite({ ...fields, placements: kept, removed: [armchair] });
    expect(removed.statusCode, removed.body).toBe(200);
    const answer = recompositeDesignResponseSchema.parse(removed.json());
    expect(answer.placements.some((p) => p.productId === armchair)).toBe(false);
    expect(answer.receipt).toMatchObject({ productsPresent: 3, productsChosen: 3, removedByYou: 1 });

    // not named as removed, the same placements read as 3 of the 4 chosen, with nothing said of a removal
    const unnamed = recompositeDesignResponseSchema.parse((await recomposite({ ...fields, placements: kept })).json());
    expect(unnamed.receipt).toMatchObject({ productsPresent: 3, productsChosen: 4 });
    expect(unnamed.receipt?.removedByYou).toBeUndefined();
  }, 120_000);

  it('answers 400 naming the field for a removed product that is not removed', async () => {
    const render = await generate();
    const placements = render.placements!;
    const [first, second] = [placements[0]!.productId, placements[1]!.productId];
    const rest = placements.slice(1);
    const cases: Array<[object, string]> = [
      [{ ...fields, placements, removed: ['nope'] }, 'removed.0'],
      [{ ...fields, placements, removed: [second] }, 'removed.0'],
      [{ ...fields, placements: rest, removed: [first, first] }, 'removed.1'],
    ];
    for (const [body, field] of cases) {
      const res = await recomposite(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const { error, message } = res.json() as { error: string; message?: string };
      expect(`${error} ${message ?? ''}`).toContain(field);
    }
  }, 120_000);
});

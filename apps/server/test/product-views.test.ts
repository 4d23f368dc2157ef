import { apiPaths } from '@dwellscape/shared';
import { seedKeys } from '@dwellscape/sample-art';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateDesignInput, ImageEngine } from '../src/engines/types';
import { insertBrand, insertProduct, storeSeedImage } from './fixtures';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { makePng, makeWebp, multipartBody } from './media-fixtures';

/** A render of a catalogue product gets its three pictures (decision 0045); any other picture gets none. */
describe.each(dbKinds)("a catalogue product's views reach the render (%s)", (kind) => {
  let t: TestApp;
  let cookie: string;
  let seen: GenerateDesignInput[] = [];
  let space: string;
  const picture: Record<string, Buffer> = {};
  const imageUrlOf: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    const real = t.app.engines.image;
    (t.app.engines as { image: ImageEngine }).image = {
      name: real.name,
      generateDesign: (input, signal) => {
        seen.push(input);
        return real.generateDesign(input, signal);
      },
      generateFromPrompt: (input, signal) => real.generateFromPrompt(input, signal),
    };
    space = await storeSeedImage(t, await makeWebp(900, 600, '#c8b8a0'), 'seed/spaces/test-room.webp');
    await insertBrand(t.database.db, { id: 'test-brand', name: 'Test Brand', logoUrl: '/media/x.webp' });
    // the catalogue's velvet sofa, with its views stored beside it; a chair whose views are missing
    for (const [id, colour] of [
      ['p-velvet-sofa', '#335599'],
      ['p-wishbone-chair', '#995533'],
    ] as const) {
      const url = await storeSeedImage(t, await makePng(300, 150, colour), seedKeys.product(id));
      imageUrlOf[id] = url;
      await insertProduct(t.database.db, {
        id,
        name: id,
        price: 499,
        imageUrl: url,
        category: 'Sofas',
        brandId: 'test-brand',
      });
    }
    for (const [view, colour] of [
      ['front', '#ff0000'],
      ['left', '#00ff00'],
      ['right', '#0000ff'],
    ] as const) {
      picture[view] = await makePng(200, 100, colour);
      await storeSeedImage(t, picture[view], seedKeys.productView('p-velvet-sofa', view));
    }
    await storeSeedImage(t, await makePng(200, 100, '#00ff00'), seedKeys.productView('p-wishbone-chair', 'left'));
    cookie = await t.unlock();
  });
  afterAll(async () => {
    await t?.close();
  });

  const generate = async (id: string) => {
    const imageUrl = imageUrlOf[id]!;
    const fields: Record<string, string> = {
      selectedProducts: JSON.stringify([{ id, name: id, price: 499, brandId: 'test-brand', imageUrl, quantity: 1 }]),
      uploadedProductImages: JSON.stringify([]),
      userAnswers: JSON.stringify({ vibe: 'Warm & Cozy' }),
      spaceType: 'Living Room',
      mode: 'interior',
      spaceImageUrl: space,
    };
    const { payload, contentType } = multipartBody(Object.entries(fields).map(([name, value]) => ({ name, value })));
    return t.app.inject({
      method: 'POST',
      url: apiPaths.generateDesignImage,
      payload,
      headers: { cookie, 'content-type': contentType },
    });
  };

  it('gives the render the front and both three-quarter views of a catalogue product', async () => {
    seen = [];
    const res = await generate('p-velvet-sofa');
    expect(res.statusCode).toBe(200);
    const views = seen[0]?.products[0]?.views;
    expect(views).toBeDefined();
    expect(Buffer.compare(views!.front, picture.front!)).toBe(0);
    expect(Buffer.compare(views!.left, picture.left!)).toBe(0);
    expect(Buffer.compare(views!.right, picture.right!)).toBe(0);
  });

  it('gives none when a view is missing: the catalogue picture is cut out instead', async () => {
    seen = [];
    const res = await generate('p-wishbone-chair');
    expect(res.statusCode).toBe(200);
    expect(seen[0]?.products[0]).toBeDefined();
    expect(seen[0]!.products[0]!.views).toBeUndefined();
  });
});

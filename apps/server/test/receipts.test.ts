import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  designSchema,
  fidelityReceiptSchema,
  generateDesignResponseSchema,
  recompositeDesignResponseSchema,
  type FidelityReceipt,
} from '@dwellscape/shared';
import { mediaFiles } from '../src/db/schema';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import {
  insertBrand,
  insertProduct,
  signUp,
  storeImage,
  uploadFile,
  uploadImage,
  type SignedUpAccount,
} from './fixtures';
import { livingRoomPhoto, productImage } from './fixtures/synthetic-images';
import { filePart, multipartBody } from './media-fixtures';

describe.each(dbKinds)('fidelity receipts (%s)', (kind) => {
  let t: TestApp;
  let author: SignedUpAccount;
  let sofaUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    author = await signUp(t.app, await t.unlock());
    sofaUrl = await storeImage(t.app.storage, await productImage('sofa'), 'seed/products/receipt-sofa.png');
    await insertBrand(t.database.db, { id: 'receipt-brand', name: 'Receipt Brand', logoUrl: '/media/x.webp' });
    await insertProduct(t.database.db, {
      id: 'receipt-sofa',
      name: 'Teal Sofa',
      price: 899,
      imageUrl: sofaUrl,
      category: 'Sofas',
      brandId: 'receipt-brand',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const sofa = () => ({
    id: 'receipt-sofa',
    name: 'Teal Sofa',
    price: 899,
    brandId: 'receipt-brand',
    imageUrl: sofaUrl,
    quantity: 1,
  });

  /** A render asked for by the author with these form parts: answered 200, its answer parsed. */
  async function generate(parts: Parameters<typeof multipartBody>[0]) {
    const { payload, contentType } = multipartBody(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.generateDesignImage,
      payload,
      headers: { cookie: author.cookie, 'content-type': contentType },
    });
    expect(res.statusCode, res.body).toBe(200);
    return generateDesignResponseSchema.parse(res.json());
  }

  async function render(): Promise<{ imageUrl: string; receipt: FidelityReceipt }> {
    const body = await generate([
      filePart(await livingRoomPhoto(1200, 900), 'image', 'room.jpg'),
      { name: 'selectedProducts', value: JSON.stringify([sofa()]) },
      { name: 'userAnswers', value: JSON.stringify({ vibe: 'Warm & Cozy' }) },
      { name: 'spaceType', value: 'Living Room' },
      { name: 'mode', value: 'interior' },
    ]);
    return { imageUrl: body.imageUrl!, receipt: fidelityReceiptSchema.parse(body.receipt) };
  }

  const publish = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: apiPaths.designs,
      headers: { cookie: author.cookie },
      payload: { title: 'Receipt room', mode: 'interior', selectedProducts: [sofa()], ...payload },
    });

  it('a render answers with its receipt and keeps it beside the stored file', async () => {
    const { imageUrl, receipt } = await render();
    expect(receipt).toMatchObject({ productsPresent: 1, productsChosen: 1, method: 'placed', weakEstimate: false });
    // an uploaded photo has no seeded layout: its placements stand on its geometry, as found or as guessed
    expect(['found', 'guessed']).toContain(receipt.layout);
    expect(receipt.onFloor).toBe(1);
    // the local engine regrades the whole room but keeps its lines
    expect(receipt.structureKept).toBeGreaterThan(0.8);
    expect(receipt.structureKept).toBeLessThanOrEqual(1);
    const key = t.app.storage.keyFromUrl(imageUrl)!;
    const [row] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.key, key));
    expect(row?.receipt).toEqual(receipt);
  });

  it('a published design carries the receipt of its render, on publish and when read back', async () => {
    const { imageUrl, receipt } = await render();
    const res = await publish({ afterImageUrl: imageUrl });
    expect(res.statusCode, res.body).toBe(201);
    const published = designSchema.parse(res.json());
    expect(published.receipt).toEqual(receipt);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/designs/${published.id}`,
      headers: { cookie: author.cookie },
    });
    expect(designSchema.parse(read.json()).receipt).toEqual(receipt);
    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/designs?mode=interior',
      headers: { cookie: author.cookie },
    });
    // the feed's card leaves the receipt to the post screen's read of the design
    const card = feed.json<{ items: Record<string, unknown>[] }>().items.find((d) => d.id === published.id);
    expect(card).toMatchObject({ id: published.id, title: expect.any(String) });
    expect(card).not.toHaveProperty('receipt');
  });

  it('a picture drawn again from an adjustment keeps what its render found of the floor, and so does its design', async () => {
    const spaceImageUrl = await uploadFile(t.app, author.cookie, await livingRoomPhoto(1200, 900), 'room.jpg');
    const fields = {
      selectedProducts: [sofa()],
      userAnswers: { vibe: 'Warm & Cozy' },
      spaceType: 'Living Room',
      mode: 'interior',
      spaceImageUrl,
    };
    const render = await generate(
      Object.entries(fields).map(([name, value]) => ({
        name,
        value: typeof value === 'string' ? value : JSON.stringify(value),
      })),
    );
    const found = render.receipt?.layout;
    expect(['found', 'guessed']).toContain(found);
    const recomposite = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: apiPaths.recompositeDesign,
        headers: { cookie: author.cookie },
        payload: {
          ...fields,
          placements: render.placements,
          ...(render.plane ? { plane: render.plane } : {}),
          ...body,
        },
      });
    // an adjusted picture's layout is 'adjusted'; the render it was drawn from said how the floor was found
    const first = await recomposite({ drawnFrom: render.imageUrl });
    expect(first.statusCode, first.body).toBe(200);
    const adjusted = recompositeDesignResponseSchema.parse(first.json());
    expect(adjusted.receipt).toMatchObject({ layout: 'adjusted', renderedLayout: found });
    // adjusted again, from the adjusted picture: still the render's
    const again = recompositeDesignResponseSchema.parse((await recomposite({ drawnFrom: adjusted.imageUrl })).json());
    expect(again.receipt).toMatchObject({ layout: 'adjusted', renderedLayout: found });
    // without saying what it was drawn from, the receipt cannot say
    const unsaid = recompositeDesignResponseSchema.parse((await recomposite({})).json());
    expect(unsaid.receipt?.renderedLayout).toBeUndefined();
    // only a render of the asker's: an upload is refused, naming the field
    const upload = await recomposite({ drawnFrom: spaceImageUrl });
    expect(upload.statusCode).toBe(400);
    expect(upload.body).toContain('drawnFrom');

    const res = await publish({ afterImageUrl: again.imageUrl });
    expect(res.statusCode, res.body).toBe(201);
    const published = designSchema.parse(res.json());
    expect(published.receipt).toMatchObject({ layout: 'adjusted', renderedLayout: found });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/designs/${published.id}`,
      headers: { cookie: author.cookie },
    });
    expect(designSchema.parse(read.json()).receipt?.renderedLayout).toBe(found);
  }, 120_000);

  it('ignores a receipt the client sends: the numbers are the server’s', async () => {
    const { imageUrl, receipt } = await render();
    const forged = { structureKept: 1, productsPresent: 9, productsChosen: 9, method: 'placed', weakEstimate: false };
    const res = await publish({ afterImageUrl: imageUrl, receipt: forged });
    expect(res.statusCode, res.body).toBe(201);
    expect(designSchema.parse(res.json()).receipt).toEqual(receipt);
  });

  it('a design of a picture the server did not render has no receipt, whatever the client says', async () => {
    // the author's own upload: publishable, but no render, so it has no receipt
    const upload = await uploadImage(t.app, author.cookie);
    const res = await publish({
      afterImageUrl: upload,
      receipt: { structureKept: 0.99, productsPresent: 1, productsChosen: 1, method: 'placed', weakEstimate: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(designSchema.parse(res.json()).receipt).toBeNull();
  });
});

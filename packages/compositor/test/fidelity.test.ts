import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { measureFidelity, measureStructureKept, regionsOfPlacements, type Box } from '../src/fidelity';
import { renderLocalDesign } from '../src/render-local-design';
import { livingRoomPhoto, productImage } from './fixtures/synthetic-images';

const maxInputPixels = UPLOAD_MAX_PIXELS;
const W = 1600;
const H = 1200;

/** The photo with a product picture pasted over a box, as a remote engine might answer. */
async function withProductAt(photo: Buffer, product: Buffer, box: Box): Promise<Buffer> {
  const sprite = await sharp(product).resize(box.width, box.height, { fit: 'fill' }).png().toBuffer();
  return sharp(photo)
    .composite([{ input: sprite, left: box.x, top: box.y }])
    .png()
    .toBuffer();
}

describe('measureStructureKept', () => {
  let room: Buffer;
  beforeAll(async () => {
    room = await livingRoomPhoto(W, H, { grain: 6 });
  });

  it('scores the same picture as fully kept', async () => {
    expect(await measureStructureKept(room, room, [], maxInputPixels)).toBeGreaterThan(0.99);
  });

  it('scores a re-encoded, re-graded copy as kept: colour is not structure', async () => {
    const regraded = await sharp(room)
      .modulate({ brightness: 0.85, saturation: 1.4 })
      .linear(1.15, -10)
      .webp()
      .toBuffer();
    expect(await measureStructureKept(room, regraded, [], maxInputPixels)).toBeGreaterThan(0.9);
  });

  it('scores a room whose window moved clearly lower', async () => {
    const moved = await livingRoomPhoto(W, H, { grain: 6, windowX: 0.3 });
    const same = await measureStructureKept(room, room, [], maxInputPixels);
    const kept = await measureStructureKept(room, moved, [], maxInputPixels);
    expect(kept).toBeLessThan(0.85);
    expect(same - kept).toBeGreaterThan(0.15);
  });

  it('leaves what changed inside the product regions out of the comparison', async () => {
    const sofa = await productImage('sofa');
    const box = { x: 200, y: 700, width: 700, height: 420 };
    const furnished = await withProductAt(room, sofa, box);
    const counted = await measureStructureKept(room, furnished, [], maxInputPixels);
    const excluded = await measureStructureKept(room, furnished, [box], maxInputPixels);
    expect(excluded).toBeGreaterThan(0.97);
    expect(counted).toBeLessThan(excluded);
  });
});

describe('measureFidelity', () => {
  it('gives a local render a high room score and counts its placed products', async () => {
    const room = await livingRoomPhoto(W, H, { grain: 6 });
    const products = await Promise.all(
      (['sofa', 'lamp', 'plant'] as const).map(async (kind) => ({ bytes: await productImage(kind), name: kind })),
    );
    const design = await renderLocalDesign({
      spaceImage: room,
      products,
      answers: { style: 'Scandinavian' },
      mode: 'interior',
      spaceType: 'living room',
      width: W,
      maxInputPixels,
    });
    const receipt = await measureFidelity({
      before: room,
      after: design.bytes,
      productRegions: regionsOfPlacements(design.placements),
      products: {
        method: 'placed',
        chosen: 3,
        placedIndexes: design.placements.map((p) => p.index),
        layout: design.layoutBasis,
      },
      maxInputPixels,
    });
    expect(receipt).toMatchObject({ productsPresent: 3, productsChosen: 3, method: 'placed', weakEstimate: false });
    // an uploaded photo: placed on its geometry, and the receipt says whether it was found or guessed
    expect(['found', 'guessed']).toContain(receipt.layout);
    expect(receipt.structureKept).toBeGreaterThan(0.85);
  });

  it('says the layout was guessed when the photo shows no floor to find, and never sets products in a row', async () => {
    const blank = await sharp({ create: { width: W, height: H, channels: 3, background: '#8a8a8a' } })
      .jpeg()
      .toBuffer();
    const design = await renderLocalDesign({
      spaceImage: blank,
      products: [{ bytes: await productImage('sofa'), name: 'sofa' }],
      answers: {},
      mode: 'interior',
      spaceType: 'living room',
      width: W,
      maxInputPixels,
    });
    const receipt = await measureFidelity({
      before: blank,
      after: design.bytes,
      productRegions: regionsOfPlacements(design.placements),
      products: { method: 'placed', chosen: 1, placedIndexes: [0], layout: design.layoutBasis },
      maxInputPixels,
    });
    expect(receipt).toMatchObject({ productsPresent: 1, layout: 'guessed' });
  });

  it('counts products the person removed apart from the chosen, not as missing', async () => {
    const blank = await sharp({ create: { width: W, height: H, channels: 3, background: '#8a8a8a' } })
      .jpeg()
      .toBuffer();
    const products = { method: 'placed' as const, chosen: 5, placedIndexes: [0, 1, 2, 3], layout: 'adjusted' as const };
    const measure = (removed?: number) =>
      measureFidelity({
        before: blank,
        after: blank,
        productRegions: [],
        products: { ...products, ...(removed !== undefined ? { removed } : {}) },
        maxInputPixels,
      });
    expect(await measure(1)).toMatchObject({ productsPresent: 4, productsChosen: 4, removedByYou: 1 });
    // the same four drawn without a removal named: one of the five is missing
    const missing = await measure();
    expect(missing).toMatchObject({ productsPresent: 4, productsChosen: 5 });
    expect(missing.removedByYou).toBeUndefined();
    expect((await measure(0)).removedByYou).toBeUndefined();
  });

  describe('for a remote picture', () => {
    let room: Buffer;
    let sofa: Buffer;
    let lamp: Buffer;
    let plant: Buffer;
    let art: Buffer;
    const sofaRegion = { x: 150, y: 680, width: 760, height: 460 };
    const lampRegion = { x: 1150, y: 420, width: 300, height: 560 };
    const countPresent = async (after: Buffer, cutOuts: Buffer[], regions: Box[]) =>
      measureFidelity({
        before: room,
        after,
        productRegions: regions,
        products: { method: 'matched', cutOuts, regions },
        maxInputPixels,
      });
    beforeAll(async () => {
      room = await livingRoomPhoto(W, H);
      sofa = await productImage('sofa');
      lamp = await productImage('lamp');
      plant = await productImage('plant');
      art = await productImage('art');
    });

    it('counts a product it left out as missing, and marks the count as an estimate', async () => {
      const after = await withProductAt(room, sofa, { x: 250, y: 600, width: 500, height: 500 });
      const receipt = await countPresent(after, [sofa, lamp], [sofaRegion, lampRegion]);
      expect(receipt).toMatchObject({ productsPresent: 1, productsChosen: 2, method: 'matched', weakEstimate: true });
    });

    it('does not count another thing drawn where the product was to go', async () => {
      for (const stranger of [plant, art]) {
        const after = await withProductAt(room, stranger, { x: 1150, y: 420, width: 300, height: 300 });
        expect((await countPresent(after, [lamp], [lampRegion])).productsPresent).toBe(0);
      }
    });

    it('finds a product drawn smaller, a little off its region, or in other light', async () => {
      const region = { x: 300, y: 150, width: 400, height: 400 };
      const smaller = await withProductAt(room, art, { x: 360, y: 200, width: 300, height: 300 });
      expect((await countPresent(smaller, [art], [region])).productsPresent).toBe(1);
      const darker = await sharp(lamp).modulate({ brightness: 0.85 }).png().toBuffer();
      const relit = await withProductAt(room, darker, { x: 1180, y: 480, width: 240, height: 240 });
      expect((await countPresent(relit, [lamp], [lampRegion])).productsPresent).toBe(1);
    });
  });
});

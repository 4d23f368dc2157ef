import { countItems, OWN_ITEM_DEFAULT_NAME } from '@dwellscape/shared';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '@/lib/cart';
import { purchaseTotal, readHandedOverItems, toOrderLines, toPurchaseLines } from './purchase-lines';

const sofa = {
  productId: 'sofa',
  name: 'Linen Sofa',
  price: 899.99,
  imageUrl: '/media/seed/sofa.webp',
  quantity: 1,
  designId: 'd-loft',
};
const lampLine: CartLine = {
  productId: 'lamp',
  name: 'Arc Lamp',
  price: 149.5,
  imageUrl: '/media/seed/lamp.webp',
  brandId: 'nordic',
  quantity: 3,
  designId: null,
};

describe('readHandedOverItems', () => {
  it('reads the items shop-design hands over', () => {
    expect(readHandedOverItems({ items: [sofa] })).toEqual([sofa]);
  });

  it('reads nothing from an absent or foreign state', () => {
    expect(readHandedOverItems(null)).toEqual([]);
    expect(readHandedOverItems(undefined)).toEqual([]);
    expect(readHandedOverItems({ generatedImage: '/media/x.webp' })).toEqual([]);
    expect(readHandedOverItems({ items: 'sofa' })).toEqual([]);
  });

  it('drops unreadable items and repairs missing details', () => {
    const items = readHandedOverItems({
      items: [42, null, { name: 'Rug', price: 'cheap', quantity: -2 }, { productId: '', name: 'x' }, sofa],
    });
    expect(items).toEqual([{ name: 'Rug', price: 0, imageUrl: '', quantity: 1, designId: null }, sofa]);
  });
});

describe('toPurchaseLines and totals', () => {
  it('puts the handed-over items first, then the cart, and only cart lines can change', () => {
    const upload = { name: '', price: 0, imageUrl: '/media/uploads/chair.webp', quantity: 1, designId: null };
    const lines = toPurchaseLines([sofa, upload], [lampLine]);
    expect(lines.map(({ name, cartKey, designId, isUploaded }) => ({ name, cartKey, designId, isUploaded }))).toEqual([
      { name: 'Linen Sofa', cartKey: null, designId: 'd-loft', isUploaded: false },
      { name: OWN_ITEM_DEFAULT_NAME, cartKey: null, designId: null, isUploaded: true },
      { name: 'Arc Lamp', cartKey: { productId: 'lamp', designId: null }, designId: null, isUploaded: false },
    ]);
    expect(new Set(lines.map((line) => line.key)).size).toBe(3);
  });

  it('orders the catalogue products in cents with their designs, never the own uploads', () => {
    const upload = { name: 'chair', price: 0, imageUrl: '/media/uploads/chair.webp', quantity: 1, designId: null };
    expect(toOrderLines(toPurchaseLines([sofa, upload], [lampLine]))).toEqual([
      { productId: 'sofa', quantity: 1, unitPriceCents: 89_999, designId: 'd-loft' },
      { productId: 'lamp', quantity: 3, unitPriceCents: 14_950, designId: null },
    ]);
  });

  it('totals price × quantity to the cent, uploaded items counting at their price (0 by default)', () => {
    const lines = toPurchaseLines(
      [sofa, { name: 'My chair', price: 0, imageUrl: '', quantity: 2, designId: null }],
      [lampLine, { ...lampLine, productId: 'cup', price: 0.1, quantity: 3 }],
    );
    expect(purchaseTotal(lines)).toBe(899.99 + 448.5 + 0.3);
    // the own chair is shown, not bought: the count is of what the order takes
    expect(countItems(toOrderLines(lines))).toBe(1 + 3 + 3);
    expect(purchaseTotal([])).toBe(0);
  });

  it('keeps what an own item cost its creator, and drops a cost that is not an amount', () => {
    const bench = { name: 'Old bench', price: 0, imageUrl: '/b.webp', quantity: 1, cost: 120 };
    const items = readHandedOverItems({ items: [bench, { ...bench, name: 'Odd', cost: 'lots' }] });
    expect(items.map((item) => item.cost)).toEqual([120, undefined]);
    expect(toPurchaseLines(items, []).map((line) => line.cost)).toEqual([120, undefined]);
    // never a price: the total is the catalogue products'
    expect(purchaseTotal(toPurchaseLines(items, []))).toBe(0);
  });
});

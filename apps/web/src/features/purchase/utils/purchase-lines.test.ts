import { describe, expect, it } from 'vitest';
import type { CartLine } from '@/lib/cart';
import { itemCount, purchaseTotal, readHandedOverItems, toPurchaseLines, UPLOADED_ITEM_NAME } from './purchase-lines';

const sofa = { productId: 'sofa', name: 'Linen Sofa', price: 899.99, imageUrl: '/media/seed/sofa.webp', quantity: 1 };
const lampLine: CartLine = {
  productId: 'lamp',
  name: 'Arc Lamp',
  price: 149.5,
  imageUrl: '/media/seed/lamp.webp',
  brandId: 'nordic',
  quantity: 3,
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
    expect(items).toEqual([{ name: 'Rug', price: 0, imageUrl: '', quantity: 1 }, sofa]);
  });
});

describe('toPurchaseLines and totals', () => {
  it('puts the handed-over items first, then the cart, and only cart lines can change', () => {
    const upload = { name: '', price: 0, imageUrl: '/media/uploads/chair.webp', quantity: 1 };
    const lines = toPurchaseLines([sofa, upload], [lampLine]);
    expect(lines.map(({ name, cartProductId, isUploaded }) => ({ name, cartProductId, isUploaded }))).toEqual([
      { name: 'Linen Sofa', cartProductId: null, isUploaded: false },
      { name: UPLOADED_ITEM_NAME, cartProductId: null, isUploaded: true },
      { name: 'Arc Lamp', cartProductId: 'lamp', isUploaded: false },
    ]);
    expect(new Set(lines.map((line) => line.key)).size).toBe(3);
  });

  it('totals price × quantity to the cent, uploaded items counting at their price (0 by default)', () => {
    const lines = toPurchaseLines(
      [sofa, { name: 'My chair', price: 0, imageUrl: '', quantity: 2 }],
      [lampLine, { ...lampLine, productId: 'cup', price: 0.1, quantity: 3 }],
    );
    expect(purchaseTotal(lines)).toBe(899.99 + 448.5 + 0.3);
    expect(itemCount(lines)).toBe(1 + 2 + 3 + 3);
    expect(purchaseTotal([])).toBe(0);
  });
});

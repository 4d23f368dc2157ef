import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART_STORAGE_KEY,
  clearCart,
  getCart,
  reloadCartFromStorage,
  removeFromCart,
  setQuantity,
  useCart,
} from './cart';

const lamp = {
  productId: 'lamp',
  name: 'Arc Lamp',
  price: 129.5,
  imageUrl: '/media/lamp.webp',
  brandId: 'lumen',
  designId: 'd-living',
};
const rug = {
  productId: 'rug',
  name: 'Wool Rug',
  price: 340,
  imageUrl: '/media/rug.webp',
  brandId: 'loom',
  designId: null,
};

const stored = () => JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as unknown;

beforeEach(() => reloadCartFromStorage());

describe('cart', () => {
  it('starts empty and persists added lines under dwellscape-cart', () => {
    expect(getCart()).toEqual([]);
    addToCart(lamp, 2);
    addToCart(rug);
    expect(getCart()).toEqual([
      { ...lamp, quantity: 2 },
      { ...rug, quantity: 1 },
    ]);
    expect(stored()).toEqual(getCart());
  });

  it('sums the quantity when the same product is added again, up to 99', () => {
    addToCart(lamp, 2);
    addToCart(lamp, 3);
    expect(getCart()).toEqual([{ ...lamp, quantity: 5 }]);
    addToCart(lamp, 200);
    expect(getCart()[0]?.quantity).toBe(99);
  });

  it('sets, removes and clears', () => {
    addToCart(lamp);
    addToCart(rug);
    setQuantity({ productId: 'lamp', designId: 'd-living' }, 4);
    expect(getCart()[0]?.quantity).toBe(4);
    setQuantity({ productId: 'rug', designId: null }, 0);
    expect(getCart().map((line) => line.productId)).toEqual(['lamp']);
    removeFromCart({ productId: 'lamp', designId: 'd-living' });
    expect(getCart()).toEqual([]);
    addToCart(rug);
    clearCart();
    expect(getCart()).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('keeps the same product shopped from two designs as two lines, each remembering its design', () => {
    addToCart(lamp, 1);
    addToCart({ ...lamp, designId: 'd-other' }, 2);
    addToCart({ ...lamp, designId: null }, 3);
    expect(getCart().map((line) => [line.designId, line.quantity])).toEqual([
      ['d-living', 1],
      ['d-other', 2],
      [null, 3],
    ]);
    removeFromCart({ productId: 'lamp', designId: 'd-other' });
    expect(getCart().map((line) => line.designId)).toEqual(['d-living', null]);
  });

  it('reads the stored cart back, and treats an unreadable one as empty', () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...rug, quantity: 3 }]));
    reloadCartFromStorage();
    expect(getCart()).toEqual([{ ...rug, quantity: 3 }]);
    // a line stored before lines remembered their design reads as shopped from none
    const { designId: _omitted, ...older } = lamp;
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...older, quantity: 1 }]));
    reloadCartFromStorage();
    expect(getCart()).toEqual([{ ...lamp, designId: null, quantity: 1 }]);
    window.localStorage.setItem(CART_STORAGE_KEY, '{"not":"a cart"}');
    reloadCartFromStorage();
    expect(getCart()).toEqual([]);
  });

  it('re-renders useCart on changes, including another tab’s', () => {
    const { result } = renderHook(() => useCart());
    expect(result.current).toEqual([]);
    act(() => addToCart(lamp));
    expect(result.current).toEqual([{ ...lamp, quantity: 1 }]);

    act(() => {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...rug, quantity: 2 }]));
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(result.current).toEqual([{ ...rug, quantity: 2 }]);
  });
});

import type { DesignProduct } from '@dwellscape/shared';
import { describe, expect, it } from 'vitest';
import { ownProductLine, productLine, toPurchaseState } from './shop-lines';

const lamp: DesignProduct = {
  id: 'p-lamp',
  name: 'Arc Lamp',
  price: 89.5,
  brandId: 'lumen',
  imageUrl: '/media/products/lamp.jpg',
  quantity: 2,
  ownItem: false,
};
const sofa: DesignProduct = {
  id: 'p-sofa',
  name: 'Linen Sofa',
  price: 1200,
  brandId: 'nest',
  imageUrl: '/media/products/sofa.jpg',
  quantity: 1,
  ownItem: false,
};

describe('toPurchaseState', () => {
  it('hands over the lines with a quantity, products with their id and the design, own items without either', () => {
    const lines = [
      productLine(lamp),
      { ...productLine(sofa), quantity: 0 },
      ownProductLine({ url: '/media/uploads/a.png', name: 'chair' }),
    ];
    expect(toPurchaseState(lines, 'd-living')).toEqual({
      items: [
        {
          productId: 'p-lamp',
          designId: 'd-living',
          name: 'Arc Lamp',
          price: 89.5,
          imageUrl: '/media/products/lamp.jpg',
          quantity: 2,
        },
        { name: 'chair', price: 0, imageUrl: '/media/uploads/a.png', quantity: 1 },
      ],
    });
  });

  it('hands over what the creator says an own item cost them, for /purchase to say it (decision 0055)', () => {
    const bench: DesignProduct = {
      ...lamp,
      id: 'uploaded_1_0',
      name: 'Old bench',
      price: 0,
      quantity: 1,
      ownItem: true,
      cost: 120,
    };
    const { cost: _said, ...unsaid } = bench;
    const vase: DesignProduct = { ...unsaid, id: 'uploaded_1_1', name: 'Blue vase' };
    const { items } = toPurchaseState([productLine(bench), productLine(vase)], 'd-living');
    expect(items).toEqual([
      { name: 'Old bench', price: 0, imageUrl: lamp.imageUrl, quantity: 1, cost: 120 },
      { name: 'Blue vase', price: 0, imageUrl: lamp.imageUrl, quantity: 1 },
    ]);
  });
});

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
});

import type { Design, DesignProduct } from '@dwellscape/shared';
import { describe, expect, it } from 'vitest';
import {
  additionalPhotosFor,
  ownProductLine,
  ownProductName,
  productLine,
  remixHandoff,
  renderPromptFor,
  toPurchaseState,
} from './shop-lines';

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

describe('ownProductName', () => {
  it('drops the extension and separators, and never answers an empty name', () => {
    expect(ownProductName('my_old-chair.JPG')).toBe('my old chair');
    expect(ownProductName('.png')).toBe('Your own item');
  });
});

describe('render inputs', () => {
  const own = [{ url: '/media/uploads/rug.png', name: 'rug' }];

  it('names every chosen product in the prompt, worded for the mode', () => {
    expect(renderPromptFor('interior', [lamp, sofa], own)).toBe(
      'Place these products naturally in this room, keeping its layout and light: Arc Lamp, Linen Sofa, rug.',
    );
    expect(renderPromptFor('landscape', [lamp], [])).toContain('this outdoor space');
  });

  it('sends each /media/ photo once, products first, at most 20', () => {
    expect(additionalPhotosFor([lamp, lamp], own)).toEqual(['/media/products/lamp.jpg', '/media/uploads/rug.png']);
    const many = Array.from({ length: 25 }, (_, index) => ({
      url: `/media/uploads/${index}.png`,
      name: String(index),
    }));
    expect(additionalPhotosFor([], many)).toHaveLength(20);
    expect(additionalPhotosFor([{ ...lamp, imageUrl: 'https://elsewhere.example/x.jpg' }], [])).toEqual([]);
  });
});

describe('remixHandoff', () => {
  it('credits the original post and its creator, marks the design regenerated and carries own items apart', () => {
    const design = {
      id: 'd-1',
      userId: 'u-ana',
      mode: 'interior',
      spaceType: 'living room',
      userAnswers: { style: 'calm' },
    } as unknown as Design;
    const theirVase: DesignProduct = { ...lamp, id: 'uploaded_1_0', name: 'Vase', price: 0, ownItem: true };
    const mine = { url: '/media/uploads/rug.png', name: 'My rug' };
    expect(
      remixHandoff(design, '/media/generated/new.png', '/media/uploads/room.png', [lamp, theirVase], [mine]),
    ).toEqual({
      generatedImage: '/media/generated/new.png',
      beforeImage: '/media/uploads/room.png',
      // the original creator's own items stay theirs; this person's own photos go as own items
      selectedProducts: [lamp],
      ownItems: [mine],
      originalPostId: 'd-1',
      originalCreatorId: 'u-ana',
      isRegenerated: true,
      mode: 'interior',
      spaceType: 'living room',
      userAnswers: { style: 'calm' },
    });
  });
});

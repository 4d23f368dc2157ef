import type { Design, DesignProduct } from '@dwellscape/shared';
import { describe, expect, it } from 'vitest';
import { remixHandoff } from './post-creation-handoff';

const lamp: DesignProduct = {
  id: 'p-lamp',
  name: 'Arc Lamp',
  price: 89.5,
  brandId: 'lumen',
  imageUrl: '/media/products/lamp.jpg',
  quantity: 2,
  ownItem: false,
};
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

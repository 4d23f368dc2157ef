import { describe, expect, it } from 'vitest';
import {
  compactFeedPage,
  expandFeedPage,
  feedResponseSchema,
  type FeedDesign,
  type FeedPage,
} from '../src/design-schemas';
import type { UserSummary } from '../src/schemas';

const maya: UserSummary = {
  id: 'u-maya',
  username: 'maya',
  displayName: 'Maya',
  avatarUrl: '/media/u-maya.webp',
  isVerified: true,
};
const theo: UserSummary = { ...maya, id: 'u-theo', username: 'theo', displayName: 'Theo', isVerified: false };
const sofa = {
  id: 'p-sofa',
  name: 'Cloud Sofa',
  price: 1299,
  brandId: 'nordhaven',
  imageUrl: '/media/p-sofa.webp',
  ownItem: false,
};
const lamp = { ...sofa, id: 'p-lamp', name: 'Arc Lamp', price: 189, imageUrl: '/media/p-lamp.webp' };
const ownChair = { ...sofa, id: 'own-1', name: 'My chair', price: 0, brandId: '', ownItem: true };

const card = (id: string, author: UserSummary, selectedProducts: FeedDesign['selectedProducts']): FeedDesign => ({
  id,
  title: `Design ${id}`,
  caption: '',
  afterImageUrl: `/media/${id}.webp`,
  selectedProducts,
  createdAt: '2026-11-01T10:00:00.000Z',
  likesCount: 2,
  commentsCount: 0,
  userId: author.id,
  author,
  spaceType: 'Living Room',
  mode: 'interior',
  originalCreator: null,
  remixCount: 0,
  likedByViewer: false,
  savedByViewer: true,
});

const page: FeedPage = {
  items: [
    card('d1', maya, [
      { ...sofa, quantity: 1 },
      { ...lamp, quantity: 2 },
    ]),
    card('d2', theo, [
      { ...sofa, quantity: 3 },
      { ...ownChair, quantity: 1 },
    ]),
    // the sofa again, at the price it had when this design was published
    card('d3', maya, [{ ...sofa, price: 1199, quantity: 1 }]),
    card('d4', theo, []),
  ],
  nextCursor: 'next',
};

describe('feed pages: each product snapshot and author once', () => {
  it('gives back exactly the cards it was made from', () => {
    const sent = feedResponseSchema.parse(JSON.parse(JSON.stringify(compactFeedPage(page))));
    expect(expandFeedPage(sent)).toEqual(page);
  });

  it('writes a product once per snapshot and an author once, cards naming them', () => {
    const sent = compactFeedPage(page);
    expect(sent.products).toEqual([sofa, lamp, ownChair, { ...sofa, price: 1199 }]);
    expect(sent.people).toEqual([maya, theo]);
    expect(sent.items.map((item) => item.selectedProducts)).toEqual([
      [
        { product: 0, quantity: 1 },
        { product: 1, quantity: 2 },
      ],
      [
        { product: 0, quantity: 3 },
        { product: 2, quantity: 1 },
      ],
      [{ product: 3, quantity: 1 }],
      [],
    ]);
    expect(sent.items.every((item) => !('author' in item))).toBe(true);
    expect(JSON.stringify(sent).length).toBeLessThan(JSON.stringify(page).length);
  });

  it('refuses a page whose card names a product or an author it does not carry', () => {
    const sent = compactFeedPage(page);
    const missingProduct = {
      ...sent,
      items: sent.items.map((item, i) =>
        i === 0 ? { ...item, selectedProducts: [{ product: 9, quantity: 1 }] } : item,
      ),
    };
    expect(() => expandFeedPage(missingProduct)).toThrow('The feed page does not carry product 9 of design d1');
    const missingAuthor = { ...sent, people: [maya] };
    expect(() => expandFeedPage(missingAuthor)).toThrow('The feed page does not carry the author of design d2');
  });

  it('refuses a product line that is not a place on the page', () => {
    const sent = compactFeedPage(page);
    const bad = (product: unknown) => ({
      ...sent,
      items: [{ ...sent.items[0]!, selectedProducts: [{ product, quantity: 1 }] }],
    });
    for (const product of [-1, 1.5, '0', null]) expect(feedResponseSchema.safeParse(bad(product)).success).toBe(false);
    expect(feedResponseSchema.safeParse(bad(0)).success).toBe(true);
  });
});

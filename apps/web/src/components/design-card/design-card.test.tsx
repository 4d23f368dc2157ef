import { designSchema, feedDesignSchema, type Design } from '@dwellscape/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeDesign, makeUser } from '../../../test/fixtures';
import { renderWithQueryClient } from '../../../test/render';
import { DesignCard, formatRemixCount } from './design-card';

const design: Design = designSchema.parse(
  makeDesign({
    id: 'd-card',
    title: 'Sunlit reading nook',
    caption: 'A quiet corner by the window.',
    afterImageUrl: '/media/seed/renders/d-card.webp',
    selectedProducts: [
      {
        id: 'p1',
        name: 'Linen armchair',
        price: 899,
        brandId: 'b1',
        imageUrl: '/media/p1.webp',
        quantity: 1,
        ownItem: false,
      },
    ],
    createdAt: '2026-01-02T10:00:00.000Z',
    likesCount: 3,
    commentsCount: 1,
    author: makeUser({ id: 'u1', username: 'maya', displayName: 'Maya', avatarUrl: '/media/u1.webp' }),
  }),
);

describe('DesignCard', () => {
  beforeEach(() => window.sessionStorage.clear());

  it("caches the feed's card in session storage under its post id when 'Shop This Design' is opened", async () => {
    // what a feed page holds: the card's fields only
    const card = feedDesignSchema.parse(design);
    expect(card).not.toHaveProperty('userAnswers');
    renderWithQueryClient(
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<DesignCard design={card} />} />
          <Route path="/shop-design/:postId" element={<p>shop screen</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Shop This Design' }));
    expect(await screen.findByText('shop screen')).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem('d-card') ?? 'null')).toEqual(card);
  });

  describe('remix count', () => {
    const renderCard = (remixCount: number) =>
      renderWithQueryClient(
        <MemoryRouter>
          <DesignCard design={{ ...design, remixCount }} />
        </MemoryRouter>,
      );

    it('shows no remix link while nobody has remixed the design', () => {
      renderCard(0);
      expect(screen.queryByRole('link', { name: /remix/ })).not.toBeInTheDocument();
    });

    it.each([
      [1, '1 remix'],
      [3, '3 remixes'],
      [1234, '1,234 remixes'],
    ])('links %i remixes as %j to the remixes section of the post', (remixCount, text) => {
      renderCard(remixCount);
      expect(screen.getByRole('link', { name: text })).toHaveAttribute('href', '/post/d-card#remixes');
    });

    it('opens the post at its remixes when tapped', async () => {
      renderWithQueryClient(
        <MemoryRouter>
          <Routes>
            <Route path="/" element={<DesignCard design={{ ...design, remixCount: 2 }} />} />
            <Route path="/post/:postId" element={<PostLocation />} />
          </Routes>
        </MemoryRouter>,
      );
      await userEvent.click(screen.getByRole('link', { name: '2 remixes' }));
      expect(await screen.findByText('/post/d-card#remixes')).toBeInTheDocument();
    });
  });

  it.each([
    [0, '0 remixes'],
    [1, '1 remix'],
    [2, '2 remixes'],
    [10_000, '10,000 remixes'],
  ])('formatRemixCount(%i) is %j', (count, text) => {
    expect(formatRemixCount(count)).toBe(text);
  });
});

function PostLocation() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.hash}`}</p>;
}

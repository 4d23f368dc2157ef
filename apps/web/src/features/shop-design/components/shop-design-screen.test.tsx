import { apiPaths, feedDesignSchema, messages, type Design, type Space } from '@dwellscape/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { makeDesign, makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockApi } from '../../../../test/mock-api';
import { renderWithQueryClient } from '../../../../test/render';
import { ShopDesignScreen, type SeeInSpaceProps } from './shop-design-screen';

const author = makeUser({
  id: 'u-ana',
  username: 'ana',
  displayName: 'Ana Ruiz',
  avatarUrl: '/media/seed/ana.webp',
  isVerified: false,
});
const design: Design = makeDesign({
  id: 'd-calm-loft',
  title: 'Calm Loft',
  caption: 'Soft light',
  afterImageUrl: '/media/seed/calm-loft.webp',
  selectedProducts: [
    {
      id: 'p-sofa',
      name: 'Linen Sofa',
      price: 899.99,
      brandId: 'nest',
      imageUrl: '/media/seed/sofa.webp',
      quantity: 1,
      ownItem: false,
    },
    {
      id: 'p-lamp',
      name: 'Arc Lamp',
      price: 149.5,
      brandId: 'lumen',
      imageUrl: '/media/seed/lamp.webp',
      quantity: 2,
      ownItem: false,
    },
  ],
  userAnswers: { style: 'calm' },
  spaceType: 'interior',
  createdAt: '2026-11-01T10:00:00.000Z',
  likesCount: 3,
  author,
});
/** A design with the creator's own item (decision 0023): their photo, shown but not sold. */
const heirloom: Design = {
  ...design,
  id: 'd-heirloom',
  title: 'Heirloom Corner',
  selectedProducts: [
    design.selectedProducts[0]!,
    {
      id: 'uploaded_1700000000000_0',
      name: 'Grandma’s lamp',
      price: 0,
      brandId: '',
      imageUrl: '/media/uploads/aa/lamp.webp',
      quantity: 1,
      ownItem: true,
    },
  ],
};
const spaces: Space[] = ['loft', 'den', 'nook'].map((name) => ({
  id: `s-${name}`,
  name: `Cozy ${name}`,
  category: 'living',
  tags: [],
  thumbnailUrl: `/media/seed/${name}-thumb.webp`,
  imageUrl: `/media/seed/${name}.webp`,
  mode: 'interior',
}));

/** Where the screen navigated, with the state it sent. */
function Landing() {
  const location = useLocation();
  return (
    <output aria-label="Landed">
      {JSON.stringify({ pathname: location.pathname, state: location.state as unknown })}
    </output>
  );
}

/** Stands in for the create flow's see-in-space steps, which the app hands the screen. */
function SeeInSpaceStandIn({ design: shown, onPurchase, onLeave }: SeeInSpaceProps) {
  return (
    <section>
      <h1>See in space: {shown.title}</h1>
      <button
        type="button"
        onClick={() =>
          onPurchase({
            products: shown.selectedProducts.slice(0, 1),
            ownItems: [{ url: '/media/uploads/bb/my-rug.webp', name: 'my rug' }],
          })
        }
      >
        Purchase the chosen
      </button>
      <button type="button" onClick={onLeave}>
        Leave
      </button>
    </section>
  );
}

function renderShopDesign(postId = design.id) {
  // declarative: a data router's navigation builds a Request, which jsdom's AbortSignal fails on Node 24
  renderWithQueryClient(
    <MemoryRouter initialEntries={[paths.shopDesign.getHref(postId)]}>
      <Routes>
        <Route path={paths.shopDesign.path} element={<ShopDesignScreen SeeInSpace={SeeInSpaceStandIn} />} />
        <Route path="*" element={<Landing />} />
      </Routes>
    </MemoryRouter>,
  );
}

const landed = () =>
  JSON.parse(screen.getByRole('status', { name: 'Landed' }).textContent ?? '{}') as {
    pathname: string;
    state: unknown;
  };

beforeEach(() => {
  mockApi({
    [`GET ${apiPaths.design(':id')}`]: jsonResponse(404, { error: 'Design not found' }),
    [`GET ${apiPaths.design(design.id)}`]: design,
    [`GET ${apiPaths.design(heirloom.id)}`]: heirloom,
    [`GET ${apiPaths.spaces}`]: { items: spaces },
  });
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('ShopDesignScreen', () => {
  it("says 'Design not found' when neither the API nor the session cache has the design", async () => {
    renderShopDesign('d-missing');
    expect(await screen.findByText(messages.shop.notFound)).toBeInTheDocument();
  });

  it('opens the card the feed cached in sessionStorage under its post id when the API does not have it', async () => {
    // a feed page carries cards, so that is what the feed's 'Shop This Design' stores
    const cached = feedDesignSchema.parse({ ...design, id: 'd-cached', title: 'Cached Loft' });
    expect(cached).not.toHaveProperty('userAnswers');
    window.sessionStorage.setItem('d-cached', JSON.stringify(cached));
    renderShopDesign('d-cached');
    expect(await screen.findByRole('heading', { name: 'Cached Loft' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(messages.shop.purchaseProducts) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(messages.shop.seeInSpace) })).toBeInTheDocument();
    // the card has every product line the purchase view needs
    await userEvent.click(screen.getByRole('button', { name: new RegExp(messages.shop.purchaseProducts) }));
    expect(within(screen.getByRole('list', { name: 'Products in this design' })).getAllByRole('listitem')).toHaveLength(
      cached.selectedProducts.length,
    );
  });

  it('purchase: quantities stop at 0, checkout is off at a total of 0, and goes to /purchase with the lines left', async () => {
    const user = userEvent.setup();
    renderShopDesign();
    await user.click(await screen.findByRole('button', { name: new RegExp(messages.shop.purchaseProducts) }));
    const total = screen.getByLabelText(/^Total \$/);
    expect(total).toHaveTextContent('$1,198.99');

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Linen Sofa' }));
    expect(screen.getByRole('button', { name: 'Decrease quantity of Linen Sofa' })).toBeDisabled();
    expect(total).toHaveTextContent('$299.00');
    await user.click(screen.getByRole('button', { name: `${messages.shop.remove} Arc Lamp` }));
    expect(within(screen.getByRole('list', { name: 'Products in this design' })).getAllByRole('listitem')).toHaveLength(
      1,
    );
    expect(total).toHaveTextContent('$0.00');
    expect(screen.getByRole('button', { name: messages.shop.checkout })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Linen Sofa' }));
    await user.click(screen.getByRole('button', { name: messages.shop.checkout }));
    expect(landed()).toEqual({
      pathname: paths.purchase.getHref(),
      state: {
        items: [
          {
            productId: 'p-sofa',
            designId: design.id,
            name: 'Linen Sofa',
            price: 899.99,
            imageUrl: '/media/seed/sofa.webp',
            quantity: 1,
          },
        ],
      },
    });
  });

  it('marks the creator’s own item everywhere and sends only catalogue products to checkout', async () => {
    const user = userEvent.setup();
    renderShopDesign(heirloom.id);
    expect(await screen.findByText(/1 product · 1 own item/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: new RegExp(messages.shop.purchaseProducts) }));
    const lamp = screen.getByText('Grandma’s lamp').closest('li')!;
    expect(lamp).toHaveTextContent(messages.ownItem.badge);
    expect(lamp).toHaveTextContent(messages.ownItem.notForSaleShort);
    expect(screen.getByText('Linen Sofa').closest('li')).not.toHaveTextContent(messages.ownItem.badge);
    expect(screen.getByRole('note')).toHaveTextContent(messages.ownItem.notOrdered);
    expect(screen.getByLabelText(/^Total \$/)).toHaveTextContent('$899.99');
    await user.click(screen.getByRole('button', { name: messages.shop.checkout }));
    // the own item goes along to be shown, with no product id: it is never part of the order
    expect(landed().state).toEqual({
      items: [
        {
          productId: 'p-sofa',
          designId: heirloom.id,
          name: 'Linen Sofa',
          price: 899.99,
          imageUrl: '/media/seed/sofa.webp',
          quantity: 1,
        },
        { name: 'Grandma’s lamp', price: 0, imageUrl: '/media/uploads/aa/lamp.webp', quantity: 1 },
      ],
    });
  });

  it("'See These Products in My Space' opens the flow it is given; its purchase opens the purchase view with the choice", async () => {
    const user = userEvent.setup();
    renderShopDesign(heirloom.id);
    await user.click(await screen.findByRole('button', { name: new RegExp(messages.shop.seeInSpace) }));
    expect(screen.getByRole('heading', { name: `See in space: ${heirloom.title}` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Purchase the chosen' }));
    expect(screen.getByRole('heading', { name: messages.shop.purchaseProducts })).toBeInTheDocument();
    const lines = within(screen.getByRole('list', { name: 'Products in this design' })).getAllByRole('listitem');
    expect(lines.map((line) => line.querySelector('img')?.getAttribute('src'))).toEqual([
      heirloom.selectedProducts[0]!.imageUrl,
      '/media/uploads/bb/my-rug.webp',
    ]);
    // the person's own rug is theirs, not for sale: no price and no quantity to choose
    const ownRug = screen.getByText('my rug').closest('li')!;
    expect(ownRug).toHaveTextContent(messages.ownItem.yours);
    expect(ownRug).toHaveTextContent(messages.ownItem.notForSaleShort);
    expect(ownRug).not.toHaveTextContent('$');
    expect(within(ownRug).queryByRole('button', { name: /quantity/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to the design' }));
    await user.click(screen.getByRole('button', { name: new RegExp(messages.shop.seeInSpace) }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByRole('heading', { name: heirloom.title })).toBeInTheDocument();
  });
});

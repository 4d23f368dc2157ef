import { messages } from '@dwellscape/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { addToCart, getCart, reloadCartFromStorage } from '@/lib/cart';
import { PurchaseScreen } from './purchase-screen';

function WhereAmI() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

function renderPurchase(state?: unknown, { from }: { from?: string } = {}) {
  const entries = [...(from ? [from] : []), { pathname: paths.purchase.getHref(), state }];
  const router = createMemoryRouter(
    [
      { path: paths.purchase.path, element: <PurchaseScreen /> },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const handedOver = {
  items: [
    { productId: 'sofa', name: 'Linen Sofa', price: 899.99, imageUrl: '/media/seed/sofa.webp', quantity: 2 },
    { name: 'My own chair', price: 0, imageUrl: '/media/uploads/chair.webp', quantity: 1 },
  ],
};

beforeEach(() => reloadCartFromStorage());

describe('PurchaseScreen', () => {
  it('lists the handed-over items and the cart with prices, quantities and a 2-decimal total', () => {
    addToCart(
      { productId: 'lamp', name: 'Arc Lamp', price: 149.5, imageUrl: '/media/seed/lamp.webp', brandId: 'nordic' },
      1,
    );
    renderPurchase(handedOver);

    const fromDesign = screen.getByRole('list', { name: 'From this design' });
    expect(within(fromDesign).getByText('Linen Sofa')).toBeInTheDocument();
    expect(within(fromDesign).getByText('$899.99 each')).toBeInTheDocument();
    expect(within(fromDesign).getByText('$1,799.98')).toBeInTheDocument();
    expect(within(fromDesign).getByText('My own chair')).toBeInTheDocument();
    expect(within(fromDesign).getByText('$0.00 each')).toBeInTheDocument();

    const cart = screen.getByRole('list', { name: 'Your cart' });
    expect(within(cart).getByText('Arc Lamp')).toBeInTheDocument();
    expect(screen.getByLabelText('Total $1,949.48')).toHaveTextContent('$1,949.48');
  });

  it('changes and removes cart lines, and the total follows', async () => {
    addToCart(
      { productId: 'lamp', name: 'Arc Lamp', price: 149.5, imageUrl: '/media/seed/lamp.webp', brandId: 'nordic' },
      1,
    );
    addToCart(
      { productId: 'rug', name: 'Jute Rug', price: 10, imageUrl: '/media/seed/rug.webp', brandId: 'nordic' },
      1,
    );
    renderPurchase();

    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Arc Lamp' }));
    expect(screen.getByLabelText('Total $309.00')).toBeInTheDocument();
    expect(getCart().find((line) => line.productId === 'lamp')?.quantity).toBe(2);

    await userEvent.click(screen.getByRole('button', { name: `${messages.shop.remove} Jute Rug` }));
    expect(screen.queryByText('Jute Rug')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Total $299.00')).toBeInTheDocument();
  });

  it("'Complete Purchase' explains that payments are not enabled in the beta", async () => {
    renderPurchase(handedOver);
    await userEvent.click(screen.getByRole('button', { name: messages.purchase.complete }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleDescription(messages.purchase.paymentsDisabled);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("'Continue Shopping' leads home and 'Back' goes back", async () => {
    const router = renderPurchase(handedOver, { from: '/shop-design/d-loft' });
    expect(screen.getByRole('link', { name: messages.purchase.continueShopping })).toHaveAttribute(
      'href',
      paths.home.getHref(),
    );
    await userEvent.click(screen.getByRole('button', { name: messages.purchase.back }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop-design/d-loft'));
  });

  it("'Back' leads home when the page was opened directly", async () => {
    const router = renderPurchase();
    await userEvent.click(screen.getByRole('button', { name: messages.purchase.back }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows an empty state with a way back to the feed', () => {
    renderPurchase();
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.purchase.continueShopping })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: messages.purchase.complete })).not.toBeInTheDocument();
  });
});

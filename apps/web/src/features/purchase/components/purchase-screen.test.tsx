import {
  apiPaths,
  messages,
  orderMessages,
  type Order,
  type PlaceOrderBody,
  type PlaceOrderResponse,
  type SessionResponse,
} from '@dwellscape/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountSheetProvider } from '@/components/account/account-sheet-provider';
import { Toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { addToCart, getCart, reloadCartFromStorage } from '@/lib/cart';
import { updatePreferences } from '@/lib/preferences';
import { jsonResponse, mockApi, type ApiCall, type MockedApi } from '../../../../test/mock-api';
import { createTestQueryClient } from '../../../../test/render';
import { CHECKOUT_STORAGE_KEY } from '../utils/checkout-key';
import { PurchaseScreen } from './purchase-screen';
import { queryKeys } from '@/lib/query-keys';

function WhereAmI() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

const placeOrder = `POST ${apiPaths.orders}`;
let api: MockedApi;

function renderPurchase(state?: unknown, { from, signedIn = true }: { from?: string; signedIn?: boolean } = {}) {
  const entries = [...(from ? [from] : []), { pathname: paths.purchase.getHref(), state }];
  const router = createMemoryRouter(
    [
      { path: paths.purchase.path, element: <PurchaseScreen /> },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.me, { signedIn } as SessionResponse);
  render(
    <QueryClientProvider client={queryClient}>
      <AccountSheetProvider>
        <RouterProvider router={router} />
      </AccountSheetProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

const handedOver = {
  items: [
    {
      productId: 'sofa',
      designId: 'd-loft',
      name: 'Linen Sofa',
      price: 899.99,
      imageUrl: '/media/seed/sofa.webp',
      quantity: 2,
    },
    { name: 'My own chair', price: 0, imageUrl: '/media/uploads/chair.webp', quantity: 1 },
  ],
};

const lamp = {
  productId: 'lamp',
  name: 'Arc Lamp',
  price: 149.5,
  imageUrl: '/media/seed/lamp.webp',
  brandId: 'nordic',
  designId: null,
};

function placedOrder(body: PlaceOrderBody): Order {
  return {
    id: 'o-1',
    status: 'placed',
    paymentStatus: 'pending',
    paymentProvider: 'beta',
    totalCents: body.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0),
    lines: body.lines.map((l, i) => ({
      id: `l-${i}`,
      productId: l.productId,
      name: l.productId,
      imageUrl: '',
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      lineTotalCents: l.unitPriceCents * l.quantity,
      designId: l.designId ?? null,
      designTitle: null,
    })),
    createdAt: new Date().toISOString(),
    cancelledAt: null,
    cancellableUntil: new Date(Date.now() + 86_400_000).toISOString(),
  };
}

/** The bodies POSTed to /api/orders. */
/** The server's answer to the order POSTed: 201 for a new order, 200 for one this key had already placed. */
const placesOrder =
  ({ created }: { created: boolean }) =>
  ({ body }: ApiCall) =>
    jsonResponse(created ? 201 : 200, {
      order: placedOrder(body as PlaceOrderBody),
      created,
      paymentMessage: orderMessages.paymentPending,
    } satisfies PlaceOrderResponse);
const orderBodies = () => api.callsTo(placeOrder).map((call) => call.body as PlaceOrderBody);

beforeEach(() => {
  window.localStorage.clear();
  reloadCartFromStorage();
  api = mockApi();
});

afterEach(() => {
  vi.unstubAllGlobals();
  updatePreferences({ isLandscapeMode: false });
});

describe('PurchaseScreen', () => {
  it('lists the handed-over items and the cart with prices, quantities and a 2-decimal total', () => {
    addToCart(lamp, 1);
    renderPurchase(handedOver);

    const fromDesign = screen.getByRole('list', { name: 'From this design' });
    expect(within(fromDesign).getByText('Linen Sofa')).toBeInTheDocument();
    expect(within(fromDesign).getByText('$899.99 each')).toBeInTheDocument();
    expect(within(fromDesign).getByText('$1,799.98')).toBeInTheDocument();
    // the person's own item is listed as theirs, not for sale, and the page says it is not ordered
    const ownChair = within(fromDesign).getByText('My own chair').closest('li')!;
    expect(ownChair).toHaveTextContent(messages.ownItem.badge);
    expect(ownChair).toHaveTextContent(messages.ownItem.notForSaleShort);
    expect(ownChair).not.toHaveTextContent('each');
    expect(ownChair).not.toHaveTextContent('$');
    expect(within(ownChair as HTMLElement).queryByRole('button', { name: /quantity/i })).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(messages.ownItem.notOrdered);

    const cart = screen.getByRole('list', { name: 'Your cart' });
    expect(within(cart).getByText('Arc Lamp')).toBeInTheDocument();
    expect(screen.getByLabelText('Total $1,949.48')).toHaveTextContent('$1,949.48');
  });

  it('says nothing of own items when there are none', () => {
    addToCart(lamp, 1);
    renderPurchase();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('changes and removes cart lines, and the total follows', async () => {
    addToCart(lamp, 1);
    addToCart({ ...lamp, productId: 'rug', name: 'Jute Rug', price: 10, imageUrl: '/media/seed/rug.webp' }, 1);
    renderPurchase();

    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Arc Lamp' }));
    expect(screen.getByLabelText('Total $309.00')).toBeInTheDocument();
    expect(getCart().find((line) => line.productId === 'lamp')?.quantity).toBe(2);

    await userEvent.click(screen.getByRole('button', { name: `${messages.shop.remove} Jute Rug` }));
    expect(screen.queryByText('Jute Rug')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Total $299.00')).toBeInTheDocument();
  });

  it("'Complete Purchase' places the order with the design of each line, payment pending, and empties the cart", async () => {
    api.answer({
      [placeOrder]: placesOrder({ created: true }),
    });
    addToCart({ ...lamp, designId: 'd-card' }, 1);
    renderPurchase(handedOver);
    await userEvent.click(screen.getByRole('button', { name: messages.purchase.complete }));

    const dialog = await screen.findByRole('dialog', { name: orderMessages.placedTitle });
    expect(dialog).toHaveAccessibleDescription(orderMessages.paymentPending);
    // docs/product.md's sentence about a real payment processor, word for word
    expect(within(dialog).getByText(messages.purchase.paymentsDisabled)).toBeInTheDocument();
    expect(within(dialog).getByText('$1,949.48')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', paths.orders.getHref());
    // the own uploaded chair has no price to pay: only catalogue products are ordered, in cents
    expect(orderBodies()).toEqual([
      {
        idempotencyKey: expect.stringMatching(/^checkout-/),
        lines: [
          { productId: 'sofa', quantity: 2, unitPriceCents: 89_999, designId: 'd-loft' },
          { productId: 'lamp', quantity: 1, unitPriceCents: 14_950, designId: 'd-card' },
        ],
      },
    ]);
    expect(getCart()).toEqual([]);
    expect(window.localStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });

  it.each([
    ['interior', false],
    ['landscape', true],
  ] as const)(
    'counts the same order the same way on Purchase and in the order-placed sheet (%s): units of what is bought',
    async (_mode, isLandscapeMode) => {
      updatePreferences({ isLandscapeMode });
      api.answer({
        [placeOrder]: placesOrder({ created: true }),
      });
      addToCart(lamp, 3);
      // 2 sofas and 3 lamps are bought; the own chair is shown beside them, not ordered
      renderPurchase(handedOver);
      expect(screen.getByText('5 items')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: messages.purchase.complete }));
      const dialog = await screen.findByRole('dialog', { name: orderMessages.placedTitle });
      expect(within(dialog).getByText('5 items, payment pending')).toBeInTheDocument();
    },
  );

  it('retries a failed checkout with the same key, and keeps it across a reload until the order exists', async () => {
    api.answer({
      [placeOrder]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    addToCart(lamp, 2);
    renderPurchase();
    await userEvent.click(screen.getByRole('button', { name: messages.purchase.complete }));
    await waitFor(() => expect(orderBodies()).toHaveLength(1));
    expect(getCart()).toHaveLength(1);
    const stored = window.localStorage.getItem(CHECKOUT_STORAGE_KEY);
    expect(stored).not.toBeNull();

    // a reload: a new page, the same cart and the same attempt
    cleanup();
    reloadCartFromStorage();
    api.answer({
      [placeOrder]: placesOrder({ created: false }),
    });
    renderPurchase();
    await userEvent.click(screen.getByRole('button', { name: messages.purchase.complete }));
    await screen.findByRole('dialog', { name: orderMessages.placedTitle });
    const [first, second] = orderBodies();
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  });

  it('shows what the server refused, such as a price that changed, and keeps the cart', async () => {
    api.answer({
      [placeOrder]: jsonResponse(409, {
        error: 'Conflict',
        message: 'body.lines.0.unitPriceCents: The price of Arc Lamp is now $159.50.',
        details: [{ field: 'body.lines.0.unitPriceCents', message: 'The price of Arc Lamp is now $159.50.' }],
      }),
    });
    addToCart(lamp, 1);
    renderPurchase();
    await userEvent.click(screen.getByRole('button', { name: messages.purchase.complete }));
    expect(await screen.findByText('The price of Arc Lamp is now $159.50.')).toBeInTheDocument();
    expect(getCart()).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('signed out, asks to sign in first and keeps the cart when the sheet is closed', async () => {
    addToCart(lamp, 1);
    renderPurchase(undefined, { signedIn: false });
    await userEvent.click(screen.getByRole('button', { name: messages.purchase.complete }));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByText('Sign in or sign up to place your order. Your cart stays.')).toBeInTheDocument();
    expect(orderBodies()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getCart()).toHaveLength(1);
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

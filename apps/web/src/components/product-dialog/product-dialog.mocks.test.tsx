import { ADD_TO_CART_DELAY_MS, apiPaths, messages, type Product } from '@dwellscape/shared';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, type MockedApi } from '../../../test/mock-api';
import { renderWithQueryClient } from '../../../test/render';
import { getCart, reloadCartFromStorage } from '@/lib/cart';
import { ProductDialog, type ProductPreview } from './product-dialog';

const toastMocks = vi.hoisted(() => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
vi.mock('@/components/ui/toaster', () => toastMocks);
const { toast } = toastMocks;

const preview: ProductPreview = {
  id: 'sofa-1',
  name: 'Linen Sofa',
  price: 899,
  imageUrl: '/media/seed/sofa.webp',
  brandId: 'nordic',
  // opened from a card's thumbnails: the line remembers the design it was shopped from
  designId: 'd-loft',
};
const catalogueRow: Product = {
  ...preview,
  description: 'A deep three-seater in washed linen.',
  brandName: 'Nordic Living',
  category: 'Seating',
  mode: 'interior',
  isDatabaseProduct: false,
};

const getProduct = `GET ${apiPaths.product(':id')}`;
let api: MockedApi;

function setup(product: ProductPreview | null = preview) {
  const onClose = vi.fn();
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  renderWithQueryClient(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<ProductDialog product={product} onClose={onClose} />} />
        <Route path="/purchase" element={<h1>Purchase page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, onClose };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  api = mockApi({ [getProduct]: catalogueRow });
  reloadCartFromStorage();
  toast.mockClear();
  toast.success.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const increase = () => screen.getByRole('button', { name: `Increase quantity of ${preview.name}` });
const decrease = () => screen.getByRole('button', { name: `Decrease quantity of ${preview.name}` });
const quantity = () => screen.getByLabelText(`Quantity of ${preview.name}`);

describe('ProductDialog', () => {
  it('shows the snapshot at once, then the catalogue description, the price and the shipping note', async () => {
    setup();
    expect(screen.getByRole('dialog', { name: preview.name })).toBeInTheDocument();
    expect(screen.getByText('$899.00')).toBeInTheDocument();
    expect(screen.getByText(messages.productPopup.shippingNote)).toBeInTheDocument();
    expect(await screen.findByText(catalogueRow.description)).toBeInTheDocument();
    expect(api.calls[0]?.path).toBe('/api/products/sofa-1');
  });

  it('shows the product picture at the stored width that covers the dialog', () => {
    setup();
    const picture = screen.getByRole('img', { name: preview.name });
    expect(picture).toHaveAttribute('src', '/media/seed/sofa.webp');
    expect(picture.getAttribute('srcset')).toContain('/media/w/640/seed/sofa.webp 640w');
    expect(picture).toHaveAttribute(
      'sizes',
      '(min-width: 40rem) 25.5rem, (min-width: 32rem) 29.5rem, calc(100vw - 2.5rem)',
    );
    expect(picture).toHaveAttribute('loading', 'eager');
  });

  it('keeps showing the snapshot when the catalogue has no such product', async () => {
    api.answer({ [getProduct]: jsonResponse(404, { error: 'Not Found', message: 'Product not found' }) });
    setup();
    await waitFor(() => expect(api.calls).not.toEqual([]));
    expect(screen.getByRole('dialog', { name: preview.name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.productPopup.addToCart })).toBeEnabled();
  });

  it('stays closed without a product', () => {
    setup(null);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('starts the quantity at 1 and never goes below it', async () => {
    const { user } = setup();
    expect(quantity()).toHaveTextContent('1');
    expect(decrease()).toBeDisabled();
    await user.click(increase());
    await user.click(increase());
    expect(quantity()).toHaveTextContent('3');
    await user.click(decrease());
    await user.click(decrease());
    expect(quantity()).toHaveTextContent('1');
    expect(decrease()).toBeDisabled();
  });

  it('adds to the cart after 800 ms with a spinner, toasts, and closes', async () => {
    const { user, onClose } = setup();
    // from here the clock moves only when told: one that also followed real time could pass the
    // 750 ms step beyond the 800 ms delay on a busy machine
    vi.useFakeTimers();
    await user.click(increase());
    await user.click(screen.getByRole('button', { name: messages.productPopup.addToCart }));

    expect(screen.getByRole('button', { name: messages.productPopup.addToCart })).toBeDisabled();
    act(() => vi.advanceTimersByTime(ADD_TO_CART_DELAY_MS - 50));
    expect(getCart()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTime(50));
    expect(getCart()).toEqual([
      {
        productId: 'sofa-1',
        name: 'Linen Sofa',
        price: 899,
        imageUrl: preview.imageUrl,
        brandId: 'nordic',
        quantity: 2,
        designId: 'd-loft',
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith(messages.productPopup.addedTitle, {
      description: '2x Linen Sofa added to your cart.',
      action: { label: 'View Cart', onClick: expect.any(Function) },
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    // the toast's action opens the cart (the Purchase page)
    const [, options] = toast.success.mock.calls[0] as [string, { action: { onClick: () => void } }];
    act(() => options.action.onClick());
    expect(await screen.findByRole('heading', { name: 'Purchase page' })).toBeInTheDocument();
  });

  it('Buy Now toasts, puts the item in the cart and goes to /purchase', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: messages.productPopup.buyNow }));
    expect(toast).toHaveBeenCalledWith(messages.productPopup.redirecting);
    expect(getCart()).toEqual([expect.objectContaining({ productId: 'sofa-1', quantity: 1 })]);
    expect(await screen.findByRole('heading', { name: 'Purchase page' })).toBeInTheDocument();
  });

  it('shows a design’s own item as the creator’s, not for sale: no catalogue lookup, no price, no cart', async () => {
    setup({
      id: 'uploaded_1700000000000_0',
      name: 'Grandma’s lamp',
      price: 0,
      imageUrl: '/media/uploads/aa/lamp.webp',
      brandId: '',
      designId: 'd-loft',
      ownItem: true,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Grandma’s lamp' });
    expect(dialog).toHaveTextContent(messages.ownItem.badge);
    expect(dialog).toHaveTextContent(messages.ownItem.notForSale);
    expect(screen.getByRole('img', { name: 'Grandma’s lamp' })).toHaveAttribute('src', '/media/uploads/aa/lamp.webp');
    expect(screen.queryByRole('button', { name: messages.productPopup.addToCart })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.productPopup.buyNow })).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('$0.00');
    expect(api.calls).toEqual([]);
  });

  it('says what an own item cost its creator when they said, and nothing of a cost when they did not', async () => {
    setup({
      id: 'uploaded_1700000000000_0',
      name: 'Old bench',
      price: 0,
      imageUrl: '/media/uploads/aa/bench.webp',
      brandId: '',
      ownItem: true,
      cost: 120,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Old bench' });
    expect(dialog).toHaveAccessibleDescription(`${messages.ownItem.badge} Cost the creator $120.00`);
    expect(screen.queryByRole('button', { name: messages.productPopup.addToCart })).not.toBeInTheDocument();
    cleanup();

    setup({
      id: 'uploaded_1700000000000_1',
      name: 'Blue vase',
      price: 0,
      imageUrl: '/v.webp',
      brandId: '',
      ownItem: true,
    });
    expect(await screen.findByRole('dialog', { name: 'Blue vase' })).not.toHaveTextContent('Cost the creator');
  });
});

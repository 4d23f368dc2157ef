import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { addToCart, CART_STORAGE_KEY, clearCart, reloadCartFromStorage, setQuantity } from '@/lib/cart';
import { CartButton } from './cart-button';

const sofa = {
  productId: 'sofa-1',
  name: 'Linen Sofa',
  price: 899,
  imageUrl: '/m/s.webp',
  brandId: 'b',
  designId: null,
};
const lamp = { ...sofa, productId: 'lamp-1', name: 'Arc Lamp', price: 120 };

function setup() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<CartButton />} />
        <Route path="/purchase" element={<h1>Purchase page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.removeItem(CART_STORAGE_KEY);
  reloadCartFromStorage();
  clearCart();
});

describe('CartButton', () => {
  it('counts the products in the cart live, by quantity, and opens Purchase', async () => {
    setup();
    expect(screen.getByRole('link', { name: 'Cart, empty' })).toHaveAttribute('href', '/purchase');
    act(() => addToCart(sofa, 2));
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toHaveTextContent('2');
    act(() => addToCart(lamp));
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    act(() => setQuantity({ productId: 'sofa-1', designId: null }, 0));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Cart, 1 item' }));
    expect(await screen.findByRole('heading', { name: 'Purchase page' })).toBeInTheDocument();
  });

  it('follows a cart changed in another tab', () => {
    setup();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...lamp, quantity: 4 }]));
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY })));
    expect(screen.getByRole('link', { name: 'Cart, 4 items' })).toBeInTheDocument();
  });
});

import { messages } from '@dwellscape/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ProductThumbnails, type ThumbnailProduct } from './product-thumbnails';

const products = (count: number): ThumbnailProduct[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `p${index + 1}`,
    name: `Product ${index + 1}`,
    imageUrl: `/media/p${index + 1}.webp`,
  }));

function renderThumbnails(count: number, onSelect = vi.fn()) {
  render(
    <MemoryRouter>
      <ProductThumbnails products={products(count)} onSelect={onSelect} moreHref="/shop-design/d1" />
    </MemoryRouter>,
  );
  return onSelect;
}

describe("ProductThumbnails: the '+N' rule", () => {
  it('shows every product and no count when there are 5 or fewer', () => {
    renderThumbnails(5);
    expect(screen.getAllByRole('button')).toHaveLength(5);
    expect(screen.queryByText(/^\+\d+$/)).not.toBeInTheDocument();
  });

  it("shows the first 5 as buttons named by the product and '+N' for the rest", () => {
    renderThumbnails(8);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Product 1',
      'Product 2',
      'Product 3',
      'Product 4',
      'Product 5',
    ]);
    expect(screen.getByText('+3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3 more products' })).toHaveAttribute('href', '/shop-design/d1');
  });

  it("says '+1' for a single extra product", () => {
    renderThumbnails(6);
    expect(screen.getByRole('link', { name: '1 more product' })).toHaveTextContent('+1');
  });

  it('renders nothing without products', () => {
    renderThumbnails(0);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('hands the tapped product to onSelect', async () => {
    const onSelect = renderThumbnails(3);
    await userEvent.click(screen.getByRole('button', { name: 'Product 2' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'p2', name: 'Product 2' }));
  });

  it('hides a product image that fails to load (docs/product.md §8)', () => {
    renderThumbnails(1);
    const button = screen.getByRole('button', { name: 'Product 1' });
    const image = button.querySelector('img')!;
    fireEvent.error(image);
    expect(button.querySelector('img')).toBeNull();
  });
});

describe('ProductThumbnails: pictures sized to their tile', () => {
  it('offers the stored widths of an 800 px catalogue picture for a tile at most 5rem wide, so a phone takes the 320 px copy', () => {
    renderThumbnails(2);
    const image = screen.getByRole('button', { name: 'Product 1' }).querySelector('img')!;
    expect(image).toHaveAttribute('src', '/media/p1.webp');
    expect(image.getAttribute('srcset')?.split(', ')[0]).toBe('/media/w/320/p1.webp 320w');
    expect(image).toHaveAttribute('sizes', '5rem');
    expect(image).toHaveAttribute('loading', 'lazy');
  });
});

describe('ProductThumbnails: own items', () => {
  it('marks the creator’s own item on its tile and in its name, and opens it like a product', async () => {
    const onSelect = vi.fn();
    const lamp = { id: 'uploaded_1_0', name: 'Grandma’s lamp', imageUrl: '/media/uploads/lamp.webp', ownItem: true };
    render(
      <MemoryRouter>
        <ProductThumbnails products={[...products(1), lamp]} onSelect={onSelect} moreHref="/shop-design/d1" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Product 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Grandma’s lamp (${messages.ownItem.badge})` }));
    expect(onSelect).toHaveBeenCalledWith(lamp);
  });

  it('names an own item’s tile as one, with what it cost the creator when they said', () => {
    render(
      <MemoryRouter>
        <ProductThumbnails
          products={[
            { id: 'u1', name: 'Old bench', imageUrl: '/b.webp', ownItem: true, cost: 120 },
            { id: 'u2', name: 'Blue vase', imageUrl: '/v.webp', ownItem: true },
          ]}
          onSelect={vi.fn()}
          moreHref="/shop-design/d1"
        />
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('button', { name: `Old bench (${messages.ownItem.badge}, cost the creator $120.00)` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Blue vase (${messages.ownItem.badge})` })).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueryClient } from '../../../test/render';
import { LazyProductDialog } from './lazy-product-dialog';
import type { ProductPreview } from './product-dialog';

const preview: ProductPreview = {
  id: 'lamp-1',
  name: 'Arc Lamp',
  price: 129,
  imageUrl: '/media/seed/lamp.webp',
  brandId: 'nordic',
};

// transforming the popup's module on first import can outlast findBy's wait on a busy machine
beforeAll(async () => {
  await import('./product-dialog');
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(404, { error: 'Not Found' })),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog(product: ProductPreview | null, onClose = vi.fn()) {
  const view = renderWithQueryClient(
    <MemoryRouter>
      <LazyProductDialog product={product} onClose={onClose} />
    </MemoryRouter>,
  );
  const rerender = (next: ProductPreview | null) =>
    view.rerender(
      <MemoryRouter>
        <LazyProductDialog product={next} onClose={onClose} />
      </MemoryRouter>,
    );
  return { onClose, rerender };
}

describe('LazyProductDialog', () => {
  it('renders nothing until a product opens, then the product popup', async () => {
    const { rerender } = renderDialog(null);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(preview);
    expect(await screen.findByRole('dialog', { name: preview.name })).toBeInTheDocument();
    expect(screen.getByText('$129.00')).toBeInTheDocument();

    rerender(null);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes through the popup', async () => {
    const { onClose } = renderDialog(preview);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

import { lazy, Suspense, useState } from 'react';
import type { ProductPreview } from './product-dialog';

const ProductDialog = lazy(async () => ({ default: (await import('./product-dialog')).ProductDialog }));

interface LazyProductDialogProps {
  /** The product to show; `null` keeps the popup closed. */
  product: ProductPreview | null;
  onClose: () => void;
}

/**
 * The product popup, fetched the first time a product opens, so a screen of cards loads without
 * Radix's dialog and the toasts. Once loaded it stays mounted, exactly like ProductDialog.
 */
export function LazyProductDialog({ product, onClose }: LazyProductDialogProps) {
  const [hasOpened, setHasOpened] = useState(product !== null);
  if (product !== null && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <ProductDialog product={product} onClose={onClose} />
    </Suspense>
  );
}

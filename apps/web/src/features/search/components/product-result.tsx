import { formatPrice, messages, type Product } from '@dwellscape/shared';
import { Package, ShoppingCart } from 'lucide-react';
import { ProductImage } from '@/components/product-dialog/product-image';
import { imageSizes } from '@/components/ui/responsive-image';
import { Button } from '@/components/ui/button';
import { useAddToCartAfterDelay } from '../hooks/use-add-to-cart-after-delay';

interface ProductResultProps {
  product: Product;
  onOpen: (product: Product) => void;
}

/** A matching product: the row opens the product popup; 'Add to Cart' adds one at once. */
export function ProductResult({ product, onOpen }: ProductResultProps) {
  const { add, isAdding } = useAddToCartAfterDelay();
  return (
    <div className="flex items-center gap-2 rounded-2xl p-2 transition-colors hover:bg-muted/60">
      <button
        type="button"
        onClick={() => onOpen(product)}
        className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-xl text-left"
      >
        <span className="relative grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl border border-border/70 bg-muted">
          <Package className="absolute size-5 text-muted-foreground/50" aria-hidden />
          <ProductImage src={product.imageUrl} alt="" sizes={imageSizes.tile4rem} className="relative" />
        </span>
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold">{product.name}</span>
          <span className="block truncate text-xs text-muted-foreground">{product.brandName}</span>
          <span className="mt-0.5 block text-sm font-bold tabular-nums">{formatPrice(product.price)}</span>
        </span>
      </button>
      <Button
        size="sm"
        variant="outline"
        isLoading={isAdding}
        aria-label={`${messages.productPopup.addToCart}: ${product.name}`}
        onClick={() =>
          void add({
            productId: product.id,
            name: product.name,
            price: product.price,
            imageUrl: product.imageUrl,
            brandId: product.brandId,
            designId: null,
          })
        }
      >
        {!isAdding && <ShoppingCart className="size-4" aria-hidden />}
        {messages.productPopup.addToCart}
      </Button>
    </div>
  );
}

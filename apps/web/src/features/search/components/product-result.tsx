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

/**
 * A matching product: the row opens the product popup; 'Add to Cart' adds one at once. The name has the row's whole
 * width, on up to two lines, and the button sits beside the brand and price under it: beside the name it left a
 * phone's row 'Blush Velvet Dini…' (e2e/no-clipping.spec.ts).
 */
export function ProductResult({ product, onOpen }: ProductResultProps) {
  const { add, isAdding } = useAddToCartAfterDelay();
  return (
    <div className="relative rounded-2xl p-2 transition-colors hover:bg-muted/60">
      <button
        type="button"
        onClick={() => onOpen(product)}
        className="flex w-full min-w-0 cursor-pointer items-start gap-3 rounded-xl text-left"
      >
        <span className="relative grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl border border-border/70 bg-muted">
          <Package className="absolute size-5 text-muted-foreground/50" aria-hidden />
          <ProductImage src={product.imageUrl} alt="" sizes={imageSizes.tile4rem} className="relative" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 text-sm font-semibold break-words">{product.name}</span>
          {/* clear of the button at the row's bottom right */}
          <span className="block truncate pr-36 text-xs text-muted-foreground">{product.brandName}</span>
          <span className="mt-0.5 block pr-36 text-sm font-bold tabular-nums">{formatPrice(product.price)}</span>
        </span>
      </button>
      <Button
        size="sm"
        variant="outline"
        isLoading={isAdding}
        className="absolute right-2 bottom-2"
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

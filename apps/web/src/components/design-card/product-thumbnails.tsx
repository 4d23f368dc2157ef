import { splitThumbnails } from '@dwellscape/shared';
import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { ProductImage } from '@/components/product-dialog/product-image';
import { imageSizes } from '@/components/ui/responsive-image';
import { cn } from '@/lib/cn';

export interface ThumbnailProduct {
  id: string;
  name: string;
  imageUrl: string;
}

interface ProductThumbnailsProps<T extends ThumbnailProduct> {
  products: readonly T[];
  onSelect: (product: T) => void;
  /** Where the '+N' tile leads: the place that lists every product. */
  moreHref: string;
  className?: string;
}

const tileClass =
  'relative grid aspect-square place-items-center overflow-hidden rounded-xl border border-border/70 bg-muted transition-[transform,box-shadow] hover:-translate-y-0.5 hover:shadow-md';

/** SPEC §2: up to 5 product thumbnails, then '+N' for the rest. */
export function ProductThumbnails<T extends ThumbnailProduct>({
  products,
  onSelect,
  moreHref,
  className,
}: ProductThumbnailsProps<T>) {
  const { shown, extra } = splitThumbnails(products);
  if (shown.length === 0) return null;
  return (
    <ul className={cn('grid grid-cols-6 gap-2', className)} aria-label="Products in this design">
      {shown.map((product, index) => (
        <li key={`${product.id}-${index}`}>
          <button
            type="button"
            aria-label={product.name}
            title={product.name}
            className={cn(tileClass, 'w-full cursor-pointer')}
            onClick={() => onSelect(product)}
          >
            <Package className="absolute size-4 text-muted-foreground/60" aria-hidden />
            {/* a sixth of the content column: at most 4.6rem */}
            <ProductImage src={product.imageUrl} alt="" sizes={imageSizes.tile5rem} className="relative" />
          </button>
        </li>
      ))}
      {extra > 0 && (
        <li>
          <Link
            to={moreHref}
            aria-label={`${extra} more ${extra === 1 ? 'product' : 'products'}`}
            className={cn(tileClass, 'text-sm font-semibold text-muted-foreground hover:text-foreground')}
          >
            <span aria-hidden>+{extra}</span>
          </Link>
        </li>
      )}
    </ul>
  );
}

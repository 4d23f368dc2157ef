import { messages, splitThumbnails } from '@dwellscape/shared';
import { ProductImage } from '@/components/product-dialog/product-image';
import { ownItemCost } from '@/lib/own-item-cost';
import { imageSizes } from '@/components/ui/responsive-image';

export interface ThumbnailProduct {
  id: string;
  name: string;
  imageUrl: string;
  /** The creator's own item (decision 0023): marked on its tile. */
  ownItem?: boolean;
  /** What the creator says an own item cost them, in dollars. */
  cost?: number;
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
/** A product's tile: its placeholder icon is the tile's own ::before, under the picture. */
const productTileClass = `${tileClass} w-full cursor-pointer before:absolute before:icon before:size-4 before:icon-package before:text-muted-foreground/60`;

/** 'Own item', and what it cost the creator when they said: 'Own item, cost the creator $120.00'. */
const ownItemNote = ({ cost }: ThumbnailProduct) =>
  cost === undefined ? messages.ownItem.badge : `${messages.ownItem.badge}, ${ownItemCost(cost).toLowerCase()}`;

/**
 * docs/product.md §2: up to 5 product thumbnails, then '+N' for the rest. The '+N' tile is a plain link: the design card
 * around it follows it in the app (see followLinkClick).
 */
export function ProductThumbnails<T extends ThumbnailProduct>({
  products,
  onSelect,
  moreHref,
  className,
}: ProductThumbnailsProps<T>) {
  const { shown, extra } = splitThumbnails(products);
  if (shown.length === 0) return null;
  return (
    <ul
      className={className ? `grid grid-cols-6 gap-2 ${className}` : 'grid grid-cols-6 gap-2'}
      aria-label="Products in this design"
    >
      {shown.map((product, index) => (
        <li key={`${product.id}-${index}`}>
          <button
            type="button"
            aria-label={product.ownItem ? `${product.name} (${ownItemNote(product)})` : product.name}
            title={product.ownItem ? `${product.name} · ${ownItemNote(product)}` : product.name}
            className={productTileClass}
            onClick={() => onSelect(product)}
          >
            {/* a sixth of the content column: at most 4.6rem */}
            <ProductImage src={product.imageUrl} alt="" sizes={imageSizes.tile5rem} className="relative" />
            {product.ownItem && (
              <span className="absolute right-1 bottom-1 grid size-5 place-items-center rounded-full bg-accent text-accent-foreground shadow-sm ring-2 ring-surface">
                <span className="icon size-3 icon-camera" aria-hidden />
              </span>
            )}
          </button>
        </li>
      ))}
      {extra > 0 && (
        <li>
          <a
            href={moreHref}
            aria-label={`${extra} more ${extra === 1 ? 'product' : 'products'}`}
            className={`${tileClass} text-sm font-semibold text-muted-foreground hover:text-foreground`}
          >
            <span aria-hidden>+{extra}</span>
          </a>
        </li>
      )}
    </ul>
  );
}

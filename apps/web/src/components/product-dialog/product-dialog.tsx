import { ADD_TO_CART_DELAY_MS, formatPrice, messages } from '@dwellscape/shared';
import { Camera, Package, ShoppingCart, Truck, Zap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toastAddedToCart } from '@/components/cart/added-to-cart-toast';
import { Button } from '@/components/ui/button';
import { OwnItemBadge } from '@/components/ui/own-item-badge';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { imageSizes } from '@/components/ui/responsive-image';
import { Skeleton } from '@/components/ui/skeleton';
import { QuantityStepper } from '@/components/ui/stepper';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useProduct } from '@/lib/api/get-product';
import { addToCart, type CartItem } from '@/lib/cart';
import { ownItemCost } from '@/lib/own-item-cost';
import { ProductImage } from './product-image';

/** What the opener already knows about the product (a design's snapshot, a search result), shown at once. */
export interface ProductPreview {
  id: string;
  name: string;
  price: number;
  imageUrl: string;
  brandId: string;
  description?: string;
  /** The design the product is shown in (a card's thumbnails): a purchase credits its creator. */
  designId?: string | null;
  /** The creator's own item (decision 0023): their photo, shown but not sold, so no catalogue row, cart or price. */
  ownItem?: boolean;
  /** What the creator says an own item cost them, in dollars (decision 0057): a note, never a price. */
  cost?: number;
}

interface ProductDialogProps {
  /** The product to show; `null` keeps the popup closed. */
  product: ProductPreview | null;
  onClose: () => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** docs/product.md §2 product popup: image, name, price, description, quantity, 'Add to Cart' and 'Buy Now'. */
export function ProductDialog({ product, onClose }: ProductDialogProps) {
  return (
    <Dialog open={product !== null} onOpenChange={(open) => !open && onClose()}>
      {/* keyed by product, so another product starts again at quantity 1 */}
      {product &&
        (product.ownItem ? (
          <OwnItemDialogBody key={product.id} item={product} />
        ) : (
          <ProductDialogBody key={product.id} preview={product} onClose={onClose} />
        ))}
    </Dialog>
  );
}

function ProductDialogBody({ preview, onClose }: { preview: ProductPreview; onClose: () => void }) {
  const navigate = useNavigate();
  const details = useProduct(preview.id);
  const [quantity, setQuantity] = useState(1);
  const [isAdding, setIsAdding] = useState(false);
  // Radix gives focus back to a Trigger; this popup opens without one, so it remembers its opener
  const [opener] = useState(() => document.activeElement);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  // the snapshot shows at once; the catalogue row fills in what the snapshot lacks
  const product = details.data ?? preview;
  const description = details.data?.description ?? preview.description ?? '';
  const brandName = details.data?.brandName;
  const cartItem: CartItem = {
    productId: product.id,
    name: product.name,
    price: product.price,
    imageUrl: product.imageUrl,
    brandId: product.brandId,
    designId: preview.designId ?? null,
  };

  async function addAfterDelay() {
    setIsAdding(true);
    await wait(ADD_TO_CART_DELAY_MS);
    addToCart(cartItem, quantity);
    toastAddedToCart(quantity, product.name, (href) => void navigate(href));
    // closing the popup during the wait still adds the item, but must not close a popup opened since
    if (isMounted.current) {
      setIsAdding(false);
      onClose();
    }
  }

  function buyNow() {
    toast(messages.productPopup.redirecting);
    addToCart(cartItem, quantity);
    onClose();
    void navigate(paths.purchase.getHref());
  }

  return (
    <DialogContent
      title={product.name}
      description={brandName}
      className="sm:max-w-md"
      onCloseAutoFocus={(event) => {
        if (opener instanceof HTMLElement && opener.isConnected) {
          event.preventDefault();
          opener.focus();
        }
      }}
    >
      <div className="flex flex-col gap-4">
        {product.imageUrl && (
          // dark mode: the catalogue photo's light backdrop is a rounded picture inset in a dark tile, drawn as it is
          // (index.css: the popup's large picture is not dimmed), rather than a bright square edge to edge
          <div className="product-tile relative aspect-[4/3] overflow-hidden rounded-2xl bg-muted dark:p-3">
            <Package className="absolute inset-0 m-auto size-10 text-muted-foreground/50" aria-hidden />
            <ProductImage
              src={product.imageUrl}
              alt={product.name}
              sizes={imageSizes.dialog}
              eager
              className="relative dark:rounded-xl"
            />
          </div>
        )}

        <div className="flex items-baseline justify-between gap-4">
          <p className="text-2xl font-bold tracking-tight tabular-nums">{formatPrice(product.price)}</p>
          {details.data?.category && (
            <span className="text-xs font-medium text-muted-foreground">{details.data.category}</span>
          )}
        </div>

        {description ? (
          <p className="text-sm leading-relaxed text-muted-foreground">{description}</p>
        ) : (
          details.isPending && (
            <div aria-hidden className="space-y-2">
              <Skeleton className="h-3 w-full" />
              <Skeleton className="h-3 w-4/5" />
            </div>
          )
        )}

        <div className="flex items-center justify-between gap-4 rounded-2xl bg-muted/60 px-4 py-2.5">
          <span className="text-sm font-medium">Quantity</span>
          <QuantityStepper value={quantity} onChange={setQuantity} min={1} label={product.name} />
        </div>

        <div className="grid grid-cols-2 gap-3">
          <Button
            variant="outline"
            size="lg"
            className="px-3"
            isLoading={isAdding}
            onClick={() => void addAfterDelay()}
          >
            {!isAdding && <ShoppingCart className="size-4" aria-hidden />}
            {messages.productPopup.addToCart}
          </Button>
          <Button variant="accent" size="lg" className="px-3" disabled={isAdding} onClick={buyNow}>
            <Zap className="size-4" aria-hidden />
            {messages.productPopup.buyNow}
          </Button>
        </div>

        <p className="flex items-center justify-center gap-2 text-center text-xs text-muted-foreground">
          <Truck className="size-4 shrink-0" aria-hidden />
          {messages.productPopup.shippingNote}
        </p>
      </div>
    </DialogContent>
  );
}

/**
 * An own item's popup: the creator's photo and what they called it, marked as theirs and not for sale, and what it
 * cost them when they said.
 */
function OwnItemDialogBody({ item }: { item: ProductPreview }) {
  return (
    <DialogContent
      title={item.name}
      description={
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <OwnItemBadge />
          {item.cost !== undefined && <span className="tabular-nums">{ownItemCost(item.cost)}</span>}
        </span>
      }
      className="sm:max-w-md"
    >
      <div className="flex flex-col gap-4">
        <div className="relative aspect-[4/3] overflow-hidden rounded-2xl bg-muted">
          <Camera className="absolute inset-0 m-auto size-10 text-muted-foreground/50" aria-hidden />
          <ProductImage src={item.imageUrl} alt={item.name} sizes={imageSizes.dialog} eager className="relative" />
        </div>
        <p className="rounded-2xl bg-muted/60 px-4 py-3 text-sm leading-relaxed text-muted-foreground">
          {messages.ownItem.notForSale}
        </p>
      </div>
    </DialogContent>
  );
}

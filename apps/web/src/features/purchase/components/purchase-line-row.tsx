import { formatPrice, messages, PRODUCT_QUANTITY_MAX } from '@dwellscape/shared';
import { ImageUp, Package, Trash2 } from 'lucide-react';
import { ProductImage } from '@/components/product-dialog/product-image';
import { imageSizes } from '@/components/ui/responsive-image';
import { OwnItemBadge } from '@/components/ui/own-item-badge';
import { QuantityStepper } from '@/components/ui/stepper';
import { removeFromCart, setQuantity } from '@/lib/cart';
import { ownItemCost } from '@/lib/own-item-cost';
import type { PurchaseLine } from '../utils/purchase-lines';

/** One product of the order: picture, name, unit price, quantity and the line's total. */
export function PurchaseLineRow({ line }: { line: PurchaseLine }) {
  const { cartKey } = line;
  const Placeholder = line.isUploaded ? ImageUp : Package;
  return (
    <div className="flex gap-3 p-3">
      <span className="relative grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl border border-border/70 bg-muted">
        <Placeholder className="absolute size-5 text-muted-foreground/50" aria-hidden />
        <ProductImage src={line.imageUrl} alt="" sizes={imageSizes.tile4rem} className="relative" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{line.name}</p>
            {line.isUploaded ? (
              // an own item (decision 0023): shown with the design, never part of the order
              <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                <OwnItemBadge />
                {messages.ownItem.notForSaleShort}
                {line.cost !== undefined && <span className="tabular-nums">{ownItemCost(line.cost)}</span>}
              </p>
            ) : (
              <p className="text-xs text-muted-foreground tabular-nums">{formatPrice(line.price)} each</p>
            )}
          </div>
          {!line.isUploaded && (
            <p
              className="text-sm font-bold tabular-nums"
              aria-label={`Line total ${formatPrice(line.price * line.quantity)}`}
            >
              {formatPrice(line.price * line.quantity)}
            </p>
          )}
        </div>
        {cartKey ? (
          <div className="flex items-center justify-between gap-2">
            <QuantityStepper
              value={line.quantity}
              onChange={(quantity) => setQuantity(cartKey, quantity)}
              min={1}
              max={PRODUCT_QUANTITY_MAX}
              label={line.name}
            />
            <button
              type="button"
              onClick={() => removeFromCart(cartKey)}
              aria-label={`${messages.shop.remove} ${line.name}`}
              className="inline-flex h-11 cursor-pointer items-center gap-1 rounded-full px-3 text-xs font-semibold text-muted-foreground transition-colors hover:bg-danger-soft hover:text-danger"
            >
              <Trash2 className="size-3.5" aria-hidden />
              {messages.shop.remove}
            </button>
          </div>
        ) : line.isUploaded ? null : (
          <p className="text-xs text-muted-foreground">
            Quantity <span className="font-semibold text-foreground tabular-nums">{line.quantity}</span>
          </p>
        )}
      </div>
    </div>
  );
}

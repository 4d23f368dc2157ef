import { formatPrice, messages, sumLineTotals } from '@dwellscape/shared';
import { ShoppingBag, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { OwnItemBadge, OwnItemsNote } from '@/components/ui/own-item-badge';
import { ownItemCost } from '@/lib/own-item-cost';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { QuantityStepper } from '@/components/ui/stepper';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { toPurchaseState, type ShopLine } from '../utils/shop-lines';

interface PurchaseViewProps {
  /** The design shopped from: its creator earns the commission. */
  designId: string;
  lines: readonly ShopLine[];
  onLinesChange: (lines: ShopLine[]) => void;
}

/** docs/product.md §2 purchase sub-view: quantities from 0 up, 'Remove', a total, and checkout with what is left. */
export function PurchaseView({ designId, lines, onLinesChange }: PurchaseViewProps) {
  const navigate = useNavigate();
  const total = sumLineTotals(lines);
  const hasOwnItems = lines.some((line) => line.ownItem !== null);

  const setQuantity = (key: string, quantity: number) =>
    onLinesChange(lines.map((line) => (line.key === key ? { ...line, quantity } : line)));
  const remove = (key: string) => onLinesChange(lines.filter((line) => line.key !== key));

  return (
    <div className="space-y-4">
      {lines.length === 0 ? (
        <Card>
          <EmptyState
            icon={ShoppingBag}
            title="No products left"
            description="Every product was removed from this list."
          />
        </Card>
      ) : (
        <Card>
          <ul aria-label="Products in this design" className="divide-y divide-border/70">
            {lines.map((line) => (
              <li key={line.key} className="flex gap-3 p-3">
                <span
                  className={cn(
                    'size-16 shrink-0 overflow-hidden rounded-xl border border-border/70 bg-muted transition-opacity',
                    line.quantity === 0 && 'opacity-50',
                  )}
                >
                  <ResponsiveImage
                    src={line.imageUrl}
                    alt=""
                    sizes={imageSizes.tile4rem}
                    className="size-full object-cover"
                  />
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex items-start justify-between gap-3">
                    <p className="min-w-0 truncate text-sm font-semibold">{line.name}</p>
                    {/* an own item has no price: it is shown with the design, not sold (decision 0023) */}
                    {line.ownItem ? (
                      <OwnItemBadge yours={line.ownItem === 'yours'} />
                    ) : (
                      <p className="shrink-0 text-sm font-semibold tabular-nums">
                        {formatPrice(sumLineTotals([line]))}
                      </p>
                    )}
                  </div>
                  {line.ownItem ? (
                    <p className="text-xs text-muted-foreground">
                      {messages.ownItem.notForSaleShort}
                      {line.cost !== undefined && <span className="tabular-nums"> · {ownItemCost(line.cost)}</span>}
                    </p>
                  ) : (
                    <p className="text-xs text-muted-foreground tabular-nums">{formatPrice(line.price)} each</p>
                  )}
                  <div className="mt-2 flex items-center justify-between gap-2">
                    {line.ownItem ? (
                      // nothing to buy, so no quantity to choose
                      <span />
                    ) : (
                      <QuantityStepper
                        value={line.quantity}
                        min={0}
                        label={line.name}
                        onChange={(quantity) => setQuantity(line.key, quantity)}
                      />
                    )}
                    <button
                      type="button"
                      aria-label={`${messages.shop.remove} ${line.name}`}
                      onClick={() => remove(line.key)}
                      className="inline-flex h-11 cursor-pointer items-center gap-1 rounded-full px-3 text-xs font-semibold text-muted-foreground transition-colors hover:bg-danger-soft hover:text-danger"
                    >
                      <Trash2 className="size-4" aria-hidden />
                      {messages.shop.remove}
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {hasOwnItems && <OwnItemsNote />}
      <Card className="space-y-3 p-4">
        <div className="flex items-baseline justify-between">
          <span className="text-sm font-medium text-muted-foreground">Total</span>
          <span aria-label={`Total ${formatPrice(total)}`} className="text-xl font-bold tabular-nums">
            {formatPrice(total)}
          </span>
        </div>
        <Button
          size="lg"
          className="w-full"
          disabled={total <= 0}
          onClick={() => navigate(paths.purchase.getHref(), { state: toPurchaseState(lines, designId) })}
        >
          {messages.shop.checkout}
        </Button>
      </Card>
    </div>
  );
}

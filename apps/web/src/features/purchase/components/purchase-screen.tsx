import {
  countItems,
  formatCents,
  formatItemCount,
  formatPrice,
  messages,
  orderMessages,
  type PlaceOrderResponse,
} from '@dwellscape/shared';
import { ArrowLeft, CircleCheck, CreditCard, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { accountReasons, useRequireAccount } from '@/components/account/account-sheet-provider';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { OwnItemsNote } from '@/components/ui/own-item-badge';
import { ScreenHeader } from '@/components/ui/screen-header';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { clearCart, useCart } from '@/lib/cart';
import { usePlaceOrder } from '../api/place-order';
import { checkoutKeyFor, forgetCheckoutKey } from '../utils/checkout-key';
import {
  purchaseTotal,
  readHandedOverItems,
  toOrderLines,
  toPurchaseLines,
  type PurchaseLine,
} from '../utils/purchase-lines';
import { PurchaseLineRow } from './purchase-line-row';

/** The words of a refusal the person can act on: the server's own about the field, without the field's path. */
function refusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return messages.comments.unexpected;
  const [first] = Array.isArray(error.details) ? (error.details as { message?: unknown }[]) : [];
  return typeof first?.message === 'string' ? first.message : error.message;
}

/**
 * docs/product.md §2 /purchase: the items from shop-design and the cart, a total, and 'Complete Purchase',
 * which places a real order (decision 0018): signed out it asks to sign in first and keeps the cart;
 * the beta records the order with its payment pending and says plainly that no money moved.
 */
export function PurchaseScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const cart = useCart();
  const placeOrder = usePlaceOrder();
  const { runWithAccount } = useRequireAccount();
  const [placed, setPlaced] = useState<PlaceOrderResponse | null>(null);

  const handedOver = toPurchaseLines(readHandedOverItems(location.state), []);
  const cartLines = toPurchaseLines([], cart);
  const allLines = [...handedOver, ...cartLines];
  const total = purchaseTotal(allLines);
  const orderLines = toOrderLines(allLines);

  async function completePurchase() {
    if (orderLines.length === 0) {
      toast.error(orderMessages.nothingToOrder);
      return;
    }
    // one key per attempt: a double tap, a retry or a reload sends the same one
    const idempotencyKey = checkoutKeyFor(orderLines);
    try {
      const outcome = await runWithAccount(() => placeOrder.mutateAsync({ idempotencyKey, lines: orderLines }), {
        reason: accountReasons.order,
      });
      if (!outcome.completed) return;
      forgetCheckoutKey();
      clearCart();
      // the products handed over from shop-design are bought too: drop them from this page's state
      if (handedOver.length > 0) void navigate(paths.purchase.getHref(), { replace: true, state: null });
      setPlaced(outcome.value);
    } catch (error) {
      toast.error(refusalText(error));
    }
  }

  // opened straight from an address there is nothing to go back to inside the app
  const goBack = () => (location.key === 'default' ? navigate(paths.home.getHref()) : navigate(-1));

  return (
    <section>
      <Button variant="ghost" size="sm" className="-ml-2 mb-2 text-muted-foreground" onClick={() => void goBack()}>
        <ArrowLeft className="size-4" aria-hidden />
        {messages.purchase.back}
      </Button>
      <ScreenHeader
        title="Purchase"
        // what is bought: the own items listed beside it are not part of the order
        description={orderLines.length > 0 ? formatItemCount(countItems(orderLines)) : undefined}
      />

      {allLines.length === 0 ? (
        <Card>
          <EmptyState
            icon={ShoppingBag}
            title="Your cart is empty"
            description="Add products from a design in the feed to see them here."
            action={
              <Link to={paths.home.getHref()} className={buttonClasses()}>
                {messages.purchase.continueShopping}
              </Link>
            }
          />
        </Card>
      ) : (
        <>
          <div className="space-y-5">
            {handedOver.length > 0 && <LineGroup title="From this design" lines={handedOver} />}
            {cartLines.length > 0 && <LineGroup title="Your cart" lines={cartLines} />}
            {allLines.some((line) => line.isUploaded) && <OwnItemsNote />}
          </div>

          <Card className="mt-5 p-4">
            <div className="flex items-baseline justify-between">
              <span className="text-base font-semibold">Total</span>
              <span
                className="text-2xl font-bold tracking-tight tabular-nums"
                aria-label={`Total ${formatPrice(total)}`}
              >
                {formatPrice(total)}
              </span>
            </div>
            <p className="mt-1 text-xs text-muted-foreground">{messages.productPopup.shippingNote}</p>
          </Card>

          <div className="mt-5 flex flex-col gap-3">
            <Button
              size="lg"
              className="w-full"
              isLoading={placeOrder.isPending}
              onClick={() => void completePurchase()}
            >
              {!placeOrder.isPending && <CreditCard className="size-5" aria-hidden />}
              {messages.purchase.complete}
            </Button>
            <Link
              to={paths.home.getHref()}
              className={buttonClasses({ variant: 'outline', size: 'lg', className: 'w-full' })}
            >
              {messages.purchase.continueShopping}
            </Link>
          </div>
        </>
      )}

      <Dialog open={placed !== null} onOpenChange={(open) => !open && setPlaced(null)}>
        {placed && (
          <DialogContent title={orderMessages.placedTitle} description={placed.paymentMessage} className="sm:max-w-md">
            <div className="flex items-center gap-3 rounded-2xl bg-primary-soft p-3 text-primary">
              <CircleCheck className="size-5 shrink-0" aria-hidden />
              <p className="flex-1 text-sm font-medium">
                {formatItemCount(countItems(placed.order.lines))}, payment pending
              </p>
              <p className="text-base font-bold tabular-nums">{formatCents(placed.order.totalCents)}</p>
            </div>
            <p className="text-sm text-muted-foreground">{messages.purchase.paymentsDisabled}</p>
            <div className="mt-2 grid grid-cols-2 gap-3">
              <Link to={paths.orders.getHref()} className={buttonClasses({ variant: 'outline' })}>
                Your orders
              </Link>
              <DialogClose asChild>
                <Button>OK</Button>
              </DialogClose>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}

function LineGroup({ title, lines }: { title: string; lines: readonly PurchaseLine[] }) {
  return (
    <div>
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h2>
      <Card className="overflow-hidden">
        <ul aria-label={title} className="divide-y divide-border/70">
          {lines.map((line) => (
            <li key={line.key}>
              <PurchaseLineRow line={line} />
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

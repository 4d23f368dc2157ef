import { formatPrice, messages } from '@dwellscape/shared';
import { ArrowLeft, CreditCard, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ScreenHeader } from '@/components/ui/screen-header';
import { paths } from '@/config/paths';
import { useCart } from '@/lib/cart';
import {
  itemCount,
  purchaseTotal,
  readHandedOverItems,
  toPurchaseLines,
  type PurchaseLine,
} from '../utils/purchase-lines';
import { PurchaseLineRow } from './purchase-line-row';

export const PAYMENTS_OFF_TITLE = 'Checkout is not available yet';

/** SPEC §2 /purchase: the items from shop-design and the cart, a total, and a purchase that explains payments are off. */
export function PurchaseScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const cart = useCart();
  const [isExplainingPayments, setIsExplainingPayments] = useState(false);

  const handedOver = toPurchaseLines(readHandedOverItems(location.state), []);
  const cartLines = toPurchaseLines([], cart);
  const allLines = [...handedOver, ...cartLines];
  const total = purchaseTotal(allLines);

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
        description={
          allLines.length > 0 ? `${itemCount(allLines)} ${itemCount(allLines) === 1 ? 'item' : 'items'}` : undefined
        }
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
            <Button size="lg" className="w-full" onClick={() => setIsExplainingPayments(true)}>
              <CreditCard className="size-5" aria-hidden />
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

      <Dialog open={isExplainingPayments} onOpenChange={setIsExplainingPayments}>
        <DialogContent
          title={PAYMENTS_OFF_TITLE}
          description={messages.purchase.paymentsDisabled}
          className="sm:max-w-md"
        >
          <DialogClose asChild>
            <Button className="mt-2 w-full">OK</Button>
          </DialogClose>
        </DialogContent>
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

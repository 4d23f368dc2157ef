import {
  countItems,
  formatCents,
  formatItemCount,
  formatRelativeTime,
  formatShortDate,
  ORDER_CANCEL_WINDOW_MS,
  type Order,
} from '@dwellscape/shared';
import { Package, ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import { AccountData } from '@/components/account/account-data';
import { ProductImage } from '@/components/product-dialog/product-image';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { imageSizes } from '@/components/ui/responsive-image';
import { ScreenHeader } from '@/components/ui/screen-header';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/api/get-me';
import { useCancelOrder } from '../api/cancel-order';
import { useOrders } from '../api/get-orders';

const CANCEL_WINDOW_HOURS = ORDER_CANCEL_WINDOW_MS / 3_600_000;

/** The account's orders (decision 0018), newest first, each with its status and what it holds. */
export function OrdersScreen() {
  const me = useMe();
  const isSignedIn = me.data?.signedIn === true;
  const orders = useOrders(isSignedIn);

  return (
    <section>
      <ScreenHeader title="Your orders" description="Orders placed in the beta: recorded with their payment pending." />
      <AccountData
        query={orders}
        icon={ReceiptText}
        signedOut={{
          title: 'Your orders appear here',
          description: 'Sign in or sign up to see the orders you placed.',
        }}
        loadingLabel="Loading orders"
        skeletons={['h-32', 'h-32']}
        failedTitle="Failed to load your orders"
      >
        {(data) =>
          data.items.length === 0 ? (
            <Card>
              <EmptyState
                icon={ReceiptText}
                title="No orders yet"
                description="Shop the products of a design you like; your orders show up here."
                action={
                  <Link to={paths.home.getHref()} className={buttonClasses()}>
                    Continue Shopping
                  </Link>
                }
              />
            </Card>
          ) : (
            <ul aria-label="Orders" className="space-y-4">
              {data.items.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} />
                </li>
              ))}
            </ul>
          )
        }
      </AccountData>
    </section>
  );
}

function OrderStatus({ order }: { order: Order }) {
  if (order.status === 'cancelled') return <Badge className="shrink-0">Cancelled</Badge>;
  // not paid within the payment window: the server expired it and reversed its commission
  if (order.status === 'expired') return <Badge className="shrink-0">Expired · not paid</Badge>;
  return (
    <Badge tone="accent" className="shrink-0 whitespace-nowrap">
      Placed · payment pending
    </Badge>
  );
}

function OrderCard({ order }: { order: Order }) {
  const cancel = useCancelOrder();
  const placedAt = new Date(order.createdAt);
  return (
    <Card className="overflow-hidden">
      <header className="flex items-start justify-between gap-3 border-b border-border/70 p-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold">Order of {formatShortDate(placedAt)}</p>
          <p className="text-xs text-muted-foreground">
            {formatRelativeTime(placedAt)} · {formatItemCount(countItems(order.lines))}
          </p>
        </div>
        <OrderStatus order={order} />
      </header>
      <ul aria-label="Products in this order" className="divide-y divide-border/70">
        {order.lines.map((line) => (
          <li key={line.id} className="flex items-center gap-3 px-4 py-3">
            <span className="relative grid size-12 shrink-0 place-items-center overflow-hidden rounded-xl border border-border/70 bg-muted">
              <Package className="absolute size-4 text-muted-foreground/50" aria-hidden />
              <ProductImage src={line.imageUrl} alt="" sizes={imageSizes.tile4rem} className="relative" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{line.name}</p>
              <p className="truncate text-xs text-muted-foreground tabular-nums">
                {line.quantity} × {formatCents(line.unitPriceCents)}
                {line.designTitle && line.designId && (
                  <>
                    {' · from '}
                    <Link
                      to={paths.post.getHref(line.designId)}
                      className="font-medium text-foreground hover:underline"
                    >
                      {line.designTitle}
                    </Link>
                  </>
                )}
              </p>
            </div>
            <p className="text-sm font-semibold tabular-nums">{formatCents(line.lineTotalCents)}</p>
          </li>
        ))}
      </ul>
      <footer className="flex items-center justify-between gap-3 bg-muted/40 p-4">
        <span className="text-sm font-semibold">
          Total <span className="tabular-nums">{formatCents(order.totalCents)}</span>
        </span>
        {order.cancellableUntil && (
          <Button
            size="sm"
            variant="outline"
            isLoading={cancel.isPending}
            aria-label={`Cancel order of ${formatCents(order.totalCents)}`}
            title={`Orders can be cancelled for ${CANCEL_WINDOW_HOURS} hours in the beta`}
            onClick={() =>
              cancel.mutate(order.id, {
                onSuccess: () => toast.success('Order cancelled'),
                onError: (error) => toast.error(error.message),
              })
            }
          >
            Cancel order
          </Button>
        )}
      </footer>
    </Card>
  );
}

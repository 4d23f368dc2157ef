import { countItems, formatItemCount } from '@dwellscape/shared';
import { ShoppingCart } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useCart } from '@/lib/cart';
import { cn } from '@/lib/cn';
import { isNavItemActive } from './nav-items';

/** What the cart button says to a screen reader: the products in it, counted by quantity. */
export function cartButtonLabel(count: number): string {
  if (count === 0) return 'Cart, empty';
  return `Cart, ${formatItemCount(count)}`;
}

/** The badge's text: the count, up to 99. */
const formatCartBadge = (count: number) => (count > 99 ? '99+' : String(count));

/** The header's cart: its live count (this tab and others, lib/cart.ts), opening Purchase, where the cart is listed. */
export function CartButton() {
  const lines = useCart();
  const { pathname } = useLocation();
  const count = countItems(lines);
  const isActive = isNavItemActive(pathname, paths.purchase.path);
  return (
    <Link
      to={paths.purchase.getHref()}
      aria-label={cartButtonLabel(count)}
      aria-current={isActive ? 'page' : undefined}
      className={cn(
        'relative grid size-11 place-items-center rounded-full text-foreground transition-colors hover:bg-muted',
        isActive && 'bg-primary-soft text-primary',
      )}
    >
      <ShoppingCart className="size-5" aria-hidden />
      {count > 0 && (
        <span
          aria-hidden
          className="absolute top-0.5 right-0 grid h-[1.125rem] min-w-[1.125rem] place-items-center rounded-full bg-accent px-1 text-[0.625rem] leading-none font-bold text-accent-foreground tabular-nums ring-2 ring-background"
        >
          {formatCartBadge(count)}
        </span>
      )}
    </Link>
  );
}

import { messages } from '@dwellscape/shared';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';

export const cartTexts = {
  viewCart: 'View Cart',
} as const;

/**
 * docs/product.md's 'Added to Cart!' toast, with the way to the cart: the header's cart button holds the count,
 * and the toast offers the Purchase page (the cart) at once.
 */
export function toastAddedToCart(quantity: number, name: string, openCart: (href: string) => void): void {
  toast.success(messages.productPopup.addedTitle, {
    description: messages.productPopup.addedBody(quantity, name),
    action: { label: cartTexts.viewCart, onClick: () => openCart(paths.purchase.getHref()) },
  });
}

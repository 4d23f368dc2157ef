import {
  cartLineSchema,
  OWN_ITEM_DEFAULT_NAME,
  sumLineTotals,
  toCents,
  type CartLine as OrderableLine,
  type PlaceOrderLine,
} from '@dwellscape/shared';
import { z } from 'zod/mini';
import type { CartLine, CartLineKey } from '@/lib/cart';

const line = cartLineSchema.shape;

/**
 * What shop-design hands over in the navigation state (HandedOverLine): chosen products, and uploaded items at price
 * 0 without a productId. The shared cart line's fields, each falling back instead of failing.
 */
const handedOverItemSchema = z.object({
  productId: z.optional(line.productId),
  name: z.catch(line.name, ''),
  price: z.catch(line.price, 0),
  imageUrl: z.catch(line.imageUrl, ''),
  quantity: z.catch(line.quantity, 1),
  /** The design these products are shopped from. */
  designId: z.catch(line.designId, null),
  /** What the creator says their own item cost them (decision 0057); dropped when it is not an amount. */
  cost: z.catch(z.optional(z.number().check(z.minimum(0))), undefined),
});
export type HandedOverItem = z.infer<typeof handedOverItemSchema>;

const purchaseStateSchema = z.object({ items: z.array(z.unknown()) });

/**
 * The items in `location.state.items`. History state outlives the code that wrote it (a reload, an older
 * version), so anything that does not parse is dropped instead of breaking the page.
 */
export function readHandedOverItems(state: unknown): HandedOverItem[] {
  const parsed = purchaseStateSchema.safeParse(state);
  if (!parsed.success) return [];
  return parsed.data.items.flatMap((item) => {
    const each = handedOverItemSchema.safeParse(item);
    return each.success ? [each.data] : [];
  });
}

export interface PurchaseLine extends Pick<OrderableLine, 'name' | 'price' | 'imageUrl' | 'quantity'> {
  key: string;
  /** The catalogue product, or null for the person's own uploaded item (not part of an order). */
  productId: string | null;
  /** The design the product was shopped from, whose creator earns the commission. */
  designId: string | null;
  /** Set for cart lines, whose quantity can change here. */
  cartKey: CartLineKey | null;
  isUploaded: boolean;
  /** What the creator says their own item cost them, in dollars, when they said (decision 0057). */
  cost?: number;
}

export function toPurchaseLines(handedOver: readonly HandedOverItem[], cart: readonly CartLine[]): PurchaseLine[] {
  return [
    ...handedOver.map((item, index) => ({
      key: `design-${index}-${item.productId ?? 'upload'}`,
      name: item.name.trim() || OWN_ITEM_DEFAULT_NAME,
      price: item.price,
      imageUrl: item.imageUrl,
      quantity: item.quantity,
      productId: item.productId ?? null,
      designId: item.productId ? (item.designId ?? null) : null,
      cartKey: null,
      isUploaded: !item.productId,
      ...(!item.productId && item.cost !== undefined ? { cost: item.cost } : {}),
    })),
    ...cart.map((line) => ({
      key: `cart-${line.productId}-${line.designId ?? 'none'}`,
      name: line.name,
      price: line.price,
      imageUrl: line.imageUrl,
      quantity: line.quantity,
      productId: line.productId,
      designId: line.designId,
      cartKey: { productId: line.productId, designId: line.designId },
      isUploaded: false,
    })),
  ];
}

/** docs/product.md §9: the sum of product prices plus uploaded items (price 0), per quantity. */
export function purchaseTotal(lines: readonly PurchaseLine[]): number {
  return sumLineTotals(lines);
}

/** The lines an order is placed with: catalogue products (the person's own uploads have no price to pay). */
export function toOrderLines(lines: readonly PurchaseLine[]): PlaceOrderLine[] {
  return lines.flatMap((line) =>
    line.productId === null
      ? []
      : [
          {
            productId: line.productId,
            quantity: line.quantity,
            unitPriceCents: toCents(line.price),
            designId: line.designId,
          },
        ],
  );
}

import { sumLineTotals, toCents, type PlaceOrderLine } from '@dwellscape/shared';
import { z } from 'zod/mini';
import type { CartLine, CartLineKey } from '@/lib/cart';

/** What shop-design hands over in the navigation state: chosen products, and uploaded items at price 0. */
const handedOverItemSchema = z.object({
  productId: z.optional(z.string().check(z.minLength(1))),
  name: z.catch(z.string(), ''),
  price: z.catch(z.number().check(z.minimum(0)), 0),
  imageUrl: z.catch(z.string(), ''),
  quantity: z.catch(z.int().check(z.minimum(1), z.maximum(99)), 1),
  /** The design these products are shopped from. */
  designId: z.catch(z.nullable(z.string().check(z.minLength(1))), null),
});
export type HandedOverItem = z.infer<typeof handedOverItemSchema>;

export const UPLOADED_ITEM_NAME = 'Your own item';

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

export interface PurchaseLine {
  key: string;
  name: string;
  price: number;
  imageUrl: string;
  quantity: number;
  /** The catalogue product, or null for the person's own uploaded item (not part of an order). */
  productId: string | null;
  /** The design the product was shopped from, whose creator earns the commission. */
  designId: string | null;
  /** Set for cart lines, whose quantity can change here. */
  cartKey: CartLineKey | null;
  isUploaded: boolean;
}

export function toPurchaseLines(handedOver: readonly HandedOverItem[], cart: readonly CartLine[]): PurchaseLine[] {
  return [
    ...handedOver.map((item, index) => ({
      key: `design-${index}-${item.productId ?? 'upload'}`,
      name: item.name.trim() || UPLOADED_ITEM_NAME,
      price: item.price,
      imageUrl: item.imageUrl,
      quantity: item.quantity,
      productId: item.productId ?? null,
      designId: item.productId ? (item.designId ?? null) : null,
      cartKey: null,
      isUploaded: !item.productId,
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

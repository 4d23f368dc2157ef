import type { DesignProduct } from '@dwellscape/shared';
import type { CartLine, HandedOverLine } from '@/lib/cart';

/** A photo of the person's own product, stored on the server; it has no price (docs/product.md §2: shown at 0). */
export interface OwnProduct {
  url: string;
  name: string;
}

/**
 * One line of the purchase view: a catalogue product of the design, or an own item at price 0 (the creator's, or one
 * the person added here), which is shown but never ordered.
 */
export interface ShopLine extends Pick<CartLine, 'name' | 'price' | 'imageUrl' | 'quantity'> {
  key: string;
  /** The catalogue product; null for an own item. */
  productId: string | null;
  /** An own item (decision 0023): `creator` on the design, `yours` added in see-in-space. */
  ownItem: 'creator' | 'yours' | null;
  /** What the creator says their own item cost them, in dollars, when they said (decision 0055). */
  cost?: number;
}

export const productLine = (product: DesignProduct): ShopLine =>
  product.ownItem
    ? {
        key: `own:${product.id}`,
        productId: null,
        name: product.name,
        price: 0,
        imageUrl: product.imageUrl,
        quantity: product.quantity,
        ownItem: 'creator',
        ...(product.cost === undefined ? {} : { cost: product.cost }),
      }
    : {
        key: `product:${product.id}`,
        productId: product.id,
        name: product.name,
        price: product.price,
        imageUrl: product.imageUrl,
        quantity: product.quantity,
        ownItem: null,
      };

export const ownProductLine = (own: OwnProduct): ShopLine => ({
  key: `own:${own.url}`,
  productId: null,
  name: own.name,
  price: 0,
  imageUrl: own.url,
  quantity: 1,
  ownItem: 'yours',
});

/**
 * What /purchase reads from `location.state.items`; lines set to 0 are not bought. Each product
 * remembers the design it is shopped from, whose creator earns the commission.
 */
export function toPurchaseState(lines: readonly ShopLine[], designId: string): { items: HandedOverLine[] } {
  return {
    items: lines
      .filter((line) => line.quantity > 0)
      .map((line) => ({
        ...(line.productId ? { productId: line.productId, designId } : {}),
        name: line.name,
        price: line.price,
        imageUrl: line.imageUrl,
        quantity: line.quantity,
        ...(line.cost === undefined ? {} : { cost: line.cost }),
      })),
  };
}

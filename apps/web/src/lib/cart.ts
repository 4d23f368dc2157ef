import { cartLineSchema as orderableLineSchema, PRODUCT_QUANTITY_MAX } from '@dwellscape/shared';
import { z } from 'zod/mini';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { plainJsonStorage } from './storage';

export const CART_STORAGE_KEY = 'dwellscape-cart';

// the shared line (packages/shared orders.ts) and its brand; a cart stored before lines remembered their design
// reads designId as null
const cartLineSchema = z.extend(orderableLineSchema, { brandId: z.string() });

export type CartLine = z.infer<typeof cartLineSchema>;

/**
 * A line shop-design hands to /purchase in the navigation state: a catalogue product with the design it is shopped
 * from, or an own item (no productId, price 0), which is shown and never ordered.
 */
export type HandedOverLine = Pick<CartLine, 'name' | 'price' | 'imageUrl' | 'quantity'> &
  Partial<Pick<CartLine, 'productId' | 'designId'>> & {
    /** What the creator says their own item cost them, in dollars (decision 0057). */
    cost?: number;
  };
export type CartItem = Omit<CartLine, 'quantity'>;

/** One line per product and design: the same product shopped from two designs credits both creators. */
const isSameLine = (line: Pick<CartLine, 'productId' | 'designId'>, other: Pick<CartLine, 'productId' | 'designId'>) =>
  line.productId === other.productId && line.designId === other.designId;

/** Which line: its product and the design it was shopped from. */
export type CartLineKey = Pick<CartLine, 'productId' | 'designId'>;

const EMPTY_CART: readonly CartLine[] = Object.freeze([]);

// a cart that cannot be read (edited by hand, an older shape) starts empty rather than breaking the page
const storedCartSchema = z.array(cartLineSchema);

interface CartState {
  lines: readonly CartLine[];
}

const useCartStore = create<CartState>()(
  persist(() => ({ lines: EMPTY_CART }), {
    name: CART_STORAGE_KEY,
    storage: plainJsonStorage('local', storedCartSchema, {
      empty: { lines: EMPTY_CART },
      toState: (lines) => ({ lines }),
      toStored: ({ lines }) => [...lines],
    }),
  }),
);

const readCart = () => useCartStore.getState().lines;
const writeCart = (lines: readonly CartLine[]) => useCartStore.setState({ lines });

// another tab changed the cart: take its version
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) reloadCartFromStorage();
  });
}

const clampQuantity = (quantity: number) => Math.min(PRODUCT_QUANTITY_MAX, Math.max(1, Math.floor(quantity)));

export function getCart(): readonly CartLine[] {
  return readCart();
}

/** Adds `quantity` of an item; an item already in the cart gets the quantities summed. */
export function addToCart(item: CartItem, quantity = 1): void {
  const current = readCart();
  const existing = current.find((line) => isSameLine(line, item));
  if (existing) {
    writeCart(
      current.map((line) =>
        isSameLine(line, item) ? { ...line, ...item, quantity: clampQuantity(line.quantity + quantity) } : line,
      ),
    );
  } else {
    writeCart([...current, { ...item, quantity: clampQuantity(quantity) }]);
  }
}

/** Sets a line's quantity; zero or less removes the line. */
export function setQuantity(key: CartLineKey, quantity: number): void {
  if (quantity < 1) {
    removeFromCart(key);
    return;
  }
  const current = readCart();
  if (!current.some((line) => isSameLine(line, key))) return;
  writeCart(current.map((line) => (isSameLine(line, key) ? { ...line, quantity: clampQuantity(quantity) } : line)));
}

export function removeFromCart(key: CartLineKey): void {
  const current = readCart();
  if (!current.some((line) => isSameLine(line, key))) return;
  writeCart(current.filter((line) => !isSameLine(line, key)));
}

export function clearCart(): void {
  if (readCart().length === 0) return;
  writeCart(EMPTY_CART);
}

/** The cart's lines, re-rendering on every change (in this tab or another). */
export function useCart(): readonly CartLine[] {
  return useCartStore((state) => state.lines);
}

/** Reads the cart again from storage (another tab changed it, tests, a cleared storage). */
export function reloadCartFromStorage(): void {
  void useCartStore.persist.rehydrate();
}

import { useSyncExternalStore } from 'react';
import { z } from 'zod/mini';
import { readStoredJson, writeStoredJson } from './storage';

export const CART_STORAGE_KEY = 'dwellscape-cart';
export const CART_MAX_QUANTITY = 99;

const cartLineSchema = z.object({
  productId: z.string().check(z.minLength(1)),
  name: z.string(),
  price: z.number().check(z.minimum(0)),
  imageUrl: z.string(),
  brandId: z.string(),
  quantity: z.int().check(z.minimum(1), z.maximum(CART_MAX_QUANTITY)),
  /**
   * The design the product was shopped from (shop-design, a card's product popup), or null (search):
   * its creator earns the commission. A cart stored before lines remembered it reads as null.
   */
  designId: z._default(z.nullable(z.string().check(z.minLength(1))), null),
});

export type CartLine = z.infer<typeof cartLineSchema>;
export type CartItem = Omit<CartLine, 'quantity'>;

/** One line per product and design: the same product shopped from two designs credits both creators. */
const isSameLine = (line: Pick<CartLine, 'productId' | 'designId'>, other: Pick<CartLine, 'productId' | 'designId'>) =>
  line.productId === other.productId && line.designId === other.designId;

/** Which line: its product and the design it was shopped from. */
export type CartLineKey = Pick<CartLine, 'productId' | 'designId'>;

const EMPTY_CART: readonly CartLine[] = Object.freeze([]);

// a cart that cannot be read (edited by hand, an older shape) starts empty rather than breaking the page
const storedCartSchema = z.array(cartLineSchema);

let lines: readonly CartLine[] | null = null;
const listeners = new Set<() => void>();

function readCart(): readonly CartLine[] {
  lines ??= readStoredJson('local', CART_STORAGE_KEY, storedCartSchema) ?? EMPTY_CART;
  return lines;
}

function writeCart(next: readonly CartLine[]): void {
  lines = next;
  writeStoredJson('local', CART_STORAGE_KEY, next);
  for (const listener of listeners) listener();
}

const clampQuantity = (quantity: number) => Math.min(CART_MAX_QUANTITY, Math.max(1, Math.floor(quantity)));

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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // another tab changed the cart: re-read it on next access
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    lines = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The cart's lines, re-rendering on every change (in this tab or another). */
export function useCart(): readonly CartLine[] {
  return useSyncExternalStore(subscribe, readCart, readCart);
}

/** Forgets the in-memory copy so the next read comes from storage (tests, a cleared storage). */
export function reloadCartFromStorage(): void {
  lines = null;
  for (const listener of listeners) listener();
}

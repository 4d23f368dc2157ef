import type { PlaceOrderLine } from '@dwellscape/shared';
import { z } from 'zod/mini';
import { readStoredJson, removeStoredKeys, writeStoredJson } from '@/lib/storage';

export const CHECKOUT_STORAGE_KEY = 'dwellscape-checkout';

const storedAttemptSchema = z.object({ key: z.string().check(z.minLength(16)), cart: z.string() });

const cartOf = (lines: readonly PlaceOrderLine[]) => JSON.stringify(lines);

/**
 * The idempotency key of this checkout attempt: the same while the cart is the same, across
 * retries, double taps and reloads (it is kept in local storage), so none of them makes a second
 * order. A changed cart is a new attempt with a new key.
 */
export function checkoutKeyFor(lines: readonly PlaceOrderLine[]): string {
  const cart = cartOf(lines);
  const stored = readStoredJson('local', CHECKOUT_STORAGE_KEY, storedAttemptSchema);
  if (stored && stored.cart === cart) return stored.key;
  const key = `checkout-${crypto.randomUUID()}`;
  writeStoredJson('local', CHECKOUT_STORAGE_KEY, { key, cart });
  return key;
}

/** The attempt ended in an order: the next checkout is a new one. */
export function forgetCheckoutKey(): void {
  removeStoredKeys('local', [CHECKOUT_STORAGE_KEY]);
}

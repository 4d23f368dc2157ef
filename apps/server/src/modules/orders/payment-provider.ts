import { orderMessages } from '@dwellscape/shared';

/** Where a placed order's payment stands, as the provider reports it. */
export interface PaymentStart {
  /** Always pending at first: capture is confirmed later (a processor's webhook), which makes the commission available. */
  paymentStatus: 'pending';
  /** What the buyer reads about their payment. */
  message: string;
}

/**
 * Takes payment for a placed order (docs/decisions/0019-payment-provider.md). The order, its lines
 * and its commission are committed first, as pending; the provider is asked afterwards, outside
 * the transaction, so a slow or failing processor never holds database locks. `orderId` is the
 * provider's idempotency key: asking twice for one order charges once.
 */
export interface PaymentProvider {
  /** Stored with each order, so an order is always settled by the provider that took it. */
  readonly name: string;
  startPayment(order: { orderId: string; buyerId: string; totalCents: number }): Promise<PaymentStart>;
  /** What the buyer reads about an order's payment when it is shown again (a retried checkout). */
  describe(paymentStatus: 'pending' | 'captured' | 'voided'): string;
}

/**
 * The beta's provider: it records the order as placed with its payment pending and moves no money.
 * Nothing is ever captured, so commission stays pending.
 */
export const betaPaymentProvider: PaymentProvider = {
  name: 'beta',
  async startPayment() {
    return { paymentStatus: 'pending', message: orderMessages.paymentPending };
  },
  describe(paymentStatus) {
    return paymentStatus === 'voided' ? orderMessages.cancelled : orderMessages.paymentPending;
  },
};

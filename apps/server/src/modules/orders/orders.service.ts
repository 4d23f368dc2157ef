import { createHash, randomUUID } from 'node:crypto';
import {
  ORDER_CANCEL_WINDOW_MS,
  UNPAID_ORDERS_PER_DAY,
  UNPAID_ORDERS_WINDOW_MS,
  UNPAID_ORDER_CENTS_PER_DAY,
  commissionShares,
  formatCents,
  orderMessages,
  toCents,
  type Order,
  type OrdersResponse,
  type PlaceOrderInput,
  type PlaceOrderResponse,
} from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { AppError, RateLimitedError, notFound } from '../../errors';
import type { NewCommissionEntry } from '../commission/commission.repository';
import { notifyCommissionEarned } from '../notifications/notifications.service';
import {
  cancelOrderAndReverse,
  expireUnpaidOrdersBefore,
  findDesignsForOrder,
  findOrderByKey,
  findOrderOfBuyer,
  findOrdersOfBuyer,
  findProductsForOrder,
  insertOrderWithCommission,
  toOrderDto,
  type OrderLineRow,
  type OrderRow,
  type OrderWithLines,
  type UnpaidOrderCaps,
} from './orders.repository';
import type { PaymentProvider } from './payment-provider';

/** How many orders the Orders screen lists. */
const ORDERS_LISTED = 100;

/** What one buyer may have placed and not paid in any 24 hours (docs/security.md; docs/security.md). */
const UNPAID_ORDER_CAPS: UnpaidOrderCaps = {
  orders: UNPAID_ORDERS_PER_DAY,
  cents: UNPAID_ORDER_CENTS_PER_DAY,
  windowMs: UNPAID_ORDERS_WINDOW_MS,
};

/** Orders one expiry transaction takes: small enough that a long backlog never holds many locks at once. */
const EXPIRY_BATCH = 100;

/** A refusal naming the field of the request it is about, like the schema's own 400s. */
const refuseField = (kind: 'bad_input' | 'conflict', field: string, message: string) =>
  new AppError(kind, kind === 'conflict' ? 'Conflict' : 'Bad Request', [{ field, message }], `${field}: ${message}`);

/** What a checkout asked for, so a key reused for another cart is told apart from a retry. */
function fingerprintOf(lines: PlaceOrderInput['lines']): string {
  const canonical = lines.map((line) => [line.productId, line.quantity, line.unitPriceCents, line.designId]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

const cancellableUntil = (order: OrderRow, now: Date): Date | null => {
  const until = new Date(order.createdAt.getTime() + ORDER_CANCEL_WINDOW_MS);
  return order.status === 'placed' && now < until ? until : null;
};

const orderDto = (found: OrderWithLines, now = new Date()): Order =>
  toOrderDto(found, cancellableUntil(found.order, now));

/**
 * Prices each line from the catalogue and works out its commission. Refuses, before anything is
 * written, a product or design that does not exist, a design that does not show the product, and a
 * price other than the catalogue's (the buyer must see what they pay).
 */
async function priceOrder(db: AppDatabase, buyerId: string, input: PlaceOrderInput, orderId: string) {
  const [catalogue, shopDesigns] = await Promise.all([
    findProductsForOrder(db, [...new Set(input.lines.map((line) => line.productId))]),
    findDesignsForOrder(db, [...new Set(input.lines.flatMap((line) => (line.designId ? [line.designId] : [])))]),
  ]);
  const lines: OrderLineRow[] = [];
  const commission: NewCommissionEntry[] = [];
  input.lines.forEach((line, index) => {
    const field = `body.lines.${index}`;
    const product = catalogue.get(line.productId);
    const design = line.designId === null ? null : shopDesigns.get(line.designId);
    // a private design of someone else is as unknown as a missing one
    const visible = design && (design.isPublic || design.userId === buyerId) ? design : null;
    if (!product) {
      // the creator's own item (decision 0023) is shown on the design but is no product: say so
      const ownItem = visible?.selectedProducts.some((shown) => shown.id === line.productId && shown.ownItem);
      throw refuseField(
        'bad_input',
        `${field}.productId`,
        ownItem ? orderMessages.ownItemNotSold : orderMessages.unknownProduct,
      );
    }
    if (design === undefined || (design && !visible)) {
      throw refuseField('bad_input', `${field}.designId`, orderMessages.unknownDesign);
    }
    if (design && !design.selectedProducts.some((shown) => shown.id === product.id && !shown.ownItem)) {
      throw refuseField('bad_input', `${field}.designId`, orderMessages.productNotInDesign);
    }
    const unitPriceCents = toCents(product.price);
    if (line.unitPriceCents !== unitPriceCents) {
      throw refuseField(
        'conflict',
        `${field}.unitPriceCents`,
        orderMessages.priceChanged(product.name, formatCents(unitPriceCents)),
      );
    }
    const lineId = randomUUID();
    const lineTotalCents = unitPriceCents * line.quantity;
    lines.push({
      id: lineId,
      orderId,
      position: index,
      productId: product.id,
      productName: product.name,
      imageUrl: product.imageUrl,
      unitPriceCents,
      quantity: line.quantity,
      lineTotalCents,
      designId: design?.id ?? null,
      designTitle: design?.title ?? null,
    });
    if (!design) return;
    const shares = commissionShares({
      lineCents: lineTotalCents,
      buyerId,
      creatorId: design.userId,
      originalCreatorId: design.originalCreatorId,
      isRemix: design.originalCreatorId !== null || design.originalCreatorDeleted,
    });
    for (const share of shares) {
      commission.push({
        earnerId: share.earnerId,
        role: share.role === 'original_creator' ? 'original_creator' : 'creator',
        amountCents: share.amountCents,
        orderId,
        orderLineId: lineId,
        designId: design.id,
        designTitle: design.title,
        productName: product.name,
      });
    }
  });
  return { lines, commission };
}

/** A checkout that its key already made: the same order again, or 409 when the cart differs. */
async function replayOrder(
  db: AppDatabase,
  provider: PaymentProvider,
  existing: OrderRow,
  fingerprint: string,
): Promise<PlaceOrderResponse> {
  if (existing.requestFingerprint !== fingerprint) {
    throw new AppError(
      'conflict',
      'Conflict',
      [{ field: 'body.idempotencyKey', message: orderMessages.keyReused }],
      orderMessages.keyReused,
    );
  }
  const found = await findOrderOfBuyer(db, existing.id, existing.buyerId);
  if (!found) throw notFound('Order');
  return { order: orderDto(found), created: false, paymentMessage: provider.describe(found.order.paymentStatus) };
}

/**
 * Places the account's order from its cart (decision 0018): prices from the catalogue, the order, its
 * lines and the commission of lines shopped from designs in one transaction, then the payment
 * provider's word and a notification for each person who earned. A retry with the same
 * idempotency key answers the order it made and writes nothing.
 */
export async function placeOrder(
  db: AppDatabase,
  provider: PaymentProvider,
  buyerId: string,
  input: PlaceOrderInput,
): Promise<PlaceOrderResponse> {
  const fingerprint = fingerprintOf(input.lines);
  const existing = await findOrderByKey(db, buyerId, input.idempotencyKey);
  if (existing) return replayOrder(db, provider, existing, fingerprint);

  const orderId = randomUUID();
  const { lines, commission } = await priceOrder(db, buyerId, input, orderId);
  const totalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  // no wait makes room for it: say so, rather than a 429 whose Retry-After would not help
  if (totalCents > UNPAID_ORDER_CAPS.cents) {
    throw new AppError('bad_input', 'Bad Request', undefined, orderMessages.orderOverValueCap);
  }
  const result = await insertOrderWithCommission(
    db,
    {
      order: {
        id: orderId,
        buyerId,
        idempotencyKey: input.idempotencyKey,
        requestFingerprint: fingerprint,
        status: 'placed',
        paymentStatus: 'pending',
        paymentProvider: provider.name,
        totalCents,
      },
      lines,
      commission,
    },
    UNPAID_ORDER_CAPS,
  );
  if ('refused' in result) {
    throw new RateLimitedError(
      result.refused === 'unpaid_orders' ? orderMessages.tooManyUnpaidOrders : orderMessages.unpaidValueOverCap,
      Math.max(1, Math.ceil((result.retryAt.getTime() - Date.now()) / 1000)),
    );
  }
  if (!result.created) return replayOrder(db, provider, result.order, fingerprint);

  const payment = await provider.startPayment({ orderId, buyerId, totalCents: result.order.totalCents });
  await notifyCommissionEarned(db, { buyerId, entries: commission });
  return {
    order: orderDto({ order: result.order, lines }),
    created: true,
    paymentMessage: payment.message,
  };
}

/** The Orders screen: the account's orders, newest first. */
export async function listOrders(db: AppDatabase, buyerId: string): Promise<OrdersResponse> {
  const now = new Date();
  return { items: (await findOrdersOfBuyer(db, buyerId, ORDERS_LISTED)).map((found) => orderDto(found, now)) };
}

/**
 * Cancels the account's order within the beta's window and reverses its commission with new
 * ledger rows. Cancelling a cancelled order again changes nothing (a double tap).
 */
export async function cancelOrder(db: AppDatabase, buyerId: string, orderId: string): Promise<Order> {
  const outcome = await cancelOrderAndReverse(db, {
    orderId,
    buyerId,
    placedAfter: new Date(Date.now() - ORDER_CANCEL_WINDOW_MS),
  });
  if (outcome === 'not_found') throw notFound('Order');
  if (outcome === 'expired') throw new AppError('conflict', 'Conflict', undefined, orderMessages.expired);
  if (outcome === 'window_over') throw new AppError('conflict', 'Conflict', undefined, orderMessages.cancelWindowOver);
  const found = await findOrderOfBuyer(db, orderId, buyerId);
  if (!found) throw notFound('Order');
  return orderDto(found);
}

/**
 * Expires every order placed more than `paymentWindowMs` before `now` and still unpaid (docs/security.md):
 * each becomes 'expired' and its pending commission is reversed with new ledger rows, as a
 * cancellation's is. Batch by batch, so any number of instances may sweep at once. Returns how many
 * it expired.
 */
export async function expireUnpaidOrders(
  db: AppDatabase,
  options: { now: Date; paymentWindowMs: number },
): Promise<number> {
  const placedBefore = new Date(options.now.getTime() - options.paymentWindowMs);
  let expired = 0;
  for (;;) {
    const batch = await expireUnpaidOrdersBefore(db, placedBefore, EXPIRY_BATCH);
    expired += batch.length;
    if (batch.length < EXPIRY_BATCH) return expired;
  }
}

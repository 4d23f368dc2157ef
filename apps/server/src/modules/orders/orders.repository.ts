import { and, asc, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Order, DesignProduct } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { designs, orderLines, orders, products } from '../../db/schema';
import {
  appendReversalsOfOrder,
  insertEarnedEntries,
  type NewCommissionEntry,
} from '../commission/commission.repository';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** The order an account's idempotency key already made, if any. */
export async function findOrderByKey(
  db: AppDatabase,
  buyerId: string,
  idempotencyKey: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

/** Catalogue rows by id: what an order charges (never the browser's price). */
export async function findProductsForOrder(
  db: AppDatabase,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string; price: number; imageUrl: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name, price: products.price, imageUrl: products.imageUrl })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export interface DesignForOrder {
  id: string;
  userId: string;
  title: string;
  isPublic: boolean;
  selectedProducts: DesignProduct[];
  originalCreatorId: string | null;
  originalCreatorDeleted: boolean;
}

/** Designs lines were shopped from: who made them, what they show, and whom they remix. */
export async function findDesignsForOrder(
  db: AppDatabase,
  ids: readonly string[],
): Promise<Map<string, DesignForOrder>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: designs.id,
      userId: designs.userId,
      title: designs.title,
      isPublic: designs.isPublic,
      selectedProducts: designs.selectedProducts,
      originalCreatorId: designs.originalCreatorId,
      originalCreatorDeleted: designs.originalCreatorDeleted,
    })
    .from(designs)
    .where(inArray(designs.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export interface NewOrder {
  order: Omit<typeof orders.$inferInsert, 'createdAt' | 'cancelledAt'>;
  lines: Array<typeof orderLines.$inferInsert>;
  commission: readonly NewCommissionEntry[];
}

/**
 * What a buyer may have placed without paying within `windowMs`: this many orders (cancelled and
 * expired ones too, so that placing and cancelling cannot credit and notify without end), and
 * orders still open and unpaid worth this much (cancelling one frees its value).
 */
export interface UnpaidOrderCaps {
  orders: number;
  cents: number;
  windowMs: number;
}

export type InsertOrderOutcome =
  | { created: true; order: OrderRow }
  | { created: false; order: OrderRow }
  | { created: false; refused: 'unpaid_orders' | 'unpaid_value'; retryAt: Date };

/** Orders still unpaid: placed, neither cancelled nor expired, payment not captured. */
const isUnpaid = and(eq(orders.status, 'placed'), eq(orders.paymentStatus, 'pending'));

interface RecentUnpaidOrder {
  createdAt: Date;
  totalCents: number;
  /** Still placed and unpaid (not cancelled or expired): its value counts. */
  open: boolean;
}

/**
 * When the buyer's unpaid orders of the window, oldest first, will leave room for one more of
 * `cents`: the oldest age out of the window first. Null when there is room now.
 */
function roomAt(
  recent: readonly RecentUnpaidOrder[],
  cents: number,
  caps: UnpaidOrderCaps,
): { refused: 'unpaid_orders' | 'unpaid_value'; retryAt: Date } | null {
  let count = recent.length;
  let value = recent.reduce((sum, order) => sum + (order.open ? order.totalCents : 0), 0);
  const refused = count >= caps.orders ? 'unpaid_orders' : value + cents > caps.cents ? 'unpaid_value' : null;
  if (refused === null) return null;
  for (const order of recent) {
    count -= 1;
    if (order.open) value -= order.totalCents;
    if (count < caps.orders && value + cents <= caps.cents) {
      return { refused, retryAt: new Date(order.createdAt.getTime() + caps.windowMs) };
    }
  }
  throw new Error('an order within the value cap found no room once every unpaid order aged out');
}

/**
 * Writes the order, its lines and its commission in one transaction, unless the buyer's unpaid
 * orders of the last `caps.windowMs` are at a cap (UnpaidOrderCaps). The transaction holds a lock on the buyer first,
 * so their checkouts run one at a time: two sent together cannot both find room for one more. When
 * the account's key already made an order (a retry, or a twin of this request that won the lock),
 * writes nothing and answers that order instead, before any cap: a retry is never refused.
 */
export async function insertOrderWithCommission(
  db: AppDatabase,
  input: NewOrder,
  caps: UnpaidOrderCaps,
): Promise<InsertOrderOutcome> {
  const { buyerId, idempotencyKey, totalCents } = input.order;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`orders:buyer:${buyerId}`}, 0))`);
    const [existing] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.buyerId, buyerId), eq(orders.idempotencyKey, idempotencyKey)))
      .limit(1);
    if (existing) return { created: false, order: existing };
    const recent = await tx
      .select({ createdAt: orders.createdAt, totalCents: orders.totalCents, open: sql<boolean>`${isUnpaid}` })
      .from(orders)
      .where(
        and(
          eq(orders.buyerId, buyerId),
          ne(orders.paymentStatus, 'captured'),
          gt(orders.createdAt, sql`now() - ${`${caps.windowMs} milliseconds`}::interval`),
        ),
      )
      .orderBy(asc(orders.createdAt));
    const full = roomAt(recent, totalCents, caps);
    if (full) return { created: false, ...full };
    const [inserted] = await tx.insert(orders).values(input.order).returning();
    await tx.insert(orderLines).values(input.lines);
    await insertEarnedEntries(tx, input.commission);
    return { created: true, order: inserted! };
  });
}

/** The lines of these orders, in their order. */
async function findLinesOf(db: AppDatabase, orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

export interface OrderWithLines {
  order: OrderRow;
  lines: OrderLineRow[];
}

/** The account's orders, newest first, with their lines. */
export async function findOrdersOfBuyer(db: AppDatabase, buyerId: string, limit: number): Promise<OrderWithLines[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.buyerId, buyerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  const lines = await findLinesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((order) => ({ order, lines: lines.get(order.id) ?? [] }));
}

export async function findOrderOfBuyer(
  db: AppDatabase,
  orderId: string,
  buyerId: string,
): Promise<OrderWithLines | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
    .limit(1);
  if (!order) return null;
  return { order, lines: (await findLinesOf(db, [order.id])).get(order.id) ?? [] };
}

export type CancelOutcome = 'not_found' | 'already_cancelled' | 'expired' | 'window_over' | 'cancelled';

/**
 * Cancels the account's order if it was placed after `placedAfter`, and reverses its commission
 * with new ledger rows, in one transaction under the order's row lock.
 */
export async function cancelOrderAndReverse(
  db: AppDatabase,
  query: { orderId: string; buyerId: string; placedAfter: Date },
): Promise<CancelOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, createdAt: orders.createdAt })
      .from(orders)
      .where(and(eq(orders.id, query.orderId), eq(orders.buyerId, query.buyerId)))
      .for('update');
    if (!order) return 'not_found';
    if (order.status === 'cancelled') return 'already_cancelled';
    if (order.status === 'expired') return 'expired';
    if (order.createdAt <= query.placedAfter) return 'window_over';
    await tx
      .update(orders)
      .set({ status: 'cancelled', paymentStatus: 'voided', cancelledAt: sql`now()` })
      .where(eq(orders.id, query.orderId));
    await appendReversalsOfOrder(tx, query.orderId);
    return 'cancelled';
  });
}

/**
 * Expires up to `batch` orders placed before `placedBefore` and still unpaid, oldest first, and
 * reverses their pending commission with new ledger rows, in one transaction. The orders are taken
 * with FOR UPDATE SKIP LOCKED: another instance sweeping at the same moment takes other orders, and
 * an order a cancellation holds is left to it (the next sweep finds it cancelled). An order is
 * expired once: the update names only orders still unpaid.
 */
export async function expireUnpaidOrdersBefore(db: AppDatabase, placedBefore: Date, batch: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(isUnpaid, lte(orders.createdAt, placedBefore)))
      .orderBy(asc(orders.createdAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const expired = await tx
      .update(orders)
      .set({ status: 'expired', paymentStatus: 'voided' })
      .where(
        and(
          inArray(
            orders.id,
            due.map((row) => row.id),
          ),
          isUnpaid,
        ),
      )
      .returning({ id: orders.id });
    for (const { id } of expired) await appendReversalsOfOrder(tx, id);
    return expired.map((row) => row.id);
  });
}

export function toOrderDto(found: OrderWithLines, cancellableUntil: Date | null): Order {
  const { order, lines } = found;
  return {
    id: order.id,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentProvider: order.paymentProvider,
    totalCents: order.totalCents,
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      name: line.productName,
      imageUrl: line.imageUrl,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
      designId: line.designId,
      designTitle: line.designTitle,
    })),
    createdAt: order.createdAt.toISOString(),
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancellableUntil: cancellableUntil?.toISOString() ?? null,
  };
}

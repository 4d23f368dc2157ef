import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
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
 * Writes the order, its lines and its commission in one transaction. When the account's key
 * already made an order (a concurrent twin of this request won), writes nothing and answers that
 * order instead: the unique index on (buyer, key) makes the second insert wait for the first to
 * commit, then find it.
 */
export async function insertOrderWithCommission(
  db: AppDatabase,
  input: NewOrder,
): Promise<{ created: true; order: OrderRow } | { created: false; order: OrderRow }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(orders)
      .values(input.order)
      .onConflictDoNothing({ target: [orders.buyerId, orders.idempotencyKey] })
      .returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.buyerId, input.order.buyerId), eq(orders.idempotencyKey, input.order.idempotencyKey)))
        .limit(1);
      if (!existing) throw new Error('an order conflicted on its key but none has it');
      return { created: false, order: existing };
    }
    await tx.insert(orderLines).values(input.lines);
    await insertEarnedEntries(tx, input.commission);
    return { created: true, order: inserted };
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

export type CancelOutcome = 'not_found' | 'already_cancelled' | 'window_over' | 'cancelled';

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
    if (order.createdAt <= query.placedAfter) return 'window_over';
    await tx
      .update(orders)
      .set({ status: 'cancelled', paymentStatus: 'voided', cancelledAt: sql`now()` })
      .where(eq(orders.id, query.orderId));
    await appendReversalsOfOrder(tx, query.orderId);
    return 'cancelled';
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

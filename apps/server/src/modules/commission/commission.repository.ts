import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CommissionRole, EarningsEntry, EarningsTotals } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { commissionEntries } from '../../db/schema';

/** A share a line earns, as the order's transaction writes it: always pending until payment is captured. */
export interface NewCommissionEntry {
  earnerId: string;
  role: Exclude<CommissionRole, 'sample'>;
  amountCents: number;
  orderId: string;
  orderLineId: string;
  designId: string;
  designTitle: string;
  productName: string;
}

/** Appends one pending 'earned' row per share (inside the order's transaction). */
export async function insertEarnedEntries(tx: AppDatabase, entries: readonly NewCommissionEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(commissionEntries)
    .values(
      entries.map((entry) => ({ id: randomUUID(), kind: 'earned' as const, status: 'pending' as const, ...entry })),
    );
}

const reversal = alias(commissionEntries, 'reversal');

/**
 * Moves every pending share of the order to reversed, with new rows only: for each earned row not
 * yet reversed, −amount in pending and +amount in reversed, both naming it. The caller holds the
 * order's row lock, so two cancellations cannot both find a share unreversed.
 */
export async function appendReversalsOfOrder(tx: AppDatabase, orderId: string): Promise<number> {
  const open = await tx
    .select()
    .from(commissionEntries)
    .leftJoin(reversal, eq(reversal.reversesId, commissionEntries.id))
    .where(
      and(
        eq(commissionEntries.orderId, orderId),
        eq(commissionEntries.kind, 'earned'),
        eq(commissionEntries.status, 'pending'),
        isNull(reversal.id),
      ),
    );
  const rows = open.flatMap(({ commission_entries: earned }) => {
    const common = {
      earnerId: earned.earnerId,
      kind: 'reversed' as const,
      role: earned.role,
      orderId: earned.orderId,
      orderLineId: earned.orderLineId,
      designId: earned.designId,
      designTitle: earned.designTitle,
      productName: earned.productName,
      reversesId: earned.id,
    };
    return [
      { ...common, id: randomUUID(), status: 'pending' as const, amountCents: -earned.amountCents },
      { ...common, id: randomUUID(), status: 'reversed' as const, amountCents: earned.amountCents },
    ];
  });
  if (rows.length > 0) await tx.insert(commissionEntries).values(rows);
  return open.length;
}

/** The earner's sums per status bucket. */
export async function sumEarnings(db: AppDatabase, earnerId: string): Promise<EarningsTotals> {
  const rows = await db
    .select({ status: commissionEntries.status, cents: sql<string>`sum(${commissionEntries.amountCents})` })
    .from(commissionEntries)
    .where(eq(commissionEntries.earnerId, earnerId))
    .groupBy(commissionEntries.status);
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.cents ?? 0);
  return { pendingCents: of('pending'), availableCents: of('available'), reversedCents: of('reversed') };
}

/** The earner's not-reversed earnings per design (null: sample figures), the largest first. */
export async function sumEarningsByDesign(
  db: AppDatabase,
  earnerId: string,
): Promise<{ designId: string | null; designTitle: string | null; pendingCents: number; availableCents: number }[]> {
  const pending = sql<string>`coalesce(sum(${commissionEntries.amountCents}) filter (where ${commissionEntries.status} = 'pending'), 0)`;
  const available = sql<string>`coalesce(sum(${commissionEntries.amountCents}) filter (where ${commissionEntries.status} = 'available'), 0)`;
  const rows = await db
    .select({
      designId: commissionEntries.designId,
      designTitle: sql<string | null>`max(${commissionEntries.designTitle})`,
      pending,
      available,
    })
    .from(commissionEntries)
    .where(and(eq(commissionEntries.earnerId, earnerId), ne(commissionEntries.status, 'reversed')))
    .groupBy(commissionEntries.designId)
    .orderBy(desc(sql`${pending} + ${available}`));
  return rows
    .map((row) => ({
      designId: row.designId,
      designTitle: row.designTitle,
      pendingCents: Number(row.pending),
      availableCents: Number(row.available),
    }))
    .filter((row) => row.pendingCents !== 0 || row.availableCents !== 0);
}

/**
 * The earner's ledger as a person reads it, newest first: each share earned (with where it stands
 * now) and each reversal (the amount taken back from pending). The reversed bucket's mirror rows
 * are left out: they say the same thing twice.
 */
export async function findEarningsEntries(db: AppDatabase, earnerId: string, limit: number): Promise<EarningsEntry[]> {
  const rows = await db
    .select({ entry: commissionEntries, reversedBy: reversal.id })
    .from(commissionEntries)
    .leftJoin(reversal, and(eq(reversal.reversesId, commissionEntries.id), eq(reversal.status, 'reversed')))
    .where(
      and(
        eq(commissionEntries.earnerId, earnerId),
        or(
          eq(commissionEntries.kind, 'earned'),
          and(eq(commissionEntries.kind, 'reversed'), eq(commissionEntries.status, 'pending')),
        ),
      ),
    )
    .orderBy(desc(commissionEntries.createdAt), desc(commissionEntries.kind), desc(commissionEntries.id))
    .limit(limit);
  return rows.map(({ entry, reversedBy }) => ({
    id: entry.id,
    kind: entry.kind,
    role: entry.role,
    status: entry.kind === 'reversed' || reversedBy !== null ? 'reversed' : entry.status,
    amountCents: entry.amountCents,
    orderId: entry.orderId,
    designId: entry.designId,
    designTitle: entry.designTitle,
    productName: entry.productName,
    createdAt: entry.createdAt.toISOString(),
  }));
}

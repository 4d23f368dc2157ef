import type { EarningsResponse } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { findEarningsEntries, sumEarnings, sumEarningsByDesign } from './commission.repository';

/** How many ledger entries the Earnings screen lists. */
const ENTRIES_LISTED = 200;

/** The Earnings screen: the account's sums (pending and available apart), per design, and its entries newest first. */
export async function getEarnings(db: AppDatabase, earnerId: string): Promise<EarningsResponse> {
  const [totals, byDesign, entries] = await Promise.all([
    sumEarnings(db, earnerId),
    sumEarningsByDesign(db, earnerId),
    findEarningsEntries(db, earnerId, ENTRIES_LISTED),
  ]);
  return { totals, byDesign, entries };
}

import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import {
  announceViewerChange,
  announceViewerChangesNow,
  MARK_SET_MAX_IDS,
  viewerChanged,
} from '../../realtime/viewer-caches';
import { designs, savedDesigns } from '../../db/schema';
import { exactTime, isDesignVisible, visibleTo, type DesignKey } from '../designs/designs.repository';
import type { KeyedDesignId } from '../designs/design-pages';

/** Which of `designIds` the account saved, as a prepared statement (it runs on every cached feed page). */
const savedAmongStatement = preparedPer((db) =>
  db
    .select({ designId: savedDesigns.designId })
    .from(savedDesigns)
    .where(
      and(
        eq(savedDesigns.userId, sql.placeholder('accountId')),
        sql`${savedDesigns.designId} = any(${sql.placeholder('designIds')}::text[])`,
      ),
    )
    .prepare('account_saved_among'),
);

/** Which of `designIds` the account saved (saved_designs' primary key serves it). */
export async function findSavedAmong(db: AppDatabase, accountId: string, designIds: string[]): Promise<Set<string>> {
  if (designIds.length === 0) return new Set();
  const rows = await savedAmongStatement(db).execute({ accountId, designIds });
  return new Set(rows.map((row) => row.designId));
}

const allSavedStatement = preparedPer((db) =>
  db
    .select({ designId: savedDesigns.designId })
    .from(savedDesigns)
    .where(eq(savedDesigns.userId, sql.placeholder('accountId')))
    .limit(sql.placeholder('limit'))
    .prepare('account_saved_all'),
);

/** The ids of every design the account saved; null when there are more than `max`. */
export async function findAllSavedIds(
  db: AppDatabase,
  accountId: string,
  max = MARK_SET_MAX_IDS,
): Promise<Set<string> | null> {
  const rows = await allSavedStatement(db).execute({ accountId, limit: max + 1 });
  return rows.length > max ? null : new Set(rows.map((row) => row.designId));
}

/** Saves the design for the account, once however often it is asked; false when no design it may see has this id. */
export async function addSave(db: AppDatabase, accountId: string, designId: string): Promise<boolean> {
  const saved = await db.transaction(async (tx) => {
    // the lock the save's foreign key takes anyway, taken first: a design deleted meanwhile is a
    // missing design (false), never a foreign-key error
    const [design] = await tx
      .select({ id: designs.id })
      .from(designs)
      .where(and(eq(designs.id, designId), visibleTo(accountId)))
      .for('key share');
    if (!design) return false;
    await tx.insert(savedDesigns).values({ userId: accountId, designId }).onConflictDoNothing();
    await announceViewerChange(tx, { saved: accountId });
    return true;
  });
  if (saved) viewerChanged(db, [{ saved: accountId }]);
  return saved;
}

/**
 * Takes the account's save of the design away, if there was one; false when no design it may see has this id
 * (a save of a design hidden since stays, as hidden as the design).
 */
export async function removeSave(db: AppDatabase, accountId: string, designId: string): Promise<boolean> {
  if (!(await isDesignVisible(db, designId, accountId))) return false;
  const deleted = await db
    .delete(savedDesigns)
    .where(and(eq(savedDesigns.userId, accountId), eq(savedDesigns.designId, designId)))
    .returning({ designId: savedDesigns.designId });
  if (deleted.length > 0) await announceViewerChangesNow(db, [{ saved: accountId }]);
  return true;
}

/**
 * The account's saves older than `after`, newest first, each keyed by when it was saved: public
 * designs, and the account's own. saved_designs_user_idx serves the order.
 */
export async function findSavedKeys(
  db: AppDatabase,
  query: { accountId: string; after: DesignKey | null; limit: number },
): Promise<KeyedDesignId[]> {
  // keyset pagination: offsets drift when a save is added at the top
  const olderThanKey = query.after
    ? sql`(${savedDesigns.createdAt}, ${savedDesigns.designId}) < (${query.after.createdAt}::timestamptz, ${query.after.id}::text)`
    : undefined;
  const rows = await db
    .select({ designId: savedDesigns.designId, savedAt: exactTime(savedDesigns.createdAt) })
    .from(savedDesigns)
    .innerJoin(designs, eq(designs.id, savedDesigns.designId))
    .where(
      and(
        eq(savedDesigns.userId, query.accountId),
        or(sql`${designs.isPublic}`, eq(designs.userId, query.accountId)),
        olderThanKey,
      ),
    )
    .orderBy(desc(savedDesigns.createdAt), desc(savedDesigns.designId))
    .limit(query.limit);
  return rows.map((row) => ({ designId: row.designId, key: { createdAt: row.savedAt, id: row.designId } }));
}

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FollowResponse } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { designs, follows, users } from '../../db/schema';
import { exactTime, type DesignKey } from '../designs/designs.repository';
import type { KeyedDesignId } from '../designs/design-pages';

export type FollowCounts = Pick<FollowResponse, 'followerCount' | 'followingCount'>;

/** What a follow or unfollow did: whether it changed anything, and the followee's counts after it. */
export interface FollowChange {
  changed: boolean;
  counts: FollowCounts;
}

type Transaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

/**
 * Adds (`+1`) or removes (`-1`) the follow and moves both users' counts in the same transaction, so
 * the counts always equal the rows. Null when the followee does not exist.
 */
async function changeFollow(
  db: AppDatabase,
  followerId: string,
  followeeId: string,
  direction: 1 | -1,
): Promise<FollowChange | null> {
  return db.transaction(async (tx) => {
    if (!(await lockPair(tx, followerId, followeeId))) return null;
    const pair = and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId));
    const touched =
      direction === 1
        ? await tx
            .insert(follows)
            .values({ followerId, followeeId })
            .onConflictDoNothing()
            .returning({ followeeId: follows.followeeId })
        : await tx.delete(follows).where(pair).returning({ followeeId: follows.followeeId });
    const changed = touched.length > 0;
    if (changed) {
      await tx
        .update(users)
        .set({ followerCount: sql`${users.followerCount} + ${direction}` })
        .where(eq(users.id, followeeId));
      await tx
        .update(users)
        .set({ followingCount: sql`${users.followingCount} + ${direction}` })
        .where(eq(users.id, followerId));
    }
    const [counts] = await tx
      .select({ followerCount: users.followerCount, followingCount: users.followingCount })
      .from(users)
      .where(eq(users.id, followeeId));
    return { changed, counts: counts! };
  });
}

/**
 * Locks both users' rows, always in id order: 'A follows B' and 'B follows A' at once would
 * otherwise each hold one row and wait for the other (a deadlock). `no key update` is the lock the
 * count updates take anyway, and leaves rows that reference a user (designs, likes) free to insert.
 * False when the followee does not exist.
 */
async function lockPair(tx: Transaction, followerId: string, followeeId: string): Promise<boolean> {
  const locked = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [followerId, followeeId]))
    .orderBy(asc(users.id))
    .for('no key update');
  return locked.some((row) => row.id === followeeId);
}

/** Idempotent: the counts move only when this call created the follow. Null for an unknown followee. */
export const addFollow = (db: AppDatabase, followerId: string, followeeId: string) =>
  changeFollow(db, followerId, followeeId, 1);

/** The mirror of addFollow: the counts move only when this call removed the follow. */
export const removeFollow = (db: AppDatabase, followerId: string, followeeId: string) =>
  changeFollow(db, followerId, followeeId, -1);

/**
 * The Following feed's order: public designs (both modes) of the users the account follows, older
 * than `after`, newest first, keyed like the community feed.
 */
export async function findFollowingKeys(
  db: AppDatabase,
  query: { accountId: string; after: DesignKey | null; limit: number },
): Promise<KeyedDesignId[]> {
  // keyset pagination: offsets drift when new designs arrive at the top
  const olderThanKey = query.after
    ? sql`(${designs.createdAt}, ${designs.id}) < (${query.after.createdAt}::timestamptz, ${query.after.id}::text)`
    : undefined;
  const followed = db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, query.accountId));
  const rows = await db
    .select({ id: designs.id, createdAt: exactTime(designs.createdAt) })
    .from(designs)
    .where(and(sql`${designs.isPublic}`, inArray(designs.userId, followed), olderThanKey))
    .orderBy(desc(designs.createdAt), desc(designs.id))
    .limit(query.limit);
  return rows.map((row) => ({ designId: row.id, key: { createdAt: row.createdAt, id: row.id } }));
}

import { asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { User, UserSummary } from '@dwellscape/shared';
import { formatPrice } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { commissionEntries, designs, follows, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
/**
 * A user with what the commission ledger says they earned, as the viewer may see it: available
 * (paid) commission to everyone, pending too to the earner alone (docs/security.md).
 */
export type UserRowWithEarnings = UserRow & { commissionCents: number };

/**
 * The first sample user: the current user of a viewer who is not signed in (docs/product.md §2, §6;
 * docs/product.md §10). Sample users are the users without a password; accounts never count.
 */
export async function findCurrentUser(db: AppDatabase): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(isNull(users.passwordHash))
    .orderBy(asc(users.rank), asc(users.id))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: AppDatabase, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export function toUserSummary(
  row: Pick<UserRow, 'id' | 'username' | 'displayName' | 'avatarUrl' | 'isVerified'>,
): UserSummary {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    isVerified: row.isVerified,
  };
}

export function toUserDto(
  row: UserRowWithEarnings,
  postCount: number,
  currentUserId: string | null,
  isFollowedByViewer: boolean,
): User {
  return {
    ...toUserSummary(row),
    bio: row.bio,
    followerCount: row.followerCount,
    followingCount: row.followingCount,
    postCount,
    commissionEarned: formatPrice(row.commissionCents / 100),
    isCurrentUser: row.id === currentUserId,
    isFollowedByViewer,
  };
}

export interface UserWithPostCount {
  row: UserRowWithEarnings;
  /** Public designs of both modes: what a profile counts as posts. */
  postCount: number;
  /** Whether `followerId` of the query follows this user. */
  isFollowedByViewer: boolean;
}

export interface FindUsersOptions {
  where?: SQL | undefined;
  limit?: number;
  /** Rows to skip first (search's 'Show more'). */
  offset?: number;
  /**
   * The signed-in account looking, if any: decides isFollowedByViewer, and whose own profile shows
   * pending commission besides available.
   */
  followerId?: string | null;
}

/** Users in the sample world's order (rank, then id), each with its public design count. */
export async function findUsersWithPostCount(
  db: AppDatabase,
  options: FindUsersOptions = {},
): Promise<UserWithPostCount[]> {
  const publicCounts = db
    .select({ userId: designs.userId, count: sql<number>`count(*)::int`.as('post_count') })
    .from(designs)
    .where(eq(designs.isPublic, true))
    .groupBy(designs.userId)
    .as('public_counts');
  const followerId = options.followerId ?? null;
  const isFollowed =
    followerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${followerId} and ${follows.followeeId} = ${users.id})`;
  // what the ledger holds for them (commission_entries_earner_idx serves it): available to everyone;
  // pending, which an unpaid order credits at once, to the earner alone (docs/security.md)
  const shownBuckets =
    followerId === null
      ? sql`${commissionEntries.status} = 'available'`
      : sql`(${commissionEntries.status} = 'available' or (${commissionEntries.status} = 'pending' and ${users.id} = ${followerId}))`;
  const commissionCents = sql<string>`(select coalesce(sum(${commissionEntries.amountCents}), 0) from ${commissionEntries}
    where ${commissionEntries.earnerId} = ${users.id} and ${shownBuckets})`;
  const query = db
    .select({ row: users, postCount: sql<number>`coalesce(${publicCounts.count}, 0)`, isFollowed, commissionCents })
    .from(users)
    .leftJoin(publicCounts, eq(publicCounts.userId, users.id))
    .where(options.where)
    .orderBy(asc(users.rank), asc(users.id));
  const paged = options.offset ? query.offset(options.offset) : query;
  const rows = options.limit === undefined ? await paged : await paged.limit(options.limit);
  return rows.map((r) => ({
    row: { ...r.row, commissionCents: Number(r.commissionCents) },
    postCount: Number(r.postCount),
    isFollowedByViewer: r.isFollowed === true,
  }));
}

export async function findUserWithPostCountById(
  db: AppDatabase,
  id: string,
  followerId: string | null = null,
): Promise<UserWithPostCount | null> {
  const [found] = await findUsersWithPostCount(db, { where: eq(users.id, id), limit: 1, followerId });
  return found ?? null;
}

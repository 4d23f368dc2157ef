import { asc, eq } from 'drizzle-orm';
import type { User, UserSummary } from '@dwellscape/shared';
import { formatPrice } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The current user is the first sample user (SPEC §2, §6; PRODUCT.md). */
export async function findCurrentUser(db: AppDatabase): Promise<UserRow | null> {
  const [row] = await db.select().from(users).orderBy(asc(users.rank), asc(users.id)).limit(1);
  return row ?? null;
}

export async function findUserById(db: AppDatabase, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export function toUserSummary(row: Pick<UserRow, 'id' | 'username' | 'displayName' | 'avatarUrl' | 'isVerified'>): UserSummary {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    isVerified: row.isVerified,
  };
}

export function toUserDto(row: UserRow, postCount: number, currentUserId: string | null): User {
  return {
    ...toUserSummary(row),
    bio: row.bio,
    followerCount: row.followerCount,
    followingCount: row.followingCount,
    postCount,
    commissionEarned: formatPrice(row.commissionEarned),
    isCurrentUser: row.id === currentUserId,
  };
}

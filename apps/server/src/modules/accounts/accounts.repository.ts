import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { designComments, designLikes, designs, follows, savedDesigns, sessions, users } from '../../db/schema';
import { findLayerUrlsOfAccount } from '../render-jobs/render-jobs.repository';

type Transaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];
type Queryable = AppDatabase | Transaction;

/** Usernames are stored lower-case; the unique index on lower(username) is what this reads. */
const hasUsername = (username: string) => sql`lower(${users.username}) = ${username.toLowerCase()}`;

export async function usernameExists(db: AppDatabase, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(hasUsername(username)).limit(1);
  return row !== undefined;
}

/** What sign-in needs of a user: null for an unknown username; a null hash for a sample user. */
export async function findCredentials(
  db: AppDatabase,
  username: string,
): Promise<{ id: string; passwordHash: string | null } | null> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(hasUsername(username))
    .limit(1);
  return row ?? null;
}

export interface NewAccount {
  id: string;
  username: string;
  displayName: string;
  avatarUrl: string;
  passwordHash: string;
}

/**
 * Inserts the account, or nothing when the username is taken in any case: of two sign-ups racing
 * for one name, the second waits for the first to commit and then inserts nothing (false), never
 * raising a unique violation.
 */
export async function insertAccount(tx: Queryable, account: NewAccount): Promise<boolean> {
  const inserted = await tx.insert(users).values(account).onConflictDoNothing().returning({ id: users.id });
  return inserted.length > 0;
}

/**
 * Gives the session a new token and signs `accountId` in on it (null signs it out). The old token
 * stops working when this commits. Null when the session is gone.
 */
export async function rotateSession(
  tx: Queryable,
  sessionId: string,
  change: { tokenHash: string; accountId: string | null; now: Date },
): Promise<{ expiresAt: Date } | null> {
  const [row] = await tx
    .update(sessions)
    .set({ tokenHash: change.tokenHash, accountId: change.accountId, lastSeenAt: change.now })
    .where(eq(sessions.id, sessionId))
    .returning({ expiresAt: sessions.expiresAt });
  return row ?? null;
}

/** Signs the account out of every session it is signed in on; the sessions stay past the gate. */
export async function signOutAllSessions(tx: Queryable, accountId: string): Promise<void> {
  await tx.update(sessions).set({ accountId: null }).where(eq(sessions.accountId, accountId));
}

/**
 * Moves the likes a gate session made while signed out to the account (decision 0016). A signed-out
 * like does not count in a design's public count (designs.repository addLike, docs/security.md): each one
 * that becomes the account's counts now, and a design both had liked keeps the account's like, which
 * already counted. Idempotent: a second run finds no session likes. Two sessions of one account
 * merging at once stay right: the later insert of a shared design waits for the earlier one to commit
 * and then inserts nothing, so it counts as a duplicate; inserts run in design id order, so two merges
 * never wait on each other in a circle. Returns how many likes started to count.
 */
export async function moveSessionLikesToAccount(tx: Queryable, sessionId: string, accountId: string): Promise<number> {
  const removed = await tx
    .delete(designLikes)
    .where(eq(designLikes.viewerId, sessionId))
    .returning({ designId: designLikes.designId, createdAt: designLikes.createdAt });
  if (removed.length === 0) return 0;
  removed.sort((a, b) => (a.designId < b.designId ? -1 : a.designId > b.designId ? 1 : 0));
  const moved = await tx
    .insert(designLikes)
    .values(removed.map((like) => ({ designId: like.designId, viewerId: accountId, createdAt: like.createdAt })))
    .onConflictDoNothing()
    .returning({ designId: designLikes.designId });
  if (moved.length > 0) {
    await tx
      .update(designs)
      .set({ likesCount: sql`${designs.likesCount} + 1` })
      .where(
        inArray(
          designs.id,
          moved.map((like) => like.designId),
        ),
      );
  }
  return moved.length;
}

export interface ProfileChange {
  displayName?: string;
  bio?: string;
  avatarUrl?: string;
}

/** Changes the profile; returns the avatar it had before, or null when the account is gone. */
export async function updateProfile(
  tx: Queryable,
  accountId: string,
  change: ProfileChange,
): Promise<{ previousAvatarUrl: string } | null> {
  const [before] = await tx
    .select({ avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, accountId))
    .for('no key update');
  if (!before) return null;
  if (Object.keys(change).length > 0) await tx.update(users).set(change).where(eq(users.id, accountId));
  return { previousAvatarUrl: before.avatarUrl };
}

/** The account's own row, for the export. */
export async function findAccountRow(db: AppDatabase, accountId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, accountId)).limit(1);
  return row ?? null;
}

/** The comments, likes, follows (both ways) and saved designs of an account, oldest first. */
export async function findAccountMarks(db: AppDatabase, accountId: string) {
  const [comments, likes, following, followers, saved] = await Promise.all([
    db
      .select({
        id: designComments.id,
        designId: designComments.designId,
        content: designComments.content,
        createdAt: designComments.createdAt,
      })
      .from(designComments)
      .where(eq(designComments.userId, accountId))
      .orderBy(asc(designComments.createdAt), asc(designComments.id)),
    db
      .select({ designId: designLikes.designId, createdAt: designLikes.createdAt })
      .from(designLikes)
      .where(eq(designLikes.viewerId, accountId))
      .orderBy(asc(designLikes.createdAt), asc(designLikes.designId)),
    db
      .select({ userId: users.id, username: users.username, createdAt: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followeeId))
      .where(eq(follows.followerId, accountId))
      .orderBy(asc(follows.createdAt), asc(users.id)),
    db
      .select({ userId: users.id, username: users.username, createdAt: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(eq(follows.followeeId, accountId))
      .orderBy(asc(follows.createdAt), asc(users.id)),
    db
      .select({ designId: savedDesigns.designId, createdAt: savedDesigns.createdAt })
      .from(savedDesigns)
      .where(eq(savedDesigns.userId, accountId))
      .orderBy(desc(savedDesigns.createdAt), desc(savedDesigns.designId)),
  ]);
  return { comments, likes, following, followers, saved };
}

/** Subtracts `by[id]` from `column` of each design: one statement, however many designs. */
async function subtractFromDesigns(
  tx: Transaction,
  column: typeof designs.likesCount | typeof designs.commentsCount,
  ids: string[],
): Promise<void> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  if (counts.size === 0) return;
  const values = sql.join(
    [...counts].map(([id, n]) => sql`(${id}::text, ${n}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${designs} set ${sql.identifier(column.name)} = ${column} - gone.n
        from (values ${values}) as gone(id, n) where ${designs.id} = gone.id`,
  );
}

/**
 * Removes an account and everything it made (decision 0016), inside the caller's transaction:
 * its follows both ways (moving the other side's counts), comments and likes (moving the designs'
 * counts), designs (their likes, comments and saves go with them), saved designs and
 * notifications. Remixes of its designs stay and credit 'a deleted user'. Returns the /media/ URLs
 * its rows pointed at, to be deleted once this commits; null when the account is already gone.
 */
export async function deleteAccountRows(tx: Transaction, accountId: string): Promise<string[] | null> {
  const counterparts = await tx
    .select({ followerId: follows.followerId, followeeId: follows.followeeId })
    .from(follows)
    .where(or(eq(follows.followerId, accountId), eq(follows.followeeId, accountId)));
  const lockIds = new Set([accountId]);
  for (const row of counterparts) lockIds.add(row.followerId).add(row.followeeId);
  // every user row whose counts move, in id order: a follow takes its pair of rows in that order too
  // (follows.repository), so the two never wait on each other in a circle. FOR UPDATE, not NO KEY
  // UPDATE: it also waits for, and then holds off, a publish by this account in another session,
  // which locks the row FOR KEY SHARE first (insertDesignAndAnnounce), so its design is either in
  // before the designs below are deleted or finds the account gone, never a dangling user_id
  const locked = await tx
    .select({ id: users.id, avatarUrl: users.avatarUrl })
    .from(users)
    .where(inArray(users.id, [...lockIds]))
    .orderBy(asc(users.id))
    .for('update');
  const account = locked.find((row) => row.id === accountId);
  if (!account) return null;

  const unfollowed = await tx
    .delete(follows)
    .where(eq(follows.followerId, accountId))
    .returning({ id: follows.followeeId });
  if (unfollowed.length > 0) {
    await tx
      .update(users)
      .set({ followerCount: sql`${users.followerCount} - 1` })
      .where(
        inArray(
          users.id,
          unfollowed.map((row) => row.id),
        ),
      );
  }
  const lostFollowers = await tx
    .delete(follows)
    .where(eq(follows.followeeId, accountId))
    .returning({ id: follows.followerId });
  if (lostFollowers.length > 0) {
    await tx
      .update(users)
      .set({ followingCount: sql`${users.followingCount} - 1` })
      .where(
        inArray(
          users.id,
          lostFollowers.map((row) => row.id),
        ),
      );
  }

  const comments = await tx
    .delete(designComments)
    .where(eq(designComments.userId, accountId))
    .returning({ designId: designComments.designId });
  await subtractFromDesigns(
    tx,
    designs.commentsCount,
    comments.map((row) => row.designId),
  );
  const likes = await tx
    .delete(designLikes)
    .where(eq(designLikes.viewerId, accountId))
    .returning({ designId: designLikes.designId });
  await subtractFromDesigns(
    tx,
    designs.likesCount,
    likes.map((row) => row.designId),
  );

  await tx
    .update(designs)
    .set({ originalCreatorDeleted: true })
    .where(and(eq(designs.originalCreatorId, accountId), sql`${designs.userId} <> ${accountId}`));
  const removedDesigns = await tx.delete(designs).where(eq(designs.userId, accountId)).returning({
    beforeImageUrl: designs.beforeImageUrl,
    afterImageUrl: designs.afterImageUrl,
    videoUrl: designs.videoUrl,
  });
  // its render jobs go with the row too: their live-adjusting layers are its files
  const layerUrls = await findLayerUrlsOfAccount(tx, accountId);
  // notifications, saved designs, render jobs and the sessions' sign-in go with the row (foreign keys)
  await tx.delete(users).where(eq(users.id, accountId));

  const urls = new Set([account.avatarUrl]);
  for (const design of removedDesigns) {
    for (const url of [design.beforeImageUrl, design.afterImageUrl, design.videoUrl]) if (url) urls.add(url);
  }
  for (const url of layerUrls) urls.add(url);
  return [...urls];
}

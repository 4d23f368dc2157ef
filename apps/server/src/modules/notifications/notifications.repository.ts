import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatPrice, type Notification, type UserSummary } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { designs, notifications, users } from '../../db/schema';
import { toUserSummary } from '../users/users.repository';

/** The NOTIFY channel a new notification is announced on (payload: {"id","userId"}), so every instance hears it. */
export const NOTIFICATION_CREATED_CHANNEL = 'notification_created';

const actor = alias(users, 'actor');
const anchor = alias(notifications, 'anchor');

/** Notifications with the actor's summary and the design's after image, newest first. */
async function findNotifications(db: AppDatabase, where: SQL | undefined, limit?: number): Promise<Notification[]> {
  const query = db
    .select({
      notification: notifications,
      actor: {
        id: actor.id,
        username: actor.username,
        displayName: actor.displayName,
        avatarUrl: actor.avatarUrl,
        isVerified: actor.isVerified,
      },
      designAfterImageUrl: designs.afterImageUrl,
    })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .leftJoin(designs, eq(designs.id, notifications.designId))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(toNotificationDto);
}

/** A user's notifications, newest first, with the actor's summary and the design's after image. */
export async function findNotificationsForUser(db: AppDatabase, userId: string): Promise<Notification[]> {
  return findNotifications(db, eq(notifications.userId, userId));
}

/** One notification, if it is the user's. */
export async function findNotificationOfUser(
  db: AppDatabase,
  id: string,
  userId: string,
): Promise<Notification | null> {
  const [found] = await findNotifications(db, and(eq(notifications.id, id), eq(notifications.userId, userId)), 1);
  return found ?? null;
}

/**
 * The user's notifications written after their notification `afterId` (after none: all of them),
 * oldest first: what a live client that last saw `afterId` missed. At most the newest `limit`;
 * none when `afterId` is not one of the user's.
 */
export async function findNotificationsAfter(
  db: AppDatabase,
  query: { userId: string; afterId: string | null; limit: number },
): Promise<Notification[]> {
  // no anchor row makes the comparison NULL, so an unknown id replays nothing
  const afterAnchor =
    query.afterId === null
      ? undefined
      : sql`(${notifications.createdAt}, ${notifications.id}) > (
          select ${anchor.createdAt}, ${anchor.id} from ${notifications} as ${anchor}
          where ${anchor.id} = ${query.afterId} and ${anchor.userId} = ${query.userId}
        )`;
  const newestFirst = await findNotifications(
    db,
    and(eq(notifications.userId, query.userId), afterAnchor),
    query.limit,
  );
  return newestFirst.reverse();
}

/** The id of the user's newest notification, or null when there is none. */
export async function findNewestNotificationId(db: AppDatabase, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  return row?.id ?? null;
}

export async function countUnread(db: AppDatabase, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.unread ?? 0;
}

export async function markAllRead(db: AppDatabase, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
}

export type NotificationType = (typeof notifications.$inferInsert)['type'];

export interface NewNotification {
  /** The recipient. */
  userId: string;
  type: NotificationType;
  actorId: string;
  designId: string | null;
  message: string;
  /** A commission's amount in dollars. */
  amount?: number | null;
}

/**
 * Writes the notification and announces it on notification_created, which Postgres delivers to
 * every listening instance when the transaction commits. With `unlessSince`, it is skipped when the
 * same actor already caused one of this type about the same design (or none) since then. Returns
 * whether it was written.
 */
export async function insertNotificationAndAnnounce(
  db: AppDatabase,
  row: NewNotification,
  unlessSince: Date | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (unlessSince !== null) {
      // one writer at a time per recipient, type, actor and design: two at once cannot both find none
      const key = [row.userId, row.type, row.actorId, row.designId ?? ''].join('|');
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      const [earlier] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, row.userId),
            eq(notifications.type, row.type),
            eq(notifications.actorId, row.actorId),
            row.designId === null ? isNull(notifications.designId) : eq(notifications.designId, row.designId),
            gt(notifications.createdAt, unlessSince),
          ),
        )
        .limit(1);
      if (earlier) return false;
    }
    const id = randomUUID();
    await tx.insert(notifications).values({ id, ...row });
    await tx.execute(
      sql`select pg_notify(${NOTIFICATION_CREATED_CHANNEL}, ${JSON.stringify({ id, userId: row.userId })})`,
    );
    return true;
  });
}

/** What a notification about a design says and who receives it: the design's title and owner. */
export async function findDesignForNotice(
  db: AppDatabase,
  designId: string,
): Promise<{ ownerId: string; title: string; originalCreatorId: string | null; originalTitle: string | null } | null> {
  const original = alias(designs, 'original');
  const [row] = await db
    .select({
      ownerId: designs.userId,
      title: designs.title,
      originalCreatorId: designs.originalCreatorId,
      originalTitle: original.title,
    })
    .from(designs)
    .leftJoin(original, eq(original.id, designs.originalDesignId))
    .where(eq(designs.id, designId))
    .limit(1);
  return row ?? null;
}

export async function findDisplayName(db: AppDatabase, userId: string): Promise<string | null> {
  const [row] = await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.displayName ?? null;
}

type SelectedRow = {
  notification: typeof notifications.$inferSelect;
  actor: UserSummary | null;
  designAfterImageUrl: string | null;
};

function toNotificationDto(row: SelectedRow): Notification {
  const n = row.notification;
  return {
    id: n.id,
    type: n.type,
    actor: row.actor ? toUserSummary(row.actor) : null,
    message: n.message,
    designId: n.designId,
    thumbnailUrl: row.designAfterImageUrl,
    amount: n.amount === null ? null : formatPrice(n.amount),
    createdAt: n.createdAt.toISOString(),
    read: n.read,
  };
}

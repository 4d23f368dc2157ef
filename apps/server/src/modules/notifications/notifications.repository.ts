import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatPrice, type Notification, type UserSummary } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { designs, notifications, users } from '../../db/schema';
import { toUserSummary } from '../users/users.repository';

const actor = alias(users, 'actor');

/** A user's notifications, newest first, with the actor's summary and the design's after image. */
export async function findNotificationsForUser(db: AppDatabase, userId: string): Promise<Notification[]> {
  const rows = await db
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
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return rows.map(toNotificationDto);
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

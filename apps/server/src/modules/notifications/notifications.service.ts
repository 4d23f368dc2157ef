import { formatCents, type Notification } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import type { Viewer } from '../../types';
import {
  countUnread,
  findDesignForNotice,
  findDisplayName,
  findNewestNotificationId,
  findNotificationsAfter,
  findNotificationsForUser,
  insertNotificationAndAnnounce,
  markAllRead,
  type NewNotification,
} from './notifications.repository';

/**
 * Activity from real events (docs/product.md §10): what happens to a person's profile and designs is
 * written down for them, and announced to their open live streams. The notify functions are called
 * once the event has committed. Nobody is notified of their own actions, nor of anything done
 * signed out (a gate session has no name to show). Any user can receive one, the sample users
 * too: their seeded history stays, and a real account's like on a sample design is as real as any.
 */

/** A like or follow repeated within this time (like, unlike, like again) is announced once. */
export const REPEAT_NOTICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The most of a comment's text its notification quotes. */
const COMMENT_EXCERPT_LENGTH = 80;

const quote = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

interface Notice {
  recipientId: string | null;
  actorId: string | null;
  type: NewNotification['type'];
  designId: string | null;
  message: (actorName: string) => string;
  /** Whether a repeat of the same notice within REPEAT_NOTICE_WINDOW_MS is skipped. */
  once: boolean;
}

async function notify(db: AppDatabase, notice: Notice): Promise<void> {
  const { recipientId, actorId } = notice;
  if (recipientId === null || actorId === null || recipientId === actorId) return;
  const actorName = await findDisplayName(db, actorId);
  if (actorName === null) return;
  await insertNotificationAndAnnounce(
    db,
    { userId: recipientId, type: notice.type, actorId, designId: notice.designId, message: notice.message(actorName) },
    notice.once ? new Date(Date.now() - REPEAT_NOTICE_WINDOW_MS) : null,
  );
}

/** After `actorId` liked a design: tells its owner (not on unlike, and once per repeat window). */
export async function notifyLiked(db: AppDatabase, event: { designId: string; actorId: string | null }): Promise<void> {
  const design = await findDesignForNotice(db, event.designId);
  if (!design) return;
  await notify(db, {
    recipientId: design.ownerId,
    actorId: event.actorId,
    type: 'like',
    designId: event.designId,
    message: (name) => `${name} liked your design “${design.title}”.`,
    once: true,
  });
}

/** After `actorId` commented `text` on a design: tells its owner. */
export async function notifyCommented(
  db: AppDatabase,
  event: { designId: string; actorId: string | null; text: string },
): Promise<void> {
  const design = await findDesignForNotice(db, event.designId);
  if (!design) return;
  await notify(db, {
    recipientId: design.ownerId,
    actorId: event.actorId,
    type: 'comment',
    designId: event.designId,
    message: (name) => `${name} commented on “${design.title}”: “${quote(event.text, COMMENT_EXCERPT_LENGTH)}”`,
    once: false,
  });
}

/**
 * After a design was published: when it remixes someone else's design, tells that design's
 * creator (the notification points at the remix). Any other design notifies nobody.
 */
export async function notifyRemixed(db: AppDatabase, event: { designId: string }): Promise<void> {
  const remix = await findDesignForNotice(db, event.designId);
  if (!remix || remix.originalCreatorId === null) return;
  const originalTitle = remix.originalTitle;
  await notify(db, {
    recipientId: remix.originalCreatorId,
    actorId: remix.ownerId,
    type: 'remix',
    designId: event.designId,
    message: (name) =>
      originalTitle === null ? `${name} remixed your design.` : `${name} remixed your design “${originalTitle}”.`,
    once: false,
  });
}

/** After `followerId` started following `followeeId` (once per repeat window). */
export async function notifyFollowed(
  db: AppDatabase,
  event: { followerId: string; followeeId: string },
): Promise<void> {
  await notify(db, {
    recipientId: event.followeeId,
    actorId: event.followerId,
    type: 'follow',
    designId: null,
    message: (name) => `${name} started following you.`,
    once: true,
  });
}

/**
 * After an order committed: tells each person who earned commission from it, once per design
 * (the shares of its lines summed), with the amount and that it is pending.
 */
export async function notifyCommissionEarned(
  db: AppDatabase,
  event: {
    buyerId: string;
    entries: readonly {
      earnerId: string;
      role: 'creator' | 'original_creator';
      amountCents: number;
      designId: string;
      designTitle: string;
    }[];
  },
): Promise<void> {
  const grouped = new Map<string, (typeof event.entries)[number]>();
  for (const entry of event.entries) {
    const key = `${entry.earnerId}|${entry.designId}|${entry.role}`;
    const seen = grouped.get(key);
    grouped.set(key, seen ? { ...seen, amountCents: seen.amountCents + entry.amountCents } : entry);
  }
  const buyerName = await findDisplayName(db, event.buyerId);
  if (buyerName === null) return;
  for (const entry of grouped.values()) {
    if (entry.earnerId === event.buyerId) continue;
    const amount = formatCents(entry.amountCents);
    const message =
      entry.role === 'creator'
        ? `You earned a commission: ${buyerName} bought from your design “${entry.designTitle}”. ${amount}, pending.`
        : `You earned a commission: ${buyerName} bought from “${entry.designTitle}”, a remix of your design. ${amount}, pending.`;
    await insertNotificationAndAnnounce(
      db,
      {
        userId: entry.earnerId,
        type: 'commission',
        actorId: event.buyerId,
        designId: entry.designId,
        message,
        amount: entry.amountCents / 100,
      },
      null,
    );
  }
}

/** Whose activity the viewer sees: the signed-in account's; a guest has none (Activity invites them to sign in). */
const activityOwnerId = (viewer: Viewer): string | null => viewer.accountId;

/** The activity screen: what happened to the viewer's profile and designs, newest first. */
export async function listNotifications(db: AppDatabase, viewer: Viewer): Promise<Notification[]> {
  const ownerId = activityOwnerId(viewer);
  return ownerId === null ? [] : findNotificationsForUser(db, ownerId);
}

/** How many of the viewer's notifications are unread (the Activity badge). */
export async function countUnreadNotifications(db: AppDatabase, viewer: Viewer): Promise<number> {
  const ownerId = activityOwnerId(viewer);
  return ownerId === null ? 0 : countUnread(db, ownerId);
}

/** Marks every notification of the account as read. */
export async function markNotificationsRead(db: AppDatabase, accountId: string): Promise<{ unread: number }> {
  await markAllRead(db, accountId);
  // one written since is unread, and says so
  return { unread: await countUnread(db, accountId) };
}

/** The id of the account's newest notification, where a live stream without a Last-Event-ID starts; null for none. */
export const newestNotificationId = (db: AppDatabase, accountId: string): Promise<string | null> =>
  findNewestNotificationId(db, accountId);

/** The account's notifications after `afterId`, oldest first: what a reconnecting live stream missed. */
export const notificationsAfter = (
  db: AppDatabase,
  accountId: string,
  afterId: string | null,
  limit: number,
): Promise<Notification[]> => findNotificationsAfter(db, { userId: accountId, afterId, limit });

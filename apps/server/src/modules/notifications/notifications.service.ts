import type { Notification } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { findCurrentUser } from '../users/users.repository';
import { findNotificationsForUser } from './notifications.repository';

/** The activity screen: what happened to the current user's profile and designs. */
export async function listCurrentUserNotifications(db: AppDatabase): Promise<Notification[]> {
  const current = await findCurrentUser(db);
  return current ? findNotificationsForUser(db, current.id) : [];
}

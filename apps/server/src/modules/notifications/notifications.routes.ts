import { listOf, notificationSchema } from '@dwellscape/shared';
import type { AppInstance } from '../../types';
import { listCurrentUserNotifications } from './notifications.service';

export default async function notificationsRoutes(app: AppInstance) {
  app.get('/api/notifications', { schema: { response: { 200: listOf(notificationSchema) } } }, async () => ({
    items: await listCurrentUserNotifications(app.db),
  }));
}

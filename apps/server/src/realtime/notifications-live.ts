import fp from 'fastify-plugin';
import { z } from 'zod';
import { idSchema, type Notification } from '@dwellscape/shared';
import {
  findNotificationOfUser,
  NOTIFICATION_CREATED_CHANNEL,
} from '../modules/notifications/notifications.repository';
import type { AppInstance } from '../types';
import { createFanOut, type FanOut } from './live-feed';

const payloadSchema = z.object({ id: idSchema, userId: idSchema });

declare module 'fastify' {
  interface FastifyInstance {
    /** New notifications by recipient, written by this process or any other instance on the same database. */
    notificationFeed: FanOut<string, Notification>;
  }
}

/**
 * Live activity: one LISTEN on notification_created per process, each notification handed to the
 * open streams of its recipient in this process. A recipient with no stream here costs nothing
 * but parsing the payload.
 */
async function notificationsLive(app: AppInstance) {
  const feed = createFanOut<string, Notification>((err) => app.log.warn({ err }, 'activity stream write failed'));
  app.decorate('notificationFeed', feed);

  async function deliver(payload: string) {
    let parsed: z.infer<typeof payloadSchema>;
    try {
      parsed = payloadSchema.parse(JSON.parse(payload));
    } catch {
      app.log.warn({ payload }, 'ignored a malformed notification_created notification');
      return;
    }
    if (feed.subscriberCount(parsed.userId) === 0) return;
    const notification = await findNotificationOfUser(app.db, parsed.id, parsed.userId);
    if (notification) feed.publish(parsed.userId, notification);
  }

  // one after another, in the order Postgres delivered them (commit order)
  let handled: Promise<void> = Promise.resolve();
  const inOrder = (task: () => Promise<void>) => {
    handled = handled.then(task).catch((err: unknown) => app.log.error({ err }, 'activity delivery failed'));
  };

  let unlisten: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    unlisten = await app.database.listen(
      NOTIFICATION_CREATED_CHANNEL,
      (payload) => inOrder(() => deliver(payload)),
      // what was announced while the LISTEN connection was down is gone: ending the streams makes
      // every client come back with its Last-Event-ID and get the missed ones by replay
      () => feed.endAll(),
    );
  });
  // open streams would otherwise hold the server open: end them before it waits for requests
  app.addHook('preClose', async () => {
    feed.endAll();
  });
  app.addHook('onClose', async () => {
    feed.endAll();
    await unlisten?.();
    unlisten = null;
  });
}

export default fp(notificationsLive, { name: 'notifications-live' });

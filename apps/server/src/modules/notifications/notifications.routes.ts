import { z } from 'zod';
import { apiPaths, listOf, notificationSchema, unreadCountResponseSchema, type Notification } from '@dwellscape/shared';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import { LIVE_REPLAY_LIMIT, replayAnchor, serveEventStream, startEventStream } from '../../realtime/live-stream';
import type { AppInstance } from '../../types';
import { findNewestNotificationId, findNotificationsAfter } from './notifications.repository';
import { countUnreadNotifications, listNotifications, markNotificationsRead } from './notifications.service';

/** `lastEventId` serves a client that opens a new EventSource (which cannot set headers) after losing one. */
const liveQuerySchema = z.object({ lastEventId: z.string().max(200).optional() });

const notificationEvent = (notification: Notification) =>
  `id: ${notification.id}\nevent: notification\ndata: ${JSON.stringify(notificationSchema.parse(notification))}\n\n`;

export default async function notificationsRoutes(app: AppInstance) {
  app.get(apiPaths.notifications, { schema: { response: { 200: listOf(notificationSchema) } } }, async (request) => ({
    items: await listNotifications(app.db, request.viewer),
  }));

  app.get(
    apiPaths.notificationsUnread,
    { schema: { response: { 200: unreadCountResponseSchema } } },
    async (request) => ({ unread: await countUnreadNotifications(app.db, request.viewer) }),
  );

  app.post(
    apiPaths.notificationsRead,
    { schema: { response: { 200: unreadCountResponseSchema, ...signInRequiredResponse } } },
    async (request) => markNotificationsRead(app.db, requireAccount(request)),
  );

  // the signed-in account's new notifications as they are written, on any instance
  app.get(
    apiPaths.notificationsLive,
    { schema: { querystring: liveQuerySchema, response: { ...signInRequiredResponse } } },
    async (request, reply) => {
      const accountId = requireAccount(request);
      // read before subscribing: the replay after it covers whatever is written in between
      const lastSeen =
        replayAnchor(request.headers['last-event-id'], request.query.lastEventId) ??
        (await findNewestNotificationId(app.db, accountId));
      const res = startEventStream(reply);
      // an id without data moves the client's Last-Event-ID, so its reconnect replays from here
      if (lastSeen !== null) res.write(`id: ${lastSeen}\n\n`);
      serveEventStream<Notification>({
        res,
        subscribe: (send, end) => app.notificationFeed.subscribe(accountId, send, end),
        replay: () =>
          findNotificationsAfter(app.db, { userId: accountId, afterId: lastSeen, limit: LIVE_REPLAY_LIMIT }),
        idOf: (notification) => notification.id,
        eventOf: notificationEvent,
        heartbeatMs: app.config.liveHeartbeatMs,
        log: request.log,
      });
    },
  );
}

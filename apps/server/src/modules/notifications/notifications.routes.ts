import { contracts, errorResponseSchema, notificationSchema, type Notification } from '@dwellscape/shared';
import { route } from '../../contract-route';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import { LIVE_REPLAY_LIMIT, replayAnchor, serveEventStream, startEventStream } from '../../realtime/live-stream';
import type { AppInstance } from '../../types';
import {
  countUnreadNotifications,
  listNotifications,
  markNotificationsRead,
  newestNotificationId,
  notificationsAfter,
} from './notifications.service';

const notificationEvent = (notification: Notification) =>
  `id: ${notification.id}\nevent: notification\ndata: ${JSON.stringify(notificationSchema.parse(notification))}\n\n`;

export default async function notificationsRoutes(app: AppInstance) {
  route(app, contracts.listNotifications, {}, async (request) => ({
    items: await listNotifications(app.db, request.viewer),
  }));

  route(app, contracts.getUnreadCount, {}, async (request) => ({
    unread: await countUnreadNotifications(app.db, request.viewer),
  }));

  route(app, contracts.markNotificationsRead, { responses: signInRequiredResponse }, async (request) =>
    markNotificationsRead(app.db, requireAccount(request)),
  );

  // the signed-in account's new notifications as they are written, on any instance
  route(
    app,
    contracts.notificationsLive,
    { responses: { ...signInRequiredResponse, 429: errorResponseSchema } },
    async (request, reply) => {
      const accountId = requireAccount(request);
      // read before subscribing: the replay after it covers whatever is written in between
      const lastSeen =
        replayAnchor(request.headers['last-event-id'], request.query.lastEventId) ??
        (await newestNotificationId(app.db, accountId));
      const res = startEventStream(reply, app.openStreams);
      // an id without data moves the client's Last-Event-ID, so its reconnect replays from here
      if (lastSeen !== null) res.write(`id: ${lastSeen}\n\n`);
      serveEventStream<Notification>({
        res,
        subscribe: (send, end) => app.notificationFeed.subscribe(accountId, send, end),
        replay: () => notificationsAfter(app.db, accountId, lastSeen, LIVE_REPLAY_LIMIT),
        // the client's own last one can still arrive live, when its notification reaches this process after the reconnect
        seenId: lastSeen,
        idOf: (notification) => notification.id,
        eventOf: notificationEvent,
        heartbeatMs: app.config.liveHeartbeatMs,
        log: request.log,
      });
    },
  );
}

import { contracts, errorResponseSchema, type Notification } from '@dwellscape/shared';
import { route } from '../../contract-route';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import { LIVE_REPLAY_LIMIT, replayAnchor, serveReplayedStream, startEventStream } from '../../realtime/live-stream';
import type { AppInstance } from '../../types';
import {
  countUnreadNotifications,
  listNotifications,
  markNotificationsRead,
  newestNotificationId,
  notificationsAfter,
} from './notifications.service';

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
      const stream = startEventStream(reply, app.openStreams, {
        events: contracts.notificationsLive.events,
        heartbeatMs: app.config.liveHeartbeatMs,
        log: request.log,
      });
      // moves the client's Last-Event-ID, so its reconnect replays from here
      if (lastSeen !== null) stream.sendId(lastSeen);
      serveReplayedStream<typeof contracts.notificationsLive.events, Notification>({
        stream,
        subscribe: (send, end) => app.notificationFeed.subscribe(accountId, send, end),
        replay: () => notificationsAfter(app.db, accountId, lastSeen, LIVE_REPLAY_LIMIT),
        // the client's own last one can still arrive live, when its notification reaches this process after the reconnect
        seenId: lastSeen,
        idOf: (notification) => notification.id,
        sendItem: (notification) => stream.send('notification', notification, notification.id),
        log: request.log,
      });
    },
  );
}

import { contracts, errorResponseSchema } from '@dwellscape/shared';
import { route } from '../contract-route';
import type { AppInstance } from '../types';
import { findPublicDesignsPublishedAfter } from './live.repository';
import { LIVE_REPLAY_LIMIT, replayAnchor, serveLiveStream, startEventStream } from './live-stream';

export default async function liveRoutes(app: AppInstance) {
  route(
    app,
    contracts.designsLive,
    { responses: { 400: errorResponseSchema, 429: errorResponseSchema } },
    (request, reply) => {
      const { mode, lastEventId } = request.query;
      const res = startEventStream(reply, app.openStreams);
      serveLiveStream({
        res,
        feed: app.liveFeed,
        counts: app.designCounts,
        mode,
        replayAfterId: replayAnchor(request.headers['last-event-id'], lastEventId),
        findMissed: (afterId) => findPublicDesignsPublishedAfter(app.db, { mode, afterId, limit: LIVE_REPLAY_LIMIT }),
        // proxies and load balancers drop idle connections; a comment now and then keeps the stream open
        heartbeatMs: app.config.liveHeartbeatMs,
        log: request.log,
      });
    },
  );
}

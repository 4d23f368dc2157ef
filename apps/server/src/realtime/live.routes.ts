import { contracts, errorResponseSchema } from '@dwellscape/shared';
import { route } from '../contract-route';
import type { AppInstance } from '../types';
import { missedDesigns } from './live.service';
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
        findMissed: (afterId) => missedDesigns(app.db, mode, afterId, LIVE_REPLAY_LIMIT),
        // proxies and load balancers drop idle connections; a comment now and then keeps the stream open
        heartbeatMs: app.config.liveHeartbeatMs,
        log: request.log,
      });
    },
  );
}

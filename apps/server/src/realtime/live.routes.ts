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
      const stream = startEventStream(reply, app.openStreams, {
        events: contracts.designsLive.events,
        heartbeatMs: app.config.liveHeartbeatMs,
        log: request.log,
      });
      serveLiveStream({
        stream,
        feed: app.liveFeed,
        counts: app.designCounts,
        mode,
        replayAfterId: replayAnchor(request.headers['last-event-id'], lastEventId),
        findMissed: (afterId) => missedDesigns(app.db, mode, afterId, LIVE_REPLAY_LIMIT),
        log: request.log,
      });
    },
  );
}

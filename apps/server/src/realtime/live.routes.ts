import { z } from 'zod';
import { apiPaths, errorResponseSchema, liveQuerySchema } from '@dwellscape/shared';
import type { AppInstance } from '../types';
import { findPublicDesignsPublishedAfter } from './live.repository';
import { LIVE_REPLAY_LIMIT, replayAnchor, serveLiveStream, startEventStream } from './live-stream';

/**
 * `lastEventId` serves clients that open a new EventSource (which cannot set headers) after
 * losing one; the browser's own reconnects send the Last-Event-ID header, which wins.
 */
const liveStreamQuerySchema = z.object({ ...liveQuerySchema.shape, lastEventId: z.string().max(200).optional() });

export default async function liveRoutes(app: AppInstance) {
  app.get(
    apiPaths.designsLive,
    { schema: { querystring: liveStreamQuerySchema, response: { 400: errorResponseSchema } } },
    (request, reply) => {
      const { mode, lastEventId } = request.query;
      const res = startEventStream(reply);
      serveLiveStream({
        res,
        feed: app.liveFeed,
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

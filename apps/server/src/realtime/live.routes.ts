import { z } from 'zod';
import { apiPaths, errorResponseSchema, idSchema, liveQuerySchema } from '@dwellscape/shared';
import type { AppInstance } from '../types';
import { findPublicDesignsPublishedAfter } from './live.repository';
import { LIVE_REPLAY_LIMIT, serveLiveStream } from './live-stream';

/**
 * `lastEventId` serves clients that open a new EventSource (which cannot set headers) after
 * losing one; the browser's own reconnects send the Last-Event-ID header, which wins.
 */
const liveStreamQuerySchema = z.object({ ...liveQuerySchema.shape, lastEventId: z.string().max(200).optional() });

/** A replay anchor only when it can be one of our ids; anything else simply replays nothing. */
function replayAnchor(header: string | string[] | undefined, query: string | undefined): string | null {
  const value = typeof header === 'string' && header !== '' ? header : query;
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export default async function liveRoutes(app: AppInstance) {
  app.get(
    apiPaths.designsLive,
    { schema: { querystring: liveStreamQuerySchema, response: { 400: errorResponseSchema } } },
    (request, reply) => {
      const { mode, lastEventId } = request.query;
      const res = reply.raw;
      reply.hijack();
      // keep the headers other hooks set (helmet's security headers) on the hijacked response
      const hookHeaders = Object.entries(reply.getHeaders()).filter(
        (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
      );
      res.writeHead(200, {
        ...Object.fromEntries(hookHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      res.write(': connected\n\n');
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

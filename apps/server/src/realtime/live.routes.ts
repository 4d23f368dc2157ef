import type { ServerResponse } from 'node:http';
import { apiPaths, designSchema, errorResponseSchema, liveQuerySchema, type Design } from '@dwellscape/shared';
import type { AppInstance } from '../types';

/** Proxies and load balancers drop idle connections; a comment every 25 s keeps the stream open. */
export const LIVE_HEARTBEAT_MS = 25_000;

export default async function liveRoutes(app: AppInstance) {
  app.get(
    apiPaths.designsLive,
    { schema: { querystring: liveQuerySchema, response: { 400: errorResponseSchema } } },
    (request, reply) => {
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

      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        if (!res.writableEnded) res.end();
      };
      const unsubscribe = app.liveFeed.subscribe(request.query.mode, (design) => writeDesign(res, design), close);
      const heartbeat = setInterval(() => res.write(': ping\n\n'), LIVE_HEARTBEAT_MS);
      heartbeat.unref();
      res.on('close', close);
      res.on('error', close);
    },
  );
}

function writeDesign(res: ServerResponse, design: Design): void {
  if (res.writableEnded) return;
  res.write(`id: ${design.id}\nevent: design\ndata: ${JSON.stringify(designSchema.parse(design))}\n\n`);
}

import {
  contracts,
  errorResponseSchema,
  FEED_PAGE_SIZE,
  feedResponseSchema,
  messages,
  type Mode,
} from '@dwellscape/shared';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { route } from '../../contract-route';
import type { AppInstance, Viewer } from '../../types';
import { listFeed } from '../designs/designs.service';
import { feedPageResponse } from '../designs/feed-response';
import { createGateFailures, unlockGate } from './gate.service';
import { readSessionToken, setSessionCookie } from './session-cookie';

export default async function gateRoutes(app: AppInstance) {
  const failures = createGateFailures(app.db);

  /**
   * The feed's first page in `mode`, as GET /api/designs?mode=…&limit=25 answers the session's viewer; null when it
   * cannot be read: the password was still accepted, and the app then asks for the page itself.
   */
  const firstFeedPage = async (mode: Mode, viewer: Viewer, log: FastifyBaseLogger) => {
    try {
      const page = await listFeed(app.db, viewer, { mode, limit: FEED_PAGE_SIZE }, app.feedCache, app.viewerCaches);
      return feedPageResponse(page);
    } catch (err) {
      log.warn({ err }, 'the gate answers without the feed page it was asked for');
      return null;
    }
  };

  route(
    app,
    contracts.unlockGate,
    { responses: { 200: feedResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema } },
    async (request, reply) => {
      const outcome = await unlockGate(app.db, failures, app.config.betaPassword, {
        password: request.body.password,
        // as @fastify/rate-limit keys a client: an IPv6 client holds a whole /64 and could rotate through it
        clientAddress: normalizeIP(request.ip),
        currentSessionToken: readSessionToken(request),
        newSessionsPerAddress: app.config.perAddressPerHour.gateSessions,
      });
      if (outcome.kind === 'rate_limited') {
        return reply
          .code(429)
          .header('Retry-After', String(outcome.retryAfterSeconds))
          .send({ error: messages.gate.rateLimited });
      }
      if (outcome.kind === 'invalid_password') return reply.code(401).send({ error: messages.gate.invalid });
      setSessionCookie(reply, outcome.sessionToken, outcome.expiresAt, app.config.cookieSecure);
      // decision 0069: the app opening on the feed has its first page carried by this answer, one round trip less
      // before the first picture; only ever past the password
      const page = request.query.feed && (await firstFeedPage(request.query.feed, outcome.viewer, request.log));
      if (!page) return reply.code(204).send();
      return reply.code(200).header('Cache-Control', 'no-store').send(page);
    },
  );
}

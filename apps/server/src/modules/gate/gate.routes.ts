import { contracts, errorResponseSchema, messages } from '@dwellscape/shared';
import { normalizeIP } from '@fastify/rate-limit';
import { route } from '../../contract-route';
import type { AppInstance } from '../../types';
import { createGateFailures, unlockGate } from './gate.service';
import { readSessionToken, setSessionCookie } from './session-cookie';

export default async function gateRoutes(app: AppInstance) {
  const failures = createGateFailures(app.db);

  route(
    app,
    contracts.unlockGate,
    { responses: { 401: errorResponseSchema, 429: errorResponseSchema } },
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
      return reply.code(204).send();
    },
  );
}

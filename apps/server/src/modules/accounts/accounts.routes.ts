import { accountMessages, contracts, errorResponseSchema } from '@dwellscape/shared';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply } from 'fastify';
import { route } from '../../contract-route';
import { PostgresRateLimitStore } from '../../plugins/rate-limit-store';
import { requireAccount } from '../../plugins/require-account';
import type { AppInstance } from '../../types';
import { setSessionCookie } from '../gate/session-cookie';
import {
  deleteAccount,
  exportAccount,
  getSession,
  signIn,
  signOut,
  signOutEverywhere,
  signUp,
  updateProfile,
  type SessionChange,
} from './accounts.service';

const errors = (...codes: (400 | 401 | 404 | 409 | 429)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as Record<
    400 | 401 | 404 | 409 | 429,
    typeof errorResponseSchema
  >;

export default async function accountsRoutes(app: AppInstance) {
  const signInFailures = new PostgresRateLimitStore(app.db, 'sign-in');
  const deps = { db: app.db, storage: app.storage };

  /** The new token goes out as the cookie; the old one is already dead. */
  const sendSession = (reply: FastifyReply, change: SessionChange, status = 200) => {
    setSessionCookie(reply, change.sessionToken, change.expiresAt, app.config.cookieSecure);
    return reply.code(status).header('Cache-Control', 'no-store').send(change.session);
  };

  route(app, contracts.signUp, { responses: errors(400, 401, 409) }, async (request, reply) =>
    sendSession(reply, await signUp(deps, request.viewer, request.body), 201),
  );

  route(app, contracts.signIn, { responses: errors(400, 401, 429) }, async (request, reply) => {
    const outcome = await signIn(
      app.db,
      signInFailures,
      request.viewer,
      request.body,
      // as @fastify/rate-limit keys a client: an IPv6 client holds a whole /64 and could rotate through it
      normalizeIP(request.ip),
    );
    if (outcome.kind === 'rate_limited') {
      return reply
        .code(429)
        .header('Retry-After', String(outcome.retryAfterSeconds))
        .send({ error: 'Too Many Requests', message: accountMessages.signInRateLimited });
    }
    return sendSession(reply, outcome.change);
  });

  route(app, contracts.signOut, { responses: errors(401) }, async (request, reply) =>
    sendSession(reply, await signOut(app.db, request.viewer)),
  );

  route(app, contracts.signOutEverywhere, { responses: errors(401) }, async (request, reply) =>
    sendSession(reply, await signOutEverywhere(app.db, request.viewer)),
  );

  route(app, contracts.getMe, { responses: errors(401, 404) }, async (request, reply) =>
    reply.header('Cache-Control', 'no-store').send(await getSession(app.db, request.viewer)),
  );

  route(app, contracts.updateProfile, { responses: errors(400, 401, 404) }, async (request) =>
    updateProfile(deps, requireAccount(request), request.body),
  );

  route(app, contracts.exportMyData, { responses: errors(401, 404) }, async (request, reply) => {
    const accountId = requireAccount(request);
    const data = await exportAccount(app.db, { ...request.viewer, accountId });
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="dwellscape-${data.profile.username}.json"`)
      .send(data);
  });

  route(app, contracts.deleteAccount, { responses: errors(400, 401, 404) }, async (request, reply) => {
    const accountId = requireAccount(request);
    return sendSession(reply, await deleteAccount(deps, { ...request.viewer, accountId }, request.body));
  });
}

import { accountMessages, contracts, errorResponseSchema } from '@dwellscape/shared';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply } from 'fastify';
import { route } from '../../contract-route';
import type { WriteLimit } from '../rate-limits/write-limits';
import { requireAccount } from '../../plugins/require-account';
import type { AppInstance } from '../../types';
import { setSessionCookie } from '../gate/session-cookie';
import {
  createSignInFailures,
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
import { PasswordWorkBusyError } from './passwords';

const errors = (...codes: (400 | 401 | 404 | 409 | 429 | 503)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as Record<
    400 | 401 | 404 | 409 | 429 | 503,
    typeof errorResponseSchema
  >;

/** New accounts per gate session (or account) in an hour; the address's own limit is the config's. */
export const SIGN_UPS_PER_SESSION_PER_HOUR = 10;

/** Profile edits per account: each may store a new portrait, so a script must not fill the disk with them. */
export const PROFILE_EDIT_LIMIT: WriteLimit = {
  name: 'profile-edit',
  max: 30,
  windowMs: 10 * 60_000,
  message: 'You are changing your profile too often. Please wait a few minutes and try again.',
};

/** Answers a sign-in or sign-up that found the password work queue full (passwords.ts): 503, try again in a moment. */
async function answeringBusy(reply: FastifyReply, work: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PasswordWorkBusyError)) throw error;
    return reply
      .code(503)
      .header('Retry-After', String(error.retryAfterSeconds))
      .send({ error: 'Service Unavailable', message: accountMessages.passwordWorkBusy });
  }
}

export default async function accountsRoutes(app: AppInstance) {
  const signInFailures = createSignInFailures(app.db);
  const deps = { db: app.db, storage: app.storage, betaPassword: app.config.betaPassword };
  const signUpLimit: WriteLimit = {
    name: 'sign-up',
    max: SIGN_UPS_PER_SESSION_PER_HOUR,
    perAddress: app.config.perAddressPerHour.signUps,
    windowMs: 60 * 60 * 1000,
    message: accountMessages.signUpRateLimited,
  };

  /** The new token goes out as the cookie; the old one is already dead. */
  const sendSession = (reply: FastifyReply, change: SessionChange, status = 200) => {
    setSessionCookie(reply, change.sessionToken, change.expiresAt, app.config.cookieSecure);
    return reply.code(status).header('Cache-Control', 'no-store').send(change.session);
  };

  route(
    app,
    contracts.signUp,
    { limits: [signUpLimit], responses: errors(400, 401, 409, 429, 503) },
    async (request, reply) =>
      answeringBusy(reply, async () => sendSession(reply, await signUp(deps, request.viewer, request.body), 201)),
  );

  route(app, contracts.signIn, { responses: errors(400, 401, 429, 503) }, async (request, reply) =>
    answeringBusy(reply, async () => {
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
    }),
  );

  route(app, contracts.signOut, { responses: errors(401) }, async (request, reply) =>
    sendSession(reply, await signOut(app.db, request.viewer)),
  );

  route(app, contracts.signOutEverywhere, { responses: errors(401) }, async (request, reply) =>
    sendSession(reply, await signOutEverywhere(app.db, request.viewer)),
  );

  route(app, contracts.getMe, { responses: errors(401, 404) }, async (request, reply) =>
    reply.header('Cache-Control', 'no-store').send(await getSession(app.db, request.viewer)),
  );

  route(
    app,
    contracts.updateProfile,
    { limits: [PROFILE_EDIT_LIMIT], responses: errors(400, 401, 404, 429) },
    async (request) => updateProfile(deps, requireAccount(request), request.body),
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

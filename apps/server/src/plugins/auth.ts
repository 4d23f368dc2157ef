import path from 'node:path';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { apiPaths } from '@dwellscape/shared';
import { cachedViewerOf, findViewerBySessionTokenHash } from '../modules/gate/gate.service';
import { VerifiedSessionCookies } from '../modules/gate/session-cookie';
import type { AppInstance, Viewer } from '../types';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes that answer without a gate session: the health check and the gate itself. */
function isOpenRoute(method: string, route: string): boolean {
  if (route === apiPaths.health) return method === 'GET' || method === 'HEAD';
  return route === apiPaths.gate && method === 'POST';
}

const isApiRoute = (route: string) => route === '/api' || route.startsWith('/api/');

/**
 * Whether a path that matched no route was meant for the API or the file store, however it is
 * spelled: percent-encoded (once or more), in another case, with doubled slashes, backslashes or
 * dot segments (checked both before and after they are resolved). Such a path gets a JSON 404 (or the gate's 401), never the SPA's page.
 */
export function isApiLikePath(rawUrl: string): boolean {
  let candidate = rawUrl.split(/[?#]/, 1)[0] ?? '';
  for (let i = 0; i < 4; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(candidate);
    } catch {
      break;
    }
    if (decoded === candidate) break;
    candidate = decoded;
  }
  const slashed = `/${candidate.replace(/\\/g, '/')}`.replace(/\/{2,}/g, '/').toLowerCase();
  // before and after resolving dot segments: `/api/..%2fme` is still a request to the API
  return [slashed, path.posix.normalize(slashed)].some((spelled) =>
    ['/api', '/media'].some((prefix) => spelled === prefix || spelled.startsWith(`${prefix}/`)),
  );
}

/**
 * A browser names where a write comes from: Sec-Fetch-Site, Origin, or (from older browsers or
 * privacy settings that drop Origin) Referer. Any of them pointing elsewhere refuses the write;
 * SameSite=Strict covers most of this already. A client that sends none of them is not a browser
 * acting for someone else, so it cannot be a forged cross-site request.
 */
function isCrossOrigin(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  // same-site is a sibling subdomain: still another origin
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const source = request.headers.origin ?? request.headers.referer;
  if (source === undefined) return false;
  try {
    return new URL(source).host.toLowerCase() !== request.host.toLowerCase();
  } catch {
    // "null" and other opaque origins cannot be same-origin
    return true;
  }
}

/**
 * Every /api route sits behind the gate session, except the health check and the gate itself.
 * The checks key on the route that matched (`routeOptions.url`, the pattern Fastify routed the
 * decoded path to), never on the raw URL: `/%61pi/…` matches `/api/…` and is guarded like it.
 */
export default fp(
  async (app: AppInstance) => {
    app.decorateRequest('viewer', null as unknown as Viewer);
    const sessionCookies = new VerifiedSessionCookies();

    const unauthorized = (reply: FastifyReply) =>
      reply.code(401).send({ error: 'Unauthorized', message: 'Enter the beta password to continue.' });

    // a callback hook, not an async one: a session held in memory (nearly every request) is answered without a
    // promise turn; only a session memory cannot vouch for waits for the database
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      // no page of ours takes a write from another site, whatever route (or none) it names
      if (UNSAFE_METHODS.has(request.method) && isCrossOrigin(request)) {
        reply.code(403).send({ error: 'Forbidden', message: 'Cross-origin requests are not allowed.' });
        return;
      }
      const route = request.routeOptions.url;
      if (route === undefined) {
        // no route matched: an API-looking path still needs a session before it learns what exists
        if (!isApiLikePath(request.url)) return done();
      } else if (!isApiRoute(route) || isOpenRoute(request.method, route)) {
        return done();
      }

      const tokenHash = sessionCookies.tokenHashOf(request);
      if (!tokenHash) {
        unauthorized(reply);
        return;
      }
      const now = new Date();
      const sessions = app.viewerCaches?.sessions ?? null;
      const cached = cachedViewerOf(tokenHash, now, sessions);
      if (cached) {
        request.viewer = cached;
        return done();
      }
      findViewerBySessionTokenHash(app.db, tokenHash, now, sessions).then((viewer) => {
        if (!viewer) {
          unauthorized(reply);
          return;
        }
        request.viewer = viewer;
        done();
      }, done);
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie', 'feed-cache'] },
);

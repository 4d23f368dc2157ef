import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiPaths } from '@dwellscape/shared';
import { findViewerBySessionToken } from '../modules/gate/gate.service';
import { readSessionToken } from '../modules/gate/session-cookie';
import type { AppInstance, Viewer } from '../types';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isOpenRoute(method: string, path: string): boolean {
  if (path === apiPaths.health) return method === 'GET' || method === 'HEAD';
  return path === apiPaths.gate && method === 'POST';
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

/** Every /api route sits behind the gate session, except the health check and the gate itself. */
export default fp(
  async (app: AppInstance) => {
    app.decorateRequest('viewer', null as unknown as Viewer);

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '';
      if (!path.startsWith('/api/')) return;

      if (UNSAFE_METHODS.has(request.method) && isCrossOrigin(request)) {
        return reply.code(403).send({ error: 'Forbidden', message: 'Cross-origin requests are not allowed.' });
      }
      if (isOpenRoute(request.method, path)) return;

      const token = readSessionToken(request);
      const viewer = token ? await findViewerBySessionToken(app.db, token) : null;
      if (!viewer) {
        return reply.code(401).send({ error: 'Unauthorized', message: 'Enter the beta password to continue.' });
      }
      request.viewer = viewer;
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

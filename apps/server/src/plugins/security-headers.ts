import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import type { AppInstance } from '../types';

/**
 * The CSP sources of the built index.html's inline scripts (the gate's, apps/web/build/static-gate.ts): each is
 * allowed by its hash, so no other inline script runs. None without a build.
 */
export function inlineScriptSources(webDistDir: string): string[] {
  const index = path.join(webDistDir, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script]) => `'sha256-${createHash('sha256').update(script!).digest('base64')}'`,
  );
}

/** The headers every answer carries: a strict Content-Security-Policy and Helmet's other defaults. */
export function securityHeaderOptions(config: Pick<Config, 'cookieSecure' | 'webDistDir'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        scriptSrc: ["'self'", ...inlineScriptSources(config.webDistDir)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over TLS; a plain-HTTP localhost must not pin it
    strictTransportSecurity: config.cookieSecure ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Helmet's headers on every answer, from one middleware built at start-up. @fastify/helmet built
 * the whole middleware again for every request (parsing the policy each time): 9% of the server's
 * CPU on a cached feed page. No route needs its own policy, so one is enough.
 */
export default fp(
  async (app: AppInstance) => {
    const applyHeaders = helmet(securityHeaderOptions(app.config));
    app.addHook('onRequest', (request, reply, done) => {
      applyHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    });
  },
  { name: 'security-headers' },
);

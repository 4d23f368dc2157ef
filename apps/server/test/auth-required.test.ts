/**
 * The gate guards every API route (docs/security.md): the table below is Fastify's own route table, so a
 * route added later is walked without editing this file. Each route is tried without a session,
 * with a forged one, as a cross-site write, and under spellings of its path that a check on the
 * raw URL would miss (`/%61pi/…` was such a bypass): those answer 401 or 404, never 2xx or 5xx.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@dwellscape/shared';
import type { RouteEntry } from '../src/types';
import { createTestApp, dbKinds, type TestApp } from './helpers';

const OPEN_ROUTES = new Set([`GET ${apiPaths.health}`, `HEAD ${apiPaths.health}`, `POST ${apiPaths.gate}`]);
/** Routes outside /api are public on purpose: stored files, served to <img> tags without a cookie. */
const PUBLIC_ROUTES = new Set([
  'GET /media/*',
  'HEAD /media/*',
  'GET /media/w/:width/*',
  'HEAD /media/w/:width/*',
  // link previews: a crawler has no cookie, and they show a public design's title, picture and author only (decision 0048)
  'GET /media/previews/:file',
  'HEAD /media/previews/:file',
  'GET /post/:postId',
  'HEAD /post/:postId',
]);
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const nameOf = (route: RouteEntry) => `${route.method} ${route.url}`;
/** A concrete path for a route pattern: every parameter and wildcard becomes a plausible id. */
const concretePath = (url: string) => url.replace(/:[A-Za-z]+/g, 'd-1').replace(/\*$/, 'x.webp');

/** Spellings of one API path that must not slip past the gate. */
export function pathSpellings(apiPath: string): { name: string; url: string }[] {
  const rest = apiPath.slice('/api'.length); // "/designs/d-1"
  const encodeAll = (text: string) =>
    [...text].map((ch) => (/[a-z]/i.test(ch) ? `%${ch.charCodeAt(0).toString(16)}` : ch)).join('');
  return [
    { name: 'a percent-encoded letter', url: `/%61pi${rest}` },
    { name: 'every letter percent-encoded', url: encodeAll(apiPath) },
    { name: 'upper-case hex', url: `/%41PI${rest}`.replace('%41PI', '%61%50%49') },
    { name: 'a doubled slash in front', url: `//api${rest}` },
    { name: 'a doubled slash inside', url: `/api/${rest}` },
    { name: 'upper case', url: `/API${rest}` },
    { name: 'mixed case', url: `/Api${rest}` },
    { name: 'a dot segment', url: `/api/.${rest}` },
    { name: 'an encoded dot segment', url: `/api/%2e${rest}` },
    { name: 'an encoded slash after ..', url: `/api/..%2f${rest.slice(1)}` },
    { name: 'an encoded slash', url: `/api%2f${rest.slice(1)}` },
    { name: 'a double-encoded letter', url: `/%2561pi${rest}` },
    { name: 'a backslash', url: `/api\\${rest.slice(1)}` },
    { name: 'a trailing ?', url: `${apiPath}?` },
    { name: 'a trailing #', url: `${apiPath}#` },
    { name: 'a trailing ;', url: `${apiPath};x` },
    { name: 'overlong UTF-8 for a', url: `/%c1%a1pi${rest}` },
    { name: 'overlong UTF-8 for /', url: `/api%c0%af${rest.slice(1)}` },
    { name: 'a NUL byte', url: `/api${rest}%00` },
  ];
}

describe.each(dbKinds)('the gate guards every registered route (%s)', (kind) => {
  let t: TestApp;
  let webDir: string;
  let cookie: string;
  let forged: string;
  let routes: RouteEntry[];

  beforeAll(async () => {
    // with a built SPA present, an unknown GET path would get its page: an API path never may
    webDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Dwellscape</title>');
    t = await createTestApp({ kind, seed: false, env: { WEB_DIST_DIR: webDir } });
    cookie = await t.unlock();
    forged = `${cookie.slice(0, cookie.indexOf('='))}=${'A'.repeat(43)}`;
    routes = [...t.app.routeTable];
  });

  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const apiRoutes = () => routes.filter((r) => r.url.startsWith('/api/') && !OPEN_ROUTES.has(nameOf(r)));

  it('reads a route table that holds every API route and nothing public by accident', () => {
    const names = routes.map(nameOf);
    expect(names).toEqual(
      expect.arrayContaining(['GET /api/me', 'POST /api/designs', 'PUT /api/designs/:id/like', 'POST /api/uploads']),
    );
    expect(apiRoutes().length).toBeGreaterThan(30);
    // every route is either behind the gate, one of the two open API routes, or a listed public one
    const unexplained = names.filter(
      (name) => !name.split(' ')[1]!.startsWith('/api/') && !PUBLIC_ROUTES.has(name) && !isSpaFile(name),
    );
    expect(unexplained).toEqual([]);
  });

  it('answers 401 on every API route without a session, and with a forged one', async () => {
    for (const route of apiRoutes()) {
      for (const headers of [{}, { cookie: forged }]) {
        const res = await t.app.inject({ method: route.method as 'GET', url: concretePath(route.url), headers });
        expect(res.statusCode, `${nameOf(route)} ${JSON.stringify(headers)}`).toBe(401);
        if (route.method !== 'HEAD') expect(res.json()).toMatchObject({ error: 'Unauthorized' });
      }
    }
  });

  it('answers health and the gate without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: apiPaths.health })).statusCode).toBe(200);
    const gate = await t.app.inject({ method: 'POST', url: apiPaths.gate, payload: { password: 'wrong guess' } });
    expect(gate.statusCode).toBe(401);
    expect(gate.json()).toEqual({ error: 'Invalid password' });
  });

  it('refuses every cross-site write with 403, even with a valid session', async () => {
    const writes = routes.filter((r) => UNSAFE.has(r.method));
    expect(writes.length).toBeGreaterThan(5);
    const crossSite = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { referer: 'https://evil.example/page' },
      { origin: 'null' },
    ];
    for (const route of writes) {
      for (const headers of crossSite) {
        for (const url of [concretePath(route.url), `/%61pi${concretePath(route.url).slice(4)}`]) {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url,
            headers: { cookie, ...headers },
            payload: {},
          });
          expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(headers)}`).toBe(403);
        }
      }
    }
  });

  it('never lets another spelling of an API path reach a handler without a session', async () => {
    for (const route of apiRoutes()) {
      for (const spelling of pathSpellings(concretePath(route.url))) {
        const res = await t.app.inject({ method: route.method as 'GET', url: spelling.url });
        const what = `${route.method} ${spelling.url} (${spelling.name} of ${route.url})`;
        expect([401, 404], `${what}: ${res.statusCode} ${res.body.slice(0, 120)}`).toContain(res.statusCode);
        if (route.method !== 'HEAD') expect(res.headers['content-type'], what).toMatch(/^application\/json/);
      }
    }
  });

  it('keeps answering the real path once the session is there', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/%61pi/me', headers: { cookie } });
    expect(me.statusCode).not.toBe(401);
    expect(me.statusCode).toBeLessThan(500);
    const brands = await t.app.inject({ method: 'GET', url: `${apiPaths.brands}?mode=interior`, headers: { cookie } });
    expect(brands.statusCode).toBe(200);
  });

  it('still serves the app for a path that is not the API', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/profile/u-1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});

/** The built SPA's own files (index.html, assets/…) are served as routes by @fastify/static. */
function isSpaFile(name: string): boolean {
  const url = name.split(' ')[1]!;
  return !url.includes(':') && !url.startsWith('/api') && !url.startsWith('/media');
}

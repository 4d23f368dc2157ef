/**
 * Security headers, HSTS and the cross-site write check. Runs once, on PGlite, even when
 * TEST_DATABASE_URL is set: headers and the Origin / Sec-Fetch-Site check are decided before any
 * query, and "nothing was written" reads the same rows on either database.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, uploadResponseSchema } from '@dwellscape/shared';
import { designComments, designLikes, designs, mediaFiles } from '../../src/db/schema';
import { createTestApp, type DbKind, type TestApp } from '../helpers';
import { insertDesign, insertUser, putImage, signUp } from '../fixtures';
import { filePart, listFiles, makePng, multipartBody } from '../media-fixtures';

/** The directives of a Content-Security-Policy header, each with its source list. */
function parseCsp(header: unknown): Map<string, string[]> {
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of (header as string).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The inline script of the SPA stand-in: the gate's, as apps/web/build/static-gate.ts writes it into index.html. */
const INLINE_GATE_SCRIPT = 'window.dwellscapeGate = { phase: "locked" };';
const inlineGateScriptSource = `'sha256-${createHash('sha256').update(INLINE_GATE_SCRIPT).digest('base64')}'`;

/** A built SPA stand-in, so the static and fallback responses of the app are checked too. */
function makeWebDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><form id="gate-form"></form><script>${INLINE_GATE_SCRIPT}</script><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'document.getElementById("root").textContent = "hi";');
  return dir;
}

/** One request with the path kept byte for byte; resolves with status, headers and body. */
function sendAsIs(port: number, method: string, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          statusCode: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('latin1'),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('security headers', () => {
  let t: TestApp;
  let webDir: string;
  let cookie: string;
  let uploadUrl: string;

  beforeAll(async () => {
    webDir = makeWebDist();
    t = await createTestApp({ seed: false, env: { WEB_DIST_DIR: webDir } });
    cookie = await t.unlock();
    const { payload, contentType } = multipartBody([filePart(await makePng(40, 30), 'file', 'a.png', 'image/png')]);
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.uploads,
      payload,
      headers: { cookie, 'content-type': contentType },
    });
    expect(res.statusCode, res.body).toBe(201);
    uploadUrl = uploadResponseSchema.parse(res.json()).url;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  /** Every kind of answer the app gives: the SPA, its assets, its fallback, JSON, errors, stored files. */
  const everyKindOfResponse = () =>
    Promise.all(
      (
        [
          { method: 'GET', url: '/' },
          { method: 'GET', url: '/post/some-id' },
          { method: 'GET', url: '/assets/app.js' },
          { method: 'GET', url: apiPaths.health },
          { method: 'GET', url: `${apiPaths.designs}?mode=interior`, headers: { cookie } },
          { method: 'GET', url: `${apiPaths.designs}?mode=interior` },
          { method: 'POST', url: apiPaths.gate, payload: { password: '' } },
          { method: 'GET', url: '/api/no-such-route', headers: { cookie } },
          { method: 'GET', url: uploadUrl },
          { method: 'GET', url: '/media/uploads/00/missing.webp' },
        ] satisfies InjectOptions[]
      ).map(async (request) => ({
        request: `${request.method} ${request.url}`,
        response: await t.app.inject(request),
      })),
    );

  it('sends a CSP with object-src and base-uri none, frame-ancestors, and no inline script but the gate’s, no eval', async () => {
    const responses = await everyKindOfResponse();
    // the SPA, its fallback, an asset and a stored file are really served, not 404s
    expect(responses.slice(0, 4).map(({ response }) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(responses.find(({ request }) => request.endsWith(uploadUrl))?.response.statusCode).toBe(200);
    for (const { request, response } of responses) {
      const csp = parseCsp(response.headers['content-security-policy']);
      if (request.includes('/media/') && response.statusCode === 200) {
        // stored files get a stricter policy of their own: nothing at all may run or load
        expect(csp.get('default-src'), request).toEqual(["'none'"]);
        expect(csp.has('sandbox'), request).toBe(true);
        continue;
      }
      expect(csp.get('default-src'), request).toEqual(["'self'"]);
      expect(csp.get('object-src'), request).toEqual(["'none'"]);
      expect(csp.get('base-uri'), request).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), request).toEqual(["'none'"]);
      const scriptSrc = csp.get('script-src') ?? csp.get('default-src')!;
      // the one inline script index.html has (the gate's), by its hash; no other inline script can run
      expect(scriptSrc, request).toEqual(["'self'", inlineGateScriptSource]);
      for (const unsafe of [
        "'unsafe-inline'",
        "'unsafe-eval'",
        "'unsafe-hashes'",
        '*',
        'data:',
        'blob:',
        'http:',
        'https:',
      ]) {
        expect(scriptSrc, `${request}: script-src allows ${unsafe}`).not.toContain(unsafe);
      }
      // inline event handlers (onerror=, onload=) are refused on their own
      expect(csp.get('script-src-attr'), request).toEqual(["'none'"]);
    }
  });

  it('sends nosniff and a strict Referrer-Policy on every response, and no HSTS over plain HTTP', async () => {
    for (const { request, response } of await everyKindOfResponse()) {
      expect(response.headers['x-content-type-options'], request).toBe('nosniff');
      expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'], request).toContain(
        response.headers['referrer-policy'],
      );
      expect(response.headers['strict-transport-security'], request).toBeUndefined();
    }
  });

  it('serves stored files as images, never as HTML, whatever the request asks for', async () => {
    const mediaDir = path.join(t.dataDir, 'media');
    // files the server never writes itself, as if planted by a bug or by hand
    mkdirSync(path.join(mediaDir, 'planted'), { recursive: true });
    const planted = {
      'planted/page.html': '<!doctype html><script>parent.__xss = 1</script>',
      'planted/page.htm': '<script>parent.__xss = 1</script>',
      'planted/image.svg': '<svg xmlns="http://www.w3.org/2000/svg" onload="parent.__xss = 1"/>',
      'planted/page.xhtml': '<html xmlns="http://www.w3.org/1999/xhtml"><script>parent.__xss = 1</script></html>',
      'planted/noext': '<script>parent.__xss = 1</script>',
      'planted/page.txt': '<script>parent.__xss = 1</script>',
    };
    for (const [name, body] of Object.entries(planted)) writeFileSync(path.join(mediaDir, name), body);

    const stored = await t.app.inject({ method: 'GET', url: uploadUrl, headers: { accept: 'text/html' } });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/webp');
    expect(stored.headers['x-content-type-options']).toBe('nosniff');
    const head = await t.app.inject({ method: 'HEAD', url: uploadUrl });
    expect(head.headers['content-type']).toBe('image/webp');

    const secret = readFileSync(path.join(t.dataDir, 'session-secret'), 'utf8').trim();
    const urls = [
      ...Object.keys(planted).map((name) => `/media/${name}`),
      '/media/',
      '/media/uploads/',
      '/media/planted',
      '/media/uploads/00/missing.html',
      '/media/..%2fsession-secret',
      '/media/%2e%2e/session-secret',
      `${uploadUrl}/..%2f..%2f..%2fsession-secret`,
    ];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    for (const url of urls) {
      for (const method of ['GET', 'HEAD'] as const) {
        // over a socket, so the path reaches the server exactly as written (no client-side normalising)
        const res = await sendAsIs(port, method, url, { accept: 'text/html' });
        const type = String(res.headers['content-type'] ?? '');
        expect(type, `${method} ${url} → ${res.statusCode}`).not.toMatch(/html|svg|xml|javascript/i);
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        if (url.startsWith('/media/planted/')) expect(res.statusCode, url).toBe(200);
        if (res.statusCode === 200) {
          // anything that is not one of our images is a download, never a page
          expect(type, url).toBe('application/octet-stream');
          expect(res.headers['content-disposition'], url).toBe('attachment');
          expect(parseCsp(res.headers['content-security-policy']).has('sandbox'), url).toBe(true);
        }
        expect(res.body).not.toContain(secret);
      }
    }
  });
});

describe('HSTS over TLS', () => {
  it('pins HTTPS for half a year when COOKIE_SECURE says the app is served over TLS', async () => {
    const t = await createTestApp({ seed: false, env: { COOKIE_SECURE: 'true' } });
    try {
      for (const url of [apiPaths.health, '/api/no-such-route']) {
        const hsts = String((await t.app.inject({ method: 'GET', url })).headers['strict-transport-security']);
        const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1]);
        expect(maxAge, hsts).toBeGreaterThanOrEqual(180 * 24 * 3600);
        expect(hsts).toMatch(/includeSubDomains/i);
      }
    } finally {
      await t.close();
    }
  });
});

describe.each<DbKind>(['pglite'])('cross-site writes carrying the session cookie (%s)', (kind) => {
  const host = 'dwellscape.example';
  const sameOrigin = { origin: `http://${host}`, 'sec-fetch-site': 'same-origin', referer: `http://${host}/post/x` };
  /** What a browser sends on a forged request from another site, one signal at a time. */
  const crossSiteSignals: Record<string, Record<string, string>> = {
    'another Origin': { origin: 'https://evil.example' },
    'another port': { origin: `http://${host}:8080` },
    'a look-alike host': { origin: `http://${host}.evil.example` },
    'Origin: null (sandboxed frame, data: URL)': { origin: 'null' },
    'only a Referer from another site': { referer: 'https://evil.example/attack.html' },
    'only an unparsable Referer': { referer: 'not a url' },
    'Sec-Fetch-Site: cross-site': { 'sec-fetch-site': 'cross-site' },
    'Sec-Fetch-Site: same-site (a sibling subdomain)': { 'sec-fetch-site': 'same-site' },
    'Sec-Fetch-Site: cross-site with a matching Origin': { 'sec-fetch-site': 'cross-site', origin: `http://${host}` },
  };

  let t: TestApp;
  let cookie: string;
  let designId: string;
  let likedDesignId: string;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    // signed in: commenting needs an account, so the refusals below are about the origin alone
    cookie = (await signUp(t.app, await t.unlock())).cookie;
    const user = await insertUser(t.database.db);
    designId = (await insertDesign(t.database.db, { userId: user.id, afterImageUrl: await putImage(t.app.storage) }))
      .id;
    likedDesignId = (
      await insertDesign(t.database.db, { userId: user.id, afterImageUrl: await putImage(t.app.storage) })
    ).id;
    png = await makePng(40, 30);
    const liked = await t.app.inject({
      method: 'PUT',
      url: apiPaths.designLike(likedDesignId),
      headers: { host, cookie, ...sameOrigin },
    });
    expect(liked.statusCode, liked.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The writes a page on another site can make a browser send: simple requests (form or text/plain) and more. */
  const forgedWrites = (signal: Record<string, string>) => {
    const headers = { host, cookie, ...signal };
    const form = multipartBody([filePart(png, 'file', 'x.png', 'image/png')]);
    const text = { ...headers, 'content-type': 'text/plain' };
    return [
      {
        name: 'multipart upload',
        method: 'POST',
        url: apiPaths.uploads,
        payload: form.payload,
        headers: { ...headers, 'content-type': form.contentType },
      },
      { name: 'text/plain like', method: 'PUT', url: apiPaths.designLike(designId), payload: '{}', headers: text },
      {
        name: 'text/plain POST to the like URL',
        method: 'POST',
        url: apiPaths.designLike(designId),
        payload: 'x',
        headers: text,
      },
      { name: 'unlike', method: 'DELETE', url: apiPaths.designLike(likedDesignId), headers },
      {
        name: 'text/plain comment',
        method: 'POST',
        url: apiPaths.designComments(designId),
        payload: JSON.stringify({ name: 'Mallory', text: 'forged' }),
        headers: text,
      },
      {
        name: 'form-encoded publish',
        method: 'POST',
        url: apiPaths.designs,
        payload: 'title=forged&afterImageUrl=%2Fmedia%2Fx.webp&mode=interior',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      },
      {
        name: 'text/plain paid AI call',
        method: 'POST',
        url: apiPaths.improveCaption,
        payload: JSON.stringify({ caption: 'forged', spaceType: 'interior' }),
        headers: text,
      },
    ] as const;
  };

  async function snapshot() {
    const db = t.database.db;
    const count = async (rows: Promise<{ n: number }[]>) => Number((await rows)[0]!.n);
    const n = sql<number>`count(*)::int`;
    const [design] = await db.select().from(designs).where(eq(designs.id, designId));
    const [liked] = await db.select().from(designs).where(eq(designs.id, likedDesignId));
    return {
      likeRows: await count(db.select({ n }).from(designLikes)),
      commentRows: await count(db.select({ n }).from(designComments)),
      designRows: await count(db.select({ n }).from(designs)),
      mediaRows: await count(db.select({ n }).from(mediaFiles)),
      counts: [design!.likesCount, design!.commentsCount, liked!.likesCount, liked!.commentsCount],
      files: listFiles(path.join(t.dataDir, 'media')),
    };
  }

  for (const [signalName, signal] of Object.entries(crossSiteSignals)) {
    it(`refuses every write with ${signalName}: 403, nothing stored`, async () => {
      const before = await snapshot();
      for (const { name, ...request } of forgedWrites(signal)) {
        const res = await t.app.inject(request);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
        expect(res.json()).toEqual({ error: 'Forbidden', message: 'Cross-origin requests are not allowed.' });
      }
      expect(await snapshot()).toEqual(before);
    });
  }

  it('accepts the same session from the app itself, so the refusals above are about the origin alone', async () => {
    const before = await snapshot();
    const headers = { host, cookie, ...sameOrigin };
    const form = multipartBody([filePart(png, 'file', 'x.png', 'image/png')]);
    const upload = await t.app.inject({
      method: 'POST',
      url: apiPaths.uploads,
      payload: form.payload,
      headers: { ...headers, 'content-type': form.contentType },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const like = await t.app.inject({ method: 'PUT', url: apiPaths.designLike(designId), headers });
    expect(like.statusCode, like.body).toBe(200);
    const comment = await t.app.inject({
      method: 'POST',
      url: apiPaths.designComments(designId),
      payload: { name: 'Ada', text: 'Lovely' },
      headers,
    });
    expect(comment.statusCode, comment.body).toBe(201);
    // a client that names no origin at all (curl, a server) is no browser acting for someone else
    const bare = await t.app.inject({
      method: 'DELETE',
      url: apiPaths.designLike(designId),
      headers: { host, cookie },
    });
    expect(bare.statusCode, bare.body).toBe(200);
    const after = await snapshot();
    expect(after.mediaRows).toBe(before.mediaRows + 1);
    expect(after.commentRows).toBe(before.commentRows + 1);
    expect(after.likeRows).toBe(before.likeRows);
  });
});

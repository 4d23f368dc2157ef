import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, feedResponseSchema } from '@dwellscape/shared';
import { createTestApp, type DbKind, type TestApp } from './helpers';
import { httpGet, makePng, openEventStream } from './media-fixtures';

const FEED = `${apiPaths.designs}?mode=interior&limit=25`;

/**
 * Runs once, on PGlite, even when TEST_DATABASE_URL is set: compression is an onSend hook over the
 * bytes a route answers (src/plugins/compression.ts), the same whichever database made them; the
 * feed's own queries run on both databases in the feed and feed-cache tests.
 */
describe.each<DbKind>(['pglite'])('response compression (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let port: number;
  let webDir: string;
  const appJs = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  const appJsBrotli = brotliCompressSync(appJs);

  beforeAll(async () => {
    // a built SPA: index.html and a hashed asset with the .br and .gz copies the build writes
    webDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      `<!doctype html><title>Dwellscape</title>${'<!-- pad -->'.repeat(200)}`,
    );
    writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js'), appJs);
    writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js.br'), appJsBrotli);
    writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js.gz'), gzipSync(appJs));
    t = await createTestApp({ kind, env: { WEB_DIST_DIR: webDir } });
    cookie = await t.unlock();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the feed as brotli or gzip as the client asks, the same JSON as uncompressed', async () => {
    const plain = await httpGet(port, FEED, { cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const page = feedResponseSchema.parse(JSON.parse(plain.body.toString('utf8')));
    expect(page.items.length).toBeGreaterThan(0);

    const br = await httpGet(port, FEED, { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(plain.body.toString('utf8'));

    const gzip = await httpGet(port, FEED, { cookie, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(plain.body.toString('utf8'));

    const identity = await httpGet(port, FEED, { cookie, 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString('utf8')).toBe(plain.body.toString('utf8'));
  });

  it('sends a cached feed page compressed once: the same bytes again, the right length, x-gzip and * as gzip', async () => {
    const plain = await httpGet(port, FEED, { cookie });
    const first = await httpGet(port, FEED, { cookie, 'accept-encoding': 'br' });
    const again = await httpGet(port, FEED, { cookie, 'accept-encoding': 'gzip;q=0.5, br' });
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.body.equals(first.body)).toBe(true);
    expect(Number(again.headers['content-length'])).toBe(again.body.length);
    expect(again.headers.vary).toBe('accept-encoding');
    for (const asked of ['x-gzip', '*']) {
      const gzip = await httpGet(port, FEED, { cookie, 'accept-encoding': asked });
      expect(gzip.headers['content-encoding'], asked).toBe('gzip');
      expect(gunzipSync(gzip.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    }
    const unknown = await httpGet(port, FEED, { cookie, 'accept-encoding': 'zstd' });
    expect(unknown.headers['content-encoding']).toBeUndefined();
    expect(unknown.body.toString('utf8')).toBe(plain.body.toString('utf8'));
  });

  it('leaves JSON under 1 kB as it is', async () => {
    const res = await httpGet(port, apiPaths.health, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ status: 'ok' });
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: FEED, headers: { cookie, 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('never compresses or buffers the live stream', async () => {
    const stream = await openEventStream(port, `${apiPaths.designsLive}?mode=interior`, cookie, {
      'accept-encoding': 'gzip, deflate, br',
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['content-encoding']).toBeUndefined();
    } finally {
      stream.close();
    }
  });

  it('sends stored images as stored, without a Content-Encoding', async () => {
    const png = await makePng(200, 200);
    const key = 'uploads/00/00000000-0000-4000-8000-0000000000aa.png';
    mkdirSync(path.join(t.dataDir, 'media', 'uploads', '00'), { recursive: true });
    writeFileSync(path.join(t.dataDir, 'media', key), png);
    const res = await httpGet(port, `/media/${key}`, { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(png)).toBe(true);
  });

  it("serves the SPA's precompressed copies once, never compressing them again", async () => {
    const br = await httpGet(port, '/assets/app-1a2b.js', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(appJsBrotli)).toBe(true);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(appJs);

    const plain = await httpGet(port, '/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(appJs);

    const notModified = await httpGet(port, '/assets/app-1a2b.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });

  it('never inflates a request body: a gzip-encoded upload is read as the bytes sent', async () => {
    const body = gzipSync(JSON.stringify({ password: t.config.betaPassword }));
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.gate,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    // the compressed bytes are not JSON: refused as sent, never opened
    expect(res.statusCode).toBe(400);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

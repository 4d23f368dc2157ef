import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, designSchema, uploadResponseSchema } from '@dwellscape/shared';
import { ConfigError, loadConfig } from '../../src/config';
import { filePart, listFiles, makeJpeg, multipartBody, openEventStream } from '../media-fixtures';
import { prepareDataDir, startChildServer, type ChildServer } from './child-server';
import { signUpOverHttp } from './support';

/**
 * Slow clients are cut off: headers that never finish after HEADERS_TIMEOUT_MS, a body that never
 * finishes after REQUEST_TIMEOUT_MS, an idle keep-alive socket after KEEP_ALIVE_TIMEOUT_MS; a
 * live-feed response stays open past all of them.
 */

const HEADERS_TIMEOUT_MS = 1500;
const REQUEST_TIMEOUT_MS = 8000;
const KEEP_ALIVE_TIMEOUT_MS = 2000;
/** A client still connected after this long was not cut off at all. */
const GIVE_UP_MS = 60_000;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Trickled {
  /** Time from the first byte sent to the socket closing. */
  elapsedMs: number;
  /** Everything the server sent back. */
  received: string;
  bytesSent: number;
}

/** Sends `immediate` at once, then `trickled` one byte every 200 ms, until the server closes the socket. */
function trickle(port: number, immediate: string, trickled: string): Promise<Trickled> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    let startedAt = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      startedAt = performance.now();
      socket.write(Buffer.from(immediate, 'latin1'));
      const sendNext = () => {
        if (socket.destroyed || sent >= trickled.length) return;
        if (performance.now() - startedAt > GIVE_UP_MS) {
          socket.destroy();
          reject(new Error(`still connected after ${GIVE_UP_MS} ms: the server never cut the client off`));
          return;
        }
        socket.write(Buffer.from(trickled[sent]!, 'latin1'));
        sent++;
        timer = setTimeout(sendNext, 200);
      };
      sendNext();
    });
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ elapsedMs: performance.now() - startedAt, received, bytesSent: sent });
    });
  });
}

describe('request, header and keep-alive time-outs', () => {
  let dataDir: string;
  let server: ChildServer;
  let cookie: string;

  beforeAll(async () => {
    dataDir = await prepareDataDir('dwellscape-timeouts-');
    server = await startChildServer({
      dataDir,
      env: {
        HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
      },
    });
    // publishing needs an account
    cookie = (await signUpOverHttp(server.baseUrl, await server.unlock())).cookie;
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('cuts off a client that trickles its headers after the header time-out', async () => {
    const head = `GET ${apiPaths.health} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trickle: ${'a'.repeat(10_000)}\r\n\r\n`;
    const result = await trickle(server.port, '', head);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS);
    // the header limit cut it, long before the whole-request limit could have
    expect(result.elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS);
  }, 90_000);

  it('cuts off a client that sends its headers, then trickles the body, after the request time-out; nothing is stored', async () => {
    const uploadsDir = path.join(dataDir, 'media', 'uploads');
    const filesBefore = listFiles(uploadsDir);
    const form = multipartBody([filePart(await makeJpeg(64, 48))]);
    const head =
      `POST ${apiPaths.uploads} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
      `Content-Type: ${form.contentType}\r\nContent-Length: ${form.payload.length}\r\n\r\n`;
    const result = await trickle(server.port, head, form.payload.toString('latin1'));
    expect(result.bytesSent).toBeLessThan(form.payload.length);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS);
    expect(listFiles(uploadsDir)).toEqual(filesBefore);
  }, 90_000);

  it('closes an idle keep-alive connection after the keep-alive time-out', async () => {
    const closedAfter = await new Promise<{ elapsedMs: number; received: string }>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1');
      let received = '';
      let answeredAt = 0;
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        received += chunk;
        if (!answeredAt && received.includes('\r\n\r\n')) answeredAt = performance.now();
      });
      socket.on('error', () => undefined);
      socket.once('close', () => resolve({ elapsedMs: performance.now() - answeredAt, received }));
      socket.write(`GET ${apiPaths.health} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    });
    expect(closedAfter.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(closedAfter.received).toMatch(/\r\nkeep-alive: timeout=2\r\n/i);
    expect(closedAfter.elapsedMs).toBeGreaterThanOrEqual(KEEP_ALIVE_TIMEOUT_MS - 50);
  }, 90_000);

  it('keeps a live-feed stream open past both time-outs and still delivers on it', async () => {
    const stream = await openEventStream(server.port, `${apiPaths.designsLive}?mode=interior`, cookie);
    let ended = false;
    void stream.ended.then(() => (ended = true));
    expect(stream.status).toBe(200);
    await pause(REQUEST_TIMEOUT_MS + 3000);
    expect(ended).toBe(false);

    const form = multipartBody([filePart(await makeJpeg(80, 60))]);
    const uploaded = await fetch(`${server.baseUrl}${apiPaths.uploads}`, {
      method: 'POST',
      headers: { cookie, 'content-type': form.contentType },
      body: form.payload,
    });
    expect(uploaded.status).toBe(201);
    const { url } = uploadResponseSchema.parse(await uploaded.json());
    const published = await fetch(`${server.baseUrl}${apiPaths.designs}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'After the time-outs', afterImageUrl: url, mode: 'interior' }),
    });
    expect(published.status).toBe(201);
    const design = designSchema.parse(await published.json());
    const event = await stream.waitForEvent((e) => e.id === design.id, 30_000);
    expect(event.event).toBe('design');
    stream.close();
  }, 120_000);
});

describe('time-out settings', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-timeout-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('defaults to 10 s for headers, 120 s for a request, 72 s keep-alive and 130 s of silence', () => {
    expect(load({}).timeouts).toEqual({
      headersMs: 10_000,
      requestMs: 120_000,
      keepAliveMs: 72_000,
      connectionMs: 130_000,
    });
  });

  it('refuses values that would break a client or a live stream, naming the variable', () => {
    expect(() => load({ HEADERS_TIMEOUT_MS: 'soon' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => load({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => load({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '15000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS/,
    );
    expect(() => load({ CONNECTION_TIMEOUT_MS: '20000' })).toThrow(
      /CONNECTION_TIMEOUT_MS: must exceed LIVE_HEARTBEAT_MS/,
    );
    expect(() => load({ KEEP_ALIVE_TIMEOUT_MS: '-5' })).toThrow(ConfigError);
  });
});

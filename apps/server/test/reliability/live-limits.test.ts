/**
 * docs/security.md, against the real server over real sockets: open live streams are capped per session and per
 * address, and what one publish makes the machine hold for clients that never read is bounded. Runs on PGlite: the
 * caps and the fan-out live in the server process, whatever the database.
 */
import { readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  designSchema,
  feedDesignSchema,
  feedResponseSchema,
  USER_ANSWERS_MAX_KEYS,
  USER_ANSWERS_MAX_LENGTH,
  type PublishDesignBody,
} from '@dwellscape/shared';
import { STREAM_CAP_MESSAGES } from '../../src/realtime/open-streams';
import { openEventStream, type EventStream } from '../media-fixtures';
import { prepareDataDir, startChildServer, type ChildServer } from './child-server';
import { signUpOverHttp } from './support';

/** The defaults of LIVE_STREAMS_PER_SESSION and LIVE_STREAMS_PER_ADDRESS (config.ts). */
const PER_SESSION = 8;
const PER_ADDRESS = 64;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function stopServer(server: ChildServer | undefined): Promise<void> {
  if (!server) return;
  const exit = await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
  expect(exit.code).toBe(0);
}

/** Closes the streams, then gives the server a moment to hear of it (a closed socket's slot is let go on its close). */
const closeAll = async (streams: EventStream[]) => {
  const closing = streams.splice(0);
  for (const stream of closing) stream.close();
  await Promise.all(closing.map((stream) => stream.ended));
  await sleep(500);
};

describe('open live streams are capped per session and per address (real server, default caps)', () => {
  let server: ChildServer | undefined;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    server = await startChildServer({ dataDir: await prepareDataDir('dwellscape-live-caps-') });
  }, 240_000);

  afterAll(async () => {
    await closeAll(streams);
    await stopServer(server);
  }, 60_000);

  const open = async (path: string, cookie: string) => {
    const stream = await openEventStream(server!.port, path, cookie);
    streams.push(stream);
    return stream;
  };

  it(`accepts ${PER_SESSION} of 100 streams one session opens at once, refusing the rest with 429`, async () => {
    const { cookie } = await signUpOverHttp(server!.baseUrl, await server!.unlock());
    // the activity stream counts with the feed's: one cap for every kind
    const paths = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0 ? `${apiPaths.designsLive}?mode=interior` : apiPaths.notificationsLive,
    );
    const opened = await Promise.all(paths.map((path) => open(path, cookie)));
    const statuses = opened.map((s) => s.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_SESSION);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - PER_SESSION);
    expect(opened.find((s) => s.status === 429)!.headers['retry-after']).toBe('10');

    const refused = await fetch(`${server!.baseUrl}${apiPaths.designsLive}?mode=interior`, { headers: { cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: STREAM_CAP_MESSAGES.perSession });

    // a stream that ends gives its place back
    opened.find((s) => s.status === 200)!.close();
    await expect
      .poll(async () => (await open(`${apiPaths.designsLive}?mode=interior`, cookie)).status, { timeout: 5000 })
      .toBe(200);
    await closeAll(streams);
  }, 60_000);

  it(`accepts ${PER_ADDRESS} streams from one address across sessions, refusing the next with 429`, async () => {
    const sessions = await Promise.all(
      Array.from({ length: Math.ceil(PER_ADDRESS / PER_SESSION) + 1 }, () => server!.unlock()),
    );
    const opened: EventStream[] = [];
    for (const cookie of sessions.slice(0, -1)) {
      opened.push(
        ...(await Promise.all(
          Array.from({ length: PER_SESSION }, () => open(`${apiPaths.designsLive}?mode=landscape`, cookie)),
        )),
      );
    }
    expect(opened.filter((s) => s.status === 200)).toHaveLength(PER_ADDRESS);

    // a fresh session does not mint room: the address is full
    const refused = await fetch(`${server!.baseUrl}${apiPaths.designsLive}?mode=landscape`, {
      headers: { cookie: sessions.at(-1)! },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: STREAM_CAP_MESSAGES.perAddress });
    await closeAll(streams);
  }, 60_000);
});

/**
 * The bytes the kernel holds on established TCP connections of `port`: what the server sent and its clients have
 * not read, on the server's side (tx_queue) and the clients' (rx_queue). Both ends are on this machine.
 */
function queuedBytesOnPort(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let total = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 5 || fields[3] !== '01') continue;
      const [tx, rx] = fields[4]!.split(':').map((hex) => parseInt(hex, 16));
      if (fields[1]!.endsWith(`:${hexPort}`)) total += tx!;
      if (fields[2]!.endsWith(`:${hexPort}`)) total += rx!;
    }
  }
  return total;
}

const SLOW_READERS = 200;
/** What the kernel may hold per slow reader after one publish: the stream's opening comment and one card. */
const MAX_QUEUED_PER_READER = 16 * 1024;

describe.skipIf(!process.platform.startsWith('linux'))(
  `one publish to ${SLOW_READERS} live clients that never read (real server)`,
  () => {
    let server: ChildServer | undefined;
    let cookie: string;
    let imageUrl: string;
    const sockets: net.Socket[] = [];
    let reader: EventStream | undefined;

    beforeAll(async () => {
      server = await startChildServer({
        dataDir: await prepareDataDir('dwellscape-live-slow-'),
        // one test machine is one address: room for every reader
        env: { LIVE_STREAMS_PER_SESSION: '1000', LIVE_STREAMS_PER_ADDRESS: '1000' },
      });
      cookie = (await signUpOverHttp(server.baseUrl, await server.unlock())).cookie;
      const feed = await fetch(`${server.baseUrl}${apiPaths.designs}?mode=interior&limit=1`, { headers: { cookie } });
      imageUrl = feedResponseSchema.parse(await feed.json()).items[0]!.afterImageUrl;
    }, 240_000);

    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      reader?.close();
      await stopServer(server);
    }, 60_000);

    const publish = (body: PublishDesignBody) =>
      fetch(`${server!.baseUrl}${apiPaths.designs}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('refuses unbounded answers and sends each client the card only, so the kernel holds little per reader', async () => {
      const port = server!.port;
      reader = await openEventStream(port, `${apiPaths.designsLive}?mode=interior`, cookie);
      for (let i = 0; i < SLOW_READERS; i++) {
        // a raw socket that sends its request and then never reads a byte
        const socket = net.connect(port, '127.0.0.1');
        socket.pause();
        socket.write(
          `GET ${apiPaths.designsLive}?mode=interior HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`,
        );
        sockets.push(socket);
      }
      await sleep(1000);
      const idle = queuedBytesOnPort(port);

      // the attack of the issue: some 906 kB of answers under as many keys
      const hugeAnswers = Object.fromEntries(
        Array.from({ length: 4000 }, (_, i) => [`q-${i}-${'k'.repeat(40)}`, 'a'.repeat(180)]),
      );
      const huge = await publish({
        title: 'Heavy',
        afterImageUrl: imageUrl,
        mode: 'interior',
        userAnswers: hugeAnswers,
      });
      expect(huge.status).toBe(400);

      // the most a publish may carry: answers at their bound, the longest caption
      const answers: Record<string, string> = {};
      for (let i = 0; i < USER_ANSWERS_MAX_KEYS; i++) {
        const next = { ...answers, [`question-${i}`]: 'b'.repeat(100) };
        if (JSON.stringify(next).length > USER_ANSWERS_MAX_LENGTH) break;
        Object.assign(answers, next);
      }
      const full = await publish({
        title: 'As large as allowed',
        caption: 'c'.repeat(2000),
        afterImageUrl: imageUrl,
        mode: 'interior',
        userAnswers: answers,
      });
      expect(full.status).toBe(201);
      const id = designSchema.parse(await full.json()).id;
      const event = await reader.waitForEvent((e) => e.id === id, 30_000);
      const card = JSON.parse(event.data) as Record<string, unknown>;
      expect(Object.keys(card).sort()).toEqual(Object.keys(feedDesignSchema.shape).sort());
      await sleep(1000);
      const queued = queuedBytesOnPort(port) - idle;
      console.info(
        `[live-slow-readers] ${SLOW_READERS} readers that never read: event ${Buffer.byteLength(event.data)} B, ` +
          `kernel queues grew ${(queued / 1024).toFixed(0)} KB (${(queued / SLOW_READERS / 1024).toFixed(1)} KB per reader)`,
      );
      expect(queued / SLOW_READERS).toBeLessThan(MAX_QUEUED_PER_READER);
    }, 120_000);
  },
);

/**
 * Runs once, on PGlite, even when TEST_DATABASE_URL is set: subscribers are held and fed by the
 * server process, behind one LISTEN whatever their number; the Postgres LISTEN path is covered by
 * live.test.ts, live-two-processes.test.ts, db-client.test.ts and live-replay.test.ts.
 */
import { rmSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, designSchema, feedResponseSchema, type Mode, type PublishDesignBody } from '@dwellscape/shared';
import { findDesignById } from '../../src/modules/designs/designs.repository';
import { LIVE_MAX_BUFFERED_BYTES } from '../../src/realtime/live-stream';
import { createPostgresDatabase, createTestApp, listenOnFreePort, type DbKind, type TestApp } from '../helpers';
import { insertDesign, insertUser, putImage } from '../fixtures';
import { openEventStream, type EventStream } from '../media-fixtures';
import { prepareDataDir, startChildServer, type ChildServer } from './child-server';
import { heavy, signUpOverHttp } from './support';

/**
 * docs/reliability.md: 1,000 idle live-feed subscribers on one server keep its memory flat while
 * heartbeats flow, one publish reaches all of them, and leaving clients take their memory along.
 * RELIABILITY_HEAVY=1 idles ten times longer.
 */

const SUBSCRIBERS = 1000;
const HEARTBEAT_MS = 200;
const IDLE_HEARTBEATS = heavy ? 250 : 25;
/** How long the idle period may take on a starved machine before the test gives up. */
const IDLE_TIMEOUT_MS = HEARTBEAT_MS * IDLE_HEARTBEATS * 10;
/** Growth allowed over the idle period, after a full GC (heap) and as the OS sees it (RSS). */
const MAX_IDLE_HEAP_GROWTH = 5 * 1024 * 1024;
const MAX_IDLE_RSS_GROWTH = 10 * 1024 * 1024;
/** How long the server may take to let go of streams whose clients left, on a starved machine. */
const LEAVE_TIMEOUT_MS = 15_000;
/** Streams opened at once: the listen backlog is finite. */
const OPEN_BATCH = 100;

/**
 * Loaded into the server process through NODE_OPTIONS: on SIGUSR2 it collects garbage and prints
 * the process's memory and how many TCP sockets it holds open, numbered, so the test reads the real server without
 * changing it (the socket count tells a stream the server still holds from memory it did not give back).
 *
 * Before the first figures it loads the server bundle's source map. Under --enable-source-maps Node parses it
 * (~10 MB of heap, kept for the process's life) the first time a stack through the bundle is read: on a busy
 * machine that is a heartbeat written to a socket its client had just reset, so the map appeared between the
 * figures before the subscribers and after they left and failed the test as 10 MB the subscribers had not
 * given back. Loaded first, it counts as the server's from the start, like the warm-up's lazily built parts.
 */
const MEMORY_PROBE = [
  'import { findSourceMap } from "node:module";',
  'let n = 0;',
  'process.on("SIGUSR2", () => {',
  '  if (n === 0 && process.argv[1]) findSourceMap(process.argv[1]);',
  '  globalThis.gc(); globalThis.gc();',
  '  const sockets = process.getActiveResourcesInfo().filter((r) => r === "TCPSocketWrap").length;',
  '  const figures = { ...process.memoryUsage(), sockets };',
  '  process.stdout.write("LIVE_MEMORY " + (++n) + " " + JSON.stringify(figures) + "\\n");',
  '});',
].join('\n');

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  /** TCP sockets the server holds open (its listening socket is a TCPServerWrap, not counted). */
  sockets: number;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each<DbKind>(['pglite'])('1,000 idle live-feed subscribers on one server process (%s)', (kind) => {
  let server: ChildServer | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let cookie: string;
  const streams: EventStream[] = [];
  let probes = 0;

  const measure = async (): Promise<Memory> => {
    probes += 1;
    const marker = `LIVE_MEMORY ${probes} `;
    server!.child.kill('SIGUSR2');
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const line = server!
        .output()
        .split('\n')
        .find((l) => l.startsWith(marker));
      if (line) return JSON.parse(line.slice(marker.length)) as Memory;
      await sleep(50);
    }
    throw new Error(`the server printed no memory figures:\n${server!.output().slice(-2000)}`);
  };

  const publish = async (mode: Mode): Promise<string> => {
    // a stored image of the sample world: publishing needs a file that exists
    const feed = await fetch(`${server!.baseUrl}${apiPaths.designs}?mode=${mode}&limit=1`, { headers: { cookie } });
    const image = feedResponseSchema.parse(await feed.json()).items[0]!.afterImageUrl;
    const body: PublishDesignBody = { title: 'For every subscriber', afterImageUrl: image, mode };
    const res = await fetch(`${server!.baseUrl}${apiPaths.designs}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return designSchema.parse(await res.json()).id;
  };

  const openMany = async (count: number): Promise<EventStream[]> => {
    const opened: EventStream[] = [];
    for (let i = 0; i < count; i += OPEN_BATCH) {
      const batch = Array.from({ length: Math.min(OPEN_BATCH, count - i) }, () =>
        openEventStream(server!.port, `${apiPaths.designsLive}?mode=interior`, cookie),
      );
      opened.push(...(await Promise.all(batch)));
    }
    streams.push(...opened);
    return opened;
  };

  const closeAll = async (list: EventStream[]) => {
    for (const stream of list) stream.close();
    await Promise.all(list.map((stream) => stream.ended));
  };

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      databaseUrl = database.url;
      dropDatabase = () => database.drop();
    }
    const encodedProbe = encodeURIComponent(MEMORY_PROBE);
    server = await startChildServer({
      dataDir: await prepareDataDir('dwellscape-live-idle-'),
      databaseUrl,
      // info, for the line that says the render threads are up
      logLevel: 'info',
      env: {
        LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS),
        // every subscriber is one session on one address here; a real thousand are a thousand browsers
        LIVE_STREAMS_PER_SESSION: String(SUBSCRIBERS * 2),
        LIVE_STREAMS_PER_ADDRESS: String(SUBSCRIBERS * 2),
        NODE_OPTIONS: `--expose-gc --import=data:text/javascript,${encodedProbe}`,
      },
    });
    // the render threads start after listening (server.ts) and take tens of MB as they load the compositor: on a
    // busy machine that lands inside the idle period, so the subscribers are measured once the threads are up
    const threadsDeadline = Date.now() + 120_000;
    while (!server.output().includes('render threads ready') && Date.now() < threadsDeadline) await sleep(100);
    expect(server.output()).toContain('render threads ready');
    // publishing needs an account
    cookie = (await signUpOverHttp(server.baseUrl, await server.unlock())).cookie;
  }, 240_000);

  afterAll(async () => {
    await closeAll(streams);
    if (server) {
      const exit = await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
      expect(exit.code).toBe(0);
    }
    await dropDatabase?.();
  }, 60_000);

  it(
    'keeps memory flat while they idle, reaches all of them with one publish, and frees them when they leave',
    async () => {
      // warm up: lazily built parts (schemas, JIT, pools) must not count as subscriber memory
      const warm = await openMany(50);
      const warmId = await publish('interior');
      await Promise.all(warm.map((s) => s.waitForEvent((e) => e.id === warmId)));
      await closeAll(warm);
      await sleep(HEARTBEAT_MS * 2);

      const before = await measure();
      const subscribers = await openMany(SUBSCRIBERS);
      expect(subscribers.every((s) => s.status === 200)).toBe(true);
      await sleep(HEARTBEAT_MS * 3);

      const idleStart = await measure();
      const pingsAtStart = subscribers.map((s) => s.comments.length);
      // the idle period lasts until every stream has had its heartbeats, however busy the machine is
      const fewestPings = () => Math.min(...subscribers.map((s, i) => s.comments.length - pingsAtStart[i]!));
      await expect
        .poll(fewestPings, { timeout: IDLE_TIMEOUT_MS, interval: HEARTBEAT_MS })
        .toBeGreaterThanOrEqual(IDLE_HEARTBEATS);
      const idleEnd = await measure();

      const heapGrowth = idleEnd.heapUsed - idleStart.heapUsed;
      // RSS as the OS sees it steps with the allocator's arenas: a CI run on Node 24 once read +14.5 MB at the idle's
      // end with the heap flat (-0.06 MB), and 0 MB on the next run. A leak stays; a step is gone a few heartbeats
      // later, so a reading past the limit is taken again once and the lower one counts.
      let rssGrowth = idleEnd.rss - idleStart.rss;
      if (rssGrowth >= MAX_IDLE_RSS_GROWTH) {
        await sleep(HEARTBEAT_MS * 5);
        rssGrowth = Math.min(rssGrowth, (await measure()).rss - idleStart.rss);
      }
      const perSubscriber = (idleStart.heapUsed - before.heapUsed) / SUBSCRIBERS;

      const published = performance.now();
      const id = await publish('interior');
      await Promise.all(subscribers.map((s) => s.waitForEvent((e) => e.id === id, 30_000)));
      const fanOutMs = performance.now() - published;
      for (const stream of subscribers) expect(stream.events.filter((e) => e.id === id)).toHaveLength(1);

      await closeAll(subscribers);
      // the server lets a stream go when its socket's close reaches it, which on a busy machine can take longer than
      // a few heartbeats: measure again (each time after full GCs) until it has, for up to LEAVE_TIMEOUT_MS. Memory
      // a subscription kept would never come back, so a leak still fails
      const retainedLimit = (idleStart.heapUsed - before.heapUsed) / 4;
      const socketsLimit = before.sockets + 10;
      const hasLetGo = (m: Memory) => m.heapUsed - before.heapUsed < retainedLimit && m.sockets < socketsLimit;
      const leaveDeadline = Date.now() + LEAVE_TIMEOUT_MS;
      let afterLeaving: Memory;
      do {
        await sleep(HEARTBEAT_MS * 3);
        afterLeaving = await measure();
      } while (!hasLetGo(afterLeaving) && Date.now() < leaveDeadline);
      const retained = afterLeaving.heapUsed - before.heapUsed;

      console.info(
        [
          `[live-idle ${kind}] ${SUBSCRIBERS} subscribers, heartbeat ${HEARTBEAT_MS} ms, idle ${IDLE_HEARTBEATS} heartbeats`,
          `  heap per subscriber: ${(perSubscriber / 1024).toFixed(1)} KB (heap ${mb(before.heapUsed)} → ${mb(idleStart.heapUsed)}, rss ${mb(before.rss)} → ${mb(idleStart.rss)})`,
          `  growth over the idle period: heap ${mb(heapGrowth)}, rss ${mb(rssGrowth)}, external ${mb(idleEnd.external - idleStart.external)}`,
          `  publish → received by all ${SUBSCRIBERS}: ${fanOutMs.toFixed(0)} ms`,
          `  heap after they left: ${mb(afterLeaving.heapUsed)} (${mb(retained)} above the start); server sockets open: ${before.sockets} before, ${idleEnd.sockets} idle, ${afterLeaving.sockets} after they left`,
        ].join('\n'),
      );

      expect(heapGrowth).toBeLessThan(MAX_IDLE_HEAP_GROWTH);
      expect(rssGrowth).toBeLessThan(MAX_IDLE_RSS_GROWTH);
      // 1,000 open streams cost real memory, and leaving gives it back: no subscription outlives its client
      expect(idleStart.heapUsed - before.heapUsed).toBeGreaterThan(0);
      // the server closed their sockets (its own keep-alive fetches aside), then gave their memory back
      expect(afterLeaving.sockets, 'sockets the server still holds after the clients left').toBeLessThan(socketsLimit);
      expect(retained).toBeLessThan(retainedLimit);
    },
    IDLE_TIMEOUT_MS + 240_000,
  );
});

/** A design with this caption, stored and read back as the live feed sends it. */
async function designCaptioned(t: TestApp, caption: string) {
  const author = await insertUser(t.database.db);
  const row = await insertDesign(t.database.db, {
    userId: author.id,
    afterImageUrl: await putImage(t.app.storage),
    caption,
  });
  const design = await findDesignById(t.database.db, row.id, null);
  if (!design) throw new Error('the design was not stored');
  return design;
}

/**
 * Two clients of the interior live feed: one that reads, and a raw socket (kept in `sockets`, to destroy after)
 * that sends its request and then never reads a byte. Answers once the server holds both.
 */
async function readerAndStalled(t: TestApp, port: number, cookie: string, sockets: net.Socket[]) {
  const reader = await openEventStream(port, `${apiPaths.designsLive}?mode=interior`, cookie);
  const stalled = net.connect(port, '127.0.0.1');
  sockets.push(stalled);
  stalled.pause();
  stalled.write(`GET ${apiPaths.designsLive}?mode=interior HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
  await expect.poll(() => t.app.liveFeed.subscriberCount('interior')).toBe(2);
  return { reader, stalled };
}

/**
 * A client that stops reading must not make the server hold every later design for it: past
 * LIVE_MAX_BUFFERED_BYTES unsent it is dropped, and the clients that read lose nothing.
 */
describe('a live-feed client that stops reading', () => {
  let t: TestApp;
  let cookie: string;
  let port: number;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    cookie = await t.unlock();
    port = await listenOnFreePort(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t?.close();
  });

  it('is dropped once its unsent bytes pass the cap, while a reading client gets every design', async () => {
    const design = await designCaptioned(t, 'A long caption that makes each event a few kilobytes. '.repeat(40));

    const { reader } = await readerAndStalled(t, port, cookie, sockets);

    // far more than the kernel's socket buffers and the cap together
    const eventBytes = Buffer.byteLength(JSON.stringify(design));
    const total = Math.ceil((64 * MB) / eventBytes);
    // the reader is in this process too: let it catch up well before its own stream could reach the cap
    const catchUpEvery = Math.max(1, Math.floor(LIVE_MAX_BUFFERED_BYTES / 4 / eventBytes));
    let sent = 0;
    while (sent < total && t.app.liveFeed.subscriberCount('interior') === 2) {
      t.app.liveFeed.publish(design);
      sent += 1;
      if (sent % catchUpEvery === 0) await expect.poll(() => reader.events.length, { timeout: 30_000 }).toBe(sent);
    }
    expect(t.app.liveFeed.subscriberCount('interior')).toBe(1);
    console.info(
      `[live-slow] stalled client dropped after ${sent} events (~${mb(sent * eventBytes)}), cap ${mb(LIVE_MAX_BUFFERED_BYTES)}`,
    );
    expect(sent * eventBytes).toBeLessThan(64 * MB);

    // the reading client is still served, and got every event
    await expect.poll(() => reader.events.length, { timeout: 30_000 }).toBe(sent);
    reader.close();
  }, 120_000);
});

/**
 * A client that stops reading once the kernel's buffers are full, with too little queued to reach the cap: what the
 * server holds for it stays held. It is dropped once a whole heartbeat passes without it taking any of it.
 */
describe('a live-feed client whose buffer stays full', () => {
  const BEAT_MS = 200;
  let t: TestApp;
  let cookie: string;
  let port: number;
  const sockets: net.Socket[] = [];
  const serverSockets: net.Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { LIVE_HEARTBEAT_MS: String(BEAT_MS) } });
    cookie = await t.unlock();
    t.app.server.on('connection', (socket: net.Socket) => serverSockets.push(socket));
    port = await listenOnFreePort(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t?.close();
  });

  it('is dropped within a few heartbeats, while a reading client keeps its stream', async () => {
    const design = await designCaptioned(
      t,
      'A caption long enough that a few dozen events fill the kernel buffers. '.repeat(1000),
    );

    const { reader, stalled } = await readerAndStalled(t, port, cookie, sockets);
    const onServer = serverSockets.find((socket) => socket.remotePort === stalled.localPort);
    if (!onServer) throw new Error('the server did not see the stalled client connect');

    // until the kernel holds all it will and the server starts holding bytes itself, well short of the cap
    let sent = 0;
    while (onServer.writableLength === 0 && sent < 1000) {
      t.app.liveFeed.publish(design);
      sent += 1;
      await expect.poll(() => reader.events.length, { timeout: 30_000 }).toBe(sent);
    }
    const held = onServer.writableLength;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(LIVE_MAX_BUFFERED_BYTES);

    const stalledAt = performance.now();
    await expect.poll(() => t.app.liveFeed.subscriberCount('interior'), { timeout: BEAT_MS * 25 }).toBe(1);
    const droppedAfter = performance.now() - stalledAt;
    console.info(
      `[live-stalled] dropped ${droppedAfter.toFixed(0)} ms after the server began holding ${mb(held)} for it ` +
        `(${sent} events, heartbeat ${BEAT_MS} ms)`,
    );
    expect(droppedAfter).toBeLessThan(BEAT_MS * 10);
    expect(onServer.destroyed).toBe(true);

    // the reading client is still served
    t.app.liveFeed.publish(design);
    await expect.poll(() => reader.events.length, { timeout: 10_000 }).toBe(sent + 1);
    reader.close();
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { asc, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  contracts,
  designSchema,
  feedDesignSchema,
  type Design,
  type Mode,
  type PublishDesignBody,
} from '@dwellscape/shared';
import { designs, rateLimitHits } from '../../src/db/schema';
import { insertDesignAndAnnounce, PUBLISH_LOCK_ID } from '../../src/modules/designs/designs.repository';
import { createFanOut, createLiveFeed } from '../../src/realtime/live-feed';
import { eventStreamOn, LIVE_REPLAY_LIMIT, serveLiveStream } from '../../src/realtime/live-stream';
import { createTestApp, dbKinds, listenOnFreePort, type TestApp } from '../helpers';
import { insertDesign, insertUser, signUp, uploadImage } from '../fixtures';
import { openEventStream, type EventStream } from '../media-fixtures';

/**
 * docs/reliability.md: a live-feed client that comes back with the id of the last design it saw
 * gets every public design of its mode published since, in publish order, once, then the live ones.
 */
describe.each(dbKinds)('live feed replay after a reconnect (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let port: number;
  let image: string;
  const streams: EventStream[] = [];

  const liveUrl = (mode: Mode, query = '') => `${apiPaths.designsLive}?mode=${mode}${query}`;

  const connect = async (mode: Mode, options: { lastEventId?: string; query?: string } = {}) => {
    const headers: Record<string, string> =
      options.lastEventId === undefined ? {} : { 'last-event-id': options.lastEventId };
    const stream = await openEventStream(port, liveUrl(mode, options.query), cookie, headers);
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };

  const disconnect = async (stream: EventStream) => {
    stream.close();
    await stream.ended;
  };

  /** Publishes through the API, as the create flow does; resolves with the new design's id once acknowledged. */
  const publish = async (title: string, mode: Mode = 'interior'): Promise<string> => {
    const body: PublishDesignBody = { title, afterImageUrl: image, mode };
    // this file publishes far faster than a person may (PUBLISH_LIMIT): its subject is the stream, not the limit
    await t.database.db.delete(rateLimitHits);
    const res = await fetch(`http://127.0.0.1:${port}${apiPaths.designs}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return designSchema.parse(await res.json()).id;
  };

  /**
   * Publishes a last design and waits for it: every event published before it has arrived by then,
   * so the ids the stream holds are complete.
   */
  const settle = async (stream: EventStream, mode: Mode = 'interior') => {
    const sentinel = await publish('Sentinel', mode);
    await stream.waitForEvent((e) => e.id === sentinel, 20_000);
    return sentinel;
  };

  const ids = (stream: EventStream) => stream.events.map((e) => e.id);

  beforeAll(async () => {
    // one session opens a stream per replay anchor at once, more than a browser would
    t = await createTestApp({ kind, seed: false, env: { LIVE_STREAMS_PER_SESSION: '50' } });
    // publishing needs an account
    cookie = (await signUp(t.app, await t.unlock())).cookie;
    port = await listenOnFreePort(t.app);
    await insertUser(t.database.db, { id: 'replay-author', rank: 0 });
    image = await uploadImage(t.app, cookie);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  it('sends what was missed once and in order, then carries on live', async () => {
    const first = await connect('interior');
    const seen = await publish('Seen before the drop');
    await first.waitForEvent((e) => e.id === seen);
    await disconnect(first);
    await expect.poll(() => t.app.liveFeed.subscriberCount('interior')).toBe(0);

    const missedA = await publish('Missed A');
    const otherMode = await publish('Missed, but landscape', 'landscape');
    const privateDesign = await insertDesign(t.database.db, {
      userId: 'replay-author',
      isPublic: false,
      afterImageUrl: image,
    });
    const missedB = await publish('Missed B');

    const again = await connect('interior', { lastEventId: seen });
    await again.waitForEvent((e) => e.id === missedB);
    const live = await publish('Live C');
    await again.waitForEvent((e) => e.id === live);
    const sentinel = await settle(again);

    expect(ids(again)).toEqual([missedA, missedB, live, sentinel]);
    expect(ids(again)).not.toContain(otherMode);
    expect(ids(again)).not.toContain(privateDesign.id);
    for (const event of again.events) {
      expect(event.event).toBe('design');
      const design = feedDesignSchema.parse(JSON.parse(event.data));
      expect(design).toMatchObject({ id: event.id, mode: 'interior' });
    }
    expect(feedDesignSchema.parse(JSON.parse(again.events[0]!.data)).title).toBe('Missed A');
  });

  it('replays from ?lastEventId= for a client that opened a new EventSource; the header wins over it', async () => {
    const anchor = await publish('Anchor');
    const missed1 = await publish('Missed 1');
    const missed2 = await publish('Missed 2');

    const fromQuery = await connect('interior', { query: `&lastEventId=${encodeURIComponent(anchor)}` });
    await fromQuery.waitForEvent((e) => e.id === missed2);

    // the browser keeps the URL it was opened with and sends the newer id in the header
    const fromHeader = await connect('interior', {
      query: `&lastEventId=${encodeURIComponent(anchor)}`,
      lastEventId: missed1,
    });
    await fromHeader.waitForEvent((e) => e.id === missed2);

    const sentinel = await settle(fromHeader);
    await fromQuery.waitForEvent((e) => e.id === sentinel);
    expect(ids(fromQuery)).toEqual([missed1, missed2, sentinel]);
    expect(ids(fromHeader)).toEqual([missed2, sentinel]);
  });

  it('loses and repeats nothing when designs are published while the client reconnects', async () => {
    let anchor = await publish('Race anchor');
    for (let round = 0; round < 6; round++) {
      const published: string[] = [];
      // the reconnect starts at a different point of the publishing in each round
      const publishing = (async () => {
        for (let i = 0; i < 6; i++) published.push(await publish(`Race ${round}.${i}`));
      })();
      await new Promise((r) => setTimeout(r, round * 15));
      const stream = await connect('interior', { lastEventId: anchor });
      await publishing;
      const sentinel = await settle(stream);
      expect(ids(stream)).toEqual([...published, sentinel]);
      await disconnect(stream);
      anchor = sentinel;
    }
  });

  it('replays at most the newest designs up to its cap, oldest of them first', async () => {
    const anchor = await publish('Long gone');
    const missed: string[] = [];
    // explicit, strictly increasing times: inserts this quick can share a clock tick (PGlite's is
    // coarse), and a tie is ordered by id, which is random
    const base = Date.now();
    for (let i = 0; i < LIVE_REPLAY_LIMIT + 5; i++) {
      const createdAt = new Date(base + i + 1);
      missed.push(
        (
          await insertDesign(t.database.db, {
            userId: 'replay-author',
            afterImageUrl: image,
            title: `Bulk ${i}`,
            createdAt,
          })
        ).id,
      );
    }
    const stream = await connect('interior', { lastEventId: anchor });
    const sentinel = await settle(stream);
    expect(ids(stream)).toEqual([...missed.slice(-LIVE_REPLAY_LIMIT), sentinel]);
  });

  it('replays nothing for an unknown, malformed, private or other-mode id, and still streams live', async () => {
    const landscapeId = await publish('Garden', 'landscape');
    const privateId = (
      await insertDesign(t.database.db, { userId: 'replay-author', isPublic: false, afterImageUrl: image })
    ).id;
    const anchors: { lastEventId?: string; query?: string }[] = [
      { lastEventId: 'no-such-design' },
      { lastEventId: 'x y' },
      { lastEventId: '../../etc/passwd' },
      { lastEventId: "' or 1=1 --" },
      { lastEventId: 'é'.repeat(40) },
      { lastEventId: 'a'.repeat(2000) },
      { lastEventId: '' },
      { lastEventId: landscapeId },
      { lastEventId: privateId },
      { query: '&lastEventId=no-such-design' },
      { query: `&lastEventId=${encodeURIComponent('<script>')}` },
      { query: `&lastEventId=${landscapeId}` },
      { query: '&lastEventId=' },
    ];
    // there are older interior designs than any of these, so a wrong replay would show; the 201 comes
    // at commit, before Postgres has delivered its NOTIFY, so a stream opened right after could still get
    // it live: the streams open once a first one has had it
    const earlier = await connect('interior');
    await settle(earlier);
    await disconnect(earlier);
    const opened = await Promise.all(anchors.map((anchor) => connect('interior', anchor)));
    const live = await publish('Live for everyone');
    await Promise.all(opened.map((stream) => stream.waitForEvent((e) => e.id === live)));
    for (const stream of opened) expect(ids(stream)).toEqual([live]);
    for (const stream of opened) await disconnect(stream);
  });

  it('answers 400, not 500, to an absurdly long lastEventId query', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: liveUrl('interior', `&lastEventId=${'a'.repeat(500)}`),
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Bad Request', message: expect.stringContaining('lastEventId') });
  });

  // the replay's keyset (created_at, id) is only complete if a design never becomes visible behind
  // one that is already visible: a publish that waited for an earlier one must be stamped after it
  it.runIf(kind === 'postgres')('stamps a publish that waited for an earlier one after it', async () => {
    const authorId = (await insertUser(t.database.db)).id;
    const earlier = new pg.Client({ connectionString: t.config.databaseUrl });
    await earlier.connect();
    try {
      // an earlier publish holds its turn while this one starts
      await earlier.query('begin');
      await earlier.query('select pg_advisory_xact_lock($1)', [PUBLISH_LOCK_ID]);
      const laterId = randomUUID();
      const later = insertDesignAndAnnounce(t.database.db, {
        id: laterId,
        userId: authorId,
        title: 'Started second, stamped second',
        afterImageUrl: image,
        mode: 'interior',
      });
      await new Promise((r) => setTimeout(r, 300));
      const earlierId = randomUUID();
      await earlier.query(
        `insert into designs (id, user_id, title, after_image_url, mode, created_at)
         values ($1, $2, 'Committed first', $3, 'interior', clock_timestamp())`,
        [earlierId, authorId, image],
      );
      await earlier.query('commit');
      await later;
      const order = await t.database.db
        .select({ id: designs.id })
        .from(designs)
        .where(inArray(designs.id, [earlierId, laterId]))
        .orderBy(asc(designs.createdAt), asc(designs.id));
      expect(order.map((row) => row.id)).toEqual([earlierId, laterId]);
    } finally {
      await earlier.end();
    }
  });
});

/**
 * The reconnect race, forced: designs arrive live while the replay query is still running, and a
 * replayed design arrives live again after it. Over real HTTP the window is a few milliseconds wide.
 */
describe('live stream replay against live arrivals', () => {
  const feed = createLiveFeed(() => undefined);
  const log = Fastify({ logger: false }).log;
  let replay: { resolve(designs: Design[]): void; reject(err: Error): void } | null = null;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': connected\n\n');
    serveLiveStream({
      stream: eventStreamOn(res, { events: contracts.designsLive.events, heartbeatMs: 60_000, log }),
      feed,
      counts: createFanOut(() => undefined),
      mode: 'interior',
      replayAfterId: 'anchor',
      findMissed: () => new Promise<Design[]>((resolve, reject) => (replay = { resolve, reject })),
      log,
    });
  });
  let port = 0;

  const design = (id: string): Design =>
    designSchema.parse({
      id,
      title: `Design ${id}`,
      caption: '',
      beforeImageUrl: null,
      afterImageUrl: `/media/test/${id}.webp`,
      selectedProducts: [],
      userAnswers: {},
      spaceType: '',
      mode: 'interior',
      isPublic: true,
      createdAt: new Date().toISOString(),
      likesCount: 0,
      commentsCount: 0,
      userId: 'author',
      author: {
        id: 'author',
        username: 'author',
        displayName: 'Author',
        avatarUrl: '/media/test/a.webp',
        isVerified: false,
      },
      originalDesignId: null,
      originalCreatorId: null,
      originalCreator: null,
      originalCreatorDeleted: false,
      isRegenerated: false,
      videoUrl: null,
      remixCount: 0,
      likedByViewer: false,
      savedByViewer: false,
      receipt: null,
    });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    feed.endAll();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the replay first, then what arrived meanwhile, each id once', async () => {
    const stream = await openEventStream(port, '/', '');
    expect(feed.subscriberCount('interior')).toBe(1);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(design) as [Design, Design, Design, Design];

    // b committed before the replay query read it, and its notification is delivered now too
    feed.publish(b);
    // c committed after the query's snapshot
    feed.publish(c);
    replay!.resolve([a, b]);
    // a late second delivery of a replayed design, then a new one
    await stream.waitForEvent((e) => e.id === 'c');
    feed.publish(b);
    feed.publish(d);
    await stream.waitForEvent((e) => e.id === 'd');

    expect(stream.events.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
    stream.close();
    await stream.ended;
    await expect.poll(() => feed.subscriberCount()).toBe(0);
  });

  it("never sends a client the design of its own Last-Event-ID, even when that design's notification comes late", async () => {
    const stream = await openEventStream(port, '/', '');
    // the client saw 'anchor' on its last connection; its notification reaches this process only now
    feed.publish(design('anchor'));
    replay!.resolve([]);
    feed.publish(design('anchor'));
    feed.publish(design('f'));
    await stream.waitForEvent((e) => e.id === 'f');
    expect(stream.events.map((e) => e.id)).toEqual(['f']);
    stream.close();
    await stream.ended;
    await expect.poll(() => feed.subscriberCount()).toBe(0);
  });

  it('ends the stream when the replay cannot be read, so the client retries with the same id', async () => {
    const stream = await openEventStream(port, '/', '');
    feed.publish(design('e'));
    replay!.reject(new Error('database went away'));
    await stream.ended;
    expect(stream.events).toEqual([]);
    await expect.poll(() => feed.subscriberCount()).toBe(0);
  });
});

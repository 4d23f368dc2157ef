import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, feedDesignSchema } from '@dwellscape/shared';
import { findDesignById, insertDesignAndAnnounce } from '../src/modules/designs/designs.repository';
import { DESIGN_PUBLISHED_CHANNEL } from '../src/realtime/realtime';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertDesign, insertUser, notifyPublished } from './fixtures';
import { openEventStream, type EventStream } from './media-fixtures';

describe.each(dbKinds)('GET /api/designs/live (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let port: number;
  let authorId: string;
  const streams: EventStream[] = [];

  const open = async (mode: string) => {
    const stream = await openEventStream(port, `${apiPaths.designsLive}?mode=${mode}`, cookie);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    cookie = await t.unlock();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    authorId = (await insertUser(t.database.db)).id;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  it('streams a published design to viewers of its mode only', async () => {
    const interior = await open('interior');
    const landscape = await open('landscape');
    expect(interior.status).toBe(200);
    expect(interior.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(interior.headers['cache-control']).toBe('no-cache');
    expect(interior.headers['x-accel-buffering']).toBe('no');
    expect(interior.headers['x-content-type-options']).toBe('nosniff');

    const landscapeId = (await insertDesign(t.database.db, { userId: authorId, mode: 'landscape', title: 'Garden' }))
      .id;
    await notifyPublished(t.database.db, landscapeId, 'landscape');
    const interiorId = (await insertDesign(t.database.db, { userId: authorId, mode: 'interior', title: 'Loft' })).id;
    await notifyPublished(t.database.db, interiorId, 'interior');

    const received = await interior.waitForEvent((e) => e.id === interiorId);
    expect(received.event).toBe('design');
    const design = feedDesignSchema.parse(JSON.parse(received.data));
    expect(design).toMatchObject({
      id: interiorId,
      title: 'Loft',
      mode: 'interior',
      userId: authorId,
      likedByViewer: false,
    });
    expect(design.author.id).toBe(authorId);

    await landscape.waitForEvent((e) => e.id === landscapeId);
    // the interior stream saw the interior design after the landscape one: the landscape one never came
    expect(interior.events.map((e) => e.id)).toEqual([interiorId]);
    expect(landscape.events.map((e) => e.id)).toEqual([landscapeId]);
  });

  it('skips private designs, unknown ids and malformed payloads, and keeps going', async () => {
    const stream = await open('interior');
    const privateId = (await insertDesign(t.database.db, { userId: authorId, mode: 'interior', isPublic: false })).id;
    await notifyPublished(t.database.db, privateId, 'interior');
    await notifyPublished(t.database.db, 'no-such-design', 'interior');
    await t.database.db.execute(sql`select pg_notify('design_published', 'not json')`);
    await t.database.db.execute(sql`select pg_notify('design_published', '{"id":"x y","mode":"attic"}')`);
    const publicId = (await insertDesign(t.database.db, { userId: authorId, mode: 'interior' })).id;
    await notifyPublished(t.database.db, publicId, 'interior');

    await stream.waitForEvent((e) => e.id === publicId);
    expect(stream.events.map((e) => e.id)).toEqual([publicId]);
  });

  it('streams a design as its publish announced it, whether or not it fits in the notification', async () => {
    const stream = await open('interior');
    const announced: string[] = [];
    const stop = await t.database.listen(DESIGN_PUBLISHED_CHANNEL, (payload) => announced.push(payload));
    try {
      const publish = async (caption: string) => {
        const id = randomUUID();
        await insertDesignAndAnnounce(t.database.db, {
          id,
          title: 'Announced',
          caption,
          afterImageUrl: `/media/test/design-${id}.webp`,
          mode: 'interior',
          userId: authorId,
        });
        const sent = JSON.parse((await stream.waitForEvent((e) => e.id === id)).data) as unknown;
        // the card of the design, and nothing else: every open stream gets it
        expect(sent).toEqual(feedDesignSchema.parse(await findDesignById(t.database.db, id, null)));
        return id;
      };
      const fits = await publish('Fits in a notification');
      // NOTIFY payloads stop short of 8,000 bytes: this one is announced by id and read back
      const tooBig = await publish('x'.repeat(9000));
      await expect.poll(() => announced.length).toBe(2);
      const payloads = announced.map((payload) => JSON.parse(payload) as Record<string, unknown>);
      expect(payloads[0]).toMatchObject({ id: fits, mode: 'interior', design: { id: fits } });
      expect(payloads[1]).toEqual({ id: tooBig, mode: 'interior' });
    } finally {
      await stop();
    }
  });

  it('reads the design back when the one its notification carries does not parse', async () => {
    const stream = await open('interior');
    const { id } = await insertDesign(t.database.db, { userId: authorId, mode: 'interior', title: 'Stored' });
    const payload = JSON.stringify({ id, mode: 'interior', design: { id, title: 42 } });
    await t.database.db.execute(sql`select pg_notify(${DESIGN_PUBLISHED_CHANNEL}, ${payload})`);
    const sent = feedDesignSchema.parse(JSON.parse((await stream.waitForEvent((e) => e.id === id)).data));
    expect(sent).toMatchObject({ id, title: 'Stored' });
  });

  it('streams to an HTTP/1.0 client, which reads events without chunked framing', async () => {
    const socket = net.connect(port, '127.0.0.1');
    try {
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (text: string) => (received += text));
      socket.write(`GET ${apiPaths.designsLive}?mode=interior HTTP/1.0\r\ncookie: ${cookie}\r\n\r\n`);
      await expect.poll(() => received).toContain(': connected\n\n');
      const { id } = await insertDesign(t.database.db, { userId: authorId, mode: 'interior', title: 'Plain' });
      await notifyPublished(t.database.db, id, 'interior');
      await expect.poll(() => received).toContain(`id: ${id}\nevent: design\ndata: {`);
      const [head, body] = received.split('\r\n\r\n') as [string, string];
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      expect(head.toLowerCase()).not.toContain('transfer-encoding');
      // the body is the events themselves, one after another
      expect(body).toMatch(new RegExp(`^: connected\\n\\nid: ${id}\\nevent: design\\ndata: \\{.*\\}\\n\\n$`));
    } finally {
      socket.destroy();
    }
  });

  it('stops sending to a viewer who left', async () => {
    const stream = await open('landscape');
    const before = t.app.liveFeed.subscriberCount('landscape');
    stream.close();
    await stream.ended;
    await expect.poll(() => t.app.liveFeed.subscriberCount('landscape')).toBe(before - 1);
  });

  // only Postgres has a LISTEN connection that can drop; PGlite's notifications are in-process
  it.runIf(kind === 'postgres')(
    'sends what was published while its LISTEN connection was down, once and in order',
    async () => {
      const stream = await open('interior');
      const publish = async (title: string) => {
        const id = (await insertDesign(t.database.db, { userId: authorId, mode: 'interior', title })).id;
        await notifyPublished(t.database.db, id, 'interior');
        return id;
      };
      const beforeId = await publish('Before the drop');
      await stream.waitForEvent((e) => e.id === beforeId);

      const dropped = await t.database.db
        .select({ dropped: sql<boolean>`pg_terminate_backend(pid)` })
        .from(sql`pg_stat_activity`)
        // the live feed's own connection; the feed page cache listens on another channel
        .where(sql`datname = current_database() and query = 'LISTEN "design_published"' and pid <> pg_backend_pid()`);
      expect(dropped).toEqual([{ dropped: true }]);
      // nobody listens now: these two notifications reach no one
      const missedIds = [await publish('Missed one'), await publish('Missed two')];

      // the listener is back after its first reconnect wait (1 s) and reads what it missed
      await stream.waitForEvent((e) => e.id === missedIds[1], 30_000);
      const afterId = await publish('After the reconnect');
      await stream.waitForEvent((e) => e.id === afterId, 30_000);
      const ids = stream.events.map((e) => e.id);
      expect(ids.slice(ids.indexOf(beforeId))).toEqual([beforeId, ...missedIds, afterId]);
    },
    70_000,
  );

  it('validates the mode and requires a session', async () => {
    const bad = await t.app.inject({ method: 'GET', url: `${apiPaths.designsLive}?mode=attic`, headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: apiPaths.designsLive, headers: { cookie } });
    expect(missing.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: `${apiPaths.designsLive}?mode=interior` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('ends open streams when the server closes, without holding the shutdown', async () => {
    const open1 = await open('interior');
    const open2 = await open('landscape');
    const started = Date.now();
    await t.app.close();
    await Promise.all([open1.ended, open2.ended]);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(t.app.liveFeed.subscriberCount()).toBe(0);
  });
});

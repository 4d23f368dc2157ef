import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, feedDesignSchema } from '@dwellscape/shared';
import { createPostgresDatabase } from './helpers';
import { openEventStream, type EventStream } from './media-fixtures';
import { prepareDataDir, startChildServer, type ChildServer } from './reliability/child-server';

const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** The real server on its own port and data directory, one shared database. */
async function startServer(databaseUrl: string): Promise<ChildServer> {
  return startChildServer({ dataDir: await prepareDataDir('dwellscape-proc-'), databaseUrl });
}

async function stopServer(server: ChildServer | undefined): Promise<void> {
  if (!server) return;
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}

describe.skipIf(!postgresUrl)('live feed across two server processes on one Postgres', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let serverA: ChildServer | undefined;
  let serverB: ChildServer | undefined;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // one after the other: the first start migrates and seeds, the second finds it done
    serverA = await startServer(database.url);
    serverB = await startServer(database.url);
  }, 400_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all([stopServer(serverA), stopServer(serverB)]);
    await database?.drop();
  }, 60_000);

  it('delivers a design published on the shared database to SSE clients of both processes', async () => {
    const a = serverA!;
    const b = serverB!;
    const onA = await openEventStream(a.port, `${apiPaths.designsLive}?mode=landscape`, await a.unlock());
    const onB = await openEventStream(b.port, `${apiPaths.designsLive}?mode=landscape`, await b.unlock());
    const otherModeOnB = await openEventStream(b.port, `${apiPaths.designsLive}?mode=interior`, await b.unlock());
    streams.push(onA, onB, otherModeOnB);
    expect([onA.status, onB.status, otherModeOnB.status]).toEqual([200, 200, 200]);

    // what the publish transaction does: insert the row and NOTIFY, committed together
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const designId = `two-proc-${Date.now()}`;
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO users (id, username, display_name, avatar_url) VALUES ('two-proc-author', 'two-proc-author', 'Two Proc', '/media/test/a.webp')
         ON CONFLICT (id) DO NOTHING`,
      );
      await client.query(
        `INSERT INTO designs (id, title, after_image_url, mode, user_id) VALUES ($1, 'Across processes', '/media/test/d.webp', 'landscape', 'two-proc-author')`,
        [designId],
      );
      await client.query(`SELECT pg_notify('design_published', $1)`, [
        JSON.stringify({ id: designId, mode: 'landscape' }),
      ]);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }

    const [fromA, fromB] = await Promise.all([
      onA.waitForEvent((e) => e.id === designId, 15_000),
      onB.waitForEvent((e) => e.id === designId, 15_000),
    ]);
    expect(feedDesignSchema.parse(JSON.parse(fromB.data))).toMatchObject({
      id: designId,
      title: 'Across processes',
      mode: 'landscape',
    });
    expect(fromA.data).toBe(fromB.data);
    // a moment for a wrong delivery to show up before checking it did not
    await new Promise((r) => setTimeout(r, 300));
    expect(otherModeOnB.events).toEqual([]);
  }, 60_000);

  it('ends the streams an account holds on one process within a second of it signing out everywhere on the other', async () => {
    const a = serverA!;
    const b = serverB!;
    const username = `everywhere_${Date.now()}`;
    const password = 'violet meadow under nine lamps';
    const signUp = await fetch(`${a.baseUrl}${apiPaths.signUp}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await a.unlock() },
      body: JSON.stringify({ username, displayName: 'Everywhere', password }),
    });
    expect(signUp.status).toBe(201);
    const onA = signUp.headers.getSetCookie()[0]!.split(';')[0]!;
    // the account's second browser, served by the other process
    const signIn = await fetch(`${b.baseUrl}${apiPaths.signIn}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await b.unlock() },
      body: JSON.stringify({ username, password }),
    });
    expect(signIn.status).toBe(200);
    const onB = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const activity = await openEventStream(b.port, apiPaths.notificationsLive, onB);
    const feed = await openEventStream(b.port, `${apiPaths.designsLive}?mode=interior`, onB);
    streams.push(activity, feed);
    expect([activity.status, feed.status]).toEqual([200, 200]);

    const endedAt = (stream: EventStream) => stream.ended.then(() => performance.now());
    const ends = [endedAt(activity), endedAt(feed)];
    const within = (ended: Promise<number>, ms: number) =>
      Promise.race([ended, new Promise<null>((r) => setTimeout(() => r(null), ms))]);
    // open and staying open until the account is signed out everywhere
    expect(await Promise.all(ends.map((ended) => within(ended, 300)))).toEqual([null, null]);

    const started = performance.now();
    const signOut = await fetch(`${a.baseUrl}${apiPaths.signOutEverywhere}`, {
      method: 'POST',
      headers: { cookie: onA },
    });
    expect(signOut.status).toBe(200);
    const ended = await Promise.all(ends.map((end) => within(end, 1000)));
    expect(
      ended.every((at) => at !== null && at - started < 1000),
      JSON.stringify(ended),
    ).toBe(true);
    console.info(
      `[live-two-processes] streams on B ended ${ended.map((at) => (at! - started).toFixed(0)).join(' and ')} ms after the sign-out on A was sent`,
    );
  }, 60_000);

  it('shuts a server down promptly and cleanly on SIGTERM while streams are open', async () => {
    const b = serverB!;
    const stream = await openEventStream(b.port, `${apiPaths.designsLive}?mode=interior`, await b.unlock());
    streams.push(stream);
    const started = Date.now();
    b.child.kill('SIGTERM');
    expect((await b.exited).code).toBe(0);
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(8000);
  }, 30_000);
});

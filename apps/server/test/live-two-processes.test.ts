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

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, designSchema } from '@dwellscape/shared';
import { createPostgresDatabase } from './helpers';
import { openEventStream, type EventStream } from './media-fixtures';

const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');
const PASSWORD = 'two-process-test';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface ServerProcess {
  port: number;
  child: ChildProcess;
  output: () => string;
  dataDir: string;
}

/** Starts `node --import tsx apps/server/src/server.ts` on its own port and data directory, one shared database. */
async function startServer(databaseUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-proc-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      BETA_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${apiPaths.health}`);
      if (res.ok) return { port, child, output: () => output, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start in time:\n${output}`);
}

async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function unlock(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}${apiPaths.gate}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (res.status !== 204) throw new Error(`gate refused: ${res.status}`);
  const setCookie = res.headers.get('set-cookie');
  if (!setCookie) throw new Error('gate set no cookie');
  return setCookie.split(';')[0]!;
}

describe.skipIf(!postgresUrl)('live feed across two server processes on one Postgres', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let serverA: ServerProcess | undefined;
  let serverB: ServerProcess | undefined;
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
    const onA = await openEventStream(a.port, `${apiPaths.designsLive}?mode=landscape`, await unlock(a.port));
    const onB = await openEventStream(b.port, `${apiPaths.designsLive}?mode=landscape`, await unlock(b.port));
    const otherModeOnB = await openEventStream(b.port, `${apiPaths.designsLive}?mode=interior`, await unlock(b.port));
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
      await client.query(`SELECT pg_notify('design_published', $1)`, [JSON.stringify({ id: designId, mode: 'landscape' })]);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }

    const [fromA, fromB] = await Promise.all([
      onA.waitForEvent((e) => e.id === designId, 15_000),
      onB.waitForEvent((e) => e.id === designId, 15_000),
    ]);
    expect(designSchema.parse(JSON.parse(fromB.data))).toMatchObject({ id: designId, title: 'Across processes', mode: 'landscape' });
    expect(fromA.data).toBe(fromB.data);
    // a moment for a wrong delivery to show up before checking it did not
    await new Promise((r) => setTimeout(r, 300));
    expect(otherModeOnB.events).toEqual([]);
  }, 60_000);

  it('shuts a server down promptly and cleanly on SIGTERM while streams are open', async () => {
    const b = serverB!;
    const stream = await openEventStream(b.port, `${apiPaths.designsLive}?mode=interior`, await unlock(b.port));
    streams.push(stream);
    const exited = new Promise<number | null>((r) => b.child.once('exit', (code) => r(code)));
    const started = Date.now();
    b.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(8000);
  }, 30_000);
});

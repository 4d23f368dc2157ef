import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, renderJobSchema, type RenderJob } from '@dwellscape/shared';
import { createPostgresDatabase } from '../helpers';
import { filePart, makeJpeg, multipartBody } from '../media-fixtures';
import { prepareDataDir, startChildServer, type ChildServer } from './child-server';

/**
 * kill -9 while a render job is rendering, then start the server again: the job runs again and completes, with one
 * result. The remote engine is a loopback fake that holds the first request open, so the kill lands mid-render.
 */

const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const kinds = postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const fake = { holding: true, requests: 0, server: null as http.Server | null, baseUrl: '' };

beforeAll(async () => {
  const png = await sharp({ create: { width: 1024, height: 768, channels: 3, background: '#3a7a5a' } })
    .png()
    .toBuffer();
  fake.server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      fake.requests++;
      // held: the render is in progress for as long as the test likes
      if (fake.holding) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ created: 1, data: [{ b64_json: png.toString('base64') }] }));
    });
  });
  await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  fake.server?.closeAllConnections();
  await new Promise<void>((resolve) => fake.server?.close(() => resolve()));
});

describe.each(kinds)('a render job across kill -9 (%s)', (kind) => {
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> } | null = null;
  let server: ChildServer | null = null;

  beforeAll(async () => {
    dataDir = await prepareDataDir('dwellscape-render-crash-');
    if (kind === 'postgres') database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await server?.crash();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = () =>
    startChildServer({
      dataDir,
      databaseUrl: database?.url,
      env: {
        IMAGE_ENGINE: 'openai',
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'test',
        // on Postgres a dead worker's job is taken again once its lease lapses
        RENDER_LEASE_MS: '3000',
      },
    });

  const getJob = async (baseUrl: string, cookie: string, id: string): Promise<RenderJob> => {
    const res = await fetch(`${baseUrl}${apiPaths.renderJob(id)}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return renderJobSchema.parse(await res.json());
  };

  it('runs the job again after the restart and writes one result', async () => {
    fake.holding = true;
    fake.requests = 0;
    server = await start();
    const cookie = await server.unlock();
    const { payload, contentType } = multipartBody([
      filePart(await makeJpeg(800, 600, '#b0a090'), 'image'),
      { name: 'selectedProducts', value: '[]' },
      { name: 'spaceType', value: 'Living Room' },
      { name: 'mode', value: 'interior' },
      { name: 'variations', value: '2' },
    ]);
    const created = await fetch(`${server.baseUrl}${apiPaths.renderJobs}`, {
      method: 'POST',
      headers: { cookie, 'content-type': contentType },
      body: new Uint8Array(payload),
    });
    expect(created.status).toBe(202);
    const job = renderJobSchema.parse(await created.json());

    // both variations' calls reached the engine: the job is rendering
    const deadline = Date.now() + 30_000;
    while (fake.requests < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(fake.requests).toBe(2);
    expect((await getJob(server.baseUrl, cookie, job.id)).status).toBe('running');

    const exit = await server.crash();
    expect(exit.signal).toBe('SIGKILL');
    fake.holding = false;

    server = await start();
    let finished: RenderJob | null = null;
    const endBy = Date.now() + 60_000;
    while (Date.now() < endBy) {
      const now = await getJob(server.baseUrl, cookie, job.id);
      if (now.status !== 'queued' && now.status !== 'running') {
        finished = now;
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(finished?.status).toBe('done');
    expect(finished?.variations).toHaveLength(2);
    // the second run made two more calls, and nothing ran a third time
    await new Promise((r) => setTimeout(r, 1000));
    expect(fake.requests).toBe(4);
    const again = await getJob(server.baseUrl, cookie, job.id);
    expect(again.variations).toEqual(finished?.variations);
    for (const variation of again.variations) {
      const image = await fetch(`${server.baseUrl}${variation.imageUrl}`);
      expect(image.status).toBe(200);
    }
    await server.stop();
    server = null;
    // two server starts and the waits above (up to 30 s and 60 s): the suite's 60 s per test ran out on a busy
    // machine before the job's own deadline did
  }, 240_000);
});

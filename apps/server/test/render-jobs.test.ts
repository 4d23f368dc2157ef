import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, messages, renderJobSchema, type RenderJob } from '@dwellscape/shared';
import { renderJobs } from '../src/db/schema';
import { createRenderPool } from '../src/engines/compositor';
import { OpenAiImageEngine } from '../src/engines/openai';
import type { GenerateDesignInput, ImageEngine, RenderedImage } from '../src/engines/types';
import { createRenderJobRunner } from '../src/modules/render-jobs/render-job-runner';
import {
  claimNextRenderJob,
  completeRenderJob,
  findRenderJob,
} from '../src/modules/render-jobs/render-jobs.repository';
import { readStored } from './render-fixtures';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertUser, sessionCookieOf, signedInCookie, signUp, storeSeedImage } from './fixtures';
import { makePng, makeWebp, multipartBody, type FormPart } from './media-fixtures';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loopback OpenAI-compatible image server: each request gets the next scripted status, then a picture. */
async function startFakeImageApi() {
  const png = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#3a7a5a' } })
    .png()
    .toBuffer();
  const state = { failuresLeft: 0, requestTimes: [] as number[] };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.requestTimes.push(Date.now());
      if (state.failuresLeft > 0) {
        state.failuresLeft--;
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'The engine is overloaded', type: 'server_error', code: null } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ created: 1, data: [{ b64_json: png.toString('base64') }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(dbKinds)('render jobs (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let spaceUrl: string;
  let productUrl: string;
  let realImageEngine: ImageEngine;
  // the remote engine pastes the photo back on render threads of its own
  const remotePool = createRenderPool({ threads: 1 });

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { RENDER_RETRY_MS: '300', RENDER_JOBS_AT_ONCE: '4' } });
    realImageEngine = t.app.engines.image;
    spaceUrl = await storeSeedImage(t, await makeWebp(900, 600, '#c8b8a0'), 'seed/spaces/jobs-room.webp');
    productUrl = await storeSeedImage(t, await makePng(300, 150, '#335599'), 'seed/products/jobs-sofa.png');
  });
  beforeEach(async () => {
    cookie = await t.unlock();
    (t.app.engines as { image: ImageEngine }).image = realImageEngine;
  });
  afterAll(async () => {
    await t?.close();
    await remotePool.close();
  });

  const designParts = (extra: Record<string, string> = {}): FormPart[] =>
    Object.entries({
      spaceImageUrl: spaceUrl,
      selectedProducts: JSON.stringify([
        { id: 'p1', name: 'Blue Sofa', price: 499, brandId: 'b1', imageUrl: productUrl, quantity: 1 },
      ]),
      userAnswers: JSON.stringify({ vibe: 'Warm & Cozy' }),
      spaceType: 'Living Room',
      mode: 'interior',
      ...extra,
    }).map(([name, value]) => ({ name, value }));

  const startJob = (parts: FormPart[], as = cookie) => {
    const { payload, contentType } = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: apiPaths.renderJobs,
      payload,
      headers: { cookie: as, 'content-type': contentType },
    });
  };

  const getJob = async (id: string, as = cookie) => {
    const res = await t.app.inject({ method: 'GET', url: apiPaths.renderJob(id), headers: { cookie: as } });
    expect(res.statusCode).toBe(200);
    return renderJobSchema.parse(res.json());
  };

  const waitForEnd = async (id: string, as = cookie): Promise<RenderJob> => {
    for (let i = 0; i < 300; i++) {
      const job = await getJob(id, as);
      if (job.status === 'done' || job.status === 'failed' || job.status === 'cancelled') return job;
      await wait(100);
    }
    throw new Error(`job ${id} did not finish`);
  };

  /** Renders go to the OpenAI engine at `baseUrl` (a fake), its own retries off: the job's retries are tested. */
  const useRemoteEngine = (baseUrl: string) => {
    (t.app.engines as { image: ImageEngine }).image = new OpenAiImageEngine(
      { baseUrl, apiKey: 'test', model: 'test-image', retry: { maxRetries: 0 } },
      remotePool,
    );
  };
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  it('answers 202 with a queued job at once, then renders two different variations by default', async () => {
    const res = await startJob(designParts());
    expect(res.statusCode).toBe(202);
    const job = renderJobSchema.parse(res.json());
    expect(['queued', 'running']).toContain(job.status);
    expect(job.variationCount).toBe(2);
    expect(job.variations).toEqual([]);

    const done = await waitForEnd(job.id);
    expect(done.status).toBe('done');
    expect(done.progress).toBe(100);
    expect(done.position).toBeNull();
    expect(done.variations).toHaveLength(2);
    const [a, b] = done.variations.map((v) => sha(readStored(t, v.imageUrl)));
    expect(a).not.toBe(b);
    for (const variation of done.variations) {
      expect(variation.imageUrl).toMatch(/^\/media\/renders\//);
      expect(variation.width).toBeGreaterThan(0);
      // where the product stands, by its id, for the placement adjuster
      expect(variation.placements?.map((p) => p.productId)).toEqual(['p1']);
      // and what the variation changes, in the words the picker shows
      expect(variation.label).toMatch(/^[A-Z][a-z]+ .+/);
    }
    // the second stands the sofa elsewhere, and says where
    const [first, second] = done.variations;
    expect(second!.label).not.toBe(first!.label);
    expect(second!.placements![0]!.box).not.toEqual(first!.placements![0]!.box);
  });

  it('renders the same variations for the same request (the local engine is deterministic by seed)', async () => {
    const first = await waitForEnd(renderJobSchema.parse((await startJob(designParts({ variations: '3' }))).json()).id);
    const second = await waitForEnd(
      renderJobSchema.parse((await startJob(designParts({ variations: '3' }))).json()).id,
    );
    expect(first.variations).toHaveLength(3);
    const hashes = (job: RenderJob) => job.variations.map((v) => sha(readStored(t, v.imageUrl)));
    expect(hashes(second)).toEqual(hashes(first));
    expect(new Set(hashes(first)).size).toBe(3);
  });

  it('answers 400 naming `variations` outside 1–4, and 400 naming a field whose image is not stored', async () => {
    for (const bad of ['0', '5', '2.5', 'two']) {
      const res = await startJob(designParts({ variations: bad }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Invalid variations: must be a whole number from 1 to 4');
    }
    const missing = await startJob(designParts({ spaceImageUrl: '/media/uploads/aa/none.webp' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^Invalid spaceImageUrl/);
    const json = await t.app.inject({
      method: 'POST',
      url: apiPaths.renderJobs,
      payload: { prompt: 'boho', spaceImage: spaceUrl, variations: 9 },
      headers: { cookie },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toMatch(/^Invalid variations/);
  });

  it('renders the see-in-space JSON form as a job too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.renderJobs,
      payload: { prompt: 'a calm boho room', spaceImage: spaceUrl, additionalPhotos: [productUrl], variations: 1 },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(202);
    const done = await waitForEnd(renderJobSchema.parse(res.json()).id);
    expect(done.status).toBe('done');
    expect(done.variations).toHaveLength(1);
  });

  it("hides another person's job (404) and lets only its owner cancel it", async () => {
    const job = renderJobSchema.parse((await startJob(designParts())).json());
    const stranger = await t.unlock();
    for (const [method, url] of [
      ['GET', apiPaths.renderJob(job.id)],
      ['POST', apiPaths.renderJobCancel(job.id)],
      ['GET', apiPaths.renderJobEvents(job.id)],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: stranger } });
      expect(res.statusCode).toBe(404);
    }
    await waitForEnd(job.id);
  });

  it('cancels a running job: it stays cancelled and no result is written', async () => {
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolveStarted) => {
      (t.app.engines as { image: ImageEngine }).image = {
        ...realImageEngine,
        name: 'local',
        generateDesign: async (input: GenerateDesignInput, signal?: AbortSignal): Promise<RenderedImage> => {
          resolveStarted();
          await new Promise<void>((resolve) => (release = resolve));
          return realImageEngine.generateDesign(input, signal);
        },
        generateFromPrompt: realImageEngine.generateFromPrompt.bind(realImageEngine),
      };
    });
    const job = renderJobSchema.parse((await startJob(designParts({ variations: '1' }))).json());
    await started;
    expect((await getJob(job.id)).status).toBe('running');

    const cancel = await t.app.inject({ method: 'POST', url: apiPaths.renderJobCancel(job.id), headers: { cookie } });
    expect(cancel.statusCode).toBe(200);
    expect(renderJobSchema.parse(cancel.json()).status).toBe('cancelled');
    release();
    await wait(500);
    const row = await findRenderJob(t.database.db, job.id);
    expect(row?.status).toBe('cancelled');
    expect(row?.result).toBeNull();
    expect((await getJob(job.id)).variations).toEqual([]);
  });

  it('retries a failing remote engine with growing waits, then succeeds', async () => {
    const fake = await startFakeImageApi();
    try {
      useRemoteEngine(fake.baseUrl);
      fake.state.failuresLeft = 2;
      const job = renderJobSchema.parse((await startJob(designParts({ variations: '1' }))).json());
      const done = await waitForEnd(job.id);
      expect(done.status).toBe('done');
      const row = await findRenderJob(t.database.db, job.id);
      expect(row?.attempts).toBe(3);
      const [first, second, third] = fake.state.requestTimes as [number, number, number];
      // RENDER_RETRY_MS=300 with ±20 % jitter: about 300 ms, then about 600 ms
      expect(second - first).toBeGreaterThanOrEqual(240);
      expect(third - second).toBeGreaterThanOrEqual(480);
    } finally {
      await fake.close();
    }
  });

  it("fails with docs/product.md's message once the remote engine has failed every attempt", async () => {
    const fake = await startFakeImageApi();
    try {
      useRemoteEngine(fake.baseUrl);
      fake.state.failuresLeft = 100;
      const job = renderJobSchema.parse((await startJob(designParts({ variations: '1' }))).json());
      const done = await waitForEnd(job.id);
      expect(done.status).toBe('failed');
      expect(done.error).toMatch(/^Failed to generate design: /);
      expect(fake.state.requestTimes).toHaveLength(3);
    } finally {
      await fake.close();
    }
  });

  it('streams the job over SSE: progress, then the variations, then the stream ends', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const job = renderJobSchema.parse((await startJob(designParts())).json());
    const res = await fetch(`http://127.0.0.1:${port}${apiPaths.renderJobEvents(job.id)}`, { headers: { cookie } });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await res.text();
    const events = text
      .split('\n\n')
      .filter((block) => block.startsWith('event: job'))
      .map((block) => renderJobSchema.parse(JSON.parse(block.split('\ndata: ')[1]!)));
    const last = events.at(-1)!;
    expect(last.status).toBe('done');
    expect(last.variations).toHaveLength(2);
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    expect(events.some((e) => e.status === 'running' && e.progress > 0 && e.progress < 100)).toBe(true);
  });

  it('writes exactly one result when a job runs twice (a lapsed lease)', async () => {
    // a database of its own with no in-process runner: the claims below are the only ones, taken by hand
    const quiet = await createTestApp({ kind, seed: false, env: { RENDER_WORKER: 'off' } });
    try {
      await runTwice(quiet.database.db);
    } finally {
      await quiet.close();
    }
  });

  async function runTwice(db: TestApp['database']['db']) {
    await db.insert(renderJobs).values({
      id: 'twice',
      viewerId: 'v',
      kind: 'design',
      input: {},
      variationCount: 1,
      status: 'queued',
      runAfter: sql`now() + interval '1 hour'`,
    });
    await db
      .update(renderJobs)
      .set({ runAfter: sql`now()` })
      .where(eq(renderJobs.id, 'twice'));
    const a = await claimNextRenderJob(db, 'worker-a', 60_000);
    // worker A goes quiet; its lease lapses and worker B takes the job
    await db
      .update(renderJobs)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(renderJobs.id, 'twice'));
    const b = await claimNextRenderJob(db, 'worker-b', 60_000);
    expect(a?.id).toBe('twice');
    expect(b?.id).toBe('twice');
    expect(b?.attempts).toBe(2);
    expect(await completeRenderJob(db, 'twice', [{ imageUrl: '/media/b.webp', width: 1, height: 1 }])).toBe(true);
    expect(await completeRenderJob(db, 'twice', [{ imageUrl: '/media/a.webp', width: 1, height: 1 }])).toBe(false);
    const row = await findRenderJob(db, 'twice');
    expect(row?.result).toEqual([{ imageUrl: '/media/b.webp', width: 1, height: 1 }]);
  }

  it('runs each job once when two runners take jobs at the same time', async () => {
    let n = 0;
    const countingEngine: ImageEngine = {
      name: 'local',
      generateDesign: async (input) => {
        n++;
        return realImageEngine.generateDesign(input);
      },
      generateFromPrompt: realImageEngine.generateFromPrompt.bind(realImageEngine),
    };
    (t.app.engines as { image: ImageEngine }).image = countingEngine;
    const second = createRenderJobRunner({
      deps: { db: t.database.db, storage: t.app.storage, engines: t.app.engines },
      events: t.app.renderJobEvents,
      log: t.app.log,
      concurrency: 2,
      attempts: 3,
      retryMs: 100,
      leaseMs: 15_000,
    });
    await second.start();
    try {
      const started: { id: string; as: string }[] = [];
      for (let i = 0; i < 4; i++) {
        const as = await t.unlock();
        started.push({
          id: renderJobSchema.parse((await startJob(designParts({ variations: '1' }), as)).json()).id,
          as,
        });
      }
      for (const { id, as } of started) expect((await waitForEnd(id, as)).status).toBe('done');
      const ids = started.map((job) => job.id);
      expect(n).toBe(4);
      const rows = await t.database.db
        .select()
        .from(renderJobs)
        .where(sql`${renderJobs.id} in ${ids}`);
      expect(rows.every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await second.stop();
    }
  });
});

describe.each(dbKinds)('render job limits (%s)', (kind) => {
  let t: TestApp;
  let spaceUrl: string;

  beforeAll(async () => {
    // no worker here: jobs stay queued, so the limits can be counted exactly
    t = await createTestApp({
      kind,
      seed: false,
      env: {
        RENDER_WORKER: 'off',
        RENDER_JOBS_AT_ONCE: '2',
        RENDER_JOBS_PER_HOUR: '3',
        RENDER_JOBS_AT_ONCE_PER_ADDRESS: '3',
        RENDER_JOBS_PER_HOUR_PER_ADDRESS: '4',
      },
    });
    spaceUrl = await storeSeedImage(t, await makeWebp(400, 300, '#c8b8a0'), 'seed/spaces/limit-room.webp');
  });
  afterAll(async () => {
    await t?.close();
  });

  // each call from an address of its own unless one is given: the per-person limits are counted whatever the address
  let addressesUsed = 0;
  const freshAddress = () => `10.${Math.floor(++addressesUsed / 250)}.${addressesUsed % 250}.9`;
  const start = (cookie: string, remoteAddress = freshAddress()) =>
    t.app.inject({
      method: 'POST',
      url: apiPaths.renderJobs,
      payload: { prompt: 'calm', spaceImage: spaceUrl, variations: 1 },
      headers: { cookie },
      remoteAddress,
    });

  it('refuses a third job at once with 429 and a clear message, and counts per person', async () => {
    const cookie = await t.unlock();
    const first = await start(cookie);
    const second = await start(cookie);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    const third = await start(cookie);
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toBe(messages.create.renderJobsAtOnce(2));
    // a queued job shows its place in the line
    expect(renderJobSchema.parse(second.json()).position).toBe(2);
    // someone else is not held up by this person
    expect((await start(await t.unlock())).statusCode).toBe(202);

    // a cancelled job frees its place, but still counts toward the hour
    const firstId = renderJobSchema.parse(first.json()).id;
    await t.app.inject({ method: 'POST', url: apiPaths.renderJobCancel(firstId), headers: { cookie } });
    expect((await start(cookie)).statusCode).toBe(202);
    await t.app.inject({
      method: 'POST',
      url: apiPaths.renderJobCancel(renderJobSchema.parse(second.json()).id),
      headers: { cookie },
    });
    const fourth = await start(cookie);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toBe(messages.create.renderJobsPerHour(3));
  });

  it('keeps a job with the account that started it: the next account on the same browser does not see it', async () => {
    // signed out, a browser shows the first sample user (a user without a password)
    await insertUser(t.database.db, { id: 'sample-user' });
    const gate = await t.unlock();
    const ann = await signUp(t.app, gate);
    const job = renderJobSchema.parse((await start(ann.cookie)).json());
    const see = (cookie: string) =>
      Promise.all(
        (
          [
            ['GET', apiPaths.renderJob(job.id)],
            ['POST', apiPaths.renderJobCancel(job.id)],
            ['GET', apiPaths.renderJobEvents(job.id)],
          ] as const
        ).map(async ([method, url]) => (await t.app.inject({ method, url, headers: { cookie } })).statusCode),
      );
    const signOut = await t.app.inject({ method: 'POST', url: apiPaths.signOut, headers: { cookie: ann.cookie } });
    expect(signOut.statusCode, signOut.body).toBe(200);
    const signedOut = sessionCookieOf(signOut);
    // the same browser, signed out, then with Ben signed in on it: neither is Ann
    expect(await see(signedOut)).toEqual([404, 404, 404]);
    // the account's job is not the signed-out session's either: it does not count against it
    const own = [await start(signedOut), await start(signedOut)];
    expect(own.map((res) => res.statusCode)).toEqual([202, 202]);
    const ben = await signUp(t.app, signedOut);
    expect(await see(ben.cookie)).toEqual([404, 404, 404]);

    // a job started signed out is not handed to whoever signs in next on that browser
    const other = await t.unlock();
    const signedOutJob = renderJobSchema.parse((await start(other)).json());
    const carl = await signUp(t.app, other);
    const carlSees = await t.app.inject({
      method: 'GET',
      url: apiPaths.renderJob(signedOutJob.id),
      headers: { cookie: carl.cookie },
    });
    expect(carlSees.statusCode).toBe(404);

    // Ann, signed in on another browser, still has hers (the events stream aside: it stays open)
    const annElsewhere = await signedInCookie(t, t.database.db, ann.accountId);
    const mine = await t.app.inject({
      method: 'GET',
      url: apiPaths.renderJob(job.id),
      headers: { cookie: annElsewhere },
    });
    expect(mine.statusCode).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: apiPaths.renderJobCancel(job.id),
      headers: { cookie: annElsewhere },
    });
    expect(renderJobSchema.parse(cancelled.json()).status).toBe('cancelled');
  });

  it('lets only one of many simultaneous requests take the last place', async () => {
    const cookie = await t.unlock();
    const answers = await Promise.all(Array.from({ length: 6 }, () => start(cookie)));
    expect(answers.filter((res) => res.statusCode === 202)).toHaveLength(2);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(4);
  });

  it('counts signed-out jobs per client address too: new gate sessions from one address get no new places', async () => {
    const address = '192.0.2.44';
    const sessions = await Promise.all(Array.from({ length: 4 }, () => t.unlock()));
    const first = [];
    for (const cookie of sessions.slice(0, 3)) first.push(await start(cookie, address));
    expect(first.map((res) => res.statusCode)).toEqual([202, 202, 202]);
    // a fourth session from the same address, its own first job: the address has three under way
    const fourth = await start(sessions[3]!, address);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ error: messages.create.renderJobsAtOnceFromAddress });
    // the same session elsewhere, and an account behind the same address, are not held up
    expect((await start(sessions[3]!)).statusCode).toBe(202);
    const account = await signUp(t.app, await t.unlock());
    expect((await start(account.cookie, address)).statusCode).toBe(202);

    // a cancelled job frees its place at once but counts toward the address's hour (four)
    const cancel = (res: { json(): unknown }, cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: apiPaths.renderJobCancel(renderJobSchema.parse(res.json()).id),
        headers: { cookie },
      });
    await cancel(first[0]!, sessions[0]!);
    expect((await start(sessions[3]!, address)).statusCode).toBe(202);
    await cancel(first[1]!, sessions[1]!);
    const fifth = await start(await t.unlock(), address);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ error: messages.create.renderJobsPerHourFromAddress });
  });
});

import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  messages,
  recompositeDesignResponseSchema,
  renderJobSchema,
  type RenderJob,
} from '@dwellscape/shared';
import { DEFAULT_AI_REQUESTS_PER_ADDRESS_PER_MINUTE } from '../../src/config';
import { createPostgresDatabase } from '../helpers';
import { renderFields, seededChoice } from '../render-fixtures';
import { prepareDataDir, startChildServer, type ChildServer } from './child-server';

/*
 * docs/security.md, against the real server over real sockets: one person's flood of renders must not make
 * anyone else's render fail, and gate sessions opened by the dozen from one address must not buy a place in the
 * line each. Bounded: at most 40 requests in flight at once, each test in its own time limit.
 */

const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const kinds = postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const chosen = seededChoice(['Sofa', 'Armchair', 'Floor Lamp']);
/** 'Apply changes' on a seeded render: the sofa, the armchair and the lamp where the person dragged them. */
const recompositeBody = {
  ...renderFields(chosen),
  placements: chosen.map((p, i) => ({ productId: p.id, box: { x: 80 + i * 420, y: 500, width: 380, height: 300 } })),
};
const { spaceImageUrl } = recompositeBody;

async function serverFor(kind: (typeof kinds)[number], env: Record<string, string>) {
  const dataDir = await prepareDataDir('dwellscape-render-flood-');
  const database = kind === 'postgres' ? await createPostgresDatabase() : null;
  const server = await startChildServer({ dataDir, databaseUrl: database?.url, env });
  return {
    server,
    async close() {
      await server.stop();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const postJson = (
  server: ChildServer,
  url: string,
  cookie: string,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function waitForEnd(server: ChildServer, cookie: string, id: string, ms: number): Promise<RenderJob> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await fetch(`${server.baseUrl}${apiPaths.renderJob(id)}`, { headers: { cookie } });
    const job = renderJobSchema.parse(await res.json());
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} after ${ms} ms`);
    await wait(200);
  }
}

describe.each(kinds)('one session flooding the renderer (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof serverFor>>;

  beforeAll(async () => {
    // retries come quickly, so a job that fails for a busy renderer fails within the flood; four jobs at once, so
    // four jobs of four variations ask for more renders than the render pool holds (2 threads + 8 waiting here)
    t = await serverFor(kind, { RENDER_RETRY_MS: '100', RENDER_CONCURRENCY: '4' });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('12 re-composites at once from one session: each answered or refused with 429, a victim’s job still renders', async () => {
    const { server } = t;
    const [attacker, victim] = await Promise.all([server.unlock(), server.unlock()]);
    const flood = Array.from({ length: 12 }, () =>
      postJson(server, apiPaths.recompositeDesign, attacker, recompositeBody).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as unknown,
      })),
    );
    // the flood is in the renderer before the victim asks
    await wait(300);
    const started = await postJson(server, apiPaths.renderJobs, victim, {
      prompt: 'A calm room with a reading corner',
      spaceImage: spaceImageUrl,
      variations: 2,
    });
    expect(started.status).toBe(202);
    const victimJob = renderJobSchema.parse(await started.json());
    const [answers, finished] = await Promise.all([
      Promise.all(flood),
      waitForEnd(server, victim, victimJob.id, 100_000),
    ]);

    expect(finished.status, finished.error ?? '').toBe('done');
    expect(finished.variations).toHaveLength(2);
    const statuses = answers.map((a) => a.status);
    // the person's two places in the line: two drawn, the rest refused at once, nothing failed for a busy renderer
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    for (const answer of answers) {
      if (answer.status === 200) recompositeDesignResponseSchema.parse(answer.body);
      else expect(answer.body).toEqual({ error: messages.create.renderJobsAtOnce(2) });
    }
  }, 180_000);

  it('four jobs of four variations at once, more renders than the pool holds: every job waits its turn and renders', async () => {
    const { server } = t;
    const sessions = await Promise.all(Array.from({ length: 4 }, () => server.unlock()));
    const jobs = await Promise.all(
      sessions.map(async (cookie) => {
        const res = await postJson(server, apiPaths.renderJobs, cookie, {
          prompt: 'Warm evening light',
          spaceImage: spaceImageUrl,
          variations: 4,
        });
        expect(res.status).toBe(202);
        return { cookie, id: renderJobSchema.parse(await res.json()).id };
      }),
    );
    const finished = await Promise.all(jobs.map(({ cookie, id }) => waitForEnd(server, cookie, id, 150_000)));
    expect(finished.map((job) => [job.status, job.error])).toEqual(jobs.map(() => ['done', null]));
    for (const job of finished) expect(job.variations).toHaveLength(4);
  }, 180_000);
});

describe.each(kinds)('gate sessions minted by the dozen from one address (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof serverFor>>;
  const attackerAddress = { 'x-forwarded-for': '203.0.113.50' };
  const victimAddress = { 'x-forwarded-for': '198.51.100.7' };

  beforeAll(async () => {
    // no worker: every accepted job stays in the line, so the places can be counted exactly
    t = await serverFor(kind, { RENDER_WORKER: 'off', TRUST_PROXY: 'true' });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('20 sessions × 2 jobs of 4 variations from one address: 6 queued, 34 refused; a victim from elsewhere is 7th', async () => {
    const { server } = t;
    const sessions = await Promise.all(Array.from({ length: 20 }, () => server.unlock()));
    const answers = await Promise.all(
      sessions.flatMap((cookie) =>
        [0, 1].map(async () => {
          const res = await postJson(
            server,
            apiPaths.renderJobs,
            cookie,
            { prompt: 'Bright', spaceImage: spaceImageUrl, variations: 4 },
            attackerAddress,
          );
          return { status: res.status, body: (await res.json()) as unknown };
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(6);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(34);
    for (const { body } of refused) expect(body).toEqual({ error: messages.create.renderJobsAtOnceFromAddress });

    const victim = await server.unlock();
    const mine = await postJson(
      server,
      apiPaths.renderJobs,
      victim,
      { prompt: 'Bright', spaceImage: spaceImageUrl, variations: 4 },
      victimAddress,
    );
    expect(mine.status).toBe(202);
    expect(renderJobSchema.parse(await mine.json()).position).toBe(7);
  }, 120_000);

  it(`20 sessions × 4 AI calls at once from one address: ${DEFAULT_AI_REQUESTS_PER_ADDRESS_PER_MINUTE} answered, the rest 429`, async () => {
    const { server } = t;
    const sessions = await Promise.all(Array.from({ length: 20 }, () => server.unlock()));
    const caption = { caption: 'my room', spaceType: 'interior' };
    const answers = await Promise.all(
      sessions.flatMap((cookie) =>
        [0, 1, 2, 3].map(async () => {
          const res = await postJson(server, apiPaths.improveCaption, cookie, caption, attackerAddress);
          return {
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            body: (await res.json()) as unknown,
          };
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(DEFAULT_AI_REQUESTS_PER_ADDRESS_PER_MINUTE);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(80 - DEFAULT_AI_REQUESTS_PER_ADDRESS_PER_MINUTE);
    for (const { body, retryAfter } of refused) {
      expect(body).toEqual({ error: 'Too many AI requests. Please wait a moment and try again.' });
      expect(Number(retryAfter)).toBeGreaterThan(0);
    }
    // someone at another address is answered
    const victim = await server.unlock();
    expect((await postJson(server, apiPaths.improveCaption, victim, caption, victimAddress)).status).toBe(200);
  }, 120_000);
});

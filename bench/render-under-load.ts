/**
 * The feed while the server renders (bench/README.md): GET /api/designs?mode=interior (the web feed's first page, with a
 * session cookie) at a steady rate from autocannon, on the real server (PGlite with the sample world, the log level
 * of `npm start`), first with nothing else to do, then while four local renders run the whole time: four clients,
 * each with its own session, posting the next generate-design-image (a 12-megapixel photo and six products, which
 * that session uploaded beforehand: a render's inputs must be the requester's own uploads) as soon as the last one is
 * answered. The server has every core (its render pool sizes itself to
 * them); autocannon is pinned to one of them, the same in both runs. Run alone: node --import tsx bench/render-under-load.ts
 */
import { performance } from 'node:perf_hooks';
import { apiPaths, FEED_PAGE_SIZE, generateFromPromptResponseSchema, uploadResponseSchema } from '@dwellscape/shared';
import {
  livingRoomPhoto,
  productImage,
  type SyntheticProduct,
} from '../packages/compositor/test/fixtures/synthetic-images';
import { startBenchServer, type BenchServer } from './lib/app-server';
import { loadTest, type LoadResult } from './lib/autocannon';
import { pinning } from './lib/child';
import { isMain } from './lib/main';
import type { Benchmark, BenchRow } from './lib/report';
import { median, millis, perSecond } from './lib/stats';

const AREA = 'Feed API (PGlite) under renders';
const RATE = 200;
const CONNECTIONS = 5;
const SECONDS = 10;
const WARMUP_SECONDS = 3;
const RENDERS = 4;
const TARGET_P99_MS = 50;
/** The feed's first page, as the web app asks for it (features/feed/api/get-designs.ts). */
const FEED_PATH = `${apiPaths.designs}?mode=interior&limit=${FEED_PAGE_SIZE}`;
const products: SyntheticProduct[] = ['sofa', 'lamp', 'plant', 'rug', 'armchair', 'coffee-table'];

/** Progress on stderr, so the table on stdout stays clean. */
const startedAt = performance.now();
function progress(message: string): void {
  process.stderr.write(`[render-under-load +${Math.round((performance.now() - startedAt) / 1000)} s] ${message}\n`);
}

async function upload(server: BenchServer, cookie: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${server.baseUrl}${apiPaths.uploads}`, { method: 'POST', headers: { cookie }, body: form });
  const body: unknown = await res.json();
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  return uploadResponseSchema.parse(body).url;
}

interface RenderRequest {
  prompt: string;
  spaceImage: string;
  additionalPhotos: string[];
}

/** The bytes every session uploads: the photo and the products, made once. */
interface RenderInputs {
  photo: Buffer;
  products: { kind: SyntheticProduct; bytes: Buffer }[];
}

/**
 * A render request whose inputs the session behind `cookie` uploaded itself: the server renders only the requester's
 * own uploads (or an own item a public design shows), so every session uploads its own copy.
 */
async function uploadAs(server: BenchServer, cookie: string, inputs: RenderInputs): Promise<RenderRequest> {
  return {
    prompt: 'Warm minimal living room',
    spaceImage: await upload(server, cookie, inputs.photo, 'room.jpg', 'image/jpeg'),
    additionalPhotos: await Promise.all(
      inputs.products.map(({ kind, bytes }) => upload(server, cookie, bytes, `${kind}.png`, 'image/png')),
    ),
  };
}

/** One render over HTTP: its time, or why it failed. */
async function render(server: BenchServer, cookie: string, body: RenderRequest) {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}${apiPaths.generateDesignImage}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) return { ok: false as const, status: res.status, ms, body: JSON.stringify(json) };
  generateFromPromptResponseSchema.parse(json);
  return { ok: true as const, status: res.status, ms };
}

interface RenderLoad {
  /** Render times of the renders answered while the load ran, in ms. */
  times: number[];
  failures: string[];
  stop(): Promise<void>;
}

/** A session of its own with the inputs it uploaded. */
async function renderingSession(server: BenchServer, inputs: RenderInputs) {
  const cookie = await server.unlock();
  return { cookie, body: await uploadAs(server, cookie, inputs) };
}

/**
 * `count` clients rendering back to back until stopped. Each has its own session, which uploads its own inputs before
 * it renders (they are uploaded before the load starts), and a fresh one, uploading again, when a per-session limit
 * answers 429.
 */
async function startRenders(server: BenchServer, inputs: RenderInputs, count: number): Promise<RenderLoad> {
  let stopped = false;
  const times: number[] = [];
  const failures: string[] = [];
  const sessions = await Promise.all(Array.from({ length: count }, () => renderingSession(server, inputs)));
  const client = async (session: { cookie: string; body: RenderRequest }) => {
    while (!stopped) {
      const result = await render(server, session.cookie, session.body);
      if (result.ok) times.push(result.ms);
      else if (result.status === 429) session = await renderingSession(server, inputs);
      else failures.push(`${result.status} ${result.body.slice(0, 120)}`);
    }
  };
  const clients = sessions.map(client);
  return {
    times,
    failures,
    async stop() {
      stopped = true;
      await Promise.all(clients);
    },
  };
}

const loadFeed = (server: BenchServer, cookie: string) =>
  loadTest({
    url: `${server.baseUrl}${FEED_PATH}`,
    headers: { cookie },
    connections: CONNECTIONS,
    overallRate: RATE,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  });

const served = (load: LoadResult) =>
  `p50 ${millis(load.p50)}, ${perSecond(load.rps, 'req')} served` +
  (load.non2xx + load.errors > 0 ? `, ${load.non2xx} non-2xx, ${load.errors} errors` : '');

export async function measureFeedUnderRenders(): Promise<BenchRow[]> {
  progress('starting the server');
  // every client of the bench comes from 127.0.0.1: the per-address budgets of signed-out renders stand for one
  // person's sessions, not for the bench's, which opens a session whenever one reaches its own limit
  const server = await startBenchServer({
    env: { LOG_LEVEL: 'info', RENDER_JOBS_AT_ONCE_PER_ADDRESS: '1000', RENDER_JOBS_PER_HOUR_PER_ADDRESS: '100000' },
  });
  try {
    const inputs: RenderInputs = {
      photo: await livingRoomPhoto(4000, 3000, { grain: 24 }),
      products: await Promise.all(products.map(async (kind) => ({ kind, bytes: await productImage(kind) }))),
    };
    progress('uploading the photo and the products');
    const cookie = await server.unlock();
    const body = await uploadAs(server, cookie, inputs);
    // the first render starts a pool worker; the second shows one render alone on a warm pool
    const cold = await render(server, cookie, body);
    const warm = await render(server, cookie, body);
    if (!cold.ok || !warm.ok) throw new Error(`a warm-up render failed: ${JSON.stringify([cold, warm])}`);

    progress(`feed alone: ${RATE} req/s for ${SECONDS} s`);
    const alone = await loadFeed(server, cookie);

    progress(`feed with ${RENDERS} renders running`);
    const renders = await startRenders(server, inputs, RENDERS);
    let withRenders: LoadResult;
    try {
      withRenders = await loadFeed(server, cookie);
    } finally {
      await renders.stop();
    }
    if (renders.times.length === 0) throw new Error(`no render was answered: ${renders.failures.join('; ')}`);

    const load = `${RATE} req/s from ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up; autocannon ${pinning}, the server on every core`;
    return [
      {
        area: AREA,
        metric: `feed p99 at ${RATE} req/s, no renders`,
        value: millis(alone.p99),
        met: null,
        note: `${served(alone)}; ${load}`,
      },
      {
        area: AREA,
        metric: `feed p99 at ${RATE} req/s while ${RENDERS} local renders run`,
        value: millis(withRenders.p99),
        target: `< ${millis(TARGET_P99_MS)}`,
        met: withRenders.p99 < TARGET_P99_MS && withRenders.non2xx + withRenders.errors === 0,
        note:
          `${served(withRenders)}; ${renders.times.length} renders answered meanwhile (12 MP photo + ${products.length} products, ` +
          `median ${millis(median(renders.times))} each with ${RENDERS} at a time; ${millis(warm.ms)} alone, ` +
          `${millis(cold.ms)} for the first, which starts a worker)` +
          (renders.failures.length > 0 ? `; ${renders.failures.length} failed: ${renders.failures[0]}` : ''),
      },
    ];
  } finally {
    await server.close();
  }
}

export const run: Benchmark = measureFeedUnderRenders;

if (isMain(import.meta.url)) console.table(await run());

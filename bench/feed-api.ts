/**
 * The feed API under load (bench/README.md), beside its two limits measured in the same run:
 * - the SQL floor: the repository function the route calls, same driver and pool, no HTTP;
 * - the ceiling: a Fastify hello-world with the same Fastify and logger setting, and the same
 *   server answering a constant body of the measured page's size (what the bytes alone cost).
 * On Postgres with BENCH_DESIGNS_PG designs (default 100,000) and on PGlite with
 * BENCH_DESIGNS_PGLITE (default 10,000); at the Postgres size it also checks the feed query's plan
 * and compares page 40 with page 1. The real server runs as a child process pinned to core 1,
 * autocannon in another pinned to core 0. The main rows are the product as it ships (feed page
 * cache on); the same server with FEED_CACHE=off gives the uncached figures beside them, and the
 * deep-page comparison (a cache would hide what the SQL costs). Run alone: node --import tsx bench/feed-api.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { apiPaths, decodeCursor, FEED_PAGE_SIZE } from '@dwellscape/shared';
import { openDatabase, type AppDatabase } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { feedPageSql, type DesignKey } from '../apps/server/src/modules/designs/designs.repository';
import { loadTest, type LoadRequest, type LoadResult } from './lib/autocannon';
import { cleanEnv, freePort, pinning, runScriptForJson, startScript, waitUntilServing } from './lib/child';
import type { FloorRequest, FloorResult } from './lib/feed-floor-worker';
import { benchPostgresUrl, createBenchDatabase, withClient } from './lib/postgres';
import type { Benchmark, BenchRow } from './lib/report';
import { addBulkDesigns, seedWorld } from './lib/seed-designs';
import { median, millis, perSecond } from './lib/stats';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

const DESIGNS_PG = intFromEnv('BENCH_DESIGNS_PG', 100_000);
const DESIGNS_PGLITE = intFromEnv('BENCH_DESIGNS_PGLITE', 10_000);
const SECONDS = intFromEnv('BENCH_SECONDS', 10);
const CONNECTIONS = intFromEnv('BENCH_CONNECTIONS', 10);
/**
 * autocannon paces a fixed rate per second: every connection sends its share back to back when
 * the second starts, so the server sees a queue as deep as the connection count until the
 * second's share is served. A few connections keep that artificial burst small while still able
 * to carry 500 req/s; the run fails its target if fewer than 95% of them were served.
 */
const RATE_CONNECTIONS = intFromEnv('BENCH_RATE_CONNECTIONS', 5);
const WARMUP_SECONDS = 3;
const FIXED_RATE = 500;
const SERVER_CORE = 1;
/** The server's default, so the figures are those of `npm start`; the ceiling uses the same. */
const LOG_LEVEL = 'info';
const PASSWORD = 'bench-password';
const MODE = 'interior';
/** What the web feed asks for (features/feed/api/get-designs.ts). */
const FEED_PATH = `${apiPaths.designs}?mode=${MODE}&limit=${FEED_PAGE_SIZE}`;
const DEEP_PAGE = 40;
const PAGE_SAMPLES = 31;
/**
 * bench/README.md's targets: a cached page at least this share of the health route's throughput on the
 * same server, and this p99 at 500 req/s; the embedded default is allowed more than Postgres.
 */
const TARGETS = {
  postgres: { healthShare: 0.6, p99Ms: 10 },
  pglite: { healthShare: 0.5, p99Ms: 20 },
} as const;
const TARGET_DEEP_PAGE_RATIO = 1.5;

/** Progress on stderr, so the table on stdout stays clean. */
const startedAt = performance.now();
function progress(message: string): void {
  process.stderr.write(`[feed-api +${Math.round((performance.now() - startedAt) / 1000)} s] ${message}\n`);
}

/**
 * The cached page and the health route are measured in turns, this many rounds of SECONDS each: this shared host's
 * speed drifts within a run (on 2026-11-26 its health route once ran faster than the hello-world measured two
 * minutes later), and a ratio of two runs made a minute apart measured the drift as much as the server.
 */
const RATIO_ROUNDS = intFromEnv('BENCH_RATIO_ROUNDS', 3);
const ratioShape = `c=${CONNECTIONS}; ${RATIO_ROUNDS} rounds of ${SECONDS} s each, the feed and GET /api/health in turns, after ${WARMUP_SECONDS} s warm-up of each`;

interface Server {
  baseUrl: string;
  /** CPU seconds the server process has used (null without /proc). */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

type FeedCacheSetting = 'on' | 'off';

/** The server's log file for one setting: the cache's counters are read from it after it stops. */
const serverLog = (dataDir: string, feedCache: FeedCacheSetting) =>
  path.join(dataDir, `server-feed-cache-${feedCache}.log`);

async function startDwellscape(
  dataDir: string,
  databaseUrl: string | null,
  feedCache: FeedCacheSetting,
): Promise<Server> {
  const port = await freePort();
  const running = startScript('apps/server/src/server.ts', [], {
    core: SERVER_CORE,
    cwd: path.resolve(import.meta.dirname, '../apps/server'),
    logFile: serverLog(dataDir, feedCache),
    env: cleanEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL,
      BETA_PASSWORD: PASSWORD,
      FEED_CACHE: feedCache,
      // the steady state: the sample pictures' sizes are made once after a start (about 5 s of the server's core),
      // which would otherwise overlap the first load run
      WARM_SAMPLE_IMAGE_SIZES: 'false',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(`${baseUrl}/api/health`, running);
  } catch (err) {
    await running.stop();
    throw new Error(`the server did not start (log: ${serverLog(dataDir, feedCache)}): ${String(err)}`);
  }
  return { baseUrl, cpuSeconds: () => running.cpuSeconds(), stop: () => running.stop() };
}

async function startHelloWorld(logDir: string): Promise<Server> {
  const port = await freePort();
  const running = startScript('bench/lib/hello-world-server.ts', [], {
    core: SERVER_CORE,
    // its log goes to a file like the server's, so both pay the same for their request lines
    logFile: path.join(logDir, 'hello-world.log'),
    env: cleanEnv({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL }),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${baseUrl}/`, running).catch(async (err: unknown) => {
    await running.stop();
    throw err;
  });
  return { baseUrl, cpuSeconds: () => running.cpuSeconds(), stop: () => running.stop() };
}

/** The session cookie from the real gate. */
async function unlock(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}${apiPaths.gate}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (res.status !== 204 || !cookie) throw new Error(`the gate answered ${res.status} without a session cookie`);
  return cookie;
}

interface FeedPage {
  items: Array<{ id: string }>;
  nextCursor: string | null;
}

async function getFeed(baseUrl: string, cookie: string, cursor: string | null): Promise<FeedPage> {
  const url = `${baseUrl}${FEED_PATH}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  const res = await fetch(url, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as FeedPage;
}

/** The viewer likes every fifth card of the first pages through the API, so some cards say `likedByViewer`. */
async function likeSomeDesigns(baseUrl: string, cookie: string): Promise<void> {
  let cursor: string | null = null;
  for (let page = 0; page < 4; page++) {
    const feed: FeedPage = await getFeed(baseUrl, cookie, cursor);
    for (const [i, item] of feed.items.entries()) {
      if (i % 5 !== 0) continue;
      const res = await fetch(`${baseUrl}${apiPaths.designLike(item.id)}`, { method: 'PUT', headers: { cookie } });
      if (res.status !== 200) throw new Error(`liking ${item.id} answered ${res.status}`);
    }
    cursor = feed.nextCursor;
    if (!cursor) break;
  }
}

interface FeedCacheStats {
  hits: number;
  misses: number;
  joined: number;
  bypassed: number;
  invalidations: number;
}

/** The feed page cache's counters the server logs when it stops ('in-memory caches'), or null when it logged none. */
function readFeedCacheStats(dataDir: string): FeedCacheStats | null {
  const lines = readFileSync(serverLog(dataDir, 'on'), 'utf8').split('\n');
  for (const line of lines.reverse()) {
    if (!line.includes('"in-memory caches"')) continue;
    try {
      return (JSON.parse(line) as { feedCache: FeedCacheStats }).feedCache;
    } catch {
      return null;
    }
  }
  return null;
}

interface Ceilings {
  /** `{"hello":"world"}`. */
  tiny: ServerLoad;
  /** A constant body of `bodyBytes`: the feed page's size, as this run's server answered it. */
  sized: ServerLoad;
  bodyBytes: number;
}

/** A load run's request: what the run's length and warm-up leave to the caller. */
type ServerRequest = Omit<LoadRequest, 'seconds' | 'warmupSeconds'>;

interface ServerLoad extends LoadResult {
  /** The server's CPU time per 2xx response during the measured run, in ms (null without /proc). */
  cpuMs: number | null;
}

/**
 * A warm-up run, then the measured one, reading the server's CPU time around the latter: CPU per
 * request is a second view of the cost, less swayed than throughput by other work on the machine.
 */
async function loadServer(server: Server, request: ServerRequest): Promise<ServerLoad> {
  await loadTest({ ...request, seconds: WARMUP_SECONDS, warmupSeconds: 0 });
  return measuredRun(server, request);
}

/** One measured run (no warm-up), with the server's CPU time per 2xx response around it. */
async function measuredRun(server: Server, request: ServerRequest) {
  const before = server.cpuSeconds();
  const result = await loadTest({ ...request, seconds: SECONDS, warmupSeconds: 0 });
  const after = server.cpuSeconds();
  const cpuMs = before === null || after === null || result.ok === 0 ? null : ((after - before) * 1000) / result.ok;
  return { ...result, cpuMs };
}

/** Runs of one request taken as one: counts summed, p50 the median of the runs', p99 the worst. */
function combineRuns(runs: readonly ServerLoad[]): ServerLoad {
  const ok = runs.reduce((sum, run) => sum + run.ok, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const cpu = runs.every((run) => run.cpuMs !== null) ? runs.reduce((sum, run) => sum + run.cpuMs! * run.ok, 0) : null;
  return {
    ok,
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    seconds,
    rps: ok / seconds,
    p50: median(runs.map((run) => run.p50)),
    p99: Math.max(...runs.map((run) => run.p99)),
    bytesPerResponse: runs.reduce((sum, run) => sum + run.bytesPerResponse * run.ok, 0) / Math.max(1, ok),
    cpuMs: cpu === null || ok === 0 ? null : cpu / ok,
  };
}

/** Two requests measured in turns (RATIO_ROUNDS rounds) after a warm-up of each, so the host's drift falls on both. */
async function loadInTurns(
  server: Server,
  first: ServerRequest,
  second: ServerRequest,
): Promise<[ServerLoad, ServerLoad]> {
  for (const request of [first, second]) await loadTest({ ...request, seconds: WARMUP_SECONDS, warmupSeconds: 0 });
  const firstRuns: ServerLoad[] = [];
  const secondRuns: ServerLoad[] = [];
  for (let round = 0; round < RATIO_ROUNDS; round++) {
    firstRuns.push(await measuredRun(server, first));
    secondRuns.push(await measuredRun(server, second));
  }
  return [combineRuns(firstRuns), combineRuns(secondRuns)];
}

/**
 * What Chrome sends. autocannon sends no Accept-Encoding, so the main rows measure the JSON as it
 * is; the "browser" rows measure what a browser gets, compressed (brotli) responses.
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const feedRequest = (server: Server, cookie: string, overallRate?: number, acceptEncoding?: string): ServerRequest => ({
  url: `${server.baseUrl}${FEED_PATH}`,
  headers: acceptEncoding ? { cookie, 'accept-encoding': acceptEncoding } : { cookie },
  connections: overallRate ? RATE_CONNECTIONS : CONNECTIONS,
  ...(overallRate ? { overallRate } : {}),
});

const loadFeed = (server: Server, cookie: string, overallRate?: number, acceptEncoding?: string) =>
  loadServer(server, feedRequest(server, cookie, overallRate, acceptEncoding));

/** `GET /api/health` on the same server, the same way: what the server costs before any feed work. */
const healthRequest = (server: Server): ServerRequest => ({
  url: `${server.baseUrl}${apiPaths.health}`,
  headers: {},
  connections: CONNECTIONS,
});

async function measureFloor(
  request: Omit<FloorRequest, 'mode' | 'limit' | 'concurrency' | 'seconds' | 'warmupSeconds'>,
) {
  const input: FloorRequest = {
    ...request,
    mode: MODE,
    // what the service reads for one page: one more row than it shows
    limit: FEED_PAGE_SIZE + 1,
    concurrency: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  };
  return runScriptForJson<FloorResult>('bench/lib/feed-floor-worker.ts', input, { core: SERVER_CORE });
}

/** Timing of page 1 and of page DEEP_PAGE (reached by following nextCursor), alternating, median of each. */
async function comparePages(baseUrl: string, cookie: string) {
  let cursor: string | null = null;
  let page = 1;
  let deepCursor: string | null = null;
  while (page < DEEP_PAGE) {
    const feed: FeedPage = await getFeed(baseUrl, cookie, cursor);
    if (!feed.nextCursor) break;
    cursor = feed.nextCursor;
    deepCursor = cursor;
    page++;
  }
  const first: number[] = [];
  const deep: number[] = [];
  for (let i = 0; i < PAGE_SAMPLES; i++) {
    for (const [times, at] of [
      [first, null],
      [deep, deepCursor],
    ] as const) {
      const started = performance.now();
      await getFeed(baseUrl, cookie, at);
      times.push(performance.now() - started);
    }
  }
  return { deepPage: page, deepCursor, first: median(first), deep: median(deep) };
}

interface PlanSummary {
  seqScanOnDesigns: boolean;
  /** The scan nodes, e.g. 'Index Scan using designs_feed_idx on designs'. */
  scans: string[];
  executionMs: number;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the SQL the repository runs for one page, with real parameters. */
async function explainFeedPage(databaseUrl: string, after: DesignKey | null): Promise<PlanSummary> {
  return withClient(databaseUrl, async (client) => {
    const db = drizzle(client, { schema }) as unknown as AppDatabase;
    const viewer = await client.query<{ id: string }>('select id from sessions order by created_at desc limit 1');
    const query = feedPageSql(db, {
      mode: MODE,
      limit: FEED_PAGE_SIZE + 1,
      after,
      viewerId: viewer.rows[0]?.id ?? null,
    });
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query.sql}`,
      query.params,
    );
    const lines = result.rows.map((row) => row['QUERY PLAN']);
    const scans = new Set<string>();
    for (const line of lines) {
      const match =
        /((?:Parallel )?(?:Seq Scan|Index Scan(?: Backward)?|Index Only Scan(?: Backward)?|Bitmap Heap Scan)(?: using \S+)? on \S+(?: \w+)?)/.exec(
          line,
        );
      if (match?.[1]) scans.add(match[1]);
    }
    const execution = lines.map((line) => /Execution Time: ([\d.]+) ms/.exec(line)).find(Boolean);
    return {
      seqScanOnDesigns: lines.some((line) => /Seq Scan on designs\b/.test(line)),
      scans: [...scans],
      executionMs: execution ? Number(execution[1]) : Number.NaN,
    };
  });
}

/** The Content-Encoding and size on the wire of one feed page as a browser would ask for it. */
async function browserEncoding(baseUrl: string, cookie: string): Promise<string> {
  const res = await fetch(`${baseUrl}${FEED_PATH}`, {
    headers: { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  });
  await res.arrayBuffer();
  const length = res.headers.get('content-length');
  return `Content-Encoding ${res.headers.get('content-encoding') ?? 'none'}${length ? `, ${(Number(length) / 1000).toFixed(1)} kB on the wire` : ''}`;
}

interface BrowserLoad {
  api: ServerLoad;
  atRate: ServerLoad;
  /** What the server answered, e.g. "Content-Encoding br". */
  encoding: string;
}

async function loadFeedAsBrowser(server: Server, cookie: string): Promise<BrowserLoad> {
  const encoding = await browserEncoding(server.baseUrl, cookie);
  const api = await loadFeed(server, cookie, undefined, BROWSER_ACCEPT_ENCODING);
  const atRate = await loadFeed(server, cookie, FIXED_RATE, BROWSER_ACCEPT_ENCODING);
  return { api, atRate, encoding };
}

interface Section {
  area: string;
  api: ServerLoad;
  atRate: ServerLoad;
  browser: BrowserLoad;
  /** GET /api/health on the same server with the same load. */
  health: ServerLoad;
  floor: FloorResult;
  targets: { healthShare: number; p99Ms: number };
  /** The same two runs with FEED_CACHE=off. */
  uncached: { api: ServerLoad; atRate: ServerLoad };
  cacheStats: FeedCacheStats | null;
}

const cpuPer = (ms: number | null, what: string) => (ms === null ? '' : `; CPU ${ms.toFixed(2)} ms/${what}`);
/**
 * How busy the server's core was (its CPU per response × responses a second): well under 100% means the load
 * generator, on its own single core, was what limited the run.
 */
const busy = (load: ServerLoad) =>
  load.cpuMs === null ? '' : `; server core ${Math.round((load.cpuMs * load.rps) / 10)}% busy`;

function sectionRows(
  { area, api, atRate, browser, health, floor, uncached, cacheStats, targets }: Section,
  ceiling: Ceilings | Error,
): BenchRow[] {
  const share = api.rps / health.rps;
  const TARGET_P99_MS = targets.p99Ms;
  const failures = (r: LoadResult) => (r.non2xx + r.errors > 0 ? `; ${r.non2xx} non-2xx, ${r.errors} errors` : '');
  const rows: BenchRow[] = [
    {
      area,
      metric: 'GET /api/designs throughput',
      value: perSecond(api.rps, 'req'),
      target: `≥ ${targets.healthShare * 100}% of GET /api/health`,
      met: share >= targets.healthShare && api.non2xx + api.errors === 0,
      note: `${Math.round(share * 100)}% of GET /api/health's ${perSecond(health.rps, 'req')} (p99 ${millis(health.p99)}${cpuPer(health.cpuMs, 'request')}) on the same server; ${Math.round((api.rps / floor.qps) * 100)}% of the SQL floor; ${ratioShape}; limit=${FEED_PAGE_SIZE}${cpuPer(api.cpuMs, 'request')} (server)${busy(api)}${failures(api)}`,
    },
    {
      area,
      metric: 'GET /api/designs p50 / p99',
      value: `${millis(api.p50)} / ${millis(api.p99)}`,
      met: null,
      note: `at full load, ${ratioShape}; p50 the median of the rounds', p99 the worst round's`,
    },
    {
      area,
      metric: `p99 at ${FIXED_RATE} req/s`,
      value: millis(atRate.p99),
      target: `< ${TARGET_P99_MS} ms`,
      // the rate must really have been carried: a server that falls behind serves fewer, not slower
      met: atRate.p99 < TARGET_P99_MS && atRate.rps >= FIXED_RATE * 0.95 && atRate.non2xx + atRate.errors === 0,
      note:
        `p50 ${millis(atRate.p50)}, ${perSecond(atRate.rps, 'req')} served; autocannon overallRate=${FIXED_RATE}, ` +
        `c=${RATE_CONNECTIONS} (each sends its share in a burst as every second starts)${failures(atRate)}`,
    },
    {
      area,
      metric: 'throughput, browser Accept-Encoding',
      value: perSecond(browser.api.rps, 'req'),
      met: null,
      note: `${Math.round((browser.api.rps / floor.qps) * 100)}% of floor; accept-encoding: ${BROWSER_ACCEPT_ENCODING} → ${browser.encoding}; p50 ${millis(browser.api.p50)}, p99 ${millis(browser.api.p99)}${cpuPer(browser.api.cpuMs, 'request')} (server)${failures(browser.api)}`,
    },
    {
      area,
      metric: `p99 at ${FIXED_RATE} req/s, browser Accept-Encoding`,
      value: millis(browser.atRate.p99),
      met: null,
      note: `p50 ${millis(browser.atRate.p50)}, ${perSecond(browser.atRate.rps, 'req')} served; same pacing as the row without${failures(browser.atRate)}`,
    },
    {
      area,
      metric: 'throughput, FEED_CACHE=off',
      value: perSecond(uncached.api.rps, 'req'),
      met: null,
      note: `${Math.round((uncached.api.rps / floor.qps) * 100)}% of floor; every page from SQL (the figures before the page cache); p50 ${millis(uncached.api.p50)}, p99 ${millis(uncached.api.p99)}${cpuPer(uncached.api.cpuMs, 'request')} (server)${failures(uncached.api)}`,
    },
    {
      area,
      metric: `p99 at ${FIXED_RATE} req/s, FEED_CACHE=off`,
      value: millis(uncached.atRate.p99),
      met: null,
      note: `p50 ${millis(uncached.atRate.p50)}, ${perSecond(uncached.atRate.rps, 'req')} served; same pacing${failures(uncached.atRate)}`,
    },
    feedCacheRow(area, cacheStats),
    {
      area,
      metric: 'SQL floor (no HTTP)',
      value: perSecond(floor.qps, 'query'),
      met: null,
      note: `findPublicDesignsAfter via openDatabase, ${CONNECTIONS} concurrent callers; p50 ${millis(floor.p50)}, p99 ${millis(floor.p99)}${cpuPer(floor.cpuMs, 'query')} (Node)`,
    },
  ];
  if (ceiling instanceof Error) rows.push(...failedRows(`${area}: Fastify ceiling`, ceiling));
  else {
    rows.push({
      area,
      metric: 'Fastify hello-world ceiling',
      value: perSecond(ceiling.tiny.rps, 'req'),
      met: null,
      note: `API reaches ${Math.round((api.rps / ceiling.tiny.rps) * 100)}% of it; p99 ${millis(ceiling.tiny.p99)}${cpuPer(ceiling.tiny.cpuMs, 'request')}; same Fastify, logger level ${LOG_LEVEL}`,
    });
    rows.push({
      area,
      metric: `Fastify, a constant ${(ceiling.bodyBytes / 1000).toFixed(1)} kB body (the page's size)`,
      value: perSecond(ceiling.sized.rps, 'req'),
      met: null,
      note:
        `what the page's bytes cost with no other work: ${Math.round((ceiling.sized.rps / ceiling.tiny.rps) * 100)}% of the hello-world, ` +
        `about the most any server keeps of its health route here with a page this size (the bytes, and the load generator reading them on its one core); ` +
        `API reaches ${Math.round((api.rps / ceiling.sized.rps) * 100)}% of it; p99 ${millis(ceiling.sized.p99)}${cpuPer(ceiling.sized.cpuMs, 'request')}${busy(ceiling.sized)}`,
    });
  }
  return rows;
}

function feedCacheRow(area: string, stats: FeedCacheStats | null): BenchRow {
  if (!stats)
    return {
      area,
      metric: 'feed page cache hit rate',
      value: 'not reported',
      met: null,
      note: 'no "feed page cache" line in the server log',
    };
  const lookups = stats.hits + stats.misses + stats.joined + stats.bypassed;
  return {
    area,
    metric: 'feed page cache hit rate',
    value: lookups === 0 ? 'no lookups' : `${((stats.hits / lookups) * 100).toFixed(2)}%`,
    met: null,
    note:
      `${stats.hits.toLocaleString('en-US')} hits, ${stats.misses} misses (each one feed query), ${stats.joined} joined a running fill, ` +
      `${stats.bypassed} bypassed, ${stats.invalidations} invalidations, over the cached server's whole life ` +
      '(the likes set up before the runs, warm-ups, the runs above); one viewer reading page 1 again and again, so this is the best case: ' +
      'every like, comment or publish anywhere drops every page',
  };
}

function failedRows(area: string, err: unknown): BenchRow[] {
  const message = err instanceof Error ? err.message : String(err);
  return [{ area, metric: 'feed API', value: 'not measured', met: false, note: message.split('\n')[0]!.slice(0, 300) }];
}

/** The feed page's JSON as the load asks for it (no Accept-Encoding): its size sets the sized ceiling's body. */
async function plainPageBytes(baseUrl: string, cookie: string): Promise<number> {
  const res = await fetch(`${baseUrl}${FEED_PATH}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${FEED_PATH} answered ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

/** The hello-world, and a constant body of `bodyBytes`; an error when they could not be measured (its own row says so). */
async function measureCeiling(bodyBytes: number): Promise<Ceilings | Error> {
  progress(`Fastify hello-world ceiling, and a constant ${(bodyBytes / 1000).toFixed(1)} kB body`);
  try {
    return await measureCeilingOrThrow(bodyBytes);
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

async function measureCeilingOrThrow(bodyBytes: number): Promise<Ceilings> {
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-bench-hello-'));
  const server = await startHelloWorld(logDir).catch((err: unknown) => {
    rmSync(logDir, { recursive: true, force: true });
    throw err;
  });
  try {
    const tiny = await loadServer(server, { url: `${server.baseUrl}/`, headers: {}, connections: CONNECTIONS });
    const sized = await loadServer(server, {
      url: `${server.baseUrl}/sized/${bodyBytes}`,
      headers: {},
      connections: CONNECTIONS,
    });
    return { tiny, sized, bodyBytes };
  } finally {
    await server.stop();
    rmSync(logDir, { recursive: true, force: true });
  }
}

/**
 * The runs against a server as `npm start` serves (feed page cache on), then stops it: its cache's counters are in
 * its log once it has stopped, and the ceiling for its page's size is measured on the core it leaves free.
 */
async function measureCachedServer(label: string, server: Server, cookie: string, dataDir: string) {
  const [api, health] = await loadInTurns(server, feedRequest(server, cookie), healthRequest(server));
  progress(`${label}: at ${FIXED_RATE} req/s`);
  const atRate = await loadFeed(server, cookie, FIXED_RATE);
  progress(`${label}: as a browser asks (Accept-Encoding)`);
  const browser = await loadFeedAsBrowser(server, cookie);
  const pageBytes = await plainPageBytes(server.baseUrl, cookie);
  await server.stop();
  const cacheStats = readFeedCacheStats(dataDir);
  const ceiling = await measureCeiling(pageBytes);
  return { api, health, atRate, browser, cacheStats, ceiling };
}

async function benchPostgres(): Promise<BenchRow[]> {
  const area = `Feed API (Postgres, ${DESIGNS_PG.toLocaleString('en-US')})`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-bench-pg-'));
  let database: Awaited<ReturnType<typeof createBenchDatabase>> | null = null;
  let server: Server | null = null;
  try {
    database = await createBenchDatabase();
    progress(`Postgres: seeding ${DESIGNS_PG} designs`);
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      await seedWorld(handle.db, dataDir);
      await addBulkDesigns(handle.db, DESIGNS_PG);
    } finally {
      await handle.close();
    }
    progress('Postgres: starting the server, then load');
    server = await startDwellscape(dataDir, database.url, 'on');
    const cookie = await unlock(server.baseUrl);
    await likeSomeDesigns(server.baseUrl, cookie);
    const { ceiling, ...cached } = await measureCachedServer('Postgres', server, cookie, dataDir);
    server = null;

    // the same viewer (sessions live in the database, the cookie's secret in DATA_DIR)
    progress('Postgres: FEED_CACHE=off');
    server = await startDwellscape(dataDir, database.url, 'off');
    const uncached = { api: await loadFeed(server, cookie), atRate: await loadFeed(server, cookie, FIXED_RATE) };
    progress(`Postgres: page ${DEEP_PAGE} vs page 1 (FEED_CACHE=off), EXPLAIN, SQL floor`);
    const pages = await comparePages(server.baseUrl, cookie);
    await server.stop();
    server = null;

    const deepKey = pages.deepCursor ? decodeCursor(pages.deepCursor) : null;
    const firstPlan = await explainFeedPage(database.url, null);
    const deepPlan = await explainFeedPage(database.url, deepKey);
    const floor = await measureFloor({ databaseUrl: database.url });

    const scaleArea = `Feed scale (Postgres, ${DESIGNS_PG.toLocaleString('en-US')})`;
    const noSeqScan = !firstPlan.seqScanOnDesigns && !deepPlan.seqScanOnDesigns;
    return [
      ...sectionRows({ area, ...cached, floor, uncached, targets: TARGETS.postgres }, ceiling),
      {
        area: scaleArea,
        metric: 'feed query plan',
        value: noSeqScan ? 'index only, no Seq Scan' : 'Seq Scan on designs',
        target: 'no Seq Scan on designs',
        met: noSeqScan,
        note: `EXPLAIN ANALYZE page 1: ${firstPlan.scans.join('; ')}; ${millis(firstPlan.executionMs)} (page ${pages.deepPage}: ${millis(deepPlan.executionMs)})`,
      },
      {
        area: scaleArea,
        metric: `page ${pages.deepPage} vs page 1 (HTTP)`,
        value: `${millis(pages.deep)} vs ${millis(pages.first)}`,
        target: `≤ ${TARGET_DEEP_PAGE_RATIO}× page 1`,
        met: pages.deepPage === DEEP_PAGE && pages.deep <= pages.first * TARGET_DEEP_PAGE_RATIO,
        note: `medians of ${PAGE_SAMPLES} sequential GETs each, alternating; page ${pages.deepPage} reached by following nextCursor; FEED_CACHE=off, so both pages run their SQL`,
      },
    ];
  } catch (err) {
    return failedRows(area, err);
  } finally {
    await server?.stop();
    await database?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPglite(): Promise<BenchRow[]> {
  const area = `Feed API (PGlite, ${DESIGNS_PGLITE.toLocaleString('en-US')})`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-bench-pglite-'));
  const pgliteDir = path.join(dataDir, 'pgdata');
  let server: Server | null = null;
  try {
    // PGlite is single-process: seed with the server stopped, measure the floor after it stops
    progress(`PGlite: seeding ${DESIGNS_PGLITE} designs`);
    const handle = await openDatabase({ pgliteDir });
    try {
      await seedWorld(handle.db, dataDir);
      await addBulkDesigns(handle.db, DESIGNS_PGLITE);
    } finally {
      await handle.close();
    }
    progress('PGlite: starting the server, then load');
    server = await startDwellscape(dataDir, null, 'on');
    const cookie = await unlock(server.baseUrl);
    await likeSomeDesigns(server.baseUrl, cookie);
    const { ceiling, ...cached } = await measureCachedServer('PGlite', server, cookie, dataDir);
    server = null;
    progress('PGlite: FEED_CACHE=off');
    server = await startDwellscape(dataDir, null, 'off');
    const uncached = { api: await loadFeed(server, cookie), atRate: await loadFeed(server, cookie, FIXED_RATE) };
    await server.stop();
    server = null;
    progress('PGlite: SQL floor');
    const floor = await measureFloor({ pgliteDir });
    return sectionRows({ area, ...cached, floor, uncached, targets: TARGETS.pglite }, ceiling);
  } catch (err) {
    return failedRows(area, err);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const run: Benchmark = async () => {
  return [...(await benchPostgres()), ...(await benchPglite())];
};

/** A minimal printer for running this file alone; bench/run.ts prints the suite's table. */
function printRows(rows: BenchRow[]): void {
  const cells = rows.map((r) => [
    r.area,
    r.metric,
    r.value,
    r.target ?? '',
    r.met === true ? 'yes' : r.met === false ? 'NO' : '',
    r.note ?? '',
  ]);
  const header = ['area', 'metric', 'value', 'target', 'met', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  for (const line of [header, widths.map((w) => '-'.repeat(w)), ...cells]) {
    console.log(line.map((cell, i) => cell.padEnd(widths[i]!)).join(' | '));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(
    `feed API benchmark: Postgres at ${new URL(benchPostgresUrl).host}, server on core ${SERVER_CORE}, load on core 0 (${pinning})`,
  );
  printRows(await run());
  progress('done');
}

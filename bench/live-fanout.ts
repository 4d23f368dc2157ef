/**
 * Live fan-out: 2,000 server-sent-event clients on /api/designs/live?mode=interior of a real
 * server process, then one publish (POST /api/designs with an uploaded photo), on PGlite and again
 * on Postgres. Delivery time runs from the publish request's start to each client's parsed event;
 * memory per client (PGlite) is the server's resident memory (VmRSS) with every client connected
 * minus before, over the number of clients, each reading taken after full garbage collections
 * (through the server's inspector), so the start-up's leftovers do not count for or against the
 * clients.
 * Where the time goes comes from the server's live-trace marks (apps/server/src/live-trace.ts,
 * printed by bench/lib/live-trace-probe.mjs loaded into the server) and from the client process's
 * own times: when each event's last chunk reached its handler and when it was parsed.
 * Run alone: node --import tsx bench/live-fanout.ts [clients] [pglite|postgres]
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import type { LiveTraceMark, LiveTraceStep } from '../apps/server/src/live-trace';
import { apiPaths, designSchema } from '@dwellscape/shared';
import { livingRoomPhoto } from '../apps/server/test/fixtures/synthetic-images';
import { signUpOverHttp } from '../apps/server/test/reliability/support';
import { startBenchServer, type BenchServer } from './lib/app-server';
import { freePort, repoRoot } from './lib/child';
import { collectGarbage } from './lib/inspector-gc';
import { isMain } from './lib/main';
import { createBenchDatabase, type BenchDatabase } from './lib/postgres';
import { ensureOpenFiles, pinToCore, settledResidentKb } from './lib/process-limits';
import type { BenchRow, Benchmark } from './lib/report';
import { startClientsProcess, type ClientsProcess } from './lib/sse-clients';
import { millis, percentile } from './lib/stats';

const AREA = 'Live fan-out';
const CLIENTS = 2_000;
/** Handshakes in flight at once while connecting. */
const CONNECT_CONCURRENCY = 100;
const SERVER_CORE = 1;
const CLIENT_CORE = 0;
/** bench/README.md's target for the slowest 5% of clients. */
const P95_TARGET_MS = 100;

const epochNow = () => performance.timeOrigin + performance.now();

const TRACE_PROBE = path.join(repoRoot, 'bench/lib/live-trace-probe.mjs');
const TRACE_PREFIX = 'live-trace ';
type TraceStep = LiveTraceStep | 'publish:request-received';
type Trace = Map<TraceStep, { at: number; streams?: number }>;

async function uploadPhoto(server: BenchServer, cookie: string): Promise<string> {
  const photo = await livingRoomPhoto(1600, 1200);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'living-room.jpg');
  const res = await fetch(`${server.baseUrl}${apiPaths.uploads}`, { method: 'POST', headers: { cookie }, body: form });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

/** The server's memory once it has served a little (a feed page, one stream opened and closed). */
async function warmUp(server: BenchServer, cookie: string): Promise<void> {
  await fetch(`${server.baseUrl}${apiPaths.designs}?mode=interior`, { headers: { cookie } }).then((r) =>
    r.arrayBuffer(),
  );
  const res = await fetch(`${server.baseUrl}${apiPaths.designsLive}?mode=interior`, { headers: { cookie } });
  await res.body?.cancel();
  await sleep(1_000);
}

/** Resident memory after full garbage collections, once it has stopped moving. */
async function residentAfterGc(pid: number, inspectPort: number): Promise<number> {
  await collectGarbage(inspectPort);
  return settledResidentKb(pid);
}

export type FanoutDatabase = 'pglite' | 'postgres';

export interface LiveFanoutOptions {
  clients?: number;
  database?: FanoutDatabase;
}

/** The first of each live-trace mark the server printed at or after `since`. */
function readTrace(output: string, since: number): Trace {
  const trace: Trace = new Map();
  for (const line of output.split('\n')) {
    if (!line.startsWith(TRACE_PREFIX)) continue;
    const mark = JSON.parse(line.slice(TRACE_PREFIX.length)) as Omit<LiveTraceMark, 'step'> & { step: TraceStep };
    if (mark.at >= since && !trace.has(mark.step)) trace.set(mark.step, mark);
  }
  return trace;
}

/** The server prints its marks as they happen; the last ones may still be in the pipe. */
async function awaitTrace(server: BenchServer, since: number, last: TraceStep[]): Promise<Trace> {
  const deadline = Date.now() + 5_000;
  let trace = readTrace(server.output(), since);
  while (last.some((step) => !trace.has(step)) && Date.now() < deadline) {
    await sleep(50);
    trace = readTrace(server.output(), since);
  }
  return trace;
}

const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '?');

/** 'a 1.2 · b 3.4 ms': the time from each mark to the next, in the order given. */
function stepsNote(trace: Trace, start: number, steps: Array<[TraceStep, string]>): string {
  let previous = start;
  const parts: string[] = [];
  for (const [step, label] of steps) {
    const at = trace.get(step)?.at;
    if (at === undefined) {
      parts.push(`${label} ?`);
      continue;
    }
    parts.push(`${label} ${fixed(at - previous)}`);
    previous = at;
  }
  return `${parts.join(' · ')} ms`;
}

/** From the mark `from` to the mark `to`, in ms; NaN when either is missing. */
const between = (trace: Trace, from: TraceStep, to: TraceStep) =>
  (trace.get(to)?.at ?? Number.NaN) - (trace.get(from)?.at ?? Number.NaN);

export async function measureLiveFanout(options: LiveFanoutOptions = {}): Promise<BenchRow[]> {
  const count = options.clients ?? CLIENTS;
  const database = options.database ?? 'pglite';
  const area = database === 'pglite' ? AREA : `${AREA} (Postgres)`;
  const postgres: BenchDatabase | null = database === 'postgres' ? await createBenchDatabase() : null;
  // the inspector lets the benchmark collect the server's garbage before each memory reading
  const inspectPort = await freePort();
  let server: BenchServer | null = null;
  let clients: ClientsProcess | null = null;
  try {
    server = await startBenchServer({
      env: {
        LOG_LEVEL: 'warn',
        // the clients are one session on one address: the caps per browser and per network are not what is measured
        LIVE_STREAMS_PER_SESSION: String(count + 10),
        LIVE_STREAMS_PER_ADDRESS: String(count + 10),
        NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort} --import=${TRACE_PROBE}`,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      },
    });
    const serverPid = server.child.pid!;
    ensureOpenFiles(serverPid, count + 256);
    const pinned = pinToCore(serverPid, SERVER_CORE);
    const cookie = await server.unlock();
    clients = await startClientsProcess({ sockets: count, core: pinned ? CLIENT_CORE : null });
    await warmUp(server, cookie);
    // memory per client is the same on either database: measured once, on PGlite
    const measureMemory = database === 'pglite';
    const before = measureMemory ? await residentAfterGc(serverPid, inspectPort) : 0;

    // in two halves: the second half's growth checks the figure against the start-up's own memory
    const half = Math.floor(count / 2);
    let connectMs = 0;
    let halfway = 0;
    for (const batch of [half, count - half]) {
      const opened = await clients.open({
        port: server.port,
        path: `${apiPaths.designsLive}?mode=interior`,
        cookie,
        count: batch,
        concurrency: CONNECT_CONCURRENCY,
      });
      if (opened.failed > 0) throw new Error(`${opened.failed} of ${batch} clients could not connect`);
      connectMs += opened.ms;
      if (measureMemory && halfway === 0) halfway = await residentAfterGc(serverPid, inspectPort);
    }
    const after = measureMemory ? await residentAfterGc(serverPid, inspectPort) : 0;

    // publishing needs an account; the 2,000 readers stay signed-out visitors past the gate
    const publisher = await signUpOverHttp(server.baseUrl, await server.unlock());
    const imageUrl = await uploadPhoto(server, publisher.cookie);
    const publishStarted = epochNow();
    const res = await fetch(`${server.baseUrl}${apiPaths.designs}`, {
      method: 'POST',
      headers: { cookie: publisher.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Fan-out check',
        caption: 'One publish, many readers',
        afterImageUrl: imageUrl,
        mode: 'interior',
      }),
    });
    const publishMs = epochNow() - publishStarted;
    if (!res.ok) throw new Error(`publish answered ${res.status}: ${await res.text()}`);
    const published = designSchema.parse(await res.json());

    const received = await clients.collect(30_000);
    if (received.designIds.some((id) => id !== published.id))
      throw new Error(`clients received other designs: ${received.designIds.join(', ')}`);
    const trace = await awaitTrace(server, publishStarted, ['publish:read-back', 'live:writes-ended']);
    const delays = received.times.map((t) => t - publishStarted).sort((a, b) => a - b);
    const arrivals = received.arrivals.map((t) => t - publishStarted).sort((a, b) => a - b);
    const parseMs = received.times.reduce((sum, t, i) => sum + (t - received.arrivals[i]!), 0);
    const since = (step: TraceStep) => (trace.get(step)?.at ?? Number.NaN) - publishStarted;
    const writesMs = between(trace, 'live:writes-started', 'live:writes-ended');
    const streams = trace.get('live:writes-started')?.streams ?? Number.NaN;
    const how =
      `${count.toLocaleString('en-US')} clients (raw sockets, one process${pinned ? ', own core' : ''}), ` +
      `${database === 'pglite' ? 'PGlite' : 'Postgres'}; publish request start → event parsed; ${received.times.length}/${count} reached`;
    const missed = received.missing > 0 ? `; ${received.missing} never got the event within 30 s` : '';
    const rows: BenchRow[] = [
      {
        area,
        metric: 'p50 delivery, 1 publish',
        value: millis(percentile(delays, 50)),
        met: null,
        note: how + missed,
      },
      {
        area,
        metric: 'p95 delivery, 1 publish',
        value: millis(percentile(delays, 95)),
        target: `< ${millis(P95_TARGET_MS)}`,
        met: received.missing === 0 && percentile(delays, 95) < P95_TARGET_MS,
        note: `slowest ${millis(delays.at(-1) ?? Number.NaN)}${missed}`,
      },
      {
        area,
        metric: 'publish request (answered)',
        value: millis(publishMs),
        met: null,
        note:
          'from its start, each step after the one before: ' +
          stepsNote(trace, publishStarted, [
            ['publish:request-received', 'reached the server'],
            ['publish:products-checked', 'body read, checked, products'],
            ['publish:remix-source-read', 'remix source'],
            ['publish:media-checked', 'picture checks'],
            ['publish:receipt-read', 'render receipt'],
            ['publish:locked', 'begin + publish lock'],
            ['publish:inserted', 'insert'],
            ['publish:committing', 'NOTIFYs'],
            ['publish:committed', 'commit'],
            ['publish:remix-noticed', 'remix notice'],
            ['publish:read-back', 'read back'],
          ]) +
          `; the answer reached the bench ${fixed(publishMs - since('publish:read-back'))} ms after the read back`,
      },
      {
        area,
        metric: 'commit sent → NOTIFY heard',
        value: millis(between(trace, 'publish:committing', 'live:notification')),
        met: null,
        note:
          `the transaction's last statement to the design_published listener's callback (at +${fixed(since('live:notification'))} ms; ` +
          `the commit returned at +${fixed(since('publish:committed'))} ms); the design ready (carried in the payload, or read back) ` +
          `${fixed(between(trace, 'live:notification', 'live:design-ready'))} ms, first write at +${fixed(since('live:writes-started'))} ms`,
      },
      {
        area,
        metric: 'server write loop',
        value: millis(writesMs),
        met: null,
        note:
          `one publish's event written to ${Number.isFinite(streams) ? streams.toLocaleString('en-US') : '?'} streams' sockets, ` +
          `first write to last (${fixed((writesMs * 1000) / streams)} µs each), ending at +${fixed(since('live:writes-ended'))} ms`,
      },
      {
        area,
        metric: 'client process, parsing',
        value: millis(parseMs),
        met: null,
        note:
          `the events' last chunks reached the clients' handlers from +${fixed(arrivals[0] ?? Number.NaN)} to +${fixed(arrivals.at(-1) ?? Number.NaN)} ms ` +
          `(p50 +${fixed(percentile(arrivals, 50))}); handler time from chunk to parsed event, summed over clients ` +
          `(${fixed((parseMs * 1000) / Math.max(received.times.length, 1))} µs each); last parsed at +${fixed(delays.at(-1) ?? Number.NaN)} ms`,
      },
    ];
    if (measureMemory) {
      const perClientKb = (after - before) / count;
      const secondHalfKb = (after - halfway) / (count - half);
      rows.push({
        area,
        metric: 'server memory per client',
        value: `${perClientKb.toFixed(1)} kB`,
        met: null,
        note:
          `VmRSS after full GCs ${(before / 1024).toFixed(0)} MB idle → ${(after / 1024).toFixed(0)} MB with ${count.toLocaleString('en-US')} streams open; ` +
          `the second ${(count - half).toLocaleString('en-US')} alone: ${secondHalfKb.toFixed(1)} kB each; connecting took ${millis(connectMs)}`,
      });
    }
    return rows;
  } catch (err) {
    // a server that died says why in its output
    if (server && server.child.exitCode !== null) {
      throw new Error(`the server exited (code ${server.child.exitCode}):\n${server.output().slice(-4000)}`, {
        cause: err,
      });
    }
    throw err;
  } finally {
    await clients?.close();
    await server?.close();
    await postgres?.drop();
  }
}

export const run: Benchmark = async () => [
  ...(await measureLiveFanout({ database: 'pglite' })),
  ...(await measureLiveFanout({ database: 'postgres' })),
];

if (isMain(import.meta.url)) {
  const clients = Number(process.argv[2] ?? CLIENTS);
  const only = process.argv[3] as FanoutDatabase | undefined;
  const rows: BenchRow[] = [];
  for (const database of only ? [only] : (['pglite', 'postgres'] as const))
    rows.push(...(await measureLiveFanout({ clients, database })));
  console.table(rows.map(({ area, metric, value, note }) => ({ area, metric, value, note })));
}

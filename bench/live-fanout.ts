/**
 * Live fan-out: 2,000 server-sent-event clients on /api/designs/live?mode=interior of a real
 * server process, then one publish (POST /api/designs with an uploaded photo). Delivery time runs
 * from the publish request's start to each client's parsed event; memory per client is the
 * server's resident memory (VmRSS) with every client connected minus before, over the number of
 * clients, each reading taken after full garbage collections (through the server's inspector), so
 * the start-up's leftovers do not count for or against the clients.
 * Run alone: node --import tsx bench/live-fanout.ts [clients]
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { apiPaths, designSchema } from '@dwellscape/shared';
import { livingRoomPhoto } from '../apps/server/test/fixtures/synthetic-images';
import { signUpOverHttp } from '../apps/server/test/reliability/support';
import { startBenchServer, type BenchServer } from './lib/app-server';
import { freePort } from './lib/child';
import { collectGarbage } from './lib/inspector-gc';
import { isMain } from './lib/main';
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
/** Issue #17's target for the slowest 5% of clients. */
const P95_TARGET_MS = 100;

const epochNow = () => performance.timeOrigin + performance.now();

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

export async function measureLiveFanout(count = CLIENTS): Promise<BenchRow[]> {
  // the inspector lets the benchmark collect the server's garbage before each memory reading
  const inspectPort = await freePort();
  const server = await startBenchServer({
    env: { LOG_LEVEL: 'warn', NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}` },
  });
  let clients: ClientsProcess | null = null;
  try {
    const serverPid = server.child.pid!;
    ensureOpenFiles(serverPid, count + 256);
    const pinned = pinToCore(serverPid, SERVER_CORE);
    const cookie = await server.unlock();
    clients = await startClientsProcess({ sockets: count, core: pinned ? CLIENT_CORE : null });
    await warmUp(server, cookie);
    const before = await residentAfterGc(serverPid, inspectPort);

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
      if (halfway === 0) halfway = await residentAfterGc(serverPid, inspectPort);
    }
    const after = await residentAfterGc(serverPid, inspectPort);

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
    const delays = received.times.map((t) => t - publishStarted).sort((a, b) => a - b);
    const perClientKb = (after - before) / count;
    const secondHalfKb = (after - halfway) / (count - half);
    const how =
      `${count.toLocaleString('en-US')} clients (raw sockets, one process${pinned ? ', own core' : ''}), PGlite; ` +
      `publish request start → event parsed; ${received.times.length}/${count} reached`;
    const missed = received.missing > 0 ? `; ${received.missing} never got the event within 30 s` : '';
    return [
      {
        area: AREA,
        metric: 'p50 delivery, 1 publish',
        value: millis(percentile(delays, 50)),
        met: null,
        note: how + missed,
      },
      {
        area: AREA,
        metric: 'p95 delivery, 1 publish',
        value: millis(percentile(delays, 95)),
        target: `< ${millis(P95_TARGET_MS)}`,
        met: received.missing === 0 && percentile(delays, 95) < P95_TARGET_MS,
        note: `slowest ${millis(delays.at(-1) ?? Number.NaN)}; the publish request itself took ${millis(publishMs)}${missed}`,
      },
      {
        area: AREA,
        metric: 'server memory per client',
        value: `${perClientKb.toFixed(1)} kB`,
        met: null,
        note:
          `VmRSS after full GCs ${(before / 1024).toFixed(0)} MB idle → ${(after / 1024).toFixed(0)} MB with ${count.toLocaleString('en-US')} streams open; ` +
          `the second ${(count - half).toLocaleString('en-US')} alone: ${secondHalfKb.toFixed(1)} kB each; connecting took ${millis(connectMs)}`,
      },
    ];
  } finally {
    await clients?.close();
    await server.close();
  }
}

export const run: Benchmark = () => measureLiveFanout();

if (isMain(import.meta.url)) {
  const rows = await measureLiveFanout(Number(process.argv[2] ?? CLIENTS));
  console.table(rows);
}

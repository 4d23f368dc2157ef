/**
 * The SQL floor, run as its own process pinned to the server's core: the repository function the
 * feed route calls, through the same openDatabase (driver, pool size) as the server, with
 * `concurrency` callers in a loop and no HTTP. Prints one JSON line.
 */
import { performance } from 'node:perf_hooks';
import { desc } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { findPublicDesignsAfter } from '../../apps/server/src/modules/designs/designs.repository';
import { sessions } from '../../apps/server/src/db/schema';
import { percentile } from './stats';

export interface FloorRequest {
  databaseUrl?: string;
  pgliteDir?: string;
  mode: 'interior' | 'landscape';
  /** Rows read per call: what the service asks for (page size + 1). */
  limit: number;
  concurrency: number;
  seconds: number;
  warmupSeconds: number;
}

export interface FloorResult {
  queries: number;
  /** This process's CPU time per query during the measured run, in ms. */
  cpuMs: number;
  seconds: number;
  qps: number;
  p50: number;
  p99: number;
}

const request = JSON.parse(process.argv[2] ?? '{}') as FloorRequest;
// the server's own call: openDatabase with no pool size, so the pool is the server's default
const database = await openDatabase({ databaseUrl: request.databaseUrl, pgliteDir: request.pgliteDir });
// the viewer the HTTP runs used: the benchmark's gate session, the newest one
const [viewer] = await database.db
  .select({ id: sessions.id })
  .from(sessions)
  .orderBy(desc(sessions.createdAt))
  .limit(1);
if (!viewer) throw new Error('no gate session: open one through POST /api/gate first');
const query = { mode: request.mode, limit: request.limit, after: null, viewerId: viewer.id };

async function hammer(seconds: number, latencies: number[] | null): Promise<void> {
  const until = performance.now() + seconds * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const rows = await findPublicDesignsAfter(database.db, query);
      if (rows.length === 0) throw new Error('the feed query returned no rows');
      latencies?.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: request.concurrency }, caller));
}

await hammer(request.warmupSeconds, null);
const latencies: number[] = [];
const started = performance.now();
const cpuBefore = process.cpuUsage();
await hammer(request.seconds, latencies);
const cpu = process.cpuUsage(cpuBefore);
const seconds = (performance.now() - started) / 1000;
await database.close();

latencies.sort((a, b) => a - b);
const result: FloorResult = {
  queries: latencies.length,
  cpuMs: (cpu.user + cpu.system) / 1000 / latencies.length,
  seconds,
  qps: latencies.length / seconds,
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
};
console.log(JSON.stringify(result));

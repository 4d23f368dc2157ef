/**
 * The load generator, run as its own process (pinned to a core by bench/lib/autocannon.ts):
 * a warm-up, then the measured autocannon run. Latencies are taken from autocannon's per-response
 * event at full precision (its histogram keeps whole milliseconds). Prints one JSON line.
 */
import autocannon from 'autocannon';
import type { LoadRequest, LoadResult } from './autocannon';
import { percentile } from './stats';

const request = JSON.parse(process.argv[2] ?? '{}') as LoadRequest;

function options(seconds: number): autocannon.Options {
  return {
    url: request.url,
    headers: request.headers,
    connections: request.connections,
    duration: seconds,
    ...(request.overallRate ? { overallRate: request.overallRate } : {}),
  };
}

if (request.warmupSeconds > 0) await autocannon(options(request.warmupSeconds));

const latencies: number[] = [];
let okBytes = 0;
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(options(request.seconds), (err: unknown, res: autocannon.Result) =>
    err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res),
  );
  // autocannon emits (client, statusCode, bytes, responseTime); its type declarations leave out the client
  (instance as NodeJS.EventEmitter).on(
    'response',
    (_client: unknown, statusCode: number, bytes: number, responseTime: number) => {
      if (statusCode >= 200 && statusCode < 300) {
        latencies.push(responseTime);
        okBytes += bytes;
      }
    },
  );
});

latencies.sort((a, b) => a - b);
const output: LoadResult = {
  ok: latencies.length,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
  seconds: result.duration,
  rps: latencies.length / result.duration,
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
  bytesPerResponse: latencies.length === 0 ? 0 : okBytes / latencies.length,
};
console.log(JSON.stringify(output));

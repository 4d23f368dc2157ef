import { runScriptForJson } from './child';

/** Load generation is pinned here; the measured server gets the other core. */
export const LOAD_CORE = 0;

export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /**
   * Total requests per second over all connections. autocannon paces per second: each
   * connection sends its share back to back at the start of every second.
   */
  overallRate?: number;
}

export interface LoadResult {
  /** 2xx responses in the measured run. */
  ok: number;
  non2xx: number;
  /** Socket errors and timeouts. */
  errors: number;
  seconds: number;
  /** 2xx responses per second. */
  rps: number;
  /** Latency percentiles of the 2xx responses, in milliseconds. */
  p50: number;
  p99: number;
  /** Bytes of a 2xx response as autocannon read them (headers and body), on average. */
  bytesPerResponse: number;
}

/** Runs autocannon in a child process pinned to LOAD_CORE (its programmatic API, not the CLI). */
export async function loadTest(request: LoadRequest): Promise<LoadResult> {
  return runScriptForJson<LoadResult>('bench/lib/autocannon-worker.ts', request, { core: LOAD_CORE });
}

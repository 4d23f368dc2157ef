/**
 * The real server for benchmarks that need one over HTTP: the test suite's child-server helper
 * (node --import tsx apps/server/src/server.ts) on a fresh PGlite DATA_DIR holding the sample world.
 */
import { rmSync } from 'node:fs';
import {
  CHILD_PASSWORD,
  prepareDataDir,
  startChildServer,
  type ChildServer,
} from '../../apps/server/test/reliability/child-server';

export const benchPassword = CHILD_PASSWORD;

export interface BenchServer extends ChildServer {
  /** Stops the server and removes its data directory. */
  close(): Promise<void>;
}

export interface BenchServerOptions {
  /** The built SPA to serve (apps/web/dist); without it the server serves only the API. */
  webDistDir?: string;
  env?: Record<string, string>;
}

export async function startBenchServer(options: BenchServerOptions = {}): Promise<BenchServer> {
  const dataDir = await prepareDataDir('dwellscape-bench-');
  const env = { ...options.env, ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}) };
  let server: ChildServer;
  try {
    server = await startChildServer({ dataDir, env });
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return Object.assign(server, {
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

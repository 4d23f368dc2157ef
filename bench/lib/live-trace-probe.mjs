/**
 * Loaded into the benchmark's server process (NODE_OPTIONS=--import=<this file>; plain JavaScript,
 * because NODE_OPTIONS imports run before tsx is registered): prints each mark of the server's
 * live-trace diagnostics channel (apps/server/src/realtime/live-trace.ts) and the arrival of each
 * publish request as one line `live-trace {"step":…,"at":…}` on stdout, where
 * bench/live-fanout.ts reads them back from the server's output.
 */
import diagnostics from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const PREFIX = 'live-trace ';
const PUBLISH_PATH = '/api/designs';

const epochNow = () => performance.timeOrigin + performance.now();
const print = (mark) => process.stdout.write(`${PREFIX}${JSON.stringify(mark)}\n`);

// Node also runs NODE_OPTIONS imports in its module-loader thread, which serves no requests
if (isMainThread) {
  diagnostics.subscribe('dwellscape:live-trace', print);
  diagnostics.subscribe('http.server.request.start', ({ request }) => {
    if (request.method === 'POST' && request.url === PUBLISH_PATH)
      print({ step: 'publish:request-received', at: epochNow() });
  });
}

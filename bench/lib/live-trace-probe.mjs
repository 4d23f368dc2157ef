/**
 * Loaded into the benchmark's server process (NODE_OPTIONS=--import=<this file>; plain JavaScript,
 * because NODE_OPTIONS imports run before tsx is registered): prints each mark of the server's
 * live-trace diagnostics channel (apps/server/src/live-trace.ts) and the arrival of each
 * publish request as one line `live-trace {"step":…,"at":…}` on stdout, where
 * bench/live-fanout.ts reads them back from the server's output. They are held in memory and
 * printed together half a second after the first: a pipe write during the fan-out would be part
 * of what it times.
 */
import diagnostics from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const PREFIX = 'live-trace ';
const PUBLISH_PATH = '/api/designs';

/** Marks are printed this long after the first of a burst, not while the fan-out they time runs. */
const PRINT_DELAY_MS = 500;

const epochNow = () => performance.timeOrigin + performance.now();
let held = [];

function hold(mark) {
  if (held.length === 0) setTimeout(print, PRINT_DELAY_MS);
  held.push(mark);
}

function print() {
  process.stdout.write(held.map((mark) => `${PREFIX}${JSON.stringify(mark)}\n`).join(''));
  held = [];
}

// Node also runs NODE_OPTIONS imports in its module-loader thread, which serves no requests
if (isMainThread) {
  diagnostics.subscribe('dwellscape:live-trace', hold);
  diagnostics.subscribe('http.server.request.start', ({ request }) => {
    if (request.method === 'POST' && request.url === PUBLISH_PATH)
      hold({ step: 'publish:request-received', at: epochNow() });
  });
}

import { renderJobSchema, type RenderJob, contracts, pathOf } from '@dwellscape/shared';
import { parseEventData, RECONNECT_DELAYS_MS } from '@/lib/live-stream';
import { getRenderJob } from './get-render-job';

/** The server-sent event that carries the job after each change (GET /api/render-jobs/:id/events). */
const JOB_EVENT = 'job';
/** Without EventSource (or while its connection is down) the job is read this often. */
const POLL_MS = 1000;

const isFinished = (job: RenderJob) => job.status === 'done' || job.status === 'failed' || job.status === 'cancelled';

export interface FollowRenderJobHandlers {
  onChange(job: RenderJob): void;
  /** The job could not be read at all (gone, or not this person's). */
  onLost(error: unknown): void;
}

/**
 * Follows one job until it has finished: over its event stream, which reconnects after a drop and starts with the
 * job as it is then, or by reading it every second where there is no EventSource. Returns the function that stops.
 */
export function followRenderJob(jobId: string, handlers: FollowRenderJobHandlers): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const take = (job: RenderJob) => {
    if (stopped) return;
    handlers.onChange(job);
    if (isFinished(job)) stop();
  };

  const poll = async () => {
    try {
      take(await getRenderJob(jobId));
      failures = 0;
    } catch (error) {
      failures += 1;
      if (failures >= 3) {
        handlers.onLost(error);
        stop();
        return;
      }
    }
    if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
  };

  const connect = () => {
    const current = new EventSource(pathOf(contracts.renderJobEvents, { id: jobId }));
    source = current;
    current.addEventListener(JOB_EVENT, (event) => {
      const job = parseEventData(renderJobSchema, (event as MessageEvent).data);
      if (job) {
        failures = 0;
        take(job);
      }
    });
    current.addEventListener('error', () => {
      // the stream ends after the last change; any other end is a drop: read the job once, then listen again
      if (stopped || current.readyState !== EventSource.CLOSED) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
      failures += 1;
      timer = setTimeout(() => {
        getRenderJob(jobId)
          .then((job) => {
            take(job);
            if (!stopped) connect();
          })
          .catch((error: unknown) => {
            handlers.onLost(error);
            stop();
          });
      }, delay);
    });
  };

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };

  if (typeof EventSource === 'undefined') void poll();
  else connect();
  return stop;
}

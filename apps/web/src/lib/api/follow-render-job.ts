import { type RenderJob, contracts, pathOf } from '@dwellscape/shared';
import { openLiveStream } from '@/lib/live-stream';
import { getRenderJob } from './get-render-job';

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
  let closeStream: (() => void) | null = null;
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

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    closeStream?.();
  };

  const follow = () => {
    closeStream = openLiveStream({
      url: () => pathOf(contracts.renderJobEvents, { id: jobId }),
      events: contracts.renderJobEvents.events,
      on: { job: take },
      // the stream ends after the last change; any other end is a drop: read the job once, then listen again
      beforeReconnect: () =>
        getRenderJob(jobId).then(
          (job) => {
            take(job);
            return !stopped;
          },
          (error: unknown) => {
            handlers.onLost(error);
            stop();
            return false;
          },
        ),
    });
  };

  if (typeof EventSource === 'undefined') void poll();
  else follow();
  return stop;
}

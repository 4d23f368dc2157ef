import diagnostics from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';

/**
 * Marks along a publish and its live delivery, published on a diagnostics channel:
 * bench/live-fanout.ts subscribes to it inside the server process to split the delivery time into
 * its steps. Nothing else subscribes, and without a subscriber a mark costs one property read.
 */
export const LIVE_TRACE_CHANNEL = 'dwellscape:live-trace';

export type LiveTraceStep =
  // publishDesign, in order
  | 'publish:products-checked'
  | 'publish:remix-source-read'
  | 'publish:media-checked'
  | 'publish:receipt-read'
  | 'publish:locked'
  | 'publish:inserted'
  | 'publish:committing'
  | 'publish:committed'
  | 'publish:remix-noticed'
  | 'publish:read-back'
  // the live feed, in this process
  | 'live:notification'
  | 'live:design-ready'
  | 'live:writes-started'
  | 'live:writes-ended';

export interface LiveTraceMark {
  step: LiveTraceStep;
  /** Wall-clock milliseconds (performance.timeOrigin + performance.now()), comparable across processes. */
  at: number;
  /** For the live feed's writes: how many streams were written to. */
  streams?: number;
}

const channel = diagnostics.channel(LIVE_TRACE_CHANNEL);

export function markLiveTrace(step: LiveTraceStep, streams?: number): void {
  if (!channel.hasSubscribers) return;
  const mark: LiveTraceMark = { step, at: performance.timeOrigin + performance.now() };
  if (streams !== undefined) mark.streams = streams;
  channel.publish(mark);
}

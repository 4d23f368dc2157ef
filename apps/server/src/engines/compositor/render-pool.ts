import os from 'node:os';
import { Piscina } from 'piscina';
// sharp's shared libraries stay loaded in the main thread: on glibc, a worker that loaded them first would unload
// them as it exits and take the process down (lovell/sharp#2263)
import 'sharp';
import type { RenderOutcome, RenderTaskInput } from './render-task';
import type {
  FinishRemoteEditInput,
  FinishRemoteEditOutcome,
  PlanRemoteEditInput,
  RemoteEditPlanOutcome,
} from './remote-edit-task';

/** Renders that may wait for a thread, per thread; past that a render is refused at once rather than kept waiting. */
const QUEUED_PER_THREAD = 4;
/** An idle worker stays this long: starting one (tsx, sharp) costs most of a second, a render about as much. */
const IDLE_WORKER_MS = 5 * 60_000;
/**
 * Workers run a little below the main thread's priority (Linux nice, per thread): the event loop that answers the
 * feed goes first when renders fill every core.
 */
const WORKER_NICE_INCREMENT = 5;

export interface RenderPoolOptions {
  /** Worker threads; one per core by default. */
  threads?: number;
  /** Renders that may wait for a free thread; `QUEUED_PER_THREAD` per thread by default. */
  maxQueue?: number;
}

/** Local renders on worker threads, so that a render never blocks the event loop. */
export interface RenderPool {
  readonly threads: number;
  readonly maxQueue: number;
  /** Renders running or waiting for a thread. */
  readonly inFlight: number;
  /** Worker threads started (and not yet stopped for idling). */
  readonly started: number;
  /** Runs one render on a worker; rejects with `RenderPoolFullError` when `maxQueue` renders already wait. */
  render(input: RenderTaskInput): Promise<RenderOutcome>;
  /** The remote engine's work around its call, on the same workers and under the same bound. */
  planRemoteEdit(input: PlanRemoteEditInput): Promise<RemoteEditPlanOutcome>;
  finishRemoteEdit(input: FinishRemoteEditInput): Promise<FinishRemoteEditOutcome>;
  /**
   * Starts every worker and runs a small render on each (modules loaded, code compiled), so that the first render
   * after the server starts is as fast as the next; the server calls it once it listens. Workers idle past
   * `IDLE_WORKER_MS` stop again.
   */
  warm(): Promise<void>;
  /** Lets the running renders finish, then stops every worker. */
  close(): Promise<void>;
}

export class RenderPoolFullError extends Error {
  constructor() {
    super('Every render thread is busy and the render queue is full');
    this.name = 'RenderPoolFullError';
  }
}

/**
 * A pool of worker threads that run `renderLocalDesign` (render-task.ts, loaded through render-worker.mjs). Workers
 * start with the first render and stop after `IDLE_WORKER_MS` without one; idle ones never keep the process alive.
 */
export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const threads = Math.max(1, options.threads ?? os.availableParallelism());
  const maxQueue = Math.max(1, options.maxQueue ?? threads * QUEUED_PER_THREAD);
  const pool = new Piscina({
    filename: new URL('./render-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_WORKER_MS,
    // the bound is kept below (`inFlight`), whether workers are up yet or still starting
    maxQueue: threads + maxQueue,
    niceIncrement: WORKER_NICE_INCREMENT,
    closeTimeout: 30_000,
  });
  let inFlight = 0;
  const run = async <Out>(input: unknown, name: string): Promise<Out> => {
    if (inFlight >= threads + maxQueue) throw new RenderPoolFullError();
    inFlight++;
    try {
      return (await pool.run(input, { name })) as Out;
    } finally {
      inFlight--;
    }
  };
  return {
    threads,
    maxQueue,
    get inFlight() {
      return inFlight;
    },
    get started() {
      return pool.threads.length;
    },
    render: (input) => run<RenderOutcome>(input, 'default'),
    planRemoteEdit: (input) => run<RemoteEditPlanOutcome>(input, 'planRemoteEdit'),
    finishRemoteEdit: (input) => run<FinishRemoteEditOutcome>(input, 'finishRemoteEdit'),
    // as many at once as there are threads: each starts (or waits for) a worker of its own
    warm: async () => {
      await Promise.all(Array.from({ length: threads }, () => pool.run(null, { name: 'warm' })));
    },
    close: () => pool.close(),
  };
}

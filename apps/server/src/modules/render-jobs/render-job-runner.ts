import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { RenderVariation } from '@dwellscape/shared';
import { RenderPoolFullError } from '../../engines/compositor';
import { EngineFailureError, EngineInputError, EngineTimeoutError } from '../../engines/errors';
import { AppError } from '../../errors';
import {
  loadDesignInput,
  loadPromptInput,
  loadRecompositeInput,
  renderDesignVariation,
  renderPromptVariation,
  type AiDeps,
  type AiEngineDeps,
} from '../ai/ai.service';
import type { RenderJobEvents } from './render-job-events';
import {
  claimNextRenderJob,
  completeRenderJob,
  failRenderJob,
  releaseAllRunningRenderJobs,
  renewRenderJobLease,
  requeueRenderJob,
  setRenderJobProgress,
  type RenderJobRow,
} from './render-jobs.repository';
import { readRenderJobInput } from './render-jobs.service';

export interface RenderJobRunnerOptions {
  deps: AiEngineDeps;
  events: RenderJobEvents;
  log: FastifyBaseLogger;
  /** Jobs run at once. */
  concurrency: number;
  /** Attempts of a job whose engine failed before it fails for good. */
  attempts: number;
  /** The wait before the first retry; doubled for each later one. */
  retryMs: number;
  leaseMs: number;
}

export interface RenderJobRunner {
  readonly workerId: string;
  /** Starts taking jobs; `releaseOrphans` first hands back every running job (the embedded database: no one else runs them). */
  start(options?: { releaseOrphans?: boolean }): Promise<void>;
  /** Takes no more jobs and waits for the running ones. */
  stop(): Promise<void>;
}

/** How often an idle runner looks for due jobs (retries whose backoff ended, jobs of a worker that died). */
const IDLE_POLL_MS = 1000;
/** Progress shown once the job is taken and its pictures are read; the renders fill the rest up to 95. */
const PROGRESS_STARTED = 5;
const PROGRESS_RENDERED = 95;

type Failure = { kind: NonNullable<RenderJobRow['errorKind']>; reason: string; retry: boolean };

/** How long a render that found every render thread of this process taken waits before it asks again (±20 %). */
const BUSY_WAIT_MS = 250;

/** The render pool refused the render at once: every thread busy and its queue full. No failure of the job's. */
const isRenderPoolFull = (err: unknown) =>
  err instanceof EngineFailureError && err.cause instanceof RenderPoolFullError;

/** Busy, unreachable or slow engines are tried again; an engine that refused the input, or bad input, is not. */
function classify(err: unknown): Failure {
  if (err instanceof EngineTimeoutError) return { kind: 'timeout', reason: err.message, retry: true };
  if (err instanceof EngineFailureError) {
    const retry = err.reason === 'rate_limited' || err.reason === 'unavailable' || err.reason === 'bad_response';
    return { kind: 'engine', reason: err.message, retry };
  }
  if (err instanceof EngineInputError || (err instanceof AppError && err.kind === 'bad_input')) {
    return { kind: 'input', reason: err.message, retry: false };
  }
  return { kind: 'internal', reason: err instanceof Error ? err.message : String(err), retry: true };
}

/**
 * Whose the job's renders are (decision 0023): the session and account that asked for it, so that they, and only
 * they, can publish a design of one.
 */
export const ownerOfJob = (row: Pick<RenderJobRow, 'viewerId' | 'accountId'>): AiDeps['owner'] => ({
  viewerId: row.viewerId,
  accountId: row.accountId ?? null,
});

/** The wait before attempt `attempt + 1`: retryMs, then doubled each time, with ±20 % jitter so retries spread. */
export function retryDelayMs(retryMs: number, attempt: number): number {
  const base = retryMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * Takes render jobs from the database and runs them: in the server's own process by default, or in `npm run worker`
 * processes beside API-only servers. Each job is held by a lease the runner renews; a runner that dies stops renewing
 * and the job is taken again by whichever runner looks next.
 */
export function createRenderJobRunner(options: RenderJobRunnerOptions): RenderJobRunner {
  const { deps, events, log } = options;
  const workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const inFlight = new Set<Promise<void>>();
  let stopped = true;
  let filling = false;
  let fillAgain = false;
  let poll: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  async function fill(): Promise<void> {
    if (stopped || inFlight.size >= options.concurrency) return;
    if (filling) {
      fillAgain = true;
      return;
    }
    filling = true;
    try {
      while (!stopped && inFlight.size < options.concurrency) {
        const row = await claimNextRenderJob(deps.db, workerId, options.leaseMs);
        if (!row) break;
        const run: Promise<void> = runJob(row)
          .catch((err: unknown) => log.error({ err, jobId: row.id }, 'render job crashed'))
          .finally(() => {
            inFlight.delete(run);
            void fill();
          });
        inFlight.add(run);
      }
    } catch (err) {
      log.warn({ err }, 'could not claim a render job');
    } finally {
      filling = false;
      if (fillAgain) {
        fillAgain = false;
        void fill();
      }
    }
  }

  async function runJob(row: RenderJobRow): Promise<void> {
    // false once the job stopped being ours: cancelled, or taken over after our lease lapsed
    let stillOurs = true;
    const heartbeat = setInterval(() => {
      renewRenderJobLease(deps.db, row.id, workerId, options.leaseMs)
        .then((ours) => {
          if (!ours) stillOurs = false;
        })
        .catch((err: unknown) => log.warn({ err, jobId: row.id }, 'could not renew a render job lease'));
    }, options.leaseMs / 3);
    const moveProgress = async (progress: number) => {
      if (stillOurs && !(await setRenderJobProgress(deps.db, row.id, workerId, progress))) stillOurs = false;
      return stillOurs;
    };

    try {
      const input = readRenderJobInput(row);
      if (!(await moveProgress(PROGRESS_STARTED))) return;
      const jobDeps = { ...deps, owner: ownerOfJob(row) };
      const render =
        input.kind === 'prompt'
          ? await loadPromptInput(jobDeps, input.body).then(
              (loaded) => (seed: number) => renderPromptVariation(jobDeps, loaded, seed),
            )
          : await (
              input.kind === 'design'
                ? loadDesignInput(jobDeps, input.fields)
                : loadRecompositeInput(jobDeps, input.body)
            ).then((loaded) => (seed: number) => renderDesignVariation(jobDeps, loaded, seed));
      const count = row.variationCount;
      let rendered = 0;
      // a full render pool makes the variation wait and ask again, for as long as the job is ours: however many
      // renders others asked for, a busy renderer never fails a job (nor costs it an attempt)
      const renderWhenThereIsRoom = async (seed: number): Promise<RenderVariation> => {
        for (;;) {
          if (!stillOurs) throw new JobNoLongerOurs();
          try {
            return await render(seed);
          } catch (err) {
            if (!isRenderPoolFull(err)) throw err;
          }
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs(BUSY_WAIT_MS, 1)));
        }
      };
      const renderOne = async (seed: number): Promise<RenderVariation> => {
        const variation = await renderWhenThereIsRoom(seed);
        rendered++;
        const share = (PROGRESS_RENDERED - PROGRESS_STARTED) * (rendered / count);
        await moveProgress(Math.round(PROGRESS_STARTED + share));
        return variation;
      };
      // a remote engine renders the variations as parallel calls; the local one queues them on its threads
      const variations = await Promise.all(Array.from({ length: count }, (_, seed) => renderOne(seed)));
      if (!stillOurs) return;
      const wrote = await completeRenderJob(deps.db, row.id, variations);
      if (!wrote) log.info({ jobId: row.id }, 'render job finished elsewhere first: its result stands');
    } catch (err) {
      if (err instanceof JobNoLongerOurs || !stillOurs) return;
      const failure = classify(err);
      if (failure.retry && row.attempts < options.attempts) {
        const delay = retryDelayMs(options.retryMs, row.attempts);
        log.warn({ err, jobId: row.id, attempt: row.attempts, delay }, 'render job failed; it will be tried again');
        await requeueRenderJob(deps.db, row.id, workerId, delay);
        return;
      }
      log.warn({ err, jobId: row.id, attempts: row.attempts }, 'render job failed');
      await failRenderJob(deps.db, row.id, workerId, failure);
    } finally {
      clearInterval(heartbeat);
    }
  }

  return {
    workerId,
    async start(startOptions = {}) {
      if (!stopped) return;
      if (startOptions.releaseOrphans) {
        const released = await releaseAllRunningRenderJobs(deps.db);
        if (released > 0) log.info({ released }, 'render jobs of the previous run queued again');
      }
      stopped = false;
      // a new or changed job anywhere may be one to take; the poll finds retries whose backoff ended
      unsubscribe = events.subscribe(() => void fill());
      poll = setInterval(() => void fill(), IDLE_POLL_MS);
      poll.unref();
      void fill();
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      unsubscribe?.();
      await Promise.all([...inFlight]);
    },
  };
}

class JobNoLongerOurs extends Error {}

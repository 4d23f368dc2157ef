import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  generateDesignFieldsSchema,
  messages,
  recompositeDesignBodySchema,
  RENDER_VARIATIONS_DEFAULT,
  RENDER_VARIATIONS_MAX,
  RENDER_VARIATIONS_MIN,
  renderVariationCountSchema,
  renderPlacementSchema,
  renderVariationSchema,
  type GenerateDesignFields,
  type RecompositeDesignBody,
  type contracts,
  type RenderJob,
  type RenderVariation,
} from '@dwellscape/shared';
import { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { EngineFailureError, EngineTimeoutError } from '../../engines/errors';
import { AppError, badInput, invalidField, invalidIssues, notFound } from '../../errors';
import { forgetFiles } from '../../media/forget-files';
import type { FileStorage } from '../../storage/file-storage';
import type { Writer } from '../rate-limits/write-limits';
import type { PromptRenderBody } from '../ai/ai.service';
import type { EventStream } from '../../realtime/live-stream';
import {
  cancelRenderJob,
  findJobsWithLayersFinishedBefore,
  findRenderJob,
  insertRenderJobWithinLimits,
  layerUrlsOf,
  queuePositionOf,
  replaceRenderJobResult,
  type RenderJobLimits,
  type RenderJobOwner,
  type RenderJobRefusal,
  type RenderJobRow,
} from './render-jobs.repository';
import type { RenderJobEvents } from './render-job-events';

/**
 * What a job keeps to run again anywhere: stored image URLs and the form, never bytes. A re-composite (the placement
 * adjuster's 'Apply changes') is a job too, so that every render waits its turn under the person's limits.
 */
export type RenderJobInput =
  | { kind: 'design'; fields: GenerateDesignFields }
  | { kind: 'prompt'; body: PromptRenderBody }
  | { kind: 'recomposite'; body: RecompositeDesignBody };

const promptInputSchema = z.object({
  prompt: z.string(),
  spaceImage: z.string(),
  additionalPhotos: z.array(z.string()),
});

/** A stored job's input, read back; a row written by another version that no longer parses fails the job. */
export function readRenderJobInput(row: RenderJobRow): RenderJobInput {
  if (row.kind === 'design') return { kind: 'design', fields: generateDesignFieldsSchema.parse(row.input) };
  if (row.kind === 'recomposite') return { kind: 'recomposite', body: recompositeDesignBodySchema.parse(row.input) };
  return { kind: 'prompt', body: promptInputSchema.parse(row.input) };
}

/** Who asks for a render: the viewer, and the client address signed-out jobs are also counted by. */
export interface RenderJobRequester extends RenderJobOwner {
  address: string;
}

export const requesterOf = ({ viewer, address }: Writer): RenderJobRequester => ({
  viewerId: viewer.viewerId,
  accountId: viewer.accountId,
  address,
});

const refusalMessage = (refused: RenderJobRefusal, limits: RenderJobLimits): string => {
  if (refused === 'at-once') return messages.create.renderJobsAtOnce(limits.atOnce);
  if (refused === 'per-hour') return messages.create.renderJobsPerHour(limits.perHour);
  if (refused === 'address-at-once') return messages.create.renderJobsAtOnceFromAddress;
  return messages.create.renderJobsPerHourFromAddress;
};

export async function startRenderJob(
  db: AppDatabase,
  requester: RenderJobRequester,
  input: RenderJobInput,
  variationCount: number,
  limits: RenderJobLimits,
): Promise<RenderJob> {
  const outcome = await insertRenderJobWithinLimits(
    db,
    {
      id: randomUUID(),
      viewerId: requester.viewerId,
      accountId: requester.accountId,
      clientAddress: requester.address,
      kind: input.kind,
      input: input.kind === 'design' ? input.fields : input.body,
      variationCount,
      status: 'queued',
    },
    limits,
  );
  if (!outcome.ok) throw new AppError('rate_limited', refusalMessage(outcome.refused, limits));
  return toRenderJob(db, outcome.row);
}

/**
 * A job started signed in is its account's, on any browser, and no one else's: the next account to sign in on a
 * shared browser does not see it. A job started signed out is its gate session's while that session stays signed
 * out; signing in or out hands no job over in either direction.
 */
const isOwnedBy = (row: RenderJobRow, owner: RenderJobOwner) =>
  row.accountId !== null
    ? row.accountId === owner.accountId
    : owner.accountId === null && row.viewerId === owner.viewerId;

/** A job of this person's (see `isOwnedBy`); 404 for anyone else's. */
export async function findOwnRenderJob(db: AppDatabase, owner: RenderJobOwner, id: string): Promise<RenderJobRow> {
  const row = await findRenderJob(db, id);
  if (!row || !isOwnedBy(row, owner)) throw notFound('Render job');
  return row;
}

export async function getRenderJob(
  db: AppDatabase,
  owner: RenderJobOwner,
  id: string,
  log?: JobReadLog,
): Promise<RenderJob> {
  return toRenderJob(db, await findOwnRenderJob(db, owner, id), log);
}

/** Cancels a job that has not finished; a finished one is answered as it is. */
export async function cancelOwnRenderJob(db: AppDatabase, owner: RenderJobOwner, id: string): Promise<RenderJob> {
  await findOwnRenderJob(db, owner, id);
  const row = await cancelRenderJob(db, id);
  if (!row) throw notFound('Render job');
  return toRenderJob(db, row);
}

/** docs/product.md §8's words for how a job failed. */
export function failureMessageOf(row: Pick<RenderJobRow, 'errorKind' | 'error'>): string {
  if (row.errorKind === 'timeout') return messages.create.renderTimeout;
  if (row.errorKind === 'engine' || row.errorKind === 'input') return messages.create.renderServerFailed(row.error);
  return messages.create.renderFailed;
}

/** A stored variation's placements that no longer parse (a job finished by another version): left out, and said. */
export interface DroppedPlacements {
  /** Which variation of the job (0 is the first). */
  variation: number;
  /** How many of its placements were left out, and how many it had. */
  dropped: number;
  of: number;
  /** The first bad placement's first problem ('placements.0.box.width: …'). */
  issue: string;
}

/**
 * A finished job's variations. Placements are by product id; each stored placement is read on its own, so one
 * written by another version (by index, a box past the limits) is left out and the rest of that variation's stay;
 * `onDropped` is told which were left out.
 */
export function variationsOf(result: unknown, onDropped?: (dropped: DroppedPlacements) => void): RenderVariation[] {
  const entries = z.array(z.record(z.string(), z.unknown())).parse(result);
  return entries.map((entry, variation) => {
    const parsed = renderVariationSchema.safeParse(entry);
    if (parsed.success) return parsed.data;
    const { placements, ...rest } = entry;
    const stored = Array.isArray(placements) ? placements : [];
    const read = stored.map((p) => renderPlacementSchema.safeParse(p));
    const kept = read.flatMap((r) => (r.success ? [r.data] : []));
    const bad = read.findIndex((r) => !r.success);
    if (bad >= 0 || !Array.isArray(placements)) {
      const error = bad >= 0 ? read[bad]!.error : undefined;
      const first = error?.issues[0];
      onDropped?.({
        variation,
        dropped: stored.length - kept.length,
        of: stored.length,
        issue: first ? `placements.${bad}.${first.path.join('.')}: ${first.message}` : 'placements: not a list',
      });
    }
    return renderVariationSchema.parse(placements === undefined ? rest : { ...rest, placements: kept });
  });
}

/** Where a job's reader says what it left out of a stored result. */
type JobReadLog = Pick<FastifyBaseLogger, 'warn'>;

export async function toRenderJob(db: AppDatabase, row: RenderJobRow, log?: JobReadLog): Promise<RenderJob> {
  const dropped = (d: DroppedPlacements) =>
    log?.warn({ jobId: row.id, ...d }, 'render job: stored placements that no longer parse were left out');
  const variations = row.status === 'done' ? variationsOf(row.result, dropped) : [];
  return {
    id: row.id,
    status: row.status,
    position: row.status === 'queued' ? await queuePositionOf(db, row) : null,
    progress: row.status === 'done' ? 100 : row.status === 'running' ? row.progress : 0,
    variationCount: row.variationCount,
    variations,
    error: row.status === 'failed' ? failureMessageOf(row) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const isFinished = (status: RenderJobRow['status']) =>
  status === 'done' || status === 'failed' || status === 'cancelled';

/** How often a waiter reads the job again, in case a notification was lost. */
const WAIT_POLL_MS = 1000;

/**
 * Resolves with the job once it has finished (done, failed or cancelled), or null after `timeoutMs`. Woken by the
 * job's notifications, from whichever process runs it, and reads it again every second besides.
 */
export async function waitForRenderJobEnd(
  db: AppDatabase,
  events: RenderJobEvents,
  id: string,
  timeoutMs: number,
): Promise<RenderJobRow | null> {
  let wake: () => void = () => undefined;
  const unsubscribe = events.subscribe((jobId) => {
    if (jobId === id || jobId === '') wake();
  });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const row = await findRenderJob(db, id);
      if (!row) return null;
      if (isFinished(row.status)) return row;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(WAIT_POLL_MS, left));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    unsubscribe();
  }
}

export interface RenderAndWaitOptions {
  db: AppDatabase;
  events: RenderJobEvents;
  requester: RenderJobRequester;
  input: RenderJobInput;
  limits: RenderJobLimits;
  /** Past this the job is cancelled and the wait ends as docs/product.md §8's time-out. */
  timeoutMs: number;
  /** Aborted when the caller has gone (the request closed): the job is cancelled. */
  signal?: AbortSignal;
}

/**
 * One render through the queue, waited for: docs/product.md §7's synchronous generate-design-image queues a job of one variation
 * (under the person's limits, retried like any other) and answers with its picture. A failed job is thrown as the
 * error the render itself raised before queues existed, so the route answers docs/product.md's codes and words as it always did.
 */
export async function renderAndWait(options: RenderAndWaitOptions): Promise<RenderVariation> {
  const { db, events, timeoutMs } = options;
  const job = await startRenderJob(db, options.requester, options.input, 1, options.limits);
  const cancel = () => void cancelRenderJob(db, job.id).catch(() => undefined);
  options.signal?.addEventListener('abort', cancel, { once: true });
  let row: RenderJobRow | null;
  try {
    row = await waitForRenderJobEnd(db, events, job.id, timeoutMs);
  } finally {
    options.signal?.removeEventListener('abort', cancel);
  }
  // still queued or running at the deadline: it is given up, unless it finished in the meantime
  if (!row) row = await cancelRenderJob(db, job.id);
  if (!row || row.status === 'cancelled') {
    if (options.signal?.aborted || !row) throw new EngineFailureError('cancelled', messages.create.renderCancelled);
    throw new EngineTimeoutError(messages.create.renderTimeout, timeoutMs);
  }
  if (row.status === 'done') {
    const [variation] = variationsOf(row.result);
    if (variation) return variation;
    throw new Error(`render job ${row.id} finished without a picture`);
  }
  if (row.status !== 'failed') throw new EngineTimeoutError(messages.create.renderTimeout, timeoutMs);
  const reason = row.error ?? '';
  if (row.errorKind === 'timeout') throw new EngineTimeoutError(reason || messages.create.renderTimeout, timeoutMs);
  if (row.errorKind === 'engine') throw new EngineFailureError('unavailable', reason || 'The AI engine failed');
  if (row.errorKind === 'input') throw badInput(reason || messages.create.renderFailed);
  throw new Error(`render job ${row.id} failed: ${reason}`);
}

/** Reads a JSON body with `schema`; a bad one is a 400 naming its first bad field. */
export function parseJsonBody<T>(schema: z.core.$ZodType<T>, body: unknown): T {
  const parsed = z.safeParse(schema, body ?? {});
  if (parsed.success) return parsed.data;
  throw invalidIssues(parsed.error.issues, 'body');
}

/** The multipart form's `variations` field: absent is the default, anything else must be a whole number 1–4. */
export function parseVariationCount(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return RENDER_VARIATIONS_DEFAULT;
  const parsed = z.safeParse(renderVariationCountSchema, Number(value.trim()));
  if (!/^\d+$/.test(value.trim()) || !parsed.success) {
    const message = `must be a whole number from ${RENDER_VARIATIONS_MIN} to ${RENDER_VARIATIONS_MAX}`;
    throw invalidField('variations', message);
  }
  return parsed.data;
}

export interface StreamRenderJobOptions {
  db: AppDatabase;
  events: RenderJobEvents;
  jobId: string;
  stream: EventStream<typeof contracts.renderJobEvents.events>;
  log: FastifyBaseLogger;
}

/**
 * Writes the job to its event stream (`event: job`), now and after each change, until it has finished. A queued job
 * is read again when any job changes, since its place in the line moves with the others.
 */
export function streamRenderJob(options: StreamRenderJobOptions): void {
  const { db, stream, jobId, log } = options;
  let lastSent = '';
  let reading = false;
  let readAgain = false;
  let queued = true;

  const sendCurrent = async (): Promise<void> => {
    if (stream.closed) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      const row = await findRenderJob(db, jobId);
      if (!row) return stream.close();
      const job = await toRenderJob(db, row, log);
      queued = job.status === 'queued';
      const text = JSON.stringify(job);
      if (text !== lastSent && !stream.closed) {
        lastSent = text;
        stream.send('job', job);
      }
      if (isFinished(row.status)) stream.close();
    } catch (err) {
      // ending the stream makes the EventSource come back and read the job afresh
      log.warn({ err, jobId }, 'render job stream failed');
      stream.close();
    } finally {
      reading = false;
      if (readAgain && !stream.closed) {
        readAgain = false;
        void sendCurrent();
      }
    }
  };

  const unsubscribe = options.events.subscribe((changedId) => {
    if (changedId === jobId || changedId === '' || queued) void sendCurrent();
  });
  stream.onClose(unsubscribe);
  void sendCurrent();
}

/**
 * How long a finished job keeps its live-adjusting layers (decision 0046): a person adjusts a render in the minutes
 * after it; later the adjuster falls back to frames over the picture, as for renders made before layers.
 */
export const RENDER_LAYERS_KEPT_MS = 24 * 60 * 60_000;
const LAYER_SWEEP_BATCH = 50;

/**
 * Forgets the layers of jobs finished more than `keptMs` before `now`: each job's result loses its variations'
 * `layers`, then the files go by the media's orphan rule (forgetFiles: unless something shows them).
 * Returns how many jobs it cleaned.
 */
export async function forgetOldRenderLayers(
  deps: { db: AppDatabase; storage: FileStorage },
  options: { now: Date; keptMs: number },
): Promise<number> {
  const before = new Date(options.now.getTime() - options.keptMs);
  let cleaned = 0;
  for (;;) {
    const jobs = await findJobsWithLayersFinishedBefore(deps.db, before, LAYER_SWEEP_BATCH);
    for (const job of jobs) {
      const urls = layerUrlsOf(job.result);
      const entries = z.array(z.record(z.string(), z.unknown())).parse(job.result);
      // the row first: a job never names a file that is gone
      await replaceRenderJobResult(
        deps.db,
        job.id,
        entries.map(({ layers: _layers, ...rest }) => rest),
      );
      await forgetFiles(deps, urls);
    }
    cleaned += jobs.length;
    if (jobs.length < LAYER_SWEEP_BATCH) return cleaned;
  }
}

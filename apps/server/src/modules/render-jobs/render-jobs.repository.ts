import { and, count, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { renderLayersSchema } from '@dwellscape/shared';
import { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { renderJobs } from '../../db/schema';

export type RenderJobRow = typeof renderJobs.$inferSelect;
type Queryable = AppDatabase | Parameters<Parameters<AppDatabase['transaction']>[0]>[0];
export type NewRenderJobRow = typeof renderJobs.$inferInsert;

/** The NOTIFY channel every change of a job is signalled on (payload: the job id). */
export const RENDER_JOB_CHANGED_CHANNEL = 'render_job_changed';

const notifyChanged = (id: string) => sql`select pg_notify(${RENDER_JOB_CHANGED_CHANNEL}, ${id})`;

export interface RenderJobLimits {
  /** Per person: jobs queued or running at once … */
  atOnce: number;
  /** … and started in the last hour. */
  perHour: number;
  /** The same two for the signed-out jobs of one client address, whichever sessions ask. */
  perAddress: { atOnce: number; perHour: number };
}

export type RenderJobRefusal = 'at-once' | 'per-hour' | 'address-at-once' | 'address-per-hour';
export type InsertRenderJobOutcome = { ok: true; row: RenderJobRow } | { ok: false; refused: RenderJobRefusal };

const lockOn = (key: string) => sql`select pg_advisory_xact_lock(hashtext(${key}))`;

/**
 * Adds a job unless its owner is at a limit, or, signed out, its client address is: gate sessions cost nothing to
 * open, so a signed-out job also counts against every signed-out job from the same address. The counts are read and
 * the new job written under a lock on the owner (then on the address), so two requests at the same moment cannot
 * both take the last place.
 */
export async function insertRenderJobWithinLimits(
  db: AppDatabase,
  row: NewRenderJobRow,
  limits: RenderJobLimits,
): Promise<InsertRenderJobOutcome> {
  const owner: RenderJobOwner = { viewerId: row.viewerId, accountId: row.accountId ?? null };
  const address = owner.accountId === null ? (row.clientAddress ?? null) : null;
  return db.transaction(async (tx) => {
    // always the owner first, the address second: two requests never wait for each other's lock in a circle
    await tx.execute(lockOn(`render_jobs:${owner.accountId ?? owner.viewerId}`));
    if (address !== null) await tx.execute(lockOn(`render_jobs:address:${address}`));
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    const counts = await countRenderJobsOf(tx, owner, hourAgo);
    if (counts.active >= limits.atOnce) return { ok: false, refused: 'at-once' } as const;
    if (counts.recent >= limits.perHour) return { ok: false, refused: 'per-hour' } as const;
    if (address !== null) {
      const fromAddress = await countSignedOutRenderJobsFrom(tx, address, hourAgo);
      if (fromAddress.active >= limits.perAddress.atOnce) return { ok: false, refused: 'address-at-once' } as const;
      if (fromAddress.recent >= limits.perAddress.perHour) return { ok: false, refused: 'address-per-hour' } as const;
    }
    const [inserted] = await tx.insert(renderJobs).values(row).returning();
    await tx.execute(notifyChanged(row.id));
    return { ok: true, row: inserted! } as const;
  });
}

export async function findRenderJob(db: AppDatabase, id: string): Promise<RenderJobRow | null> {
  const [row] = await db.select().from(renderJobs).where(eq(renderJobs.id, id)).limit(1);
  return row ?? null;
}

/** Queued jobs created before this one, plus one: its place in the line. */
export async function queuePositionOf(db: AppDatabase, job: Pick<RenderJobRow, 'createdAt' | 'id'>): Promise<number> {
  const [row] = await db
    .select({ ahead: count() })
    .from(renderJobs)
    .where(
      and(
        eq(renderJobs.status, 'queued'),
        or(
          lt(renderJobs.createdAt, job.createdAt),
          and(eq(renderJobs.createdAt, job.createdAt), lt(renderJobs.id, job.id)),
        ),
      ),
    );
  return (row?.ahead ?? 0) + 1;
}

export interface RenderJobOwner {
  viewerId: string;
  accountId: string | null;
}

/** The jobs counted as this person's: their account's when signed in, else their session's signed-out ones. */
const ownedBy = (owner: RenderJobOwner) =>
  owner.accountId
    ? eq(renderJobs.accountId, owner.accountId)
    : and(eq(renderJobs.viewerId, owner.viewerId), isNull(renderJobs.accountId));

/** Jobs that match `where` still queued or running, and those started since `since`. */
async function countActiveAndRecent(db: Pick<AppDatabase, 'select'>, where: SQL | undefined, since: Date) {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${inArray(renderJobs.status, ['queued', 'running'])})`.mapWith(Number),
      recent: sql<number>`count(*) filter (where ${gte(renderJobs.createdAt, since)})`.mapWith(Number),
    })
    .from(renderJobs)
    .where(and(where, or(inArray(renderJobs.status, ['queued', 'running']), gte(renderJobs.createdAt, since))));
  return { active: row?.active ?? 0, recent: row?.recent ?? 0 };
}

/** Jobs of this person still queued or running, and jobs started since `since`. */
export const countRenderJobsOf = (db: Pick<AppDatabase, 'select'>, owner: RenderJobOwner, since: Date) =>
  countActiveAndRecent(db, ownedBy(owner), since);

/** Signed-out jobs from this client address, whichever session asked: still queued or running, and since `since`. */
export const countSignedOutRenderJobsFrom = (db: Pick<AppDatabase, 'select'>, address: string, since: Date) =>
  countActiveAndRecent(db, and(eq(renderJobs.clientAddress, address), isNull(renderJobs.accountId)), since);

/**
 * Takes the oldest job that is due, or whose worker stopped renewing its lease, for this worker. SKIP LOCKED: workers
 * in other processes claiming at the same moment each get a different job.
 */
export async function claimNextRenderJob(
  db: AppDatabase,
  workerId: string,
  leaseMs: number,
): Promise<RenderJobRow | null> {
  return db.transaction(async (tx) => {
    const due = sql`(
      select id from render_jobs
      where (status = 'queued' and run_after <= now()) or (status = 'running' and lease_until < now())
      order by created_at, id
      limit 1
      for update skip locked
    )`;
    const [claimed] = await tx
      .update(renderJobs)
      .set({
        status: 'running',
        workerId,
        attempts: sql`${renderJobs.attempts} + 1`,
        progress: 0,
        leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
        updatedAt: sql`now()`,
      })
      .where(eq(renderJobs.id, due))
      .returning();
    if (claimed) await tx.execute(notifyChanged(claimed.id));
    return claimed ?? null;
  });
}

/** Keeps the job this worker's; false when it no longer is (cancelled, or taken over after a lapsed lease). */
export async function renewRenderJobLease(
  db: AppDatabase,
  id: string,
  workerId: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(renderJobs)
    .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(and(eq(renderJobs.id, id), eq(renderJobs.workerId, workerId), eq(renderJobs.status, 'running')))
    .returning({ id: renderJobs.id });
  return rows.length > 0;
}

/**
 * Moves the progress forward, never back: two variations that finish together write their shares at once, and the
 * later commit may carry the smaller figure. False when the job is no longer this worker's to run.
 */
export async function setRenderJobProgress(
  db: AppDatabase,
  id: string,
  workerId: string,
  progress: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(renderJobs)
      .set({ progress: sql`greatest(${renderJobs.progress}, ${progress})`, updatedAt: sql`now()` })
      .where(and(eq(renderJobs.id, id), eq(renderJobs.workerId, workerId), eq(renderJobs.status, 'running')))
      .returning({ id: renderJobs.id });
    if (rows.length > 0) await tx.execute(notifyChanged(id));
    return rows.length > 0;
  });
}

/**
 * Writes the result once: only a job still running takes it, so a second run of the same job (after a lapsed lease)
 * or a run that finished after a cancel changes nothing. True when this call wrote it.
 */
export async function completeRenderJob(db: AppDatabase, id: string, result: unknown): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(renderJobs)
      .set({ status: 'done', result, progress: 100, error: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(renderJobs.id, id), eq(renderJobs.status, 'running')))
      .returning({ id: renderJobs.id });
    if (rows.length > 0) await tx.execute(notifyChanged(id));
    return rows.length > 0;
  });
}

export async function failRenderJob(
  db: AppDatabase,
  id: string,
  workerId: string,
  failure: { kind: NonNullable<RenderJobRow['errorKind']>; reason: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(renderJobs)
      .set({
        status: 'failed',
        errorKind: failure.kind,
        error: failure.reason,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(renderJobs.id, id), eq(renderJobs.workerId, workerId), eq(renderJobs.status, 'running')))
      .returning({ id: renderJobs.id });
    if (rows.length > 0) await tx.execute(notifyChanged(id));
    return rows.length > 0;
  });
}

/** Puts the job back in the line, not to be claimed for `delayMs`. */
export async function requeueRenderJob(db: AppDatabase, id: string, workerId: string, delayMs: number) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(renderJobs)
      .set({
        status: 'queued',
        progress: 0,
        workerId: null,
        leaseUntil: null,
        runAfter: sql`now() + ${delayMs} * interval '1 millisecond'`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(renderJobs.id, id), eq(renderJobs.workerId, workerId), eq(renderJobs.status, 'running')))
      .returning({ id: renderJobs.id });
    if (rows.length > 0) await tx.execute(notifyChanged(id));
  });
}

/** Cancels a job that has not finished; null when there is no such job. */
export async function cancelRenderJob(db: AppDatabase, id: string): Promise<RenderJobRow | null> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(renderJobs)
      .set({ status: 'cancelled', finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(renderJobs.id, id), inArray(renderJobs.status, ['queued', 'running'])))
      .returning({ id: renderJobs.id });
    if (rows.length > 0) await tx.execute(notifyChanged(id));
  });
  return findRenderJob(db, id);
}

/**
 * Hands back, at once, the running jobs whose worker is gone: on the embedded database this process is the only one
 * that can have been running them.
 */
export async function releaseAllRunningRenderJobs(db: AppDatabase): Promise<number> {
  const rows = await db
    .update(renderJobs)
    .set({ status: 'queued', progress: 0, workerId: null, leaseUntil: null, updatedAt: sql`now()` })
    .where(eq(renderJobs.status, 'running'))
    .returning({ id: renderJobs.id });
  return rows.length;
}

const hasLayers = sql`jsonb_path_exists(${renderJobs.result}, '$[*].layers')`;

/** Finished jobs whose result still names live-adjusting layers, finished before `before`, the oldest first. */
export async function findJobsWithLayersFinishedBefore(
  db: AppDatabase,
  before: Date,
  limit: number,
): Promise<Array<{ id: string; result: unknown }>> {
  return db
    .select({ id: renderJobs.id, result: renderJobs.result })
    .from(renderJobs)
    .where(and(eq(renderJobs.status, 'done'), lt(renderJobs.finishedAt, before), hasLayers))
    .orderBy(renderJobs.finishedAt)
    .limit(limit);
}

/** Replaces a finished job's result (its variations without their layers). */
export async function replaceRenderJobResult(db: AppDatabase, id: string, result: unknown): Promise<void> {
  await db
    .update(renderJobs)
    .set({ result, updatedAt: sql`now()` })
    .where(eq(renderJobs.id, id));
}

const layeredEntriesSchema = z.array(z.looseObject({ layers: z.optional(renderLayersSchema) }));

/** The /media/ URLs of the layers a job's result names (each variation's base and product pictures). */
export function layerUrlsOf(result: unknown): string[] {
  const parsed = layeredEntriesSchema.safeParse(result);
  if (!parsed.success) return [];
  return parsed.data.flatMap(({ layers }) =>
    layers ? [layers.base, ...layers.products.map((product) => product.url)] : [],
  );
}

/** The /media/ URLs of the layers an account's jobs name: read before the account's rows (and its jobs) go. */
export async function findLayerUrlsOfAccount(db: Queryable, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ result: renderJobs.result })
    .from(renderJobs)
    .where(and(eq(renderJobs.accountId, accountId), hasLayers));
  return rows.flatMap((row) => layerUrlsOf(row.result));
}

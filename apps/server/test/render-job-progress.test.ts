import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderJobs } from '../src/db/schema';
import { setRenderJobProgress } from '../src/modules/render-jobs/render-jobs.repository';
import { createTestApp, dbKinds, type TestApp } from './helpers';

/**
 * A job's progress only moves forward: two variations that finish together write their shares at once (50 and 95 of
 * 100), and the commit that lands last may carry the smaller figure; the job's stream then went 5, 95, 50, 100.
 */
describe.each(dbKinds)('render job progress (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const runningJob = async (id: string) => {
    await t.database.db.insert(renderJobs).values({
      id,
      viewerId: 'viewer-progress',
      kind: 'design',
      input: {},
      variationCount: 2,
      status: 'running',
      progress: 5,
      workerId: 'worker-a',
    });
  };
  const progressOf = async (id: string) =>
    (await t.database.db.select({ p: renderJobs.progress }).from(renderJobs).where(eq(renderJobs.id, id)))[0]!.p;

  it('never goes back when a smaller figure lands after a larger one', async () => {
    await runningJob('job-progress-1');
    expect(await setRenderJobProgress(t.database.db, 'job-progress-1', 'worker-a', 95)).toBe(true);
    // the share of the first variation, committed after the second's
    expect(await setRenderJobProgress(t.database.db, 'job-progress-1', 'worker-a', 50)).toBe(true);
    expect(await progressOf('job-progress-1')).toBe(95);
  });

  it('holds when both figures are written at once, and is refused to a worker the job is no longer with', async () => {
    await runningJob('job-progress-2');
    await Promise.all(
      [50, 95, 50, 95].map((p) => setRenderJobProgress(t.database.db, 'job-progress-2', 'worker-a', p)),
    );
    expect(await progressOf('job-progress-2')).toBe(95);
    expect(await setRenderJobProgress(t.database.db, 'job-progress-2', 'worker-b', 99)).toBe(false);
    expect(await progressOf('job-progress-2')).toBe(95);
  });
});

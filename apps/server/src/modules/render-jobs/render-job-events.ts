import type { DatabaseHandle } from '../../db/client';
import { RENDER_JOB_CHANGED_CHANNEL } from './render-jobs.repository';

export type RenderJobChangeListener = (jobId: string) => void;

/** Every change of any job, from this process and every other on the database: one LISTEN, fanned out here. */
export interface RenderJobEvents {
  /** `listener` hears the id of each job that changed; returns the unsubscribe function. */
  subscribe(listener: RenderJobChangeListener): () => void;
  close(): Promise<void>;
}

export async function listenToRenderJobs(database: DatabaseHandle): Promise<RenderJobEvents> {
  const listeners = new Set<RenderJobChangeListener>();
  const notifyAll = (jobId: string) => {
    for (const listener of listeners) listener(jobId);
  };
  // after a lost LISTEN connection, whatever changed meanwhile is unknown: everyone reads their job again
  const unlisten = await database.listen(RENDER_JOB_CHANGED_CHANNEL, notifyAll, () => notifyAll(''));
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: unlisten,
  };
}

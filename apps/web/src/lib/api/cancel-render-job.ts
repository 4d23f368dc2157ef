import { apiPaths, renderJobSchema, type RenderJob } from '@dwellscape/shared';
import { apiRequest } from '@/lib/api-client';

/** Cancels a job that has not finished; a finished one comes back as it is. */
export function cancelRenderJob(jobId: string): Promise<RenderJob> {
  return apiRequest(apiPaths.renderJobCancel(jobId), renderJobSchema, { method: 'POST' });
}

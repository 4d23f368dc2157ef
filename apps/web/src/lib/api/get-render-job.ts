import { apiPaths, renderJobSchema, type RenderJob } from '@dwellscape/shared';
import { apiRequest } from '@/lib/api-client';

/** The job as it is now: where it is in the line, how far along, its variations once done. */
export function getRenderJob(jobId: string, signal?: AbortSignal): Promise<RenderJob> {
  return apiRequest(apiPaths.renderJob(jobId), renderJobSchema, signal ? { signal } : {});
}

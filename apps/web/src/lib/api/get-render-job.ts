import { type RenderJob, contracts } from '@dwellscape/shared';
import { callApi } from '@/lib/api-client';

/** The job as it is now: where it is in the line, how far along, its variations once done. */
export function getRenderJob(jobId: string, signal?: AbortSignal): Promise<RenderJob> {
  return callApi(contracts.getRenderJob, { params: { id: jobId }, signal });
}

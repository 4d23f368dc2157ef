import { type RenderJob, contracts } from '@dwellscape/shared';
import { callApi } from '@/lib/api-client';

/** Cancels a job that has not finished; a finished one comes back as it is. */
export function cancelRenderJob(jobId: string): Promise<RenderJob> {
  return callApi(contracts.cancelRenderJob, { params: { id: jobId } });
}

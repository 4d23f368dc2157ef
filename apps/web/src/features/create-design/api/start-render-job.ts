import { apiPaths, renderJobSchema, RENDER_VARIATIONS_DEFAULT, type RenderJob } from '@dwellscape/shared';
import { apiRequest } from '@/lib/api-client';
import { toGenerateDesignForm, type GenerateDesignImageInput } from './generate-design-image';

/** Queues a render of the create flow's form (SPEC §7) with `variations` pictures; answered at once with the job. */
export function startRenderJob(
  input: GenerateDesignImageInput,
  variations = RENDER_VARIATIONS_DEFAULT,
): Promise<RenderJob> {
  const form = toGenerateDesignForm(input);
  form.append('variations', String(variations));
  return apiRequest(apiPaths.renderJobs, renderJobSchema, { method: 'POST', body: form });
}

import { contracts, RENDER_VARIATIONS_DEFAULT, type RenderJob } from '@dwellscape/shared';
import { callApi } from '@/lib/api-client';
import { generateDesignFieldsOf, type GenerateDesignImageInput } from './generate-design-image';

/** Queues a render of the create flow's form (docs/product.md §7) with `variations` pictures; answered at once with the job. */
export function startRenderJob(
  input: GenerateDesignImageInput,
  variations = RENDER_VARIATIONS_DEFAULT,
): Promise<RenderJob> {
  return callApi(contracts.startRenderJob, { body: { ...generateDesignFieldsOf(input), variations } });
}

import { apiPaths, generateFromPromptResponseSchema } from '@dwellscape/shared';
import { apiRequest } from '@/lib/api-client';

/** The server gives up on a slow render itself; past this the request is abandoned. */
export const RENDER_CLIENT_TIMEOUT_MS = 120_000;

export interface RenderInSpaceInput {
  prompt: string;
  spaceImage: string;
  additionalPhotos: string[];
}

/** SPEC §7 generate-design-image, JSON form: a prompt, the space photo and the product photos. */
export async function renderInSpace(input: RenderInSpaceInput, signal?: AbortSignal): Promise<string> {
  const response = await apiRequest(apiPaths.generateDesignImage, generateFromPromptResponseSchema, {
    method: 'POST',
    body: input,
    signal,
  });
  return response.imageUrl;
}

/** SPEC §2: a failed re-render falls back, without a word, to a sample image. */
export async function renderInSpaceOrSample(input: RenderInSpaceInput, sampleImageUrl: string): Promise<string> {
  try {
    return await renderInSpace(input, AbortSignal.timeout(RENDER_CLIENT_TIMEOUT_MS));
  } catch {
    return sampleImageUrl;
  }
}

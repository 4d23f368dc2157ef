import { apiPaths, generateFromPromptResponseSchema, type FidelityReceipt } from '@dwellscape/shared';
import { apiRequest } from '@/lib/api-client';

/** The server gives up on a slow render itself; past this the request is abandoned. */
export const RENDER_CLIENT_TIMEOUT_MS = 120_000;

export interface RenderInSpaceInput {
  prompt: string;
  spaceImage: string;
  additionalPhotos: string[];
}

/** A re-render: its picture, and the server's fidelity receipt of it (none for the fallback sample). */
export interface InSpaceRender {
  imageUrl: string;
  receipt: FidelityReceipt | null;
}

/** SPEC §7 generate-design-image, JSON form: a prompt, the space photo and the product photos. */
export async function renderInSpace(input: RenderInSpaceInput, signal?: AbortSignal): Promise<InSpaceRender> {
  const response = await apiRequest(apiPaths.generateDesignImage, generateFromPromptResponseSchema, {
    method: 'POST',
    body: input,
    signal,
  });
  return { imageUrl: response.imageUrl, receipt: response.receipt ?? null };
}

/** SPEC §2: a failed re-render falls back, without a word, to a sample image. */
export async function renderInSpaceOrSample(input: RenderInSpaceInput, sampleImageUrl: string): Promise<InSpaceRender> {
  try {
    return await renderInSpace(input, AbortSignal.timeout(RENDER_CLIENT_TIMEOUT_MS));
  } catch {
    return { imageUrl: sampleImageUrl, receipt: null };
  }
}

import {
  apiPaths,
  recompositeDesignResponseSchema,
  type RecompositeDesignResponse,
  type RenderPlacement,
} from '@dwellscape/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GenerateDesignImageInput } from './generate-design-image';

/**
 * Draws a render again on the server with the products where the person put them: the render's own inputs and
 * the adjusted placements (a removed product is simply not listed). The same request gives the same picture.
 */
export function recompositeDesign(
  input: GenerateDesignImageInput,
  placements: RenderPlacement[],
  signal?: AbortSignal,
): Promise<RecompositeDesignResponse> {
  const notes = {
    ...(input.userNotes?.trim() ? { userNotes: input.userNotes.trim() } : {}),
    ...(input.refinedNotes?.trim() ? { refinedNotes: input.refinedNotes.trim() } : {}),
  };
  return apiRequest(apiPaths.recompositeDesign, recompositeDesignResponseSchema, {
    method: 'POST',
    body: {
      spaceImageUrl: input.spaceImageUrl,
      selectedProducts: input.selectedProducts,
      uploadedProductImages: input.uploadedProductImages,
      userAnswers: input.userAnswers,
      spaceType: input.spaceType,
      mode: input.mode,
      ...notes,
      placements,
    },
    signal,
  });
}

export function useRecompositeDesign() {
  return useMutation({
    mutationFn: ({ input, placements }: { input: GenerateDesignImageInput; placements: RenderPlacement[] }) =>
      recompositeDesign(input, placements),
  });
}

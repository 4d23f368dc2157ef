import {
  contracts,
  type EraseInputBody,
  type RecompositeDesignResponse,
  type RenderPlacement,
} from '@dwellscape/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { generateDesignFieldsOf, type GenerateDesignImageInput } from './generate-design-image';

/**
 * Draws a render again on the server with the products where the person put them: the render's own inputs and
 * the adjusted placements (a removed product is simply not listed). The same request gives the same picture.
 */
export function recompositeDesign(
  input: GenerateDesignImageInput,
  placements: RenderPlacement[],
  signal?: AbortSignal,
  erase?: EraseInputBody,
): Promise<RecompositeDesignResponse> {
  return callApi(contracts.recompositeDesign, {
    body: { ...generateDesignFieldsOf(input), placements, ...(erase ? { erase } : {}) },
    signal,
  });
}

export function useRecompositeDesign() {
  return useMutation({
    mutationFn: ({
      input,
      placements,
      erase,
    }: {
      input: GenerateDesignImageInput;
      placements: RenderPlacement[];
      /** What the picture erases (decision 0044): sent with every redraw, so an erased piece stays erased. */
      erase?: EraseInputBody;
    }) => recompositeDesign(input, placements, undefined, erase),
  });
}

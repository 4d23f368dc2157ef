import {
  contracts,
  type EraseInputBody,
  type FloorPlane,
  type RecompositeDesignResponse,
  type RenderPlacement,
} from '@dwellscape/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { generateDesignFieldsOf, type GenerateDesignImageInput } from './generate-design-image';

/** Where the products go now: the placements, the floor they stand on, and the floor the person set, if they did. */
export interface Adjustment {
  placements: RenderPlacement[];
  plane?: FloorPlane;
  floor?: FloorPlane;
  /** With `floor`: the products the render left out (chosen, not placed), to place on that floor. */
  leftOut?: string[];
  /** Among `placements`: the products the render left out that the person placed by hand (drawn in their boxes). */
  placedByYou?: string[];
  /** The products the person removed (chosen, no longer placed): the receipt counts them as removed, not left out. */
  removed?: string[];
  /** The picture being adjusted: the new one's receipt keeps what its render found of the floor. */
  drawnFrom?: string;
}

/**
 * Draws a render again on the server with the products where the person put them: the render's own inputs and
 * the adjusted placements (a removed product is simply not listed); with a floor the person set, the products
 * standing on the floor re-flow onto it. The same request gives the same picture.
 */
export function recompositeDesign(
  input: GenerateDesignImageInput,
  adjustment: Adjustment,
  signal?: AbortSignal,
  erase?: EraseInputBody,
): Promise<RecompositeDesignResponse> {
  return callApi(contracts.recompositeDesign, {
    body: { ...generateDesignFieldsOf(input), ...adjustment, ...(erase ? { erase } : {}) },
    signal,
  });
}

export function useRecompositeDesign() {
  return useMutation({
    mutationFn: ({
      input,
      adjustment,
      erase,
    }: {
      input: GenerateDesignImageInput;
      adjustment: Adjustment;
      /** What the picture erases (decision 0047): sent with every redraw, so an erased piece stays erased. */
      erase?: EraseInputBody;
    }) => recompositeDesign(input, adjustment, undefined, erase),
  });
}

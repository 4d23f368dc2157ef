import { apiPaths, improveCaptionResponseSchema, type aiSpaceTypeSchema } from '@dwellscape/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export interface ImproveCaptionInput {
  caption: string;
  spaceType: z.infer<typeof aiSpaceTypeSchema>;
}

/** SPEC §7 improve-caption: the post's description rewritten by the text engine. */
export async function improveCaption(input: ImproveCaptionInput): Promise<string> {
  const response = await apiRequest(apiPaths.improveCaption, improveCaptionResponseSchema, {
    method: 'POST',
    body: input,
  });
  return response.improvedCaption;
}

export function useImproveCaption() {
  return useMutation({ mutationFn: improveCaption });
}

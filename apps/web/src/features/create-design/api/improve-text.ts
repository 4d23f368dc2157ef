import { type aiSpaceTypeSchema, contracts } from '@dwellscape/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/lib/api-client';

type SpaceType = z.infer<typeof aiSpaceTypeSchema>;

/** docs/product.md §7 improve-caption: the post's description rewritten by the text engine. */
export async function improveCaption(input: { caption: string; spaceType: SpaceType }): Promise<string> {
  const response = await callApi(contracts.improveCaption, { body: input });
  return response.improvedCaption;
}

/** docs/product.md §7 improve-design-notes: the person's notes rewritten as clear instructions for the render. */
export async function improveDesignNotes(input: { notes: string; spaceType: SpaceType }): Promise<string> {
  const response = await callApi(contracts.improveDesignNotes, { body: input });
  return response.refinedNotes;
}

export const useImproveCaption = () => useMutation({ mutationFn: improveCaption });
export const useImproveDesignNotes = () => useMutation({ mutationFn: improveDesignNotes });

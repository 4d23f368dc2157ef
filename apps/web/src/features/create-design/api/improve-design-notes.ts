import { apiPaths, improveNotesResponseSchema, type aiSpaceTypeSchema } from '@dwellscape/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export interface ImproveDesignNotesInput {
  notes: string;
  spaceType: z.infer<typeof aiSpaceTypeSchema>;
}

/** SPEC §7 improve-design-notes: the person's notes rewritten as clear instructions for the render. */
export async function improveDesignNotes(input: ImproveDesignNotesInput): Promise<string> {
  const response = await apiRequest(apiPaths.improveDesignNotes, improveNotesResponseSchema, {
    method: 'POST',
    body: input,
  });
  return response.refinedNotes;
}

export function useImproveDesignNotes() {
  return useMutation({ mutationFn: improveDesignNotes });
}

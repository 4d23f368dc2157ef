import { type Design, type SaveResponse, contracts } from '@dwellscape/shared';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchDesignEverywhere } from './design-cache';
import { queryKeys } from '@/lib/query-keys';
import { createOptimisticToggle } from './optimistic-toggle';

/** PUT saves, DELETE unsaves; both are idempotent and need an account (decision 0016). */
export function setDesignSaved(designId: string, saved: boolean): Promise<SaveResponse> {
  return callApi(saved ? contracts.saveDesign : contracts.unsaveDesign, { params: { id: designId } });
}

const saveToggle = createOptimisticToggle({
  request: setDesignSaved,
  confirmedOf: (design: Pick<Design, 'id' | 'savedByViewer'>): SaveResponse => ({ saved: design.savedByViewer }),
  isOn: (answer) => answer.saved,
  show: (queryClient, design, saved) => patchDesignEverywhere(queryClient, design.id, { savedByViewer: saved }),
  // the list is asked again when next shown: a design unsaved from it stays until then, to be saved back
  settled: (queryClient) =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.designs.saved, refetchType: 'none' }),
});

/**
 * Saves or unsaves a design: every card of it shows the new state at once, the write goes to the server,
 * and a failed write puts back what the server last confirmed and rejects, so the caller can say so.
 */
export function setDesignSavedOptimistically(
  queryClient: QueryClient,
  design: Pick<Design, 'id' | 'savedByViewer'>,
  wanted: boolean,
): Promise<void> {
  return saveToggle.set(queryClient, design, wanted, undefined);
}

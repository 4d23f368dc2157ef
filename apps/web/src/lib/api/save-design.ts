import { type Design, type SaveResponse, contracts } from '@dwellscape/shared';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchDesignEverywhere } from './design-cache';
import { queryKeys } from '@/lib/query-keys';

/** PUT saves, DELETE unsaves; both are idempotent and need an account (decision 0016). */
export function setDesignSaved(designId: string, saved: boolean): Promise<SaveResponse> {
  return callApi(saved ? contracts.saveDesign : contracts.unsaveDesign, { params: { id: designId } });
}

interface PendingSave {
  /** Bumped on each click, so only the newest answer decides what the screen shows. */
  sequence: number;
  /** What the server last confirmed; a failed write goes back to it. */
  confirmed: boolean;
}

const pendingSaves = new Map<string, PendingSave>();

const showSaved = (queryClient: QueryClient, designId: string, saved: boolean) =>
  patchDesignEverywhere(queryClient, designId, { savedByViewer: saved });

/**
 * Saves or unsaves a design: every card of it shows the new state at once, the write goes to the server,
 * and a failed write puts back what the server last confirmed and rejects, so the caller can say so.
 */
export async function setDesignSavedOptimistically(
  queryClient: QueryClient,
  design: Pick<Design, 'id' | 'savedByViewer'>,
  wanted: boolean,
): Promise<void> {
  const pending = pendingSaves.get(design.id) ?? { sequence: 0, confirmed: design.savedByViewer };
  pending.sequence += 1;
  const sequence = pending.sequence;
  pendingSaves.set(design.id, pending);
  showSaved(queryClient, design.id, wanted);

  const isNewest = () => pendingSaves.get(design.id) === pending && pending.sequence === sequence;
  try {
    const answer = await setDesignSaved(design.id, wanted);
    pending.confirmed = answer.saved;
    if (isNewest()) {
      pendingSaves.delete(design.id);
      showSaved(queryClient, design.id, answer.saved);
      // the list is asked again when next shown: a design unsaved from it stays until then, to be saved back
      void queryClient.invalidateQueries({ queryKey: queryKeys.designs.saved, refetchType: 'none' });
    }
  } catch (error) {
    // a newer click is on its way: its answer decides, and says whether anything failed
    if (!isNewest()) return;
    pendingSaves.delete(design.id);
    showSaved(queryClient, design.id, pending.confirmed);
    throw error;
  }
}

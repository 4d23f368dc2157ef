import { type Design, type LikeResponse, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchDesignEverywhere } from './design-cache';

/** PUT likes, DELETE unlikes; the server counts per viewer, atomically and idempotently (PRODUCT.md). */
export function setDesignLike(designId: string, liked: boolean): Promise<LikeResponse> {
  return callApi(liked ? contracts.likeDesign : contracts.unlikeDesign, { params: { id: designId } });
}

interface LikeState {
  liked: boolean;
  likesCount: number;
}

interface PendingLike {
  /** Bumped on each click, so only the newest answer decides what the screen shows. */
  sequence: number;
  /** What the server last confirmed; a failed write goes back to it. */
  confirmed: LikeState;
}

const pendingLikes = new Map<string, PendingLike>();

const showLike = (queryClient: QueryClient, designId: string, state: LikeState) =>
  patchDesignEverywhere(queryClient, designId, { likedByViewer: state.liked, likesCount: state.likesCount });

/**
 * SPEC §4 likes: the count moves by ±1 at once, the write goes to the server, and a failed write
 * is undone silently (logged only).
 */
export async function toggleDesignLike(
  queryClient: QueryClient,
  design: Pick<Design, 'id' | 'likedByViewer' | 'likesCount'>,
): Promise<void> {
  const current: LikeState = { liked: design.likedByViewer, likesCount: design.likesCount };
  const pending = pendingLikes.get(design.id) ?? { sequence: 0, confirmed: current };
  pending.sequence += 1;
  const sequence = pending.sequence;
  pendingLikes.set(design.id, pending);

  const wanted = !current.liked;
  showLike(queryClient, design.id, { liked: wanted, likesCount: Math.max(0, current.likesCount + (wanted ? 1 : -1)) });

  const isNewest = () => pendingLikes.get(design.id) === pending && pending.sequence === sequence;
  try {
    const answer = await setDesignLike(design.id, wanted);
    pending.confirmed = { liked: answer.liked, likesCount: answer.likesCount };
    if (isNewest()) {
      pendingLikes.delete(design.id);
      showLike(queryClient, design.id, pending.confirmed);
    }
  } catch (error) {
    console.error('Could not save the like; it was undone.', error);
    if (isNewest()) {
      pendingLikes.delete(design.id);
      showLike(queryClient, design.id, pending.confirmed);
    }
  }
}

/** Returns a function that toggles the viewer's like of a design (optimistic, with silent rollback). */
export function useToggleDesignLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (design: Pick<Design, 'id' | 'likedByViewer' | 'likesCount'>) => toggleDesignLike(queryClient, design),
  }).mutate;
}

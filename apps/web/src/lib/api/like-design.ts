import { type Design, type LikeResponse, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchDesignEverywhere } from './design-cache';
import { useMe } from './get-me';

/** PUT likes, DELETE unlikes; the server counts per viewer, atomically and idempotently (docs/product.md §10). */
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
 * The count a viewer is shown: the public count, which holds signed-in likes only, and a signed-out
 * viewer's own like on top, which the server keeps for the session and counts once it moves to the
 * account at sign-in (docs/security.md). So a guest's like moves the number they see by one, as
 * everyone's does, without raising the count anyone else sees.
 */
export const shownLikesCount = (design: Pick<Design, 'likedByViewer' | 'likesCount'>, signedIn: boolean) =>
  design.likesCount + (!signedIn && design.likedByViewer ? 1 : 0);

/** Whether the viewer's likes count in the public count: signed in, or not yet known to be signed out. */
export function useViewerLikesCount(): boolean {
  return useMe().data?.signedIn !== false;
}

/**
 * docs/product.md §4 likes: the count moves by ±1 at once, the write goes to the server, and a failed write
 * is undone silently (logged only). A signed-out viewer's like does not move the public count
 * (`countsLikes` false): the heart changes, and shownLikesCount adds the viewer's own like.
 */
export async function toggleDesignLike(
  queryClient: QueryClient,
  design: Pick<Design, 'id' | 'likedByViewer' | 'likesCount'>,
  countsLikes = true,
): Promise<void> {
  const current: LikeState = { liked: design.likedByViewer, likesCount: design.likesCount };
  const pending = pendingLikes.get(design.id) ?? { sequence: 0, confirmed: current };
  pending.sequence += 1;
  const sequence = pending.sequence;
  pendingLikes.set(design.id, pending);

  const wanted = !current.liked;
  const step = countsLikes ? (wanted ? 1 : -1) : 0;
  showLike(queryClient, design.id, { liked: wanted, likesCount: Math.max(0, current.likesCount + step) });

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
  const countsLikes = useViewerLikesCount();
  return useMutation({
    mutationFn: (design: Pick<Design, 'id' | 'likedByViewer' | 'likesCount'>) =>
      toggleDesignLike(queryClient, design, countsLikes),
  }).mutate;
}

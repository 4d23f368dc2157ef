import { type Design, type LikeResponse, contracts } from '@dwellscape/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchDesignEverywhere } from './design-cache';
import { useMe } from './get-me';
import { createOptimisticToggle } from './optimistic-toggle';

/** PUT likes, DELETE unlikes; the server counts per viewer, atomically and idempotently (docs/product.md §10). */
export function setDesignLike(designId: string, liked: boolean): Promise<LikeResponse> {
  return callApi(liked ? contracts.likeDesign : contracts.unlikeDesign, { params: { id: designId } });
}

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

type LikeTarget = Pick<Design, 'id' | 'likedByViewer' | 'likesCount'>;

const likeToggle = createOptimisticToggle({
  request: setDesignLike,
  confirmedOf: (design: LikeTarget): LikeResponse => ({ liked: design.likedByViewer, likesCount: design.likesCount }),
  isOn: (answer) => answer.liked,
  show: (queryClient, design, liked, countsLikes: boolean, answer) => {
    const step = countsLikes && liked !== design.likedByViewer ? (liked ? 1 : -1) : 0;
    patchDesignEverywhere(queryClient, design.id, {
      likedByViewer: liked,
      likesCount: answer ? answer.likesCount : Math.max(0, design.likesCount + step),
    });
  },
});

/** Whether the viewer's like of the design is on its way: its answer, not a live count, decides the number. */
export const isLikeInFlight = likeToggle.isInFlight;

/**
 * docs/product.md §4 likes: the count moves by ±1 at once, the write goes to the server, and a failed write
 * is undone silently (logged only). A signed-out viewer's like does not move the public count
 * (`countsLikes` false): the heart changes, and shownLikesCount adds the viewer's own like.
 */
export function toggleDesignLike(queryClient: QueryClient, design: LikeTarget, countsLikes = true): Promise<void> {
  return likeToggle
    .set(queryClient, design, !design.likedByViewer, countsLikes)
    .catch((error: unknown) => console.error('Could not save the like; it was undone.', error));
}

/** Returns a function that toggles the viewer's like of a design (optimistic, with silent rollback). */
export function useToggleDesignLike() {
  const queryClient = useQueryClient();
  const countsLikes = useViewerLikesCount();
  return (design: LikeTarget) => void toggleDesignLike(queryClient, design, countsLikes);
}

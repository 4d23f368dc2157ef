import { type FollowResponse, type User, contracts } from '@dwellscape/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchEveryQuery } from '@/lib/cache-patch';
import { queryKeys } from '@/lib/query-keys';
import { createOptimisticToggle } from './optimistic-toggle';

/** PUT follows, DELETE unfollows; idempotent, needs an account. The counts are the followed person's. */
export function setUserFollowed(userId: string, follow: boolean): Promise<FollowResponse> {
  return callApi(follow ? contracts.followUser : contracts.unfollowUser, { params: { id: userId } });
}

export type UserPatch = Partial<Pick<User, 'isFollowedByViewer' | 'followerCount' | 'followingCount'>>;
type CountPatch = (user: User) => UserPatch;

/** A whole profile (not a card's user summary): it carries the counts. */
const isProfileWithId = (value: Record<string, unknown>, id: string) =>
  value.id === id && typeof value.followerCount === 'number' && typeof value.isFollowedByViewer === 'boolean';

const patchProfile = (id: string, patch: CountPatch) => (node: Record<string, unknown>) =>
  isProfileWithId(node, id) ? { ...node, ...patch(node as unknown as User) } : node;

/** Patches one person's profile wherever a query holds it: their profile, search results, the session's current user. */
export function patchUserEverywhere(queryClient: QueryClient, id: string, patch: CountPatch): void {
  patchEveryQuery(queryClient, patchProfile(id, patch));
}

type Followee = Pick<User, 'id' | 'isFollowedByViewer' | 'followerCount'>;

const followToggle = createOptimisticToggle({
  request: setUserFollowed,
  confirmedOf: (followee: Followee): Pick<FollowResponse, 'following' | 'followerCount'> => ({
    following: followee.isFollowedByViewer,
    followerCount: followee.followerCount,
  }),
  isOn: (answer) => answer.following,
  // what is on screen moves from what is on screen: a second click within a pending one counts once
  show: (queryClient, followee, following, viewerId: string, answer) => {
    let step = 0;
    patchUserEverywhere(queryClient, followee.id, (user) => {
      step = following === user.isFollowedByViewer ? 0 : following ? 1 : -1;
      return {
        isFollowedByViewer: following,
        followerCount: answer?.followerCount ?? Math.max(0, user.followerCount + step),
      };
    });
    if (step !== 0) {
      patchUserEverywhere(queryClient, viewerId, (user) => ({
        followingCount: Math.max(0, user.followingCount + step),
      }));
    }
  },
  // the viewer's own numbers and the Following view come from the server next time they show
  settled: (queryClient, viewerId) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(viewerId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.designs.following });
  },
});

/**
 * Follows or unfollows someone: their button and follower count, and the viewer's following count, move
 * at once; the write goes to the server, whose counts then stand. A failed write puts back what the server
 * last confirmed and rejects, so the caller can say so.
 */
export function setUserFollowedOptimistically(
  queryClient: QueryClient,
  { followee, viewerId }: { followee: Followee; viewerId: string },
  wanted: boolean,
): Promise<void> {
  return followToggle.set(queryClient, followee, wanted, viewerId);
}

/** Returns a function that follows or unfollows someone optimistically (see `setUserFollowedOptimistically`). */
export function useSetUserFollowed() {
  const queryClient = useQueryClient();
  return ({ followee, viewerId, wanted }: { followee: Followee; viewerId: string; wanted: boolean }) =>
    setUserFollowedOptimistically(queryClient, { followee, viewerId }, wanted);
}

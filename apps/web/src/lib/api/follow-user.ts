import { type FollowResponse, type User, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchEveryQuery } from '@/lib/cache-patch';
import { queryKeys } from '@/lib/query-keys';

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

interface PendingFollow {
  /** Bumped on each click, so only the newest answer decides what the screen shows. */
  sequence: number;
  /** What the server last confirmed; a failed write goes back to it. */
  confirmed: { following: boolean; followerCount: number };
}

const pendingFollows = new Map<string, PendingFollow>();

/**
 * Follows or unfollows someone: their button and follower count, and the viewer's following count, move
 * at once; the write goes to the server, whose counts then stand. A failed write puts back what the server
 * last confirmed and rejects, so the caller can say so.
 */
export async function setUserFollowedOptimistically(
  queryClient: QueryClient,
  { followee, viewerId }: { followee: Pick<User, 'id' | 'isFollowedByViewer' | 'followerCount'>; viewerId: string },
  wanted: boolean,
): Promise<void> {
  const pending = pendingFollows.get(followee.id) ?? {
    sequence: 0,
    confirmed: { following: followee.isFollowedByViewer, followerCount: followee.followerCount },
  };
  pending.sequence += 1;
  const sequence = pending.sequence;
  pendingFollows.set(followee.id, pending);

  // what is on screen moves from what is on screen: a second click within a pending one counts once
  const show = (following: boolean, followerCount?: number) => {
    let step = 0;
    patchUserEverywhere(queryClient, followee.id, (user) => {
      step = following === user.isFollowedByViewer ? 0 : following ? 1 : -1;
      return {
        isFollowedByViewer: following,
        followerCount: followerCount ?? Math.max(0, user.followerCount + step),
      };
    });
    if (step !== 0) {
      patchUserEverywhere(queryClient, viewerId, (user) => ({
        followingCount: Math.max(0, user.followingCount + step),
      }));
    }
  };
  show(wanted);

  const isNewest = () => pendingFollows.get(followee.id) === pending && pending.sequence === sequence;
  try {
    const answer = await setUserFollowed(followee.id, wanted);
    pending.confirmed = { following: answer.following, followerCount: answer.followerCount };
    if (!isNewest()) return;
    pendingFollows.delete(followee.id);
    show(answer.following, answer.followerCount);
    // the viewer's own numbers and the Following view come from the server next time they show
    void queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(viewerId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.designs.following });
  } catch (error) {
    if (!isNewest()) return;
    pendingFollows.delete(followee.id);
    show(pending.confirmed.following, pending.confirmed.followerCount);
    throw error;
  }
}

export interface FollowChange {
  followee: Pick<User, 'id' | 'isFollowedByViewer' | 'followerCount'>;
  viewerId: string;
  wanted: boolean;
}

/** Follows or unfollows someone optimistically (see `setUserFollowedOptimistically`). */
export function useSetUserFollowed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ followee, viewerId, wanted }: FollowChange) =>
      setUserFollowedOptimistically(queryClient, { followee, viewerId }, wanted),
  });
}

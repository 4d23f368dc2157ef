import { FEED_PAGE_SIZE, type DesignPageResponse, contracts } from '@dwellscape/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Public designs of both modes by the people the account follows, newest first, 25 at a time by keyset cursor. */
export function getFollowingDesigns(cursor: string | undefined, signal?: AbortSignal): Promise<DesignPageResponse> {
  return callApi(contracts.listFollowingFeed, {
    query: { limit: FEED_PAGE_SIZE, cursor },
    signal,
  });
}

export const followingDesignsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.designs.following,
    queryFn: ({ pageParam, signal }) => getFollowingDesigns(pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/** Asks only for a signed-in account: signed out there is nobody whose follows to read. */
export function useFollowingDesigns(isSignedIn: boolean) {
  return useInfiniteQuery({ ...followingDesignsQueryOptions(), enabled: isSignedIn });
}

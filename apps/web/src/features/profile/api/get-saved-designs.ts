import { FEED_PAGE_SIZE, type DesignPageResponse, contracts } from '@dwellscape/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The account's saved designs, the most recently saved first, 25 at a time by keyset cursor. */
export function getSavedDesigns(cursor: string | undefined, signal?: AbortSignal): Promise<DesignPageResponse> {
  return callApi(contracts.listSaved, { query: { limit: FEED_PAGE_SIZE, cursor }, signal });
}

export const savedDesignsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.designs.saved,
    queryFn: ({ pageParam, signal }) => getSavedDesigns(pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/** Asks only for a signed-in account: what a guest would save belongs to nobody. */
export function useSavedDesigns(isSignedIn: boolean) {
  return useInfiniteQuery({ ...savedDesignsQueryOptions(), enabled: isSignedIn });
}

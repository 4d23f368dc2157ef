import {
  apiPaths,
  FEED_MAX_ATTEMPTS,
  FEED_PAGE_SIZE,
  FEED_RETRY_DELAYS_MS,
  feedResponseSchema,
  type FeedResponse,
  type Mode,
} from '@dwellscape/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface GetDesignsParams {
  mode: Mode;
  /** The `nextCursor` of the previous page; absent for the newest designs. */
  cursor?: string;
}

/** The newest public designs of one mode (SPEC §7 feed read), 25 at a time, older ones by keyset cursor. */
export function getDesigns({ mode, cursor }: GetDesignsParams, signal?: AbortSignal): Promise<FeedResponse> {
  return apiRequest(apiPaths.designs, feedResponseSchema, { query: { mode, limit: FEED_PAGE_SIZE, cursor }, signal });
}

/** SPEC §4: 3 attempts in all, waiting 2 s and then 4 s. */
export const feedRetryDelay = (attemptIndex: number) =>
  FEED_RETRY_DELAYS_MS[Math.min(attemptIndex, FEED_RETRY_DELAYS_MS.length - 1)] ?? 0;

export const designsFeedQueryKey = (mode: Mode) => ['designs', 'feed', mode] as const;

export const designsFeedQueryOptions = (mode: Mode) =>
  infiniteQueryOptions({
    queryKey: designsFeedQueryKey(mode),
    queryFn: ({ pageParam, signal }) => getDesigns({ mode, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    retry: FEED_MAX_ATTEMPTS - 1,
    retryDelay: feedRetryDelay,
  });

export function useDesignsFeed(mode: Mode) {
  return useInfiniteQuery(designsFeedQueryOptions(mode));
}

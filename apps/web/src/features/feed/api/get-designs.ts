import {
  FEED_MAX_ATTEMPTS,
  FEED_PAGE_SIZE,
  FEED_RETRY_DELAYS_MS,
  type FeedPage,
  type Mode,
  contracts,
  expandFeedPage,
} from '@dwellscape/shared';
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { DESIGN_COUNTS_STALE_MS } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export interface GetDesignsParams {
  mode: Mode;
  /** The `nextCursor` of the previous page; absent for the newest designs. */
  cursor?: string;
}

/** The newest public designs of one mode (docs/product.md §7 feed read), 25 at a time, older ones by keyset cursor. */
export async function getDesigns({ mode, cursor }: GetDesignsParams, signal?: AbortSignal): Promise<FeedPage> {
  return expandFeedPage(await callApi(contracts.listFeed, { query: { mode, limit: FEED_PAGE_SIZE, cursor }, signal }));
}

/** docs/product.md §4: 3 attempts in all, waiting 2 s and then 4 s. */
export const feedRetryDelay = (attemptIndex: number) =>
  FEED_RETRY_DELAYS_MS[Math.min(attemptIndex, FEED_RETRY_DELAYS_MS.length - 1)] ?? 0;

/** A first page requested before the feed screen existed (during the unlock transition), not yet in the cache. */
let earlyFirstPage: { mode: Mode; startedAt: number; page: Promise<FeedPage> } | null = null;
/** An early page older than this is not handed over: the screen asks afresh. */
const EARLY_PAGE_MAX_AGE_MS = 30_000;

function takeEarlyFirstPage(mode: Mode): Promise<FeedPage> | null {
  const early = earlyFirstPage;
  if (!early || early.mode !== mode) return null;
  earlyFirstPage = null;
  return Date.now() - early.startedAt <= EARLY_PAGE_MAX_AGE_MS ? early.page : null;
}

/**
 * Requests the feed's first page before the feed screen exists, as the first of its attempts. An answer that
 * arrives first goes into the feed's query, so the screen opens with it. A failure is handed to the screen: its
 * query's first attempt reports it (without asking the server again), so 'Retry attempt 1/3' shows on the
 * screen and the next attempts wait 2 s and 4 s from there (docs/product.md §4): 3 requests in all, as without this.
 * Resolves with the page, or null when it failed.
 */
export async function fetchFirstFeedPageEarly(queryClient: QueryClient, mode: Mode): Promise<FeedPage | null> {
  const page = getDesigns({ mode });
  const early = { mode, startedAt: Date.now(), page };
  earlyFirstPage = early;
  try {
    const first = await page;
    if (earlyFirstPage === early) {
      earlyFirstPage = null;
      queryClient.setQueryData(queryKeys.designs.feed(mode), { pages: [first], pageParams: [null] });
    }
    return first;
  } catch {
    return null;
  }
}

export const designsFeedQueryOptions = (mode: Mode) =>
  infiniteQueryOptions({
    queryKey: queryKeys.designs.feed(mode),
    queryFn: ({ pageParam, signal }) =>
      (pageParam === null && takeEarlyFirstPage(mode)) || getDesigns({ mode, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    retry: FEED_MAX_ATTEMPTS - 1,
    retryDelay: feedRetryDelay,
    // Home shown again (after Search, say) asks again: the counts the live stream could not bring
    staleTime: DESIGN_COUNTS_STALE_MS,
  });

export function useDesignsFeed(mode: Mode) {
  return useInfiniteQuery(designsFeedQueryOptions(mode));
}

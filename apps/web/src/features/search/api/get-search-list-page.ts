import {
  SEARCH_RESULTS_PER_LIST,
  searchListContracts,
  type Mode,
  type SearchList,
  type SearchPage,
} from '@dwellscape/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One list's matches from `offset` on ('Show more' on a search tab), with how many match in all. */
export function getSearchListPage<List extends SearchList>(
  list: List,
  { q, mode, offset }: { q: string; mode: Mode; offset: number },
  signal?: AbortSignal,
): Promise<SearchPage<List>> {
  // the three lists' contracts differ only in their answer's item type
  const contract = searchListContracts[list] as typeof searchListContracts.designs;
  return callApi(contract, { query: { q, mode, offset }, signal }) as Promise<SearchPage<List>>;
}

/**
 * The pages after the first 20, which the search itself answers. Offsets, not a cursor: a list can be
 * ordered by name or rank, and a match published between two pages at most repeats one the screen drops.
 */
export const searchListPagesQueryOptions = <List extends SearchList>(list: List, q: string, mode: Mode) =>
  infiniteQueryOptions({
    queryKey: queryKeys.searchMore(mode, q, list),
    queryFn: ({ pageParam, signal }) => getSearchListPage(list, { q, mode, offset: pageParam }, signal),
    initialPageParam: SEARCH_RESULTS_PER_LIST,
    getNextPageParam: (last, _pages, offset) =>
      last.items.length === SEARCH_RESULTS_PER_LIST && offset + SEARCH_RESULTS_PER_LIST < last.total
        ? offset + SEARCH_RESULTS_PER_LIST
        : undefined,
    // asked for only by 'Show more'; pages already shown stay when a person comes back to the results
    enabled: false,
  });

export function useSearchListPages<List extends SearchList>(list: List, q: string, mode: Mode) {
  return useInfiniteQuery(searchListPagesQueryOptions(list, q, mode));
}

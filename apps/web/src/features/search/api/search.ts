import { type Mode, type SearchResponse, contracts } from '@dwellscape/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The answer together with the words and mode it answers, so a screen showing older results while new ones
 * load never mislabels them, and asks for their next pages.
 */
export type SearchResults = SearchResponse & { query: string; mode: Mode };

/** Server-side search (docs/product.md §10): the first 20 designs, products of the mode and users, and how many match. */
export async function search(q: string, mode: Mode, signal?: AbortSignal): Promise<SearchResults> {
  const response = await callApi(contracts.search, { query: { q, mode }, signal });
  return { ...response, query: q, mode };
}

export const searchQueryOptions = (q: string, mode: Mode) =>
  queryOptions({
    queryKey: queryKeys.search(mode, q),
    queryFn: ({ signal }) => search(q, mode, signal),
    enabled: q.trim().length > 0,
    // the previous results stay on screen while the next words are looked up
    placeholderData: keepPreviousData,
  });

export function useSearch(q: string, mode: Mode) {
  return useQuery(searchQueryOptions(q, mode));
}

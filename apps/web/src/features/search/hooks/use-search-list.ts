import type { SearchItems, SearchList, SearchPage } from '@dwellscape/shared';
import { useMemo } from 'react';
import type { SearchResults } from '../api/search';
import { useSearchListPages } from '../api/get-search-list-page';

export interface SearchListState<Item> {
  /** The first matches and every page 'Show more' brought, each match once. */
  items: Item[];
  /** How many match in all: the tab's count. */
  total: number;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMoreFailed: boolean;
  showMore: () => void;
}

const noMatches = { items: [], total: 0 };

/** One tab of a search: its first 20 matches from the search's answer, then 20 more per 'Show more'. */
export function useSearchList<List extends SearchList>(
  list: List,
  results: SearchResults | null,
): SearchListState<SearchItems[List]> {
  // SearchResponse names each list's type; indexed by a generic list, TypeScript loses which one
  const first: SearchPage<List> = results
    ? { items: results[list] as SearchItems[List][], total: results.totals[list] }
    : noMatches;
  const more = useSearchListPages(list, results?.query ?? '', results?.mode ?? 'interior');
  const morePages = more.data?.pages;

  const items = useMemo(() => {
    const all = [...first.items, ...(morePages ?? []).flatMap((page) => page.items)];
    const seen = new Set<string>();
    return all.filter((item) => {
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    });
  }, [first.items, morePages]);

  return {
    items,
    // the latest answer's count: matches may have been published since the first one
    total: morePages?.at(-1)?.total ?? first.total,
    hasMore: morePages ? more.hasNextPage : first.items.length < first.total,
    isLoadingMore: more.isFetching,
    loadMoreFailed: more.isError && !more.isFetching,
    // the first call asks for the page after the search's own 20 (the query's initial page)
    showMore: () => void more.fetchNextPage(),
  };
}

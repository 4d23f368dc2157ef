import { contracts, feedDesignSchema, type ShownDesign } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { DESIGN_COUNTS_STALE_MS } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { readStoredJson } from '@/lib/storage';

/**
 * docs/product.md §2: a design opened from the feed may be cached in sessionStorage under its post id: the card the feed showed
 * (a feed page carries cards, not whole designs), or a whole design from another screen, read back as a card.
 */
export function readCachedDesign(postId: string): ShownDesign | null {
  const cached = readStoredJson('session', postId, feedDesignSchema);
  return cached && cached.id === postId ? cached : null;
}

/**
 * A published design (a post, docs/product.md §10) from the API; when the API cannot give it (missing, offline), the card
 * the feed cached, if there is one: then only the card's fields are there.
 */
export async function getDesign(postId: string, signal?: AbortSignal): Promise<ShownDesign> {
  try {
    return await callApi(contracts.getDesign, { params: { id: postId }, signal });
  } catch (error) {
    const cached = readCachedDesign(postId);
    if (cached) return cached;
    throw error;
  }
}

/** One query for a design: the post screen and the shop-design screen share it. */
export const designQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: queryKeys.designs.detail(postId),
    queryFn: ({ signal }) => getDesign(postId, signal),
    // its counts: other people's likes and comments since, when the post is opened again
    staleTime: DESIGN_COUNTS_STALE_MS,
  });

export function useDesign(postId: string) {
  return useQuery(designQueryOptions(postId));
}

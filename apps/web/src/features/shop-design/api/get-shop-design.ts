import { apiPaths, designSchema, type Design } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { readStoredJson } from '@/lib/storage';

/** SPEC §2: a design opened from the feed may be cached in sessionStorage under its post id. */
export function readCachedDesign(postId: string): Design | null {
  const cached = readStoredJson('session', postId, designSchema);
  return cached && cached.id === postId ? cached : null;
}

/** The design from the API; when the API cannot give it (missing, offline), the cached copy if there is one. */
export async function getShopDesign(postId: string, signal?: AbortSignal): Promise<Design> {
  try {
    return await apiRequest(apiPaths.design(postId), designSchema, { signal });
  } catch (error) {
    const cached = readCachedDesign(postId);
    if (cached) return cached;
    throw error;
  }
}

export const shopDesignQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: ['designs', 'detail', postId],
    queryFn: ({ signal }) => getShopDesign(postId, signal),
  });

export function useShopDesign(postId: string) {
  return useQuery(shopDesignQueryOptions(postId));
}

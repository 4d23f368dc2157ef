import { apiPaths, designSchema, type Design } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A post is a published design (PRODUCT.md). */
export function getPost(postId: string, signal?: AbortSignal): Promise<Design> {
  return apiRequest(apiPaths.design(postId), designSchema, { signal });
}

export const postQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: ['designs', 'detail', postId],
    queryFn: ({ signal }) => getPost(postId, signal),
  });

export function usePost(postId: string) {
  return useQuery(postQueryOptions(postId));
}

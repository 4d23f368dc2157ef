import { apiPaths, commentSchema, listOf, type Comment } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const commentListSchema = listOf(commentSchema);

/** A design's comments, oldest first (SPEC §7 project comments read). */
export async function getDesignComments(designId: string, signal?: AbortSignal): Promise<Comment[]> {
  const { items } = await apiRequest(apiPaths.designComments(designId), commentListSchema, { signal });
  return items;
}

export const designCommentsQueryOptions = (designId: string) =>
  queryOptions({
    queryKey: queryKeys.designs.comments(designId),
    queryFn: ({ signal }) => getDesignComments(designId, signal),
  });

export function useDesignComments(designId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...designCommentsQueryOptions(designId), enabled });
}

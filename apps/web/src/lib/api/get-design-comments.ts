import { type Comment, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A design's comments, oldest first (SPEC §7 project comments read). */
export async function getDesignComments(designId: string, signal?: AbortSignal): Promise<Comment[]> {
  const { items } = await callApi(contracts.listComments, { params: { id: designId }, signal });
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

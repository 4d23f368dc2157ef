import { contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Deletes the signed-in account's own design with its comments, likes and saves. */
export function deleteDesign(designId: string): Promise<void> {
  return callApi(contracts.deleteDesign, { params: { id: designId } });
}

export function useDeleteDesign(designId: string, authorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDesign(designId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.designs.detail(designId) });
      queryClient.removeQueries({ queryKey: queryKeys.designs.comments(designId) });
      // feed pages, remix and saved lists drop it; the author's profile lists it no more and counts one post fewer
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.designs.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(authorId) }),
      ]);
    },
  });
}

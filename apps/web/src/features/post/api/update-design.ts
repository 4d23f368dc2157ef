import { type Design, type UpdateDesignBody, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchEveryQuery } from '@/lib/cache-patch';
import { queryKeys } from '@/lib/query-keys';

/** Changes the title or caption of the signed-in account's own design. */
export function updateDesign(designId: string, body: UpdateDesignBody): Promise<Design> {
  return callApi(contracts.updateDesign, { params: { id: designId }, body });
}

const isDesignWithId = (value: Record<string, unknown>, id: string) =>
  value.id === id && typeof value.afterImageUrl === 'string' && typeof value.title === 'string';

export function useUpdateDesign(designId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDesignBody) => updateDesign(designId, body),
    onSuccess: (design) => {
      queryClient.setQueryData(queryKeys.designs.detail(designId), design);
      // the same words on every card of it the app holds: feed pages, profiles, search, saved
      patchEveryQuery(queryClient, (node) =>
        isDesignWithId(node, designId) ? { ...node, title: design.title, caption: design.caption } : node,
      );
    },
  });
}

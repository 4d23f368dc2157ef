import { type Design, type PublishDesignBody, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** docs/product.md §7 publish: the new public design, as the server stored it. */
export function publishDesign(body: PublishDesignBody): Promise<Design> {
  return callApi(contracts.publishDesign, { body });
}

export function usePublishDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishDesign,
    // every cached list of designs (feed, profile) and the author's post count are now out of date
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.designs.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}

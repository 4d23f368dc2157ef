import { type UnreadCountResponse, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Marks every notification of the account read; the answer counts any written since (still unread). */
export function markNotificationsRead(): Promise<UnreadCountResponse> {
  return callApi(contracts.markNotificationsRead);
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (count) => queryClient.setQueryData(queryKeys.unreadNotifications, count),
  });
}

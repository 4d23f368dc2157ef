import { type Notification, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  const response = await callApi(contracts.listNotifications, { signal });
  return response.items;
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications,
    queryFn: ({ signal }) => getNotifications(signal),
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

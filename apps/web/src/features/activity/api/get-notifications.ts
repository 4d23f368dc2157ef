import { apiPaths, listOf, notificationSchema, type Notification } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const notificationsResponseSchema = listOf(notificationSchema);

export async function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  const response = await apiRequest(apiPaths.notifications, notificationsResponseSchema, { signal });
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

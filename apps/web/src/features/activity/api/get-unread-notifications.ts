import { type SessionResponse, type UnreadCountResponse, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How many of the viewer's notifications are unread: the Activity item's badge. */
export function getUnreadNotifications(signal?: AbortSignal): Promise<UnreadCountResponse> {
  return callApi(contracts.getUnreadCount, { signal });
}

export const unreadNotificationsQueryOptions = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: queryKeys.unreadNotifications,
    queryFn: ({ signal }) => getUnreadNotifications(signal),
    // the session (GET /api/me, fetched while the gate opens, or the answer of signing in) already says how
    // many: no second request at start when it is known before the navigation first asks
    initialData: () => {
      const session = queryClient.getQueryData<SessionResponse>(queryKeys.me);
      return session?.signedIn ? { unread: session.unreadNotifications } : undefined;
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(queryKeys.me)?.dataUpdatedAt,
  });

/** The signed-in account's unread count, kept current by the live stream (useLiveNotifications); null signed out. */
export function useUnreadNotifications(isSignedIn: boolean): number | null {
  const queryClient = useQueryClient();
  const unread = useQuery({ ...unreadNotificationsQueryOptions(queryClient), enabled: isSignedIn });
  if (!isSignedIn) return null;
  return unread.data?.unread ?? queryClient.getQueryData<SessionResponse>(queryKeys.me)?.unreadNotifications ?? null;
}

/** Adds to the count a notification that arrived live (nothing when the count is not known yet). */
export function countArrival(queryClient: QueryClient): void {
  queryClient.setQueryData<UnreadCountResponse>(queryKeys.unreadNotifications, (count) =>
    count ? { unread: count.unread + 1 } : count,
  );
}

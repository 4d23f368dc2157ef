import { type Notification, contracts, pathOf } from '@dwellscape/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { withQuery } from '@/lib/api-client';
import { openLiveStream } from '@/lib/live-stream';
import { countArrival } from '../api/get-unread-notifications';
import { queryKeys } from '@/lib/query-keys';

/**
 * While an account is signed in, its new notifications arrive as they are written: on top of the
 * Activity list (when it was loaded) and in the unread count of the navigation's badge. A follow also
 * refreshes the account's own profile, whose follower count it moved.
 */
export function useLiveNotifications(accountId: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (accountId === null || typeof EventSource === 'undefined') return;
    // a replay after reconnecting may bring one already counted
    const seen = new Set<string>();
    let lastId: string | undefined;

    const onNotification = (notification: Notification) => {
      if (seen.has(notification.id)) return;
      seen.add(notification.id);
      lastId = notification.id;
      queryClient.setQueryData<Notification[]>(queryKeys.notifications, (list) =>
        !list || list.some((each) => each.id === notification.id) ? list : [notification, ...list],
      );
      if (!notification.read) countArrival(queryClient);
      if (notification.type === 'follow')
        void queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(accountId) });
    };

    return openLiveStream({
      // a new EventSource starts from the last one this page saw (the browser's own reconnects send Last-Event-ID)
      url: () => withQuery(pathOf(contracts.notificationsLive), { lastEventId: lastId }),
      events: contracts.notificationsLive.events,
      on: { notification: onNotification },
      // after an outage the count is asked again: what was read elsewhere meanwhile is not replayed
      onOpen: (afterOutage) => {
        if (afterOutage) void queryClient.invalidateQueries({ queryKey: queryKeys.unreadNotifications });
      },
    });
  }, [accountId, queryClient]);
}

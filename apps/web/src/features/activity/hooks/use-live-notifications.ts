import { apiPaths, notificationSchema, type Notification } from '@dwellscape/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { withQuery } from '@/lib/api-client';
import { countArrival } from '../api/get-unread-notifications';
import { queryKeys } from '@/lib/query-keys';

/** The server-sent event that carries one new notification of the account (GET /api/notifications/live). */
const NOTIFICATION_EVENT = 'notification';

/** SPEC §9: realtime reconnect delays 1 s, 2 s, 5 s, 10 s, then 10 s. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

function parseNotificationEvent(data: unknown): Notification | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = notificationSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * While an account is signed in, its new notifications arrive as they are written: on top of the
 * Activity list (when it was loaded) and in the unread count of the navigation's badge. A follow also
 * refreshes the account's own profile, whose follower count it moved.
 */
export function useLiveNotifications(accountId: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (accountId === null || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    // a replay after reconnecting may bring one already counted
    const seen = new Set<string>();
    let lastId: string | undefined;

    const onNotification = (event: MessageEvent) => {
      const notification = parseNotificationEvent(event.data);
      if (!notification || seen.has(notification.id)) return;
      seen.add(notification.id);
      lastId = notification.id;
      queryClient.setQueryData<Notification[]>(queryKeys.notifications, (list) =>
        !list || list.some((each) => each.id === notification.id) ? list : [notification, ...list],
      );
      if (!notification.read) countArrival(queryClient);
      if (notification.type === 'follow')
        void queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(accountId) });
    };

    const connect = () => {
      // a new EventSource starts from the last one this page saw (the browser's own reconnects send Last-Event-ID)
      const current = new EventSource(withQuery(apiPaths.notificationsLive, { lastEventId: lastId }));
      source = current;
      current.addEventListener('open', () => {
        // after an outage the count is asked again: what was read elsewhere meanwhile is not replayed
        if (failures > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.unreadNotifications });
        failures = 0;
      });
      current.addEventListener(NOTIFICATION_EVENT, onNotification);
      current.addEventListener('error', () => {
        // the browser retries a dropped connection by itself, but gives up for good on an error
        // answer (a restarting server's 503): then start over, a little later each time
        if (current.readyState !== EventSource.CLOSED) return;
        const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
        failures += 1;
        reconnectTimer = setTimeout(connect, delay);
      });
    };

    connect();
    return () => {
      clearTimeout(reconnectTimer);
      source?.close();
    };
  }, [accountId, queryClient]);
}

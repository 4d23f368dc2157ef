import type { Notification } from '@dwellscape/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useUnreadNotifications } from '../api/get-unread-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { queryKeys } from '@/lib/query-keys';

/**
 * While the Activity screen is open for an account, what is unread is marked read: once the list has
 * loaded, and again whenever a live arrival adds to the count. The rows keep their 'new' look for this
 * visit, so the person sees what was new; on leaving, the list is kept as read.
 */
export function useMarkReadWhileOpen(isSignedIn: boolean, list: Notification[] | undefined, isLoading: boolean) {
  const queryClient = useQueryClient();
  const unread = useUnreadNotifications(isSignedIn);
  const { mutate: markRead, isPending, isError } = useMarkNotificationsRead();
  const marked = useRef(false);
  const hasUnreadRows = list?.some((notification) => !notification.read) ?? false;

  useEffect(() => {
    // the list is read first, so the rows show what was new before the server forgets it
    if (!isSignedIn || !list || isLoading || isPending || isError) return;
    if (!(unread !== null && unread > 0) && !(hasUnreadRows && !marked.current)) return;
    marked.current = true;
    markRead();
  }, [isSignedIn, list, isLoading, isPending, isError, unread, hasUnreadRows, markRead]);

  useEffect(
    () => () => {
      if (!marked.current) return;
      queryClient.setQueryData<Notification[]>(queryKeys.notifications, (notifications) =>
        notifications?.map((notification) => (notification.read ? notification : { ...notification, read: true })),
      );
    },
    [queryClient],
  );
}

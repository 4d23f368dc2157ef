import { messages } from '@dwellscape/shared';
import { Bell, CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ScreenHeader } from '@/components/ui/screen-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useNotifications } from '../api/get-notifications';
import { NotificationRow } from './notification-row';

/** SPEC §2: likes, follows, comments and commissions, then 'All caught up!'. */
export function ActivityScreen() {
  const notifications = useNotifications();

  return (
    <>
      <ScreenHeader title="Activity" description="Likes, follows, comments and commissions on your designs" />
      {notifications.isPending ? (
        <ActivitySkeleton />
      ) : notifications.isError ? (
        <EmptyState
          icon={Bell}
          tone="danger"
          title="Could not load your activity"
          description={notifications.error.message}
          action={
            <Button variant="outline" onClick={() => void notifications.refetch()}>
              {messages.feed.tryAgain}
            </Button>
          }
        />
      ) : (
        <>
          {notifications.data.length > 0 ? (
            <Card className="overflow-hidden">
              <ul aria-label="Notifications" className="divide-y divide-border/70">
                {notifications.data.map((notification) => (
                  <li key={notification.id}>
                    <NotificationRow notification={notification} />
                  </li>
                ))}
              </ul>
            </Card>
          ) : (
            <p className="py-6 text-center text-sm text-muted-foreground">No notifications yet.</p>
          )}
          <div className="mt-8 flex flex-col items-center gap-2 text-center">
            <span className="grid size-11 place-items-center rounded-full bg-primary-soft text-primary">
              <CircleCheck className="size-6" aria-hidden />
            </span>
            <p className="text-sm font-semibold">{messages.activity.caughtUp}</p>
            <p className="text-xs text-muted-foreground">You've seen everything from the last while.</p>
          </div>
        </>
      )}
    </>
  );
}

function ActivitySkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading activity" className="divide-y divide-border/70 overflow-hidden">
      {[0, 1, 2, 3, 4].map((index) => (
        <div key={index} className="flex items-center gap-3 p-3">
          <Skeleton className="size-11 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3 w-4/5" />
            <Skeleton className="h-2.5 w-16" />
          </div>
          <Skeleton className="size-11 rounded-lg" />
        </div>
      ))}
    </Card>
  );
}

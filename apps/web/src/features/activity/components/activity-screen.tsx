import { messages } from '@dwellscape/shared';
import { Bell, CircleCheck, LogIn } from 'lucide-react';
import { useAccountSheet } from '@/components/account/account-sheet-provider';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ScreenHeader } from '@/components/ui/screen-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/lib/api/get-me';
import { useNotifications } from '../api/get-notifications';
import { useMarkReadWhileOpen } from '../hooks/use-mark-read-while-open';
import { useNow } from '../hooks/use-now';
import { NotificationRow } from './notification-row';

export const activityTexts = {
  description: 'Likes, comments, remixes, follows and commissions',
  guestTitle: 'You are seeing a sample profile’s activity',
  guestBody: 'Sign in to see who likes, comments on and remixes your own designs, as it happens.',
  guestReason: 'Sign in or sign up to see the activity on your own designs.',
  signIn: 'Sign in',
} as const;

/** Relative times move on while the screen stays open. */
const CLOCK_TICK_MS = 30_000;

/**
 * SPEC §2: what happened to your designs and profile, newest first, then 'All caught up!'. New ones arrive
 * live (useLiveNotifications, in the navigation); opening the screen marks them read, and they keep their
 * 'new' look until the person leaves.
 */
export function ActivityScreen() {
  const notifications = useNotifications();
  const me = useMe();
  useMarkReadWhileOpen(me.data?.signedIn === true, notifications.data, notifications.isFetching);
  const now = useNow(CLOCK_TICK_MS);

  return (
    <>
      <ScreenHeader title="Activity" description={activityTexts.description} />
      {me.data?.signedIn === false && <GuestNote />}
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
                    <NotificationRow notification={notification} now={now} />
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

/** Signed out, the screen shows the first sample user's activity (SPEC §2); this says so and offers an account. */
function GuestNote() {
  const { openAccountSheet } = useAccountSheet();
  return (
    <Card className="mb-4 flex items-start gap-3 border-transparent bg-primary-soft p-4 shadow-none">
      <div className="min-w-0 flex-1">
        <h2 className="text-sm font-semibold">{activityTexts.guestTitle}</h2>
        <p className="mt-0.5 text-sm text-muted-foreground">{activityTexts.guestBody}</p>
      </div>
      <Button size="sm" onClick={() => void openAccountSheet({ reason: activityTexts.guestReason })}>
        <LogIn className="size-4" aria-hidden />
        {activityTexts.signIn}
      </Button>
    </Card>
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

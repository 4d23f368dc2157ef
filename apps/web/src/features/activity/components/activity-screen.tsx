import { messages } from '@dwellscape/shared';
import { Bell, CircleCheck, LogIn, UserPlus } from 'lucide-react';
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
  guestTitle: 'Sign in to see your activity',
  guestBody: 'Who likes, comments on, remixes and follows your designs shows up here, as it happens.',
  signUp: 'Sign up',
  guestReason: 'Sign in or sign up to see the activity on your own designs.',
  signIn: 'Sign in',
  emptyTitle: 'No notifications yet.',
  emptyBody: 'When someone likes, comments on, remixes or shops your designs, or follows you, it shows up here.',
  caughtUpBody: "You've seen everything from the last while.",
} as const;

/** Relative times move on while the screen stays open. */
const CLOCK_TICK_MS = 30_000;

/**
 * docs/product.md §2: what happened to your designs and profile, newest first, then 'All caught up!'. New ones arrive
 * live (useLiveNotifications, in the navigation); opening the screen marks them read, and they keep their
 * 'new' look until the person leaves.
 */
export function ActivityScreen() {
  const me = useMe();
  return (
    <>
      <ScreenHeader title="Activity" description={activityTexts.description} />
      {me.data?.signedIn === false ? <GuestInvitation /> : <AccountActivity isSignedIn={me.data?.signedIn === true} />}
    </>
  );
}

function AccountActivity({ isSignedIn }: { isSignedIn: boolean }) {
  const notifications = useNotifications();
  useMarkReadWhileOpen(isSignedIn, notifications.data, notifications.isFetching);
  const now = useNow(CLOCK_TICK_MS);

  return (
    <>
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
      ) : notifications.data.length === 0 ? (
        <EmptyState icon={Bell} title={activityTexts.emptyTitle} description={activityTexts.emptyBody} />
      ) : (
        <>
          <Card className="overflow-hidden">
            <ul aria-label="Notifications" className="divide-y divide-border/70">
              {notifications.data.map((notification) => (
                <li key={notification.id}>
                  <NotificationRow notification={notification} now={now} />
                </li>
              ))}
            </ul>
          </Card>
          {/* docs/product.md §2.10: the list, then 'All caught up!' under it; an empty list has its own note */}
          <div className="mt-8 flex flex-col items-center gap-2 text-center">
            <span className="grid size-11 place-items-center rounded-full bg-primary-soft text-primary">
              <CircleCheck className="size-6" aria-hidden />
            </span>
            <p className="text-sm font-semibold">{messages.activity.caughtUp}</p>
            <p className="text-xs text-muted-foreground">{activityTexts.caughtUpBody}</p>
          </div>
        </>
      )}
    </>
  );
}

/** A guest has no activity of their own (they are nobody's profile): the screen invites them to sign in. */
function GuestInvitation() {
  const { openAccountSheet } = useAccountSheet();
  return (
    <EmptyState
      icon={Bell}
      title={activityTexts.guestTitle}
      description={activityTexts.guestBody}
      action={
        <div className="grid grid-cols-2 gap-2">
          <Button onClick={() => void openAccountSheet({ tab: 'sign-in', reason: activityTexts.guestReason })}>
            <LogIn className="size-4" aria-hidden />
            {activityTexts.signIn}
          </Button>
          <Button
            variant="outline"
            onClick={() => void openAccountSheet({ tab: 'sign-up', reason: activityTexts.guestReason })}
          >
            <UserPlus className="size-4" aria-hidden />
            {activityTexts.signUp}
          </Button>
        </div>
      }
    />
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

import { LogIn, RefreshCw, UserPlus, Users } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useAccountSheet } from '@/components/account/account-sheet-provider';
import { DesignCard } from '@/components/design-card/design-card';
import { FeedFooter } from '@/components/design-card/feed-footer';
import { DesignCardSkeleton } from '@/components/design-card/design-card-skeleton';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FailedToLoad } from '@/components/ui/load-failure';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/api/get-me';
import { cn } from '@/lib/cn';
import { useFollowingDesigns } from '../api/get-following-designs';
import { offscreenCardClass } from '../utils/offscreen-card';
import { flattenFeed } from '../utils/prepend-design';

export const followingFeedTexts = {
  signedOutTitle: 'See designs from people you follow',
  signedOutBody: 'Sign in or sign up to follow people, and their newest designs gather here.',
  signInReason: 'Sign in or sign up to see designs from the people you follow.',
  signIn: 'Sign in',
  emptyTitle: 'Nothing from people you follow yet',
  emptyBody: 'Follow people whose spaces you love, and their new designs show up here.',
  findPeople: 'Find people to follow',
  loadFailed: 'Could not load designs from people you follow',
} as const;

/** Home's Following view: designs by the people the account follows, newest first, older ones on demand. */
export function FollowingFeed() {
  const me = useMe();
  const isSignedIn = me.data?.signedIn === true;
  const feed = useFollowingDesigns(isSignedIn);
  const designs = useMemo(() => flattenFeed(feed.data), [feed.data]);

  if (me.data?.signedIn === false) return <SignedOutFollowing />;
  if (me.isError) return <LoadFailed error={me.error} onRetry={() => void me.refetch()} />;
  if (me.isPending || feed.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading designs" className="flex flex-col gap-5">
        <DesignCardSkeleton />
        <DesignCardSkeleton />
      </div>
    );
  }
  if (!feed.data) return <LoadFailed error={feed.error} onRetry={() => void feed.refetch()} />;
  if (designs.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title={followingFeedTexts.emptyTitle}
        description={followingFeedTexts.emptyBody}
        action={
          <Link to={paths.search.people()} className={buttonClasses()}>
            <UserPlus className="size-4" aria-hidden />
            {followingFeedTexts.findPeople}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-5" aria-label="Designs from people you follow">
        {designs.map((design, index) => (
          <li key={design.id} className={cn(index > 0 && offscreenCardClass)}>
            <DesignCard design={design} eagerImage={index === 0} />
          </li>
        ))}
      </ul>
      <FeedFooter pages={feed} />
    </>
  );
}

function SignedOutFollowing() {
  const { openAccountSheet } = useAccountSheet();
  return (
    <EmptyState
      icon={Users}
      title={followingFeedTexts.signedOutTitle}
      description={followingFeedTexts.signedOutBody}
      action={
        <Button onClick={() => void openAccountSheet({ reason: followingFeedTexts.signInReason })}>
          <LogIn className="size-4" aria-hidden />
          {followingFeedTexts.signIn}
        </Button>
      }
    />
  );
}

function LoadFailed({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  return (
    <FailedToLoad
      icon={RefreshCw}
      title={followingFeedTexts.loadFailed}
      error={error}
      onRetry={onRetry}
      retryIcon={RefreshCw}
    />
  );
}

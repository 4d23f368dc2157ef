import { FEED_MAX_ATTEMPTS, messages, type Mode } from '@dwellscape/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, RefreshCw, Sparkles } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DesignCard } from '@/components/design-card/design-card';
import { DesignCardSkeleton } from '@/components/design-card/design-card-skeleton';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ScreenHeader } from '@/components/ui/screen-header';
import { paths } from '@/config/paths';
import { useDesignMode } from '@/lib/preferences';
import { cn } from '@/lib/cn';
import { designsFeedQueryKey, useDesignsFeed } from '../api/get-designs';
import { useLiveDesigns } from '../hooks/use-live-designs';
import { useStagedCount } from '../hooks/use-staged-count';
import { flattenFeed } from '../utils/prepend-design';

const feedDescriptions: Record<Mode, string> = {
  interior: 'Rooms reimagined by the community',
  landscape: 'Outdoor spaces reimagined by the community',
};

/**
 * Cards after the first are laid out and painted only near the viewport (content-visibility), sized
 * meanwhile by their last rendered height or a card's usual one. That containment clips painting to the
 * item's box, so the item reaches past the card by as much as the card's shadow does (`--shadow-card`:
 * 12px to the sides, 4px up, 20px down), with negative margins that keep the layout as it was.
 */
const offscreenCardClass =
  '-mx-3 -mt-1 -mb-5 px-3 pt-1 pb-5 [content-visibility:auto] [contain-intrinsic-size:auto_36rem]';

/** Home: the community feed of the active design mode, live, with older designs on demand (SPEC §2, §4). */
export function FeedScreen() {
  const mode = useDesignMode();
  const queryClient = useQueryClient();
  const feed = useDesignsFeed(mode);
  const liveIds = useLiveDesigns(mode);
  const designs = useMemo(() => flattenFeed(feed.data), [feed.data]);
  // a freshly arrived page renders its first screenful at once and the rest just after (see the hook)
  const shownCount = useStagedCount(designs.length);

  // back to the loading state, so the three attempts and their notes run again
  const tryAgain = () => void queryClient.resetQueries({ queryKey: designsFeedQueryKey(mode) });

  return (
    <>
      <ScreenHeader title="Community Feed" description={feedDescriptions[mode]} />
      {feed.isPending ? (
        <FeedLoading failureCount={feed.failureCount} />
      ) : !feed.data ? (
        <EmptyState
          icon={RefreshCw}
          tone="danger"
          title={messages.feed.loadFailed}
          action={
            <Button variant="outline" onClick={tryAgain}>
              <RefreshCw className="size-4" aria-hidden />
              {messages.feed.tryAgain}
            </Button>
          }
        />
      ) : designs.length === 0 ? (
        <EmptyState
          icon={Sparkles}
          title={`No ${mode} designs yet`}
          description="Be the first to share one with the community."
          action={
            <Link to={paths.createDesign.getHref()} className={buttonClasses()}>
              Create a design
            </Link>
          }
        />
      ) : (
        <>
          <ul className="flex flex-col gap-5" aria-label="Designs">
            {designs.slice(0, shownCount).map((design, index) => (
              <li
                key={design.id}
                className={cn(index > 0 && offscreenCardClass, liveIds.includes(design.id) && 'animate-fade-up')}
              >
                <DesignCard design={design} eagerImage={index === 0} />
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col items-center gap-3 text-center">
            <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
              <CircleCheck className="size-4 text-primary" aria-hidden />
              {messages.feed.endOfFeed}
            </p>
            {feed.hasNextPage ? (
              <Button variant="outline" isLoading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
                {messages.feed.loadMore}
              </Button>
            ) : (
              <p className="text-xs text-muted-foreground">{messages.feed.noMore}</p>
            )}
            {feed.isFetchNextPageError && !feed.isFetchingNextPage && (
              <p role="alert" className="text-sm font-medium text-danger">
                {messages.feed.dataFailed}
              </p>
            )}
          </div>
        </>
      )}
    </>
  );
}

function FeedLoading({ failureCount }: { failureCount: number }) {
  return (
    <div aria-busy="true" aria-label="Loading designs" className="flex flex-col gap-5">
      {failureCount > 0 && (
        <p
          role="status"
          className="flex items-center justify-center gap-2 text-center text-xs font-medium text-muted-foreground"
        >
          <RefreshCw className="size-3.5 animate-spin" aria-hidden />
          {/* SPEC §4/§2 read as: n counts the retries, of SPEC's 3 attempts in all. The first retry (the second
              request) shows 1/3 from the first failure on, through its 2 s wait; the second retry shows 2/3. The
              first request is not a retry and shows no note; with only 2 retries, 3/3 never shows. */}
          {messages.feed.retryAttempt(failureCount, FEED_MAX_ATTEMPTS)}
        </p>
      )}
      <DesignCardSkeleton />
      <DesignCardSkeleton />
    </div>
  );
}

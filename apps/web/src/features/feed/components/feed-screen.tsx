import { FEED_MAX_ATTEMPTS, messages, type FeedDesign, type Mode } from '@dwellscape/shared';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Sparkles } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DesignCard } from '@/components/design-card/design-card';
import { FeedFooter } from '@/components/design-card/feed-footer';
import { DesignCardSkeleton } from '@/components/design-card/design-card-skeleton';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ScreenHeader } from '@/components/ui/screen-header';
import { paths } from '@/config/paths';
import { useDesignMode } from '@/lib/preferences';
import { cn } from '@/lib/cn';
import { useDesignsFeed } from '../api/get-designs';
import { useLiveDesigns } from '../hooks/use-live-designs';
import { useStagedCount } from '../hooks/use-staged-count';
import { offscreenCardClass } from '../utils/offscreen-card';
import { flattenFeed } from '../utils/prepend-design';
import { FeedViewSwitch, feedViewOf } from './feed-view-switch';
import { FollowingFeed } from './following-feed';
import { queryKeys } from '@/lib/query-keys';

const feedDescriptions: Record<Mode, string> = {
  interior: 'Rooms reimagined by the community',
  landscape: 'Outdoor spaces reimagined by the community',
};

const followingDescription = 'Rooms and outdoor spaces by the people you follow';

/** The longest the cards below the first wait for its picture (a stalled download must not keep them away). */
export const FIRST_PICTURE_WAIT_MS = 4000;

/**
 * Whether the cards below the first are still held back: until the first card's picture is decoded (its paint, the
 * feed's LCP, is next), or FIRST_PICTURE_WAIT_MS after the first card showed. Rendering, styling and laying out
 * the next cards in the idle moments before it would put their tasks in the way of that paint.
 */
function useFirstPictureHold(firstCardShown: boolean): { held: boolean; onFirstPictureShown: () => void } {
  const [held, setHeld] = useState(true);
  const onFirstPictureShown = useCallback(() => setHeld(false), []);
  useEffect(() => {
    if (!held || !firstCardShown) return;
    const id = window.setTimeout(onFirstPictureShown, FIRST_PICTURE_WAIT_MS);
    return () => window.clearTimeout(id);
  }, [firstCardShown, held, onFirstPictureShown]);
  return { held, onFirstPictureShown };
}

/**
 * Home: 'For you', the community feed of the active design mode, live, with older designs on demand
 * (docs/product.md §2, §4); beside it 'Following', designs by the people the account follows.
 */
export function FeedScreen() {
  const mode = useDesignMode();
  const [searchParams] = useSearchParams();
  const view = feedViewOf(searchParams.get('view'));
  // the community feed stays live while the Following view shows, so coming back finds it current
  const liveIds = useLiveDesigns(mode);

  return (
    <>
      <ScreenHeader
        title="Community Feed"
        description={view === 'following' ? followingDescription : feedDescriptions[mode]}
      />
      <FeedViewSwitch view={view} />
      {view === 'following' ? <FollowingFeed /> : <CommunityFeed mode={mode} liveIds={liveIds} />}
    </>
  );
}

function CommunityFeed({ mode, liveIds }: { mode: Mode; liveIds: readonly string[] }) {
  const queryClient = useQueryClient();
  const feed = useDesignsFeed(mode);
  const designs = useMemo(() => flattenFeed(feed.data), [feed.data]);
  // a freshly arrived page renders its first card at once and, once its picture is there, the rest one per idle
  // moment (see the hook)
  const [firstCardShown, setFirstCardShown] = useState(false);
  const { held, onFirstPictureShown } = useFirstPictureHold(firstCardShown);
  const shownCount = useStagedCount(designs.length, held);
  if (shownCount > 0 && !firstCardShown) setFirstCardShown(true);

  // back to the loading state, so the three attempts and their notes run again
  const tryAgain = () => void queryClient.resetQueries({ queryKey: queryKeys.designs.feed(mode) });

  return (
    <>
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
          {shownCount === 0 ? (
            // the page's very first render holds its first card back a task (useStagedCount): its shape meanwhile,
            // so the screen the gate's transition fades into is never empty
            <div aria-busy="true" aria-label="Loading designs">
              <DesignCardSkeleton />
            </div>
          ) : (
            <FeedCards
              designs={designs.slice(0, shownCount)}
              liveIds={liveIds}
              onFirstPictureShown={onFirstPictureShown}
            />
          )}
          {/* below the first card, never above it: the card would push it down (a layout shift) */}
          {shownCount > 0 && <FeedFooter pages={feed} />}
        </>
      )}
    </>
  );
}

/** The cards shown so far; each is memoised, so a step of the staged feed renders only its new card. */
function FeedCards({
  designs,
  liveIds,
  onFirstPictureShown,
}: {
  designs: readonly FeedDesign[];
  liveIds: readonly string[];
  onFirstPictureShown: () => void;
}) {
  return (
    <ul className="flex flex-col gap-5" aria-label="Designs">
      {designs.map((design, index) => (
        <li
          key={design.id}
          className={cn(index > 0 && offscreenCardClass, liveIds.includes(design.id) && 'animate-fade-up')}
        >
          <DesignCard
            design={design}
            eagerImage={index === 0}
            onPictureShown={index === 0 ? onFirstPictureShown : undefined}
          />
        </li>
      ))}
    </ul>
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
          {/* docs/product.md §4/§2 read as: n counts the retries, of docs/product.md's 3 attempts in all. The first retry (the second
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

import { messages } from '@dwellscape/shared';
import { MessageCircle, RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { useDesignComments } from '@/lib/api/get-design-comments';
import { CommentList } from './comment-list';

interface CommentThreadProps {
  comments: ReturnType<typeof useDesignComments>;
  /** Vertical room around the empty and error states. */
  stateClassName?: string;
}

/** A design's comments in each of their states: loading, failed with a retry, none yet, or the list and its end. */
export function CommentThread({ comments, stateClassName = 'py-8' }: CommentThreadProps) {
  if (comments.comments === undefined) {
    if (comments.isError) {
      return (
        <EmptyState
          icon={RefreshCw}
          tone="danger"
          title={messages.comments.loadFailedBody}
          className={stateClassName}
          action={
            <Button variant="outline" size="sm" onClick={() => void comments.refetch()} isLoading={comments.isFetching}>
              {messages.feed.tryAgain}
            </Button>
          }
        />
      );
    }
    return (
      <div aria-busy="true" aria-label="Loading comments" className="flex flex-col gap-4">
        {[0, 1, 2].map((index) => (
          <div key={index} className="flex gap-3">
            <Skeleton className="size-8 shrink-0 rounded-full" />
            <div className="flex-1 space-y-2 pt-1">
              <Skeleton className="h-3 w-28" />
              <Skeleton className="h-3 w-full" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (comments.comments.length === 0) {
    return (
      <EmptyState
        icon={MessageCircle}
        title="No comments yet"
        description="Be the first to share what you think."
        className={stateClassName}
      />
    );
  }
  return (
    <>
      <CommentList comments={comments.comments} />
      <MoreComments pages={comments} />
    </>
  );
}

export const LOAD_MORE_COMMENTS = 'Load more comments';

/**
 * The end of a long thread (50 comments a page): the next page loads as the person scrolls to it, as a list
 * does, and the button does it for a keyboard, for a screen reader and where the browser cannot tell.
 */
function MoreComments({ pages }: { pages: CommentThreadProps['comments'] }) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  const end = useRef<HTMLDivElement>(null);
  // a failed page is not asked for again by scrolling: only by the button
  const loadsOnScroll = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;

  useEffect(() => {
    const target = end.current;
    if (!loadsOnScroll || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [loadsOnScroll, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <div ref={end} className="mt-4 flex flex-col items-center gap-2 text-center">
      <Button variant="outline" size="sm" isLoading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
        {LOAD_MORE_COMMENTS}
      </Button>
      {isFetchNextPageError && !isFetchingNextPage && (
        <p role="alert" className="text-sm font-medium text-danger">
          {messages.comments.loadFailedBody}
        </p>
      )}
    </div>
  );
}

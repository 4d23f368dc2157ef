import { messages } from '@dwellscape/shared';
import { MessageCircle, RefreshCw } from 'lucide-react';
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

/** A design's comments in each of their states: loading, failed with a retry, none yet, or the list. */
export function CommentThread({ comments, stateClassName = 'py-8' }: CommentThreadProps) {
  if (comments.isPending) {
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
  if (comments.data.length === 0) {
    return (
      <EmptyState
        icon={MessageCircle}
        title="No comments yet"
        description="Be the first to share what you think."
        className={stateClassName}
      />
    );
  }
  return <CommentList comments={comments.data} />;
}

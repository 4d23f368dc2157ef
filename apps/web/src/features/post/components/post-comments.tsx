import { messages } from '@dwellscape/shared';
import { MessageCircle, RefreshCw } from 'lucide-react';
import { CommentList } from '@/components/comments-dialog/comment-list';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useDesignComments } from '@/lib/api/get-design-comments';
import { AddCommentForm } from './add-comment-form';

/** The post's real comments, oldest first, and the box to add one. */
export function PostComments({ designId, commentsCount }: { designId: string; commentsCount: number }) {
  const comments = useDesignComments(designId);
  const headingId = `post-${designId}-comments`;

  return (
    <Card className="mt-5 p-4">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-4 flex items-center gap-2 text-base font-semibold tracking-tight">
          Comments
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums">{commentsCount}</span>
        </h2>
        {comments.isPending ? (
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
        ) : comments.isError ? (
          <EmptyState
            icon={RefreshCw}
            tone="danger"
            title={messages.comments.loadFailedBody}
            className="py-6"
            action={
              <Button variant="outline" size="sm" onClick={() => void comments.refetch()} isLoading={comments.isFetching}>
                {messages.feed.tryAgain}
              </Button>
            }
          />
        ) : comments.data.length === 0 ? (
          <EmptyState icon={MessageCircle} title="No comments yet" description="Be the first to share what you think." className="py-6" />
        ) : (
          <CommentList comments={comments.data} />
        )}
        <div className="mt-5 border-t border-border/70 pt-4">
          <AddCommentForm designId={designId} />
        </div>
      </section>
    </Card>
  );
}

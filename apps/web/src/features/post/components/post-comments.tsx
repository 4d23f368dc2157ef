import { CommentThread } from '@/components/comments-dialog/comment-thread';
import { Card } from '@/components/ui/card';
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
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums">
            {commentsCount}
          </span>
        </h2>
        <CommentThread comments={comments} stateClassName="py-6" />
        <div className="mt-5 border-t border-border/70 pt-4">
          <AddCommentForm designId={designId} />
        </div>
      </section>
    </Card>
  );
}

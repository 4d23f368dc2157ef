import { formatRelativeTime, type Comment } from '@dwellscape/shared';
import { Avatar } from '@/components/ui/avatar';

interface CommentListProps {
  comments: readonly Comment[];
  /** The clock the relative times are measured against. */
  now?: Date;
}

/** Comments, oldest first, each with its author's name and a relative time (docs/product.md §9). */
export function CommentList({ comments, now = new Date() }: CommentListProps) {
  return (
    <ul className="flex flex-col gap-4" aria-label="Comments">
      {comments.map((comment) => (
        <li key={comment.id} className="flex gap-3">
          <Avatar src={comment.author?.avatarUrl ?? ''} name={comment.name} className="size-8 text-xs" />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold">{comment.name}</span>
              <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
                {formatRelativeTime(comment.createdAt, now)}
              </time>
            </p>
            <p className="mt-0.5 text-sm leading-relaxed break-words whitespace-pre-line text-foreground/90">
              {comment.text}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

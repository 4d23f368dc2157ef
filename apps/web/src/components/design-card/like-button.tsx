import type { Design } from '@dwellscape/shared';
import { shownLikesCount, useToggleDesignLike, useViewerLikesCount } from '@/lib/api/like-design';

type LikeButtonProps = {
  design: Pick<Design, 'id' | 'likedByViewer' | 'likesCount'>;
  className?: string;
};

/** The viewer's like of a design: ±1 at once, saved to the server, undone silently if that fails. */
export function LikeButton({ design, className }: LikeButtonProps) {
  const toggleLike = useToggleDesignLike();
  const liked = design.likedByViewer;
  const count = shownLikesCount(design, useViewerLikesCount());
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`Like, ${count} ${count === 1 ? 'like' : 'likes'}`}
      onClick={() => toggleLike(design)}
      // joined, not merged: none of these classes conflict, and a feed renders a like button per card
      className={[
        'group inline-flex h-11 cursor-pointer items-center gap-1.5 rounded-full px-2.5 text-sm font-semibold tabular-nums transition-colors hover:bg-muted',
        liked ? 'text-rose-600 dark:text-rose-400' : 'text-muted-foreground hover:text-foreground',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      {/* a CSS icon (styles/css-icons.css): filled while liked */}
      <span
        aria-hidden
        className={`icon size-5 transition-transform group-active:scale-125 ${liked ? 'icon-heart-filled' : 'icon-heart'}`}
      />
      <span aria-hidden>{count}</span>
    </button>
  );
}

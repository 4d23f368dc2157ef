import { messages, type Design } from '@dwellscape/shared';
import { BadgeCheck, Heart, MessageCircle, ScanEye, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { paths } from '@/config/paths';
import { shownLikesCount, useViewerLikesCount } from '@/lib/api/like-design';

/** A matching design: opens the post; both buttons open the shop-design view (docs/product.md §10). */
export function DesignResult({ design }: { design: Design }) {
  const likes = shownLikesCount(design, useViewerLikesCount());
  return (
    <Card className="overflow-hidden">
      <Link to={paths.post.getHref(design.id)} className="group flex gap-3 p-3 transition-colors hover:bg-muted/50">
        <span className="relative aspect-square w-24 shrink-0 overflow-hidden rounded-xl bg-muted">
          <ResponsiveImage
            src={design.afterImageUrl}
            alt=""
            sizes={imageSizes.tile6rem}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="line-clamp-1 text-sm font-semibold">{design.title}</span>
          <span className="mt-0.5 line-clamp-2 text-xs leading-relaxed text-muted-foreground">{design.caption}</span>
          <span className="mt-auto flex items-center gap-3 pt-1.5 text-xs text-muted-foreground">
            <span className="inline-flex min-w-0 items-center gap-1 font-medium text-foreground/80">
              <span className="truncate">{design.author.displayName}</span>
              {design.author.isVerified && (
                <BadgeCheck className="size-3.5 shrink-0 text-primary" aria-label="Verified" role="img" />
              )}
            </span>
            <span className="inline-flex items-center gap-1 tabular-nums">
              <Heart className="size-3.5" aria-hidden />
              {likes}
              <span className="sr-only">likes</span>
            </span>
            <span className="inline-flex items-center gap-1 tabular-nums">
              <MessageCircle className="size-3.5" aria-hidden />
              {design.commentsCount}
              <span className="sr-only">comments</span>
            </span>
          </span>
        </span>
      </Link>
      <div className="grid grid-cols-2 gap-2 border-t border-border/70 p-3">
        <Link to={paths.shopDesign.getHref(design.id)} className={buttonClasses({ size: 'sm', variant: 'accent' })}>
          <ShoppingBag className="size-4" aria-hidden />
          {messages.feed.shopThisDesign}
        </Link>
        <Link to={paths.shopDesign.getHref(design.id)} className={buttonClasses({ size: 'sm', variant: 'outline' })}>
          <ScanEye className="size-4" aria-hidden />
          {messages.search.seeInMySpace}
        </Link>
      </div>
    </Card>
  );
}

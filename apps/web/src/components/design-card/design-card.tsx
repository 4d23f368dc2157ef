import { isJustPublished, messages, type Design } from '@dwellscape/shared';
import { BadgeCheck, ImageOff, MessageCircle, Repeat2, ShoppingBag, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LazyCommentsDialog } from '@/components/comments-dialog/lazy-comments-dialog';
import { LazyProductDialog } from '@/components/product-dialog/lazy-product-dialog';
import type { ProductPreview } from '@/components/product-dialog/product-dialog';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { writeStoredJson } from '@/lib/storage';
import { LikeButton } from './like-button';
import { ProductThumbnails } from './product-thumbnails';
import { SaveButton } from './save-button';

interface DesignCardProps {
  /** A design held by a query, so likes and comment counts update it in place. */
  design: Design;
  /** Loads the image at once: for the first card of a screen, which is visible without scrolling. */
  eagerImage?: boolean;
  /** Laid over the image's bottom edge (e.g. the own profile's earning label). */
  imageOverlay?: ReactNode;
  className?: string;
}

const createdDateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatCreatedDate(createdAt: string): string {
  return createdDateFormat.format(new Date(createdAt));
}

const countFormat = new Intl.NumberFormat('en-US');

/** '1 remix', '3 remixes'. */
export function formatRemixCount(count: number): string {
  return `${countFormat.format(count)} ${count === 1 ? 'remix' : 'remixes'}`;
}

/** The id of the post screen's remixes section, which the card's remix count links to. */
export const REMIXES_SECTION_ID = 'remixes';

/** SPEC §2 feed card: badges, image, caption, products, likes, comments, save, shop link, date, author and 'Inspired by'. */
export function DesignCard({ design, eagerImage, imageOverlay, className }: DesignCardProps) {
  const [openProduct, setOpenProduct] = useState<ProductPreview | null>(null);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const postHref = paths.post.getHref(design.id);

  return (
    <Card className={cn('overflow-hidden', className)}>
      <article aria-labelledby={`design-${design.id}-title`}>
        <header className="flex items-center gap-3 px-4 py-3">
          <Link to={paths.profile.getHref(design.author.id)} className="flex min-w-0 items-center gap-3 rounded-lg">
            <Avatar src={design.author.avatarUrl} name={design.author.displayName} className="size-9" />
            <span className="min-w-0">
              <span className="flex items-center gap-1 text-sm font-semibold">
                <span className="truncate">{design.author.displayName}</span>
                {design.author.isVerified && (
                  <BadgeCheck className="size-4 shrink-0 text-primary" aria-label="Verified" role="img" />
                )}
              </span>
              <span className="block truncate text-xs text-muted-foreground">@{design.author.username}</span>
            </span>
          </Link>
          <time dateTime={design.createdAt} className="ml-auto shrink-0 text-xs text-muted-foreground">
            {formatCreatedDate(design.createdAt)}
          </time>
        </header>

        <div className="relative aspect-[4/3] bg-muted">
          <ImageOff className="absolute inset-0 m-auto size-8 text-muted-foreground/40" aria-hidden />
          <ResponsiveImage
            src={design.afterImageUrl}
            alt={design.title}
            sizes={imageSizes.column}
            priority={eagerImage}
            className="relative size-full object-cover"
          />
          <span className="pointer-events-none absolute top-3 left-3 flex flex-wrap gap-1.5">
            <Badge tone="solid" className="bg-black/60 text-white backdrop-blur-sm" aria-label="AI generated">
              <Sparkles className="size-3" aria-hidden /> AI
            </Badge>
            {isJustPublished(design.createdAt) && (
              <Badge className="bg-accent text-accent-foreground shadow-sm">{messages.feed.justPublished}</Badge>
            )}
          </span>
          {imageOverlay && <div className="absolute inset-x-0 bottom-0">{imageOverlay}</div>}
        </div>

        <div className="flex flex-col gap-3 p-4">
          <div>
            <h2 id={`design-${design.id}-title`} className="text-base leading-snug font-semibold tracking-tight">
              <Link to={postHref} className="rounded hover:underline hover:underline-offset-2">
                {design.title}
              </Link>
            </h2>
            {design.caption && (
              <p className="mt-1 line-clamp-3 text-sm leading-relaxed text-muted-foreground">{design.caption}</p>
            )}
            {(design.originalCreator || design.remixCount > 0) && (
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
                {design.originalCreator && (
                  <p className="flex min-w-0 items-center gap-1.5">
                    <Sparkles className="size-3.5 shrink-0 text-accent" aria-hidden />
                    <span>{messages.feed.inspiredBy}</span>
                    <Link
                      to={paths.profile.getHref(design.originalCreator.id)}
                      className="truncate font-semibold text-foreground hover:underline hover:underline-offset-2"
                    >
                      @{design.originalCreator.username}
                    </Link>
                  </p>
                )}
                {design.remixCount > 0 && (
                  <Link
                    to={{ pathname: postHref, hash: REMIXES_SECTION_ID }}
                    className="inline-flex items-center gap-1.5 font-semibold text-foreground hover:underline hover:underline-offset-2"
                  >
                    <Repeat2 className="size-3.5 shrink-0 text-primary" aria-hidden />
                    {formatRemixCount(design.remixCount)}
                  </Link>
                )}
              </div>
            )}
          </div>

          <ProductThumbnails
            products={design.selectedProducts}
            onSelect={(product) => setOpenProduct({ ...product, designId: design.id })}
            moreHref={paths.shopDesign.getHref(design.id)}
          />

          <footer className="-mx-1.5 flex items-center gap-1 border-t border-border/70 pt-3">
            <LikeButton design={design} />
            <button
              type="button"
              aria-label={`Comments (${design.commentsCount})`}
              onClick={() => setCommentsOpen(true)}
              className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full px-2.5 text-sm font-semibold text-muted-foreground tabular-nums transition-colors hover:bg-muted hover:text-foreground"
            >
              <MessageCircle className="size-5" aria-hidden />
              <span aria-hidden>{design.commentsCount}</span>
            </button>
            <SaveButton design={design} className="ml-auto" />
            <Link
              to={paths.shopDesign.getHref(design.id)}
              // SPEC §2: shop-design opens a design cached in session storage under its post id
              onClick={() => writeStoredJson('session', design.id, design)}
              className={buttonClasses({ size: 'sm', variant: 'accent' })}
            >
              <ShoppingBag className="size-4" aria-hidden />
              {messages.feed.shopThisDesign}
            </Link>
          </footer>
        </div>
      </article>

      <LazyProductDialog product={openProduct} onClose={() => setOpenProduct(null)} />
      <LazyCommentsDialog
        designId={design.id}
        designTitle={design.title}
        open={commentsOpen}
        onOpenChange={setCommentsOpen}
      />
    </Card>
  );
}

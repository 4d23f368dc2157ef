import { formatCount, formatShortDate, isJustPublished, messages, type FeedDesign } from '@dwellscape/shared';
import { memo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LazyCommentsDialog } from '@/components/comments-dialog/lazy-comments-dialog';
import { LazyProductDialog } from '@/components/product-dialog/lazy-product-dialog';
import type { ProductPreview } from '@/components/product-dialog/product-dialog';
import { Avatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { paths } from '@/config/paths';
import { followLinkClick } from '@/lib/follow-link';
import { writeStoredJson } from '@/lib/storage';
import { LikeButton } from './like-button';
import { ProductThumbnails } from './product-thumbnails';
import { SaveButton } from './save-button';

interface DesignCardProps {
  /**
   * A design held by a query, so likes and comment counts update it in place: a feed's card, or a whole design (which
   * has every field of a card).
   */
  design: FeedDesign;
  /** Loads the image at once: for the first card of a screen, which is visible without scrolling. */
  eagerImage?: boolean;
  /** Laid over the image's bottom edge (e.g. the own profile's earning label). */
  imageOverlay?: ReactNode;
  className?: string;
  /** Called once the picture is loaded and decoded (or failed): the next frame shows it. */
  onPictureShown?: () => void;
}

/** Calls `done` when the box's picture can be painted: decoded, or failed; at once where images are not decoded (jsdom). */
function whenPictureReady(box: HTMLElement | null, done: () => void): void {
  const img = box?.querySelector('img');
  if (!img) return;
  if (typeof img.decode !== 'function') return done();
  img.decode().then(done, done);
}

/** '1 remix', '3 remixes'. */
export function formatRemixCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'remix' : 'remixes'}`;
}

/** The look of components/ui/badge's Badge, without merging classes on every card. */
const badgeClass = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold';

/** The id of the post screen's remixes section, which the card's remix count links to. */
export const REMIXES_SECTION_ID = 'remixes';

/** The card's classes, built once (buttonClasses merges with tailwind-merge), not per card: a feed renders many. */
const cardClass = 'overflow-hidden rounded-2xl border border-border/70 bg-surface shadow-card';
const shopLinkClass = buttonClasses({ size: 'sm', variant: 'accent' });

/**
 * docs/product.md §2 feed card: badges, image, caption, products, likes, comments, save, shop link, date, author and 'Inspired by'.
 *
 * A feed renders many of these on a phone's first load, so the card is kept light (bench/README.md): its icons are CSS
 * (`icon icon-NAME`, one element each, no SVG tree built per render) and its links are plain anchors that one
 * listener on the card follows in the app (`followLinkClick`), instead of a router <Link> with its hooks each.
 * It is memoised: the feed adds its cards one per idle moment, and each step would otherwise render every card above
 * it again (a card renders again when its design changes: a like, a comment count).
 */
export const DesignCard = memo(function DesignCard({
  design,
  eagerImage,
  imageOverlay,
  className,
  onPictureShown,
}: DesignCardProps) {
  const [openProduct, setOpenProduct] = useState<ProductPreview | null>(null);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const navigate = useNavigate();
  const postHref = paths.post.getHref(design.id);

  return (
    <div className={className ? `${cardClass} ${className}` : cardClass}>
      {/* the links inside are plain anchors: this one listener follows them in the app (see followLinkClick) */}
      <article aria-labelledby={`design-${design.id}-title`} onClick={(event) => followLinkClick(event, navigate)}>
        <header className="flex items-center gap-3 px-4 py-3">
          <a
            href={paths.profile.getHref(design.author.id)}
            className="-my-1 flex min-w-0 items-center gap-3 rounded-lg py-1"
          >
            <Avatar src={design.author.avatarUrl} name={design.author.displayName} className="size-9" />
            <span className="min-w-0">
              <span className="flex items-center gap-1 text-sm font-semibold">
                <span className="truncate">{design.author.displayName}</span>
                {design.author.isVerified && (
                  <span className="icon size-4 icon-badge-check text-primary" aria-label="Verified" role="img" />
                )}
              </span>
              <span className="block truncate text-xs text-muted-foreground">@{design.author.username}</span>
            </span>
          </a>
          <time dateTime={design.createdAt} className="ml-auto shrink-0 text-xs text-muted-foreground">
            {formatShortDate(design.createdAt)}
          </time>
        </header>

        {/* the picture's placeholder icon is the box's own ::before, under the picture */}
        <div
          ref={onPictureShown && ((box: HTMLDivElement | null) => whenPictureReady(box, onPictureShown))}
          className="relative aspect-[4/3] bg-muted before:absolute before:inset-0 before:m-auto before:icon before:size-8 before:icon-image-off before:text-muted-foreground/40"
        >
          <ResponsiveImage
            src={design.afterImageUrl}
            alt={design.title}
            sizes={imageSizes.column}
            priority={eagerImage}
            className="relative size-full object-cover"
          />
          <span className="pointer-events-none absolute top-3 left-3 flex flex-wrap gap-1.5">
            <span className={`${badgeClass} bg-black/60 text-white backdrop-blur-sm`} aria-label="AI generated">
              <span className="icon size-3 icon-sparkles" aria-hidden /> AI
            </span>
            {isJustPublished(design.createdAt) && (
              <span className={`${badgeClass} bg-accent text-accent-foreground shadow-sm`}>
                {messages.feed.justPublished}
              </span>
            )}
          </span>
          {imageOverlay && <div className="absolute inset-x-0 bottom-0">{imageOverlay}</div>}
        </div>

        <div className="flex flex-col gap-3 p-4">
          <div>
            <h2 id={`design-${design.id}-title`} className="text-base leading-snug font-semibold tracking-tight">
              {/* a finger's height (44 px) without moving the lines around it */}
              <a
                href={postHref}
                className="relative -my-[11px] block rounded py-[11px] hover:underline hover:underline-offset-2"
              >
                {design.title}
              </a>
            </h2>
            {design.caption && (
              <p className="mt-1 line-clamp-3 text-sm leading-relaxed text-muted-foreground">{design.caption}</p>
            )}
            {(design.originalCreator || design.remixCount > 0) && (
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 pb-1 text-xs text-muted-foreground">
                {design.originalCreator && (
                  <p className="flex min-w-0 items-center gap-1.5">
                    <span className="icon size-3.5 icon-sparkles text-accent" aria-hidden />
                    <span>{messages.feed.inspiredBy}</span>
                    <a
                      href={paths.profile.getHref(design.originalCreator.id)}
                      // truncated inside: a clipping link would clip its own hit area (tap-area)
                      className="relative tap-area min-w-0 font-semibold text-foreground hover:underline hover:underline-offset-2"
                    >
                      <span className="block truncate">@{design.originalCreator.username}</span>
                    </a>
                  </p>
                )}
                {design.remixCount > 0 && (
                  <a
                    href={`${postHref}#${REMIXES_SECTION_ID}`}
                    className="relative tap-area inline-flex items-center gap-1.5 font-semibold text-foreground hover:underline hover:underline-offset-2"
                  >
                    <span className="icon size-3.5 icon-repeat-2 text-primary" aria-hidden />
                    {formatRemixCount(design.remixCount)}
                  </a>
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
              aria-label={`Comments, ${design.commentsCount}`}
              onClick={() => setCommentsOpen(true)}
              className="inline-flex h-11 cursor-pointer items-center gap-1.5 rounded-full px-2.5 text-sm font-semibold text-muted-foreground tabular-nums transition-colors hover:bg-muted hover:text-foreground"
            >
              <span className="icon size-5 icon-message-circle" aria-hidden />
              <span aria-hidden>{design.commentsCount}</span>
            </button>
            <SaveButton design={design} className="ml-auto" />
            <a
              href={paths.shopDesign.getHref(design.id)}
              // docs/product.md §2: shop-design opens a design cached in session storage under its post id (the card's
              // listener then follows the link)
              onClick={() => writeStoredJson('session', design.id, design)}
              className={shopLinkClass}
            >
              <span className="icon size-4 icon-shopping-bag" aria-hidden />
              {messages.feed.shopThisDesign}
            </a>
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
    </div>
  );
});

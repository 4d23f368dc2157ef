import { responsiveImageSources } from '@dwellscape/shared';
import type { ComponentProps } from 'react';

/**
 * `sizes` for the places that show stored images. The content column is 32rem wide at most,
 * with 1rem of padding on each side (app-layout), so a full-width picture is never wider than 30rem.
 */
export const imageSizes = {
  /** the full width of the content column: feed cards, post, shop-design */
  column: '(min-width: 32rem) 30rem, calc(100vw - 2rem)',
  /** one tile of a two-column grid in the content column (0.75rem gap): the profile grid */
  halfColumn: '(min-width: 32rem) 14.625rem, calc(50vw - 1.375rem)',
  /** one tile of a three-column grid in the content column (0.5rem gaps) */
  thirdColumn: '(min-width: 32rem) 9.667rem, calc((100vw - 3rem) / 3)',
  /** a 6rem square: search result tiles */
  tile6rem: '6rem',
  /**
   * Small fixed tiles (product thumbnails, rows of products, remix tiles, notification pictures), named by their
   * widest CSS width. Anything up to 106 CSS px takes the 320 px file even at DPR 3.
   */
  tile4rem: '4rem',
  tile5rem: '5rem',
  tile9rem: '9rem',
  /** a picture across a dialog: 32rem wide at most on a phone, 28rem from 40rem up, 1.25rem padding each side */
  dialog: '(min-width: 40rem) 25.5rem, (min-width: 32rem) 29.5rem, calc(100vw - 2.5rem)',
} as const;

interface ResponsiveImageProps extends Omit<
  ComponentProps<'img'>,
  'src' | 'srcSet' | 'sizes' | 'loading' | 'fetchPriority'
> {
  src: string;
  alt: string;
  /** How wide the picture is drawn; the browser downloads the narrowest stored width that covers it at the screen's density. */
  sizes: string;
  /** The largest picture in the first screenful (LCP): fetched at once and first. Everything else loads when scrolled near. */
  priority?: boolean;
}

/**
 * An <img> of a stored image in responsive sizes (srcset). Give it a box of known shape (an aspect-ratio
 * parent or width/height) so nothing shifts while it loads. Other URLs (data:, blob:) are shown as they are.
 */
export function ResponsiveImage({ src, sizes, priority = false, ...props }: ResponsiveImageProps) {
  const sources = responsiveImageSources(src, sizes);
  return (
    <img
      {...props}
      // srcset and sizes before src, so no browser starts on the full-size file first
      srcSet={sources.srcSet}
      sizes={sources.sizes}
      src={sources.src}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}

import { responsiveImageSources } from '@dwellscape/shared';
import type { ComponentProps } from 'react';

export { imageSizes } from '@/lib/image-sizes';

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

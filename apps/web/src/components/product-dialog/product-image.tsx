import { responsiveImageSources } from '@dwellscape/shared';
import { useState } from 'react';
import { cn } from '@/lib/cn';

interface ProductImageProps {
  src: string;
  alt: string;
  /**
   * How wide it is drawn (see `imageSizes`): the browser takes the narrowest stored width that covers it, so an
   * 800 px catalogue picture shown in a 4rem tile arrives as its 320 px copy.
   */
  sizes: string;
  className?: string;
  /** Loads at once instead of when scrolled near (an image that is visible on open). */
  eager?: boolean;
}

/** A product picture that disappears when it cannot be loaded (docs/product.md §8: "image hidden"). */
export function ProductImage({ src, alt, sizes, className, eager }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return null;
  const sources = responsiveImageSources(src, sizes);
  return (
    <img
      // srcset and sizes before src, so no browser starts on the full-size file first
      srcSet={sources.srcSet}
      sizes={sources.sizes}
      src={sources.src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={cn('size-full object-cover', className)}
    />
  );
}

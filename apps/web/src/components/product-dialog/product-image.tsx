import { useState } from 'react';
import { cn } from '@/lib/cn';

interface ProductImageProps {
  src: string;
  alt: string;
  className?: string;
  /** Loads at once instead of when scrolled near (an image that is visible on open). */
  eager?: boolean;
}

/** A product picture that disappears when it cannot be loaded (SPEC §8: "image hidden"). */
export function ProductImage({ src, alt, className, eager }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return null;
  return (
    <img
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={cn('size-full object-cover', className)}
    />
  );
}

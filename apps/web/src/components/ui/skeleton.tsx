import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A shimmering placeholder with the shape of content that is still loading (index.css: the skeleton utility). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('skeleton relative overflow-hidden rounded-xl', className)} {...props} />;
}

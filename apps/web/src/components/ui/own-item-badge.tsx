import { messages } from '@dwellscape/shared';
import { Camera, Info } from 'lucide-react';
import { Badge } from './badge';
import { cn } from '@/lib/cn';

/** Marks one of a design's own items: the creator's photo, listed but not a product for sale. */
export function OwnItemBadge({ yours = false, className }: { yours?: boolean; className?: string }) {
  return (
    <Badge tone="accent" className={cn('shrink-0 px-2 py-0 text-[0.6875rem]', className)}>
      <Camera className="size-3" aria-hidden />
      {yours ? messages.ownItem.yours : messages.ownItem.badge}
    </Badge>
  );
}

/** Says, wherever own items are listed for purchase, that an order leaves them out (decision 0023). */
export function OwnItemsNote({ className }: { className?: string }) {
  return (
    <p
      role="note"
      className={cn('flex items-start gap-2 rounded-2xl bg-accent-soft px-4 py-3 text-sm text-foreground', className)}
    >
      <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
      {messages.ownItem.notOrdered}
    </p>
  );
}

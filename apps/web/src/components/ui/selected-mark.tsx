import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The round check on a chosen picture tile (a space, a variation); place it with `className` in a relative box. */
export function SelectedMark({ className, strokeWidth }: { className?: string; strokeWidth?: number }) {
  return (
    <span
      aria-hidden
      className={cn(
        'absolute top-2 right-2 grid size-6 place-items-center rounded-full bg-primary text-primary-foreground',
        className,
      )}
    >
      <Check className="size-4" strokeWidth={strokeWidth} />
    </span>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface ScreenHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Sits to the right of the title (a count, an action). */
  aside?: ReactNode;
  className?: string;
}

export function ScreenHeader({ title, description, aside, className }: ScreenHeaderProps) {
  return (
    <div className={cn('mb-5 flex items-end justify-between gap-4', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {aside}
    </div>
  );
}

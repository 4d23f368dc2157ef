import { useLayoutEffect } from 'react';
import { DesignCardSkeleton } from '@/components/design-card/design-card-skeleton';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * What a screen looks like while its code loads on the first visit: the header and the navigation
 * stay, and the content area shows the screen's shape, never a blank page or a lone spinner.
 */
export function ScreenLoading({ shape = 'cards' }: { shape?: 'cards' | 'rows' }) {
  return (
    <div role="status" aria-label="Loading screen" className="flex flex-col gap-5">
      <div className="space-y-2">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-3.5 w-64" />
      </div>
      {shape === 'cards' ? (
        <>
          <DesignCardSkeleton />
          <DesignCardSkeleton />
        </>
      ) : (
        [0, 1, 2, 3].map((index) => (
          <div key={index} className="flex items-center gap-3">
            <Skeleton className="size-12 shrink-0 rounded-2xl" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3.5 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </div>
        ))
      )}
    </div>
  );
}

/**
 * The whole app's shape while its code arrives after the gate (on a slow connection the unlock
 * transition can end first): the header and the navigation bar, and the feed's skeleton between.
 */
export function ShellLoading() {
  // the same shape as the gate's static one (features/gate/static), which it replaces
  useLayoutEffect(() => window.dwellscapeGate?.appShown(), []);
  return (
    <div className="min-h-dvh">
      <div className="fixed inset-x-0 top-0 z-40 border-b border-border/70 bg-background/85 pt-[env(safe-area-inset-top)]">
        <div className="mx-auto flex h-14 max-w-lg items-center justify-between gap-3 px-4">
          <Skeleton className="h-8 w-36" />
          <Skeleton className="h-8 w-24" />
        </div>
      </div>
      <div className="mx-auto w-full max-w-lg px-4 pt-[calc(env(safe-area-inset-top)+3.5rem+1.25rem)] pb-[calc(env(safe-area-inset-bottom)+4.25rem+2rem)]">
        <ScreenLoading />
      </div>
      <div className="fixed inset-x-0 bottom-0 z-40 border-t border-border/80 bg-surface/90 pb-[env(safe-area-inset-bottom)]">
        <div className="mx-auto grid h-[4.25rem] max-w-lg grid-cols-5 items-center justify-items-center px-2">
          {[0, 1, 2, 3, 4].map((index) => (
            <Skeleton key={index} className="size-8 rounded-xl" />
          ))}
        </div>
      </div>
    </div>
  );
}

import { lazy, Suspense, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AccountSheetProvider } from '@/components/account/account-sheet-provider';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useLiveDesignCounts } from '@/features/feed/hooks/use-live-designs';
import { useDesignMode } from '@/lib/preferences';
import { useToastsWanted } from '@/lib/toast-demand';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';

// the toasts' library loads with the first screen or dialog that can toast (lib/toast-demand.ts)
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

/**
 * docs/product.md §2: a fixed header above and a fixed footer navigation below the content. The tooltips', the
 * toasts' and the sign-in sheet's providers live here, not around the gate, so the gate's first load carries none.
 */
export function AppLayout() {
  const toastsWanted = useToastsWanted();
  // docs/product.md §4: like and comment counts follow other people's actions on every screen
  useLiveDesignCounts(useDesignMode());
  // the gate's static shape of the app (features/gate/static) gives way to the real one, in the same frame
  useLayoutEffect(() => window.dwellscapeGate?.appShown(), []);
  return (
    <TooltipProvider>
      <AccountSheetProvider>
        <div className="min-h-dvh">
          <AppHeader />
          <main className="mx-auto w-full max-w-lg px-4 pt-[calc(env(safe-area-inset-top)+3.5rem+1.25rem)] pb-[calc(env(safe-area-inset-bottom)+4.25rem+2rem)]">
            <Outlet />
          </main>
          <BottomNav />
          <ScrollRestoration />
        </div>
      </AccountSheetProvider>
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </TooltipProvider>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { prefetchFeed } from '@/features/feed/prefetch-feed';
import { GateScreen } from '@/features/gate/components/gate-screen';
import { meQueryOptions } from '@/lib/api/get-me';
import { onSessionExpired } from '@/lib/api-client';
import { AppProvider } from './provider';
import { ShellLoading } from './routes/screen-loading';

// the router, the shell and the screens are not part of the gate's load: they download while the unlock transition plays
const loadRouter = () => import('./router');
const LazyAppRouter = lazy(async () => ({ default: (await loadRouter()).AppRouter }));
/** The router once its code has arrived. */
let LoadedAppRouter: ComponentType | null = null;

/**
 * SPEC §4: the gate is locked at every load; the unlocked state lives only in this component's memory,
 * so a reload shows the gate again. A session the server no longer knows locks it too.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  // 'loaded': the router's code was there when the transition ended, so it renders at once; React.lazy
  // would suspend once even then, building and throwing away the whole skeleton shell in the task that
  // shows the app. 'loading': the skeleton shell until the code arrives (a slow connection).
  const [shell, setShell] = useState<'locked' | 'loaded' | 'loading'>('locked');

  useEffect(() => onSessionExpired(() => setShell('locked')), []);

  // the unlock transition takes a second: enough to learn who the current user is for the navigation,
  // to fetch the app's code, and the feed's first page and picture (into the feed's own query: a failed
  // attempt's 'Retry attempt n/3' note, SPEC §4, still shows on the feed)
  const warmUp = useCallback(() => {
    void queryClient.prefetchQuery(meQueryOptions());
    void prefetchFeed(queryClient);
    void loadRouter().then(({ startRouter, AppRouter }) => {
      startRouter();
      LoadedAppRouter = AppRouter;
    });
  }, [queryClient]);
  // in a transition, React (REACT_BUILD=1) renders the shell and the feed's first cards in short slices
  // while the transition's white screen stays up; Preact, which ships, has no time slicing and renders
  // them in one task (docs/decisions/0012-feed-route-javascript-budget.md)
  const open = useCallback(() => startTransition(() => setShell(LoadedAppRouter ? 'loaded' : 'loading')), []);

  return (
    <AppProvider queryClient={queryClient}>
      {shell === 'locked' ? (
        <GateScreen onSessionStarted={warmUp} onUnlocked={open} />
      ) : shell === 'loaded' && LoadedAppRouter ? (
        <LoadedAppRouter />
      ) : (
        <Suspense fallback={<ShellLoading />}>
          <LazyAppRouter />
        </Suspense>
      )}
    </AppProvider>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { prefetchFeed } from '@/features/feed/prefetch-feed';
import { GateScreen } from '@/features/gate/components/gate-screen';
import { meQueryOptions } from '@/features/profile/api/get-me';
import { onSessionExpired } from '@/lib/api-client';
import { AppProvider } from './provider';
import { ShellLoading } from './routes/screen-loading';

// the router, the shell and the screens are not part of the gate's load: they download while the unlock transition plays
const loadRouter = () => import('./router');
const AppRouter = lazy(async () => ({ default: (await loadRouter()).AppRouter }));

/**
 * SPEC §4: the gate is locked at every load; the unlocked state lives only in this component's memory,
 * so a reload shows the gate again. A session the server no longer knows locks it too.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const [isUnlocked, setIsUnlocked] = useState(false);

  useEffect(() => onSessionExpired(() => setIsUnlocked(false)), []);

  // the unlock transition takes a second: enough to learn who the current user is for the navigation,
  // to fetch the app's code, and the feed's first page and picture (into the feed's own query: a failed
  // attempt's 'Retry attempt n/3' note, SPEC §4, still shows on the feed)
  const warmUp = useCallback(() => {
    void queryClient.prefetchQuery(meQueryOptions());
    void prefetchFeed(queryClient);
    void loadRouter().then(({ startRouter }) => startRouter());
  }, [queryClient]);
  const open = useCallback(() => setIsUnlocked(true), []);

  return (
    <AppProvider queryClient={queryClient}>
      {isUnlocked ? (
        <Suspense fallback={<ShellLoading />}>
          <AppRouter />
        </Suspense>
      ) : (
        <GateScreen onSessionStarted={warmUp} onUnlocked={open} />
      )}
    </AppProvider>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
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
 *
 * Issue #17: once the password is accepted, the app is rendered under the gate while SPEC §2's 1 s unlock
 * transition plays (as soon as the router's code is there), out of reach (inert, hidden from assistive
 * technology) until the transition ends. The shell and the feed's first cards are built, styled and laid out
 * in short tasks behind the white, and the transition's end only takes the gate away.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  // 'opening': the password was accepted and the transition plays. 'open': the transition has ended.
  const [phase, setPhase] = useState<'locked' | 'opening' | 'open'>('locked');
  // the router's code has arrived (see warmUp)
  const [routerLoaded, setRouterLoaded] = useState(LoadedAppRouter !== null);

  useEffect(() => onSessionExpired(() => setPhase('locked')), []);

  // the unlock transition takes a second: enough to learn who the current user is for the navigation,
  // to fetch the app's code, and the feed's first page and picture (into the feed's own query: a failed
  // attempt's 'Retry attempt n/3' note, SPEC §4, still shows on the feed)
  const warmUp = useCallback(() => {
    setPhase('opening');
    void queryClient.prefetchQuery(meQueryOptions());
    void prefetchFeed(queryClient);
    void loadRouter().then(({ startRouter, AppRouter }) => {
      startRouter();
      LoadedAppRouter = AppRouter;
      // a task of its own: the router's module has just been evaluated in this one
      setTimeout(() => setRouterLoaded(true));
    });
  }, [queryClient]);
  const open = useCallback(() => setPhase('open'), []);

  // under the gate while the transition plays; the same element once it has ended, so nothing mounts again
  const underGate = phase === 'opening';
  const app =
    routerLoaded && LoadedAppRouter ? (
      <div className="contents" inert={underGate} aria-hidden={underGate || undefined}>
        <LoadedAppRouter />
      </div>
    ) : phase === 'open' ? (
      // the code has not arrived by the transition's end (a slow connection): the skeleton shell until it does
      <Suspense fallback={<ShellLoading />}>
        <LazyAppRouter />
      </Suspense>
    ) : null;

  return (
    <AppProvider queryClient={queryClient}>
      {phase !== 'locked' && app}
      {phase !== 'open' && (
        // over the app rendered under it: the gate covers the screen until the transition ends. Fixed from the
        // transition's first frame (when its overlay mounts), so the gate is not laid out anew while it animates
        <div className={phase === 'opening' ? 'fixed inset-0 z-[60] overflow-hidden' : 'contents'}>
          <GateScreen onSessionStarted={warmUp} onUnlocked={open} />
        </div>
      )}
    </AppProvider>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactElement } from 'react';
import { prefetchFeed } from '@/features/feed/prefetch-feed';
import type { GateController } from '@/features/gate/static/gate-controller';
import { meQueryOptions } from '@/lib/api/get-me';
import { onSessionExpired } from '@/lib/api-client';
import { prepareClassMerging } from '@/lib/cn';
import { nextTask } from '@/lib/next-task';
import { AppProvider } from './provider';
import type * as RouterModule from './router';
import { ShellLoading } from './routes/screen-loading';

/**
 * The router, the shell and the screens are not part of the gate's load: they download while the unlock transition
 * plays, and run one piece per task (React Router, the class merger's tables, the shell and feed, the router).
 */
let routerModule: Promise<typeof RouterModule> | null = null;
const loadRouter = () => {
  routerModule ??= (async () => {
    await import('./router-library');
    await nextTask();
    prepareClassMerging();
    await nextTask();
    const module = await import('./router');
    await nextTask();
    module.startRouter();
    await nextTask();
    return module;
  })();
  return routerModule;
};
const LazyAppRouter = lazy(async () => ({ default: (await loadRouter()).AppRouter }));
/**
 * The router once its code has arrived, as one element for the page's life: the transition's end changes only the
 * wrapper's attributes, and an unchanged element is not rendered again (a new one would render the whole shell and
 * feed again in the frame where the feed's first picture is due).
 */
let loadedRouter: ReactElement | null = null;

/**
 * docs/product.md §4: the gate is locked at every load; the unlocked state lives only in the page's memory (the gate of
 * index.html, features/gate/static), so a reload shows the gate again. A session the server no longer knows locks
 * it again.
 *
 * bench/README.md: once the password is accepted, the app is rendered under the gate while docs/product.md §2's 1 s unlock
 * transition plays (as soon as the router's code is there), out of reach (inert, hidden from assistive
 * technology) until the transition ends. The shell and the feed's first cards are built, styled and laid out
 * in short tasks behind the white, and the transition's end only takes the gate away.
 */
export function App({ queryClient, gate }: { queryClient: QueryClient; gate: GateController }) {
  // 'opening': the password was accepted and the transition plays. 'open': the transition has ended.
  const phase = useSyncExternalStore(gate.subscribe, () => gate.phase);
  // the router's code has arrived (see below)
  const [routerLoaded, setRouterLoaded] = useState(loadedRouter !== null);

  useEffect(() => onSessionExpired(() => gate.lock()), [gate]);

  // the unlock transition takes a second: enough to learn who the current user is for the navigation,
  // to fetch the app's code, and the feed's first page and picture (into the feed's own query: a failed
  // attempt's 'Retry attempt n/3' note, docs/product.md §4, still shows on the feed)
  const isOpening = phase === 'opening';
  useEffect(() => {
    if (!isOpening) return;
    void queryClient.prefetchQuery(meQueryOptions());
    void prefetchFeed(queryClient);
    void loadRouter().then(({ AppRouter }) => {
      loadedRouter ??= <AppRouter />;
      setRouterLoaded(true);
    });
  }, [isOpening, queryClient]);

  // under the gate while the transition plays; the same element once it has ended, so nothing mounts again
  const app =
    routerLoaded && loadedRouter ? (
      <div className="contents" inert={isOpening} aria-hidden={isOpening || undefined}>
        {loadedRouter}
      </div>
    ) : phase === 'open' ? (
      // the code has not arrived by the transition's end (a slow connection): the skeleton shell until it does
      <Suspense fallback={<ShellLoading />}>
        <LazyAppRouter />
      </Suspense>
    ) : null;

  return <AppProvider queryClient={queryClient}>{phase !== 'locked' && app}</AppProvider>;
}

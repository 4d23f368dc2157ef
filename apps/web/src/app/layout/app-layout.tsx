import { Outlet, ScrollRestoration } from 'react-router';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';

/** SPEC §2: a fixed header above and a fixed footer navigation below the content. */
export function AppLayout() {
  return (
    <div className="min-h-dvh animate-fade-in">
      <AppHeader />
      <main className="mx-auto w-full max-w-lg px-4 pt-[calc(env(safe-area-inset-top)+3.5rem+1.25rem)] pb-[calc(env(safe-area-inset-bottom)+4.25rem+2rem)]">
        <Outlet />
      </main>
      <BottomNav />
      <ScrollRestoration />
    </div>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { GateScreen } from '@/features/gate/components/gate-screen';
import { meQueryOptions } from '@/features/profile/api/get-me';
import { onSessionExpired } from '@/lib/api-client';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/**
 * SPEC §4: the gate is locked at every load; the unlocked state lives only in this component's memory,
 * so a reload shows the gate again. A session the server no longer knows locks it too.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const [isUnlocked, setIsUnlocked] = useState(false);

  useEffect(() => onSessionExpired(() => setIsUnlocked(false)), []);

  // the unlock transition takes a second: enough to learn who the current user is for the navigation
  const warmUp = useCallback(() => void queryClient.prefetchQuery(meQueryOptions()), [queryClient]);
  const open = useCallback(() => setIsUnlocked(true), []);

  return (
    <AppProvider queryClient={queryClient}>
      {isUnlocked ? <AppRouter /> : <GateScreen onSessionStarted={warmUp} onUnlocked={open} />}
    </AppProvider>
  );
}

import type { QueryClient } from '@tanstack/react-query';

/**
 * Asks again every query still loading. Signing in asks every viewer-dependent query again; an answer read
 * before an action that followed the sign-in (a save, a follow) would land after it and undo what it shows.
 * Asking again cancels those answers and gets ones that include the action.
 */
export function refetchInFlightQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.state.fetchStatus === 'fetching' });
}

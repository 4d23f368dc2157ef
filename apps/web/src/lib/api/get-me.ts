import { type SessionResponse, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The gate session's viewer, whether it is signed in, and the current user: the signed-in account, or
 * (signed out) the first sample user, as docs/product.md §2 says (decision 0016).
 */
export function getMe(signal?: AbortSignal): Promise<SessionResponse> {
  return callApi(contracts.getMe, { signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    // it changes only by signing in or out, and those write the new session into this query (lib/session.ts)
    staleTime: Infinity,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}

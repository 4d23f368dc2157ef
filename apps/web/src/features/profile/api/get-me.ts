import { apiPaths, meResponseSchema, type MeResponse } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The gate session's viewer and the current user (the first sample user, SPEC §2). */
export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiRequest(apiPaths.me, meResponseSchema, { signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => getMe(signal),
    // who the current user is does not change while the app is open
    staleTime: Infinity,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}

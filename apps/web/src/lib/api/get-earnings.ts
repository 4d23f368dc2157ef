import { apiPaths, earningsResponseSchema, type EarningsResponse } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Changes whenever an order is placed or cancelled, so both screens and the profile refetch it. */
export const earningsQueryKey = ['me', 'earnings'] as const;
export const ordersQueryKey = ['me', 'orders'] as const;

/** The signed-in account's commission: pending and available apart, per design, and each ledger entry. */
export function getEarnings(signal?: AbortSignal): Promise<EarningsResponse> {
  return apiRequest(apiPaths.meEarnings, earningsResponseSchema, { signal });
}

export const earningsQueryOptions = () =>
  queryOptions({ queryKey: earningsQueryKey, queryFn: ({ signal }) => getEarnings(signal) });

/** Asks only for a signed-in account: a guest has no ledger. */
export function useEarnings(isSignedIn: boolean) {
  return useQuery({ ...earningsQueryOptions(), enabled: isSignedIn });
}

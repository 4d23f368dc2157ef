import { type EarningsResponse, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in account's commission: pending and available apart, per design, and each ledger entry. */
export function getEarnings(signal?: AbortSignal): Promise<EarningsResponse> {
  return callApi(contracts.getEarnings, { signal });
}

export const earningsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.earnings, queryFn: ({ signal }) => getEarnings(signal) });

/** Asks only for a signed-in account: a guest has no ledger. */
export function useEarnings(isSignedIn: boolean) {
  return useQuery({ ...earningsQueryOptions(), enabled: isSignedIn });
}

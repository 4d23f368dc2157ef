import { type OrdersResponse, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in account's orders, newest first, with their status. */
export function getOrders(signal?: AbortSignal): Promise<OrdersResponse> {
  return callApi(contracts.listOrders, { signal });
}

export const ordersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.orders, queryFn: ({ signal }) => getOrders(signal) });

export function useOrders(isSignedIn: boolean) {
  return useQuery({ ...ordersQueryOptions(), enabled: isSignedIn });
}

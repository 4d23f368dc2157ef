import { apiPaths, ordersResponseSchema, type OrdersResponse } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in account's orders, newest first, with their status. */
export function getOrders(signal?: AbortSignal): Promise<OrdersResponse> {
  return apiRequest(apiPaths.orders, ordersResponseSchema, { signal });
}

export const ordersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.orders, queryFn: ({ signal }) => getOrders(signal) });

export function useOrders(isSignedIn: boolean) {
  return useQuery({ ...ordersQueryOptions(), enabled: isSignedIn });
}

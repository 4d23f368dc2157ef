import { type Product, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One catalogue product with its description (docs/product.md §7 product by id). */
export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return callApi(contracts.getProduct, { params: { id }, signal });
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.product(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    // catalogue rows hardly change while the app is open
    staleTime: 5 * 60 * 1000,
  });

export function useProduct(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...productQueryOptions(id), enabled: enabled && id !== '' });
}

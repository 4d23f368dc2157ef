import { type Mode, type Product, contracts } from '@dwellscape/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface GetProductsParams {
  mode: Mode;
  /** Narrows the catalogue to one brand; all brands of the mode when absent. */
  brandId?: string;
}

/** The catalogue of one mode, optionally of one brand (docs/product.md §7 "products by brand"). */
export async function getProducts({ mode, brandId }: GetProductsParams, signal?: AbortSignal): Promise<Product[]> {
  const response = await callApi(contracts.listProducts, {
    query: { mode, brand: brandId },
    signal,
  });
  return response.items;
}

export const productsQueryOptions = (params: GetProductsParams) =>
  queryOptions({
    queryKey: queryKeys.products(params.mode, params.brandId),
    queryFn: ({ signal }) => getProducts(params, signal),
  });

export function useProducts(params: GetProductsParams) {
  // switching brand keeps the previous grid on screen until the next one arrives, so the page does not jump
  return useQuery({ ...productsQueryOptions(params), placeholderData: keepPreviousData });
}

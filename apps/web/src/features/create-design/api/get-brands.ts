import { type Brand, type Mode, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The brands of one design mode (step 1's brand chips). */
export async function getBrands(mode: Mode, signal?: AbortSignal): Promise<Brand[]> {
  const response = await callApi(contracts.listBrands, { query: { mode }, signal });
  return response.items;
}

export const brandsQueryOptions = (mode: Mode) =>
  queryOptions({
    queryKey: queryKeys.brands(mode),
    queryFn: ({ signal }) => getBrands(mode, signal),
  });

export function useBrands(mode: Mode) {
  return useQuery(brandsQueryOptions(mode));
}

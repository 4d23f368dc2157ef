import { type Mode, type Space, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The preset spaces of one mode (landscape spaces carry category tags): the create flow's and see-in-space's. */
export async function getSpaces(mode: Mode, signal?: AbortSignal): Promise<Space[]> {
  const response = await callApi(contracts.listSpaces, { query: { mode }, signal });
  return response.items;
}

export const spacesQueryOptions = (mode: Mode) =>
  queryOptions({
    queryKey: queryKeys.spaces(mode),
    queryFn: ({ signal }) => getSpaces(mode, signal),
  });

export function useSpaces(mode: Mode) {
  return useQuery(spacesQueryOptions(mode));
}

import { apiPaths, listOf, spaceSchema, type Mode, type Space } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const spacesResponseSchema = listOf(spaceSchema);

/** The preset spaces of one mode (landscape spaces carry category tags): the create flow's and see-in-space's. */
export async function getSpaces(mode: Mode, signal?: AbortSignal): Promise<Space[]> {
  const response = await apiRequest(apiPaths.spaces, spacesResponseSchema, { query: { mode }, signal });
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

import { apiPaths, listOf, spaceSchema, type Mode, type Space } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const spacesResponseSchema = listOf(spaceSchema);

export async function getSpaces(mode: Mode, signal?: AbortSignal): Promise<Space[]> {
  const response = await apiRequest(apiPaths.spaces, spacesResponseSchema, { query: { mode }, signal });
  return response.items;
}

export const spacesQueryOptions = (mode: Mode) =>
  queryOptions({
    queryKey: ['spaces', mode],
    queryFn: ({ signal }) => getSpaces(mode, signal),
  });

export function useSpaces(mode: Mode) {
  return useQuery(spacesQueryOptions(mode));
}

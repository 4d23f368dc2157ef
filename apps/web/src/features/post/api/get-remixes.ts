import { type Design, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The public remixes of a design, newest first (at most 50; the design's remixCount counts them all). */
export async function getRemixes(designId: string, signal?: AbortSignal): Promise<Design[]> {
  const { items } = await callApi(contracts.listRemixes, { params: { id: designId }, signal });
  return items;
}

// under 'designs', so publishing a remix (which invalidates every 'designs' query) refreshes the list
export const remixesQueryOptions = (designId: string) =>
  queryOptions({
    queryKey: queryKeys.designs.remixes(designId),
    queryFn: ({ signal }) => getRemixes(designId, signal),
  });

export function useRemixes(designId: string) {
  return useQuery(remixesQueryOptions(designId));
}

import { type Design, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A profile's public designs of both modes, newest first. */
export async function getUserDesigns(userId: string, signal?: AbortSignal): Promise<Design[]> {
  const response = await callApi(contracts.listUserDesigns, { params: { id: userId }, signal });
  return response.items;
}

export const userDesignsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.users.designs(userId),
    queryFn: ({ signal }) => getUserDesigns(userId, signal),
  });

export function useUserDesigns(userId: string) {
  return useQuery(userDesignsQueryOptions(userId));
}

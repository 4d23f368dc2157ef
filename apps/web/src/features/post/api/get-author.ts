import { type User, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The design's author as a whole profile (their follow state and counts), under the profile screen's key. */
export const authorQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.users.detail(userId),
    queryFn: ({ signal }): Promise<User> => callApi(contracts.getUser, { params: { id: userId }, signal }),
  });

export function useAuthor(userId: string, enabled: boolean) {
  return useQuery({ ...authorQueryOptions(userId), enabled });
}

import { type User, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getUser(userId: string, signal?: AbortSignal): Promise<User> {
  return callApi(contracts.getUser, { params: { id: userId }, signal });
}

export const userQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.users.detail(userId),
    queryFn: ({ signal }) => getUser(userId, signal),
  });

export function useUser(userId: string) {
  return useQuery(userQueryOptions(userId));
}

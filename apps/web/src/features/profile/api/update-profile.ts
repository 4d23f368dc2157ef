import { type SessionResponse, type UpdateProfileBody, type User, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchPersonEverywhere } from '@/lib/session';
import { userQueryOptions } from './get-user';
import { queryKeys } from '@/lib/query-keys';

/** Changes the signed-in account's display name, bio or picture; answers with the profile as it is now. */
export function updateProfile(body: UpdateProfileBody): Promise<User> {
  return callApi(contracts.updateProfile, { body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // the profile and every card, comment and search result of the person change at once, without a refetch
    onSuccess: (user) => {
      queryClient.setQueryData<SessionResponse>(queryKeys.me, (session) =>
        session ? { ...session, currentUser: user } : session,
      );
      queryClient.setQueryData(userQueryOptions(user.id).queryKey, user);
      patchPersonEverywhere(queryClient, user);
    },
  });
}

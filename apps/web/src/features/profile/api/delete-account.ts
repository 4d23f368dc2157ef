import { type DeleteAccountBody, type SessionResponse, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { applySession } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';

/** Deletes the signed-in account and everything it made; this browser stays past the gate, signed out. */
export function deleteAccount(body: DeleteAccountBody): Promise<SessionResponse> {
  return callApi(contracts.deleteAccount, { body });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (session) => {
      // the person's profile and designs are gone: nothing cached about them may show again
      const deletedId = queryClient.getQueryData<SessionResponse>(queryKeys.me)?.currentUser.id;
      if (deletedId) queryClient.removeQueries({ queryKey: queryKeys.users.detail(deletedId) });
      void applySession(queryClient, session);
    },
  });
}

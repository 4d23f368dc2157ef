import { type SessionResponse, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { applySession } from '@/lib/session';

/** Signs this browser out; `everywhere` signs out every browser signed in to the account (decision 0016). */
export function signOut({ everywhere = false }: { everywhere?: boolean } = {}): Promise<SessionResponse> {
  return callApi(everywhere ? contracts.signOutEverywhere : contracts.signOut);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: (session) => void applySession(queryClient, session),
  });
}

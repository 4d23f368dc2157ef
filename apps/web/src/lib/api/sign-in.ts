import { type SessionResponse, type SignInBody, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { applySession } from '@/lib/session';

/** Signs this gate session in to an account; the answer is the new session (decision 0016). */
export function signIn(body: SignInBody): Promise<SessionResponse> {
  return callApi(contracts.signIn, { body });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => void applySession(queryClient, session),
  });
}

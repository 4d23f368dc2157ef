import { type SessionResponse, type SignUpBody, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { applySession } from '@/lib/session';

/** Creates an account and signs this gate session in to it. */
export function signUp(body: SignUpBody): Promise<SessionResponse> {
  return callApi(contracts.signUp, { body });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (session) => void applySession(queryClient, session),
  });
}

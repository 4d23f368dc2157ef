import { apiPaths, sessionResponseSchema, type SessionResponse, type SignUpBody } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { applySession } from '@/lib/session';

/** Creates an account and signs this gate session in to it. */
export function signUp(body: SignUpBody): Promise<SessionResponse> {
  return apiRequest(apiPaths.signUp, sessionResponseSchema, { method: 'POST', body });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (session) => void applySession(queryClient, session),
  });
}

import { apiPaths, sessionResponseSchema, type SessionResponse, type SignInBody } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { applySession } from '@/lib/session';

/** Signs this gate session in to an account; the answer is the new session (decision 0016). */
export function signIn(body: SignInBody): Promise<SessionResponse> {
  return apiRequest(apiPaths.signIn, sessionResponseSchema, { method: 'POST', body });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => void applySession(queryClient, session),
  });
}

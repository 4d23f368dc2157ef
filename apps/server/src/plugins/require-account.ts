import type { FastifyRequest } from 'fastify';
import { accountMessages, errorResponseSchema } from '@dwellscape/shared';
import { AppError } from '../errors';

/**
 * The answer to a request that needs an account from a viewer who has none. Its `error` differs
 * from the gate's 'Unauthorized', so the client offers 'Sign in' instead of showing the gate again.
 */
export const signInRequired = () =>
  new AppError('unauthorized', 'Sign in required', undefined, accountMessages.signInRequired);

/** The response schema entry for a route that calls requireAccount. */
export const signInRequiredResponse = { 401: errorResponseSchema } as const;

/**
 * The signed-in account acting on this request (decision 0016): publishing, commenting, following,
 * saving and ordering call it first. Throws the 401 'Sign in required' for a signed-out viewer.
 */
export function requireAccount(request: FastifyRequest): string {
  const accountId = request.viewer?.accountId;
  if (!accountId) throw signInRequired();
  return accountId;
}

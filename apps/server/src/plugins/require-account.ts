import type { FastifyRequest } from 'fastify';
import { errorResponseSchema } from '@dwellscape/shared';
import { signInRequired } from '../errors';

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

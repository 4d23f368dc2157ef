import type { FastifyRequest } from 'fastify';
import { accountMessages, errorResponseSchema } from '@dwellscape/shared';
import { AppError } from '../errors';
import type { Viewer } from '../types';

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

/**
 * Who a like belongs to (decision 0016): the account when signed in, the gate session otherwise.
 * Every like, unlike and `likedByViewer` reads it, so a signed-in viewer sees the account's likes
 * on any browser.
 */
export const likerIdOf = (viewer: Viewer): string => viewer.accountId ?? viewer.viewerId;

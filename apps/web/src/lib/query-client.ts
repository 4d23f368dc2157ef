import { QUERY_GC_TIME_MS, QUERY_RETRY_COUNT } from '@dwellscape/shared';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MAX_RETRY_DELAY_MS = 30_000;

/**
 * How long a screen's designs (their like and comment counts) count as current: shown again after this, it asks
 * again, for what the live stream could not bring (counts are not replayed after a lost connection).
 */
export const DESIGN_COUNTS_STALE_MS = 5_000;

/** docs/product.md §9: retry 3 times, back-off doubling from 1 s up to 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

/** A 4xx answer (not found, bad input, no session) will not change by asking again; rate limits and timeouts may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRY_COUNT) return false;
  if (error instanceof ApiError && error.isClientError) return error.status === 408 || error.status === 429;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        gcTime: QUERY_GC_TIME_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

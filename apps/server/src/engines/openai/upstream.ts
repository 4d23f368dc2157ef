import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { EngineFailureError, EngineTimeoutError } from '../errors';
import { defaultRetryPolicy, parseRetryAfter, withRetries, type AttemptVerdict, type RetryPolicy } from './retry';

/** Settings shared by both OpenAI-compatible engines (OpenAI, Ollama, vLLM, llama.cpp server…). */
export interface OpenAiEngineOptions {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1; unset means OpenAI's. */
  baseUrl?: string;
  /** Local servers often need none. */
  apiKey?: string;
  model: string;
  /** The whole call, retries included. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Replaces global fetch (tests, proxies). */
  fetch?: typeof fetch;
}

export function createOpenAiClient(options: OpenAiEngineOptions, timeoutMs: number): OpenAI {
  return new OpenAI({
    // the SDK insists on a key; servers that need none ignore it
    apiKey: options.apiKey || 'not-needed',
    baseURL: options.baseUrl ?? 'https://api.openai.com/v1',
    // retries and the deadline are ours (retry.ts); the SDK's timeout is only a backstop
    maxRetries: 0,
    timeout: timeoutMs + 5_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

export function retryPolicyFrom(options: OpenAiEngineOptions): RetryPolicy {
  return { ...defaultRetryPolicy, ...options.retry };
}

/** 429 and 5xx are worth another try, as is a connection that failed; other 4xx are final. */
export function judgeUpstreamError(error: unknown): AttemptVerdict {
  if (error instanceof APIUserAbortError) return { retry: false };
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    if (status !== 429 && status < 500) return { retry: false };
    const headers = error.headers;
    const ms = Number(headers?.get('retry-after-ms'));
    const retryAfterMs = Number.isFinite(ms) && ms > 0 ? ms : parseRetryAfter(headers?.get('retry-after'));
    return retryAfterMs === undefined ? { retry: true } : { retry: true, retryAfterMs };
  }
  if (error instanceof APIConnectionError) return { retry: true };
  return { retry: false };
}

/** What the upstream said, shortened and stripped of anything that is not plain text. */
function upstreamMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const raw = typeof body?.message === 'string' ? body.message : '';
  return raw
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/** Every way a call can fail, as a typed error with a message a person can act on. */
export function toEngineFailure(error: unknown): EngineFailureError {
  if (error instanceof EngineFailureError) return error;
  if (error instanceof APIUserAbortError || (error instanceof Error && error.name === 'AbortError')) {
    return new EngineFailureError('cancelled', 'The request was cancelled.', undefined, { cause: error });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    if (status === 429) {
      return new EngineFailureError(
        'rate_limited',
        'The AI service is busy right now. Please try again in a minute.',
        status,
        { cause: error },
      );
    }
    if (status >= 500) {
      return new EngineFailureError(
        'unavailable',
        'The AI service is unavailable right now. Please try again.',
        status,
        {
          cause: error,
        },
      );
    }
    if (status === 401 || status === 403 || status === 404) {
      return new EngineFailureError(
        'misconfigured',
        'The AI service is not set up correctly (key, address or model). Please tell the site owner.',
        status,
        { cause: error },
      );
    }
    const said = upstreamMessage(error);
    return new EngineFailureError(
      'rejected',
      said ? `The AI service refused the request: ${said}` : 'The AI service refused the request.',
      status,
      { cause: error },
    );
  }
  if (error instanceof APIConnectionError) {
    return new EngineFailureError('unavailable', 'The AI service could not be reached. Please try again.', undefined, {
      cause: error,
    });
  }
  return new EngineFailureError('bad_response', 'The AI service sent an answer that could not be used.', undefined, {
    cause: error,
  });
}

/** One remote call under the shared rules: deadline, bounded retries, typed errors. */
export function callUpstream<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  settings: { policy: RetryPolicy; timeoutMs: number; timeoutMessage: string; signal?: AbortSignal },
): Promise<T> {
  return withRetries(attempt, {
    policy: settings.policy,
    timeoutMs: settings.timeoutMs,
    ...(settings.signal ? { signal: settings.signal } : {}),
    judge: judgeUpstreamError,
    onTimeout: () => new EngineTimeoutError(settings.timeoutMessage, settings.timeoutMs),
    onFailure: toEngineFailure,
  });
}

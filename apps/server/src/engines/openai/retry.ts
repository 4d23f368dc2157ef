export interface RetryPolicy {
  /** Retries after the first attempt (2 means at most 3 requests). */
  maxRetries: number;
  /** The first backoff; each retry doubles it. */
  baseDelayMs: number;
  /** No wait — backoff or Retry-After — is longer than this. */
  maxDelayMs: number;
  /** 0 ≤ random() < 1; injectable so tests can pin the jitter. */
  random: () => number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 1000,
  maxDelayMs: 20_000,
  random: Math.random,
};

/** How the caller judges a failed attempt. */
export interface AttemptVerdict {
  retry: boolean;
  /** The server's Retry-After, already in milliseconds. */
  retryAfterMs?: number;
}

export interface RetryOptions {
  policy: RetryPolicy;
  /** The whole operation, retries and waits included, ends after this long. */
  timeoutMs: number;
  /** The caller's own cancellation (a closed request). */
  signal?: AbortSignal;
  judge: (error: unknown) => AttemptVerdict;
  /** Called when the time is up; its result is thrown. */
  onTimeout: () => Error;
  /** Turns the last attempt's error into the error the caller sees. */
  onFailure: (error: unknown) => Error;
  /** Injectable for tests; must reject when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Parses Retry-After: delta seconds or an HTTP date. Unparseable or past values give undefined. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // an HTTP date names its month; a bare "-5" would otherwise parse as a year
  if (!/[a-z]{3}/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Exponential backoff with "equal jitter": half fixed, half random, so retries of many clients spread out. */
export function backoffDelay(retry: number, policy: RetryPolicy): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(exponential / 2 + (exponential / 2) * policy.random());
}

/** The wait before retry number `retry` (0-based): Retry-After when the server gave one, capped; else backoff. */
export function retryDelay(retry: number, verdict: AttemptVerdict, policy: RetryPolicy): number {
  if (verdict.retryAfterMs !== undefined) {
    // a little jitter on top, so clients told the same instant do not return in lockstep
    const jitter = Math.round(policy.random() * Math.min(250, policy.baseDelayMs));
    return Math.min(policy.maxDelayMs, verdict.retryAfterMs + jitter);
  }
  return backoffDelay(retry, policy);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, the judge says a failure is final, the retries run out, or
 * the deadline passes. Each attempt gets a signal that aborts at the deadline or on the caller's
 * cancellation. A wait that would end past the deadline is not started: the failure is final.
 * The caller's cancellation goes to `onFailure` with the signal's reason.
 */
export async function withRetries<T>(attempt: (signal: AbortSignal) => Promise<T>, options: RetryOptions): Promise<T> {
  const { policy, timeoutMs } = options;
  const sleep = options.sleep ?? abortableSleep;
  const deadline = new AbortController();
  const startedAt = Date.now();
  const timer = setTimeout(() => deadline.abort(new Error('deadline reached')), timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline.signal, options.signal]) : deadline.signal;
  const stopped = (error: unknown): Error | null => {
    if (options.signal?.aborted) return options.onFailure(options.signal.reason ?? error);
    if (deadline.signal.aborted) return options.onTimeout();
    return null;
  };
  try {
    for (let retry = 0; ; retry++) {
      try {
        signal.throwIfAborted();
        return await attempt(signal);
      } catch (error) {
        const interruption = stopped(error);
        if (interruption) throw interruption;
        const verdict = options.judge(error);
        if (!verdict.retry || retry >= policy.maxRetries) throw options.onFailure(error);
        const wait = retryDelay(retry, verdict, policy);
        if (Date.now() - startedAt + wait >= timeoutMs) throw options.onFailure(error);
        try {
          await sleep(wait, signal);
        } catch (sleepError) {
          throw stopped(sleepError) ?? options.onFailure(sleepError);
        }
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

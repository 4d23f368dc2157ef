import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  parseRetryAfter,
  retryDelay,
  withRetries,
  type RetryOptions,
  type RetryPolicy,
} from '../src/engines/openai/retry';

const policy: RetryPolicy = { maxRetries: 2, baseDelayMs: 1000, maxDelayMs: 8000, random: () => 0.5 };

class Busy extends Error {
  constructor(readonly retryAfterMs?: number) {
    super('busy');
  }
}
class Refused extends Error {}

function optionsWith(waits: number[], extra: Partial<RetryOptions> = {}): RetryOptions {
  return {
    policy,
    timeoutMs: 60_000,
    judge: (error) =>
      error instanceof Busy
        ? error.retryAfterMs === undefined
          ? { retry: true }
          : { retry: true, retryAfterMs: error.retryAfterMs }
        : { retry: false },
    onTimeout: () => new Error('timed out'),
    onFailure: (error) => new Error(`failed: ${(error as Error).message}`),
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  };
}

describe('parseRetryAfter', () => {
  it('reads delta seconds', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    expect(parseRetryAfter('1.5')).toBe(1500);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('')).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-5')).toBeUndefined();
  });
});

describe('retry delays', () => {
  it('backs off exponentially with jitter, capped', () => {
    const low = { ...policy, random: () => 0 };
    const high = { ...policy, random: () => 0.999999 };
    expect(backoffDelay(0, low)).toBe(500);
    expect(backoffDelay(0, high)).toBe(1000);
    expect(backoffDelay(1, low)).toBe(1000);
    expect(backoffDelay(1, high)).toBe(2000);
    expect(backoffDelay(10, high)).toBe(8000);
  });

  it('honours Retry-After over backoff, capped at the maximum', () => {
    expect(retryDelay(0, { retry: true, retryAfterMs: 3000 }, { ...policy, random: () => 0 })).toBe(3000);
    expect(retryDelay(0, { retry: true, retryAfterMs: 3000 }, policy)).toBe(3125);
    expect(retryDelay(0, { retry: true, retryAfterMs: 600_000 }, policy)).toBe(8000);
  });
});

describe('withRetries', () => {
  it('retries retryable failures, waiting as the server asked', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetries(
      async () => {
        calls++;
        if (calls === 1) throw new Busy(2000);
        if (calls === 2) throw new Busy();
        return 'done';
      },
      optionsWith(waits, { policy: { ...policy, random: () => 0 } }),
    );
    expect(result).toBe('done');
    expect(calls).toBe(3);
    expect(waits).toEqual([2000, 1000]);
  });

  it('stops after two retries with the failure of the last attempt', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failure = withRetries(async () => {
      calls++;
      throw new Busy();
    }, optionsWith(waits));
    await expect(failure).rejects.toThrow('failed: busy');
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('does not retry a final failure', async () => {
    let calls = 0;
    const failure = withRetries(async () => {
      calls++;
      throw new Refused('no');
    }, optionsWith([]));
    await expect(failure).rejects.toThrow('failed: no');
    expect(calls).toBe(1);
  });

  it('does not start a wait that would end after the deadline', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failure = withRetries(
      async () => {
        calls++;
        throw new Busy(5000);
      },
      optionsWith(waits, { timeoutMs: 3000 }),
    );
    await expect(failure).rejects.toThrow('failed: busy');
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it('aborts a slow attempt at the deadline and reports the time-out', async () => {
    let sawAbort = false;
    const failure = withRetries(
      (signal) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => {
            sawAbort = true;
            reject(new Error('aborted'));
          });
        }),
      optionsWith([], { timeoutMs: 50 }),
    );
    await expect(failure).rejects.toThrow('timed out');
    expect(sawAbort).toBe(true);
  });

  it('hands the caller’s cancellation to onFailure without retrying', async () => {
    const controller = new AbortController();
    let calls = 0;
    const failure = withRetries(
      (signal) =>
        new Promise((_, reject) => {
          calls++;
          signal.addEventListener('abort', () => reject(new Busy()));
          controller.abort(new Error('client went away'));
        }),
      optionsWith([], { signal: controller.signal }),
    );
    await expect(failure).rejects.toThrow('failed: client went away');
    expect(calls).toBe(1);
  });
});

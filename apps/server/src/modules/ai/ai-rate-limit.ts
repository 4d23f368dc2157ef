export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterS: number;
}

export interface FixedWindowLimiter {
  hit(key: string): RateLimitVerdict;
}

/** At most `max` hits per key in each window of `windowMs`; kept in memory (per process). */
export function createFixedWindowLimiter(options: {
  max: number;
  windowMs: number;
  now?: () => number;
}): FixedWindowLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { startedAt: number; count: number }>();
  const sweepExpired = (at: number) => {
    for (const [key, window] of windows) if (at - window.startedAt >= options.windowMs) windows.delete(key);
  };
  return {
    hit(key) {
      const at = now();
      if (windows.size > 10_000) sweepExpired(at);
      let window = windows.get(key);
      if (!window || at - window.startedAt >= options.windowMs) {
        window = { startedAt: at, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      const retryAfterS = Math.max(1, Math.ceil((window.startedAt + options.windowMs - at) / 1000));
      return { allowed: window.count <= options.max, retryAfterS };
    },
  };
}

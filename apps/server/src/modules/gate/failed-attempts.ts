/**
 * Wrong gate passwords per client address, in a sliding window.
 * Kept in memory, bounded as an LRU: several instances each grant their own few tries, which still
 * leaves a guesser a handful of attempts per window instead of thousands, and nothing else depends on it.
 */
export interface FailedAttemptLimiterOptions {
  maxFailures: number;
  windowMs: number;
  /** How many client addresses are remembered; the least recently seen are forgotten first. */
  maxClients: number;
}

export class FailedAttemptLimiter {
  private readonly failuresByClient = new Map<string, number[]>();

  constructor(private readonly options: FailedAttemptLimiterOptions) {}

  /** Seconds until this client may try again, or null when it may try now. */
  retryAfterSeconds(client: string, now: number): number | null {
    const recent = this.recentFailures(client, now);
    if (recent.length < this.options.maxFailures) return null;
    const oldestCounted = recent[recent.length - this.options.maxFailures]!;
    return Math.max(1, Math.ceil((oldestCounted + this.options.windowMs - now) / 1000));
  }

  recordFailure(client: string, now: number): void {
    const recent = this.recentFailures(client, now);
    recent.push(now);
    // only the newest maxFailures matter for the decision
    this.remember(client, recent.slice(-this.options.maxFailures));
  }

  reset(client: string): void {
    this.failuresByClient.delete(client);
  }

  private recentFailures(client: string, now: number): number[] {
    const stored = this.failuresByClient.get(client);
    if (!stored) return [];
    const recent = stored.filter((at) => now - at < this.options.windowMs);
    if (recent.length === 0) this.failuresByClient.delete(client);
    return recent;
  }

  private remember(client: string, failures: number[]): void {
    // re-inserting moves the client to the young end of the Map's insertion order
    this.failuresByClient.delete(client);
    this.failuresByClient.set(client, failures);
    while (this.failuresByClient.size > this.options.maxClients) {
      const oldest = this.failuresByClient.keys().next().value;
      if (oldest === undefined) break;
      this.failuresByClient.delete(oldest);
    }
  }
}

import type { Design, Mode } from '@dwellscape/shared';

export type LiveSend = (design: Design) => void;

export interface LiveFeed {
  /**
   * Receives every newly published public design of `mode`; `end` is called when the server
   * shuts down. Returns the unsubscribe function.
   */
  subscribe(mode: Mode, send: LiveSend, end?: () => void): () => void;
  /** Hands a design to every subscriber of its mode. */
  publish(design: Design): void;
  subscriberCount(mode?: Mode): number;
  /** Ends every subscription (server shutdown). */
  endAll(): void;
}

interface Subscription {
  send: LiveSend;
  end: (() => void) | undefined;
}

/** The in-process fan-out: one LISTEN per process feeds any number of open streams. */
export function createLiveFeed(onSendError: (err: unknown) => void): LiveFeed {
  const byMode = new Map<Mode, Set<Subscription>>([
    ['interior', new Set()],
    ['landscape', new Set()],
  ]);
  const subscribersOf = (mode: Mode) => byMode.get(mode) ?? new Set<Subscription>();
  return {
    subscribe(mode, send, end) {
      const subscription: Subscription = { send, end };
      subscribersOf(mode).add(subscription);
      return () => {
        subscribersOf(mode).delete(subscription);
      };
    },
    publish(design) {
      for (const subscription of [...subscribersOf(design.mode)]) {
        try {
          subscription.send(design);
        } catch (err) {
          // one broken stream must not starve the others
          onSendError(err);
        }
      }
    },
    subscriberCount(mode) {
      return mode ? subscribersOf(mode).size : [...byMode.values()].reduce((sum, set) => sum + set.size, 0);
    },
    endAll() {
      for (const set of byMode.values()) {
        const subscriptions = [...set];
        set.clear();
        for (const subscription of subscriptions) subscription.end?.();
      }
    },
  };
}

import type { Design, Mode } from '@dwellscape/shared';

/**
 * The in-process fan-out: one LISTEN per process feeds any number of open streams, each subscribed
 * to one topic (a feed mode, an account's notifications).
 */
export interface FanOut<Topic, Item> {
  /** Receives every item published on `topic`; `end` is called when the server shuts down. Returns the unsubscribe function. */
  subscribe(topic: Topic, send: (item: Item) => void, end?: () => void): () => void;
  /** Hands an item to every subscriber of its topic. */
  publish(topic: Topic, item: Item): void;
  subscriberCount(topic?: Topic): number;
  /** Ends every subscription (server shutdown). */
  endAll(): void;
}

interface Subscription<Item> {
  send: (item: Item) => void;
  end: (() => void) | undefined;
}

export function createFanOut<Topic, Item>(onSendError: (err: unknown) => void): FanOut<Topic, Item> {
  const byTopic = new Map<Topic, Set<Subscription<Item>>>();
  return {
    subscribe(topic, send, end) {
      const subscription: Subscription<Item> = { send, end };
      let set = byTopic.get(topic);
      if (!set) {
        set = new Set();
        byTopic.set(topic, set);
      }
      set.add(subscription);
      return () => {
        const current = byTopic.get(topic);
        current?.delete(subscription);
        if (current?.size === 0) byTopic.delete(topic);
      };
    },
    publish(topic, item) {
      for (const subscription of [...(byTopic.get(topic) ?? [])]) {
        try {
          subscription.send(item);
        } catch (err) {
          // one broken stream must not starve the others
          onSendError(err);
        }
      }
    },
    subscriberCount(topic) {
      if (topic !== undefined) return byTopic.get(topic)?.size ?? 0;
      return [...byTopic.values()].reduce((sum, set) => sum + set.size, 0);
    },
    endAll() {
      const subscriptions = [...byTopic.values()].flatMap((set) => [...set]);
      byTopic.clear();
      for (const subscription of subscriptions) subscription.end?.();
    },
  };
}

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

/** New public designs, by mode. */
export function createLiveFeed(onSendError: (err: unknown) => void): LiveFeed {
  const fanOut = createFanOut<Mode, Design>(onSendError);
  return {
    subscribe: fanOut.subscribe,
    publish: (design) => fanOut.publish(design.mode, design),
    subscriberCount: fanOut.subscriberCount,
    endAll: fanOut.endAll,
  };
}

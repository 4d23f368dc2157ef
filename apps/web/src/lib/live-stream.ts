import type { StreamEvents } from '@dwellscape/shared';
import { z } from 'zod/mini';

/** docs/product.md §9: realtime reconnect delays 1 s, 2 s, 5 s, 10 s, then 10 s. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

/** The value one server-sent event carries, checked against its schema; null for anything else. */
function parseEventData<T>(schema: z.core.$ZodType<T>, data: unknown): T | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = z.safeParse(schema, JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A handler for each event of a stream's contract, given the event's data once it matched its schema. */
export type LiveEventHandlers<E extends StreamEvents> = { [K in keyof E]?: (data: z.output<E[K]>) => void };

interface LiveStreamOptions<E extends StreamEvents> {
  /** Asked at each connection: a new EventSource starts from what the page knows then. */
  url: () => string;
  /** The stream's contract's events (`contracts.<stream>.events`): an event whose data fails its schema is ignored. */
  events: E;
  on: LiveEventHandlers<E>;
  /** Connected; `afterOutage` when earlier attempts had failed. */
  onOpen?: (afterOutage: boolean) => void;
  /** Runs after a lost stream's delay, before a new EventSource: resolving false stops instead of reconnecting. */
  beforeReconnect?: () => Promise<boolean>;
}

/**
 * Listens to one server-sent event stream until the returned function stops it. The browser retries a dropped
 * connection by itself (sending Last-Event-ID); after an error answer, which ends the EventSource, a new one starts
 * after docs/product.md §9's delays.
 */
export function openLiveStream<E extends StreamEvents>({
  url,
  events,
  on,
  onOpen,
  beforeReconnect,
}: LiveStreamOptions<E>): () => void {
  let source: EventSource | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  const connect = () => {
    const current = new EventSource(url());
    source = current;
    current.addEventListener('open', () => {
      onOpen?.(failures > 0);
      failures = 0;
    });
    for (const name of Object.keys(on) as (keyof E & string)[]) {
      const schema = events[name] as z.core.$ZodType<z.output<E[typeof name]>> | undefined;
      const handle = on[name];
      if (schema === undefined || handle === undefined) continue;
      current.addEventListener(name, (message) => {
        const data = parseEventData(schema, (message as MessageEvent).data);
        if (data !== null) handle(data);
      });
    }
    current.addEventListener('error', () => {
      // the browser retries a dropped connection by itself, but gives up for good on an error
      // answer (a restarting server's 503): then start over, a little later each time
      if (stopped || current.readyState !== EventSource.CLOSED) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
      failures += 1;
      reconnectTimer = setTimeout(() => {
        if (!beforeReconnect) return connect();
        void beforeReconnect().then((again) => {
          if (again && !stopped) connect();
        });
      }, delay);
    });
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(reconnectTimer);
    source?.close();
  };
}

import { z } from 'zod/mini';

/** docs/product.md §9: realtime reconnect delays 1 s, 2 s, 5 s, 10 s, then 10 s. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

/** The value one server-sent event carries, checked against its schema; null for anything else. */
export function parseEventData<T>(schema: z.core.$ZodType<T>, data: unknown): T | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = z.safeParse(schema, JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

interface LiveStreamOptions {
  /** Asked at each connection: a new EventSource starts from what the page knows then. */
  url: () => string;
  /** The handler of each event name the stream sends. */
  events: Record<string, (event: MessageEvent) => void>;
  /** Connected; `afterOutage` when earlier attempts had failed. */
  onOpen?: (afterOutage: boolean) => void;
}

/** Listens to one server-sent event stream until the returned function stops it. */
export function openLiveStream({ url, events, onOpen }: LiveStreamOptions): () => void {
  let source: EventSource | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const connect = () => {
    const current = new EventSource(url());
    source = current;
    current.addEventListener('open', () => {
      onOpen?.(failures > 0);
      failures = 0;
    });
    for (const [name, onEvent] of Object.entries(events))
      current.addEventListener(name, (message) => onEvent(message as MessageEvent));
    current.addEventListener('error', () => {
      // the browser retries a dropped connection by itself, but gives up for good on an error
      // answer (a restarting server's 503): then start over, a little later each time
      if (current.readyState !== EventSource.CLOSED) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
      failures += 1;
      reconnectTimer = setTimeout(connect, delay);
    });
  };

  connect();
  return () => {
    clearTimeout(reconnectTimer);
    source?.close();
  };
}

import { apiPaths, designSchema, type Design, type Mode } from '@dwellscape/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { withQuery } from '@/lib/api-client';
import { prependDesign, type FeedPages } from '../utils/prepend-design';
import { queryKeys } from '@/lib/query-keys';

/** The server-sent event that carries one newly published design (apps/server realtime). */
const DESIGN_EVENT = 'design';

/** SPEC §9: realtime reconnect delays 1 s, 2 s, 5 s, 10 s, then 10 s. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

function parseDesignEvent(data: unknown): Design | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = designSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §4: a design published anywhere appears at the top of the feed of its mode without a reload.
 * Reconnects when the mode changes; returns the ids that arrived live, newest first.
 */
export function useLiveDesigns(mode: Mode): readonly string[] {
  const queryClient = useQueryClient();
  const [arrivals, setArrivals] = useState<{ mode: Mode; ids: string[] }>({ mode, ids: [] });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const onDesign = (event: MessageEvent) => {
      const design = parseDesignEvent(event.data);
      if (!design || design.mode !== mode || !design.isPublic) return;
      queryClient.setQueryData<FeedPages>(queryKeys.designs.feed(mode), (feed) => prependDesign(feed, design));
      setArrivals((current) => ({
        mode,
        ids: current.mode === mode ? [design.id, ...current.ids.filter((id) => id !== design.id)] : [design.id],
      }));
    };

    const connect = () => {
      // a new EventSource does not know what the feed already shows: the newest design it holds
      // tells the server where to replay from (the browser's own reconnects send Last-Event-ID)
      const newest = queryClient.getQueryData<FeedPages>(queryKeys.designs.feed(mode))?.pages[0]?.items[0]?.id;
      const current = new EventSource(withQuery(apiPaths.designsLive, { mode, lastEventId: newest }));
      source = current;
      current.addEventListener('open', () => (failures = 0));
      current.addEventListener(DESIGN_EVENT, onDesign);
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
  }, [mode, queryClient]);

  return arrivals.mode === mode ? arrivals.ids : [];
}

import { feedDesignSchema, type Mode, contracts, pathOf } from '@dwellscape/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { withQuery } from '@/lib/api-client';
import { openLiveStream, parseEventData } from '@/lib/live-stream';
import { prependDesign, type FeedPages } from '../utils/prepend-design';
import { queryKeys } from '@/lib/query-keys';

/** The server-sent event that carries one newly published public design as its feed card (apps/server realtime). */
const DESIGN_EVENT = 'design';

/**
 * docs/product.md §4: a design published anywhere appears at the top of the feed of its mode without a reload.
 * Reconnects when the mode changes; returns the ids that arrived live, newest first.
 */
export function useLiveDesigns(mode: Mode): readonly string[] {
  const queryClient = useQueryClient();
  const [arrivals, setArrivals] = useState<{ mode: Mode; ids: string[] }>({ mode, ids: [] });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;

    const onDesign = (event: MessageEvent) => {
      const design = parseEventData(feedDesignSchema, event.data);
      if (!design || design.mode !== mode) return;
      queryClient.setQueryData<FeedPages>(queryKeys.designs.feed(mode), (feed) => prependDesign(feed, design));
      setArrivals((current) => ({
        mode,
        ids: current.mode === mode ? [design.id, ...current.ids.filter((id) => id !== design.id)] : [design.id],
      }));
    };

    return openLiveStream({
      // a new EventSource does not know what the feed already shows: the newest design it holds
      // tells the server where to replay from (the browser's own reconnects send Last-Event-ID)
      url: () => {
        const newest = queryClient.getQueryData<FeedPages>(queryKeys.designs.feed(mode))?.pages[0]?.items[0]?.id;
        return withQuery(pathOf(contracts.designsLive), { mode, lastEventId: newest });
      },
      event: DESIGN_EVENT,
      onEvent: onDesign,
    });
  }, [mode, queryClient]);

  return arrivals.mode === mode ? arrivals.ids : [];
}

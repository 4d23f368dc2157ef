import { apiPaths, designSchema, type Design, type Mode } from '@dwellscape/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { withQuery } from '@/lib/api-client';
import { designsFeedQueryKey } from '../api/get-designs';
import { prependDesign, type FeedPages } from '../utils/prepend-design';

/** The server-sent event that carries one newly published design (apps/server realtime). */
const DESIGN_EVENT = 'design';

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
    const source = new EventSource(withQuery(apiPaths.designsLive, { mode }));
    source.addEventListener(DESIGN_EVENT, (event) => {
      const design = parseDesignEvent(event.data);
      if (!design || design.mode !== mode || !design.isPublic) return;
      queryClient.setQueryData<FeedPages>(designsFeedQueryKey(mode), (feed) => prependDesign(feed, design));
      setArrivals((current) => ({
        mode,
        ids: current.mode === mode ? [design.id, ...current.ids.filter((id) => id !== design.id)] : [design.id],
      }));
    });
    // the browser reconnects by itself after a dropped connection
    return () => source.close();
  }, [mode, queryClient]);

  return arrivals.mode === mode ? arrivals.ids : [];
}

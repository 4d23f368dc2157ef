import type { Mode } from '@dwellscape/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { joinLiveDesigns } from '../utils/live-designs';

/**
 * docs/product.md §4: a design published anywhere appears at the top of the feed of its mode without a reload
 * (lib/live-designs.ts puts it there). Reconnects when the mode changes; returns the ids that arrived live, newest
 * first.
 */
export function useLiveDesigns(mode: Mode): readonly string[] {
  const queryClient = useQueryClient();
  const [arrivals, setArrivals] = useState<{ mode: Mode; ids: string[] }>({ mode, ids: [] });

  useEffect(
    () =>
      joinLiveDesigns(queryClient, mode, (design) =>
        setArrivals((current) => ({
          mode,
          ids: current.mode === mode ? [design.id, ...current.ids.filter((id) => id !== design.id)] : [design.id],
        })),
      ),
    [mode, queryClient],
  );

  return arrivals.mode === mode ? arrivals.ids : [];
}

/**
 * docs/product.md §4: like and comment counts follow other people's actions on every screen, not only the feed:
 * the app's layout keeps the active mode's live stream open.
 */
export function useLiveDesignCounts(mode: Mode): void {
  const queryClient = useQueryClient();
  useEffect(() => joinLiveDesigns(queryClient, mode), [mode, queryClient]);
}

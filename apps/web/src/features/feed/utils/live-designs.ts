import { contracts, pathOf, type DesignCounts, type FeedDesign, type Mode } from '@dwellscape/shared';
import type { QueryClient } from '@tanstack/react-query';
import { withQuery } from '@/lib/api-client';
import { isLikeInFlight } from '@/lib/api/like-design';
import { patchEveryQuery } from '@/lib/cache-patch';
import { openLiveStream } from '@/lib/live-stream';
import { queryKeys } from '@/lib/query-keys';
import { prependDesign, type FeedPages } from './prepend-design';

/*
 * The live feed's stream of one mode (apps/server realtime), one per page however many screens listen: new public
 * designs go on top of the mode's feed (docs/product.md §4), and the like and comment counts other people change go
 * into every screen's copy of the design (its card, its post, a profile's grid).
 */

type Arrival = (design: FeedDesign) => void;

interface Connection {
  arrivals: Set<Arrival>;
  users: number;
  stop: () => void;
}

const connections = new WeakMap<QueryClient, Map<Mode, Connection>>();

/** Puts the counts into every cached copy of the design: a node with its id and its counts. */
export function applyDesignCounts(queryClient: QueryClient, counts: DesignCounts): void {
  // the viewer's own like on its way: its answer sets the number, a count from before it would undo the step
  const likesCount = isLikeInFlight(queryClient, counts.id) ? undefined : counts.likesCount;
  patchEveryQuery(queryClient, (node) => {
    if (node.id !== counts.id || typeof node.likesCount !== 'number') return node;
    const commentsChanged = typeof node.commentsCount === 'number' && node.commentsCount !== counts.commentsCount;
    if ((likesCount ?? node.likesCount) === node.likesCount && !commentsChanged) return node;
    return {
      ...node,
      likesCount: likesCount ?? node.likesCount,
      ...(typeof node.commentsCount === 'number' && { commentsCount: counts.commentsCount }),
    };
  });
}

function connect(queryClient: QueryClient, mode: Mode, arrivals: Set<Arrival>): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  return openLiveStream({
    // a new EventSource does not know what the feed already shows: the newest design it holds
    // tells the server where to replay from (the browser's own reconnects send Last-Event-ID)
    url: () => {
      const newest = queryClient.getQueryData<FeedPages>(queryKeys.designs.feed(mode))?.pages[0]?.items[0]?.id;
      return withQuery(pathOf(contracts.designsLive), { mode, lastEventId: newest });
    },
    events: contracts.designsLive.events,
    on: {
      design: (design) => {
        if (design.mode !== mode) return;
        queryClient.setQueryData<FeedPages>(queryKeys.designs.feed(mode), (feed) => prependDesign(feed, design));
        for (const arrival of [...arrivals]) arrival(design);
      },
      counts: (counts) => applyDesignCounts(queryClient, counts),
    },
    // counts changed while the stream was down are not replayed: a screen shown again asks for its designs afresh
    // (DESIGN_COUNTS_STALE_MS)
  });
}

/**
 * Joins the mode's live stream (opening it for the first to join); `onArrival` hears each new design. Returns the
 * leave function: the stream closes when the last one leaves.
 */
export function joinLiveDesigns(queryClient: QueryClient, mode: Mode, onArrival?: Arrival): () => void {
  let byMode = connections.get(queryClient);
  if (!byMode) {
    byMode = new Map();
    connections.set(queryClient, byMode);
  }
  let connection = byMode.get(mode);
  if (!connection) {
    const arrivals = new Set<Arrival>();
    connection = { arrivals, users: 0, stop: connect(queryClient, mode, arrivals) };
    byMode.set(mode, connection);
  }
  const joined = connection;
  joined.users += 1;
  if (onArrival) joined.arrivals.add(onArrival);
  let left = false;
  return () => {
    if (left) return;
    left = true;
    if (onArrival) joined.arrivals.delete(onArrival);
    joined.users -= 1;
    if (joined.users > 0) return;
    joined.stop();
    if (byMode.get(mode) === joined) byMode.delete(mode);
  };
}

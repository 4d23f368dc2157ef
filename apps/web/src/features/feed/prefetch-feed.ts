import type { Mode } from '@dwellscape/shared';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { getPreferences } from '@/lib/preferences';
import { fetchFirstFeedPageEarly } from './api/get-designs';
import { preloadFeedPicture } from '@/lib/preload-feed-picture';

/**
 * The feed's first screen, fetched while docs/product.md §2's 1 s unlock transition plays (the session exists from the
 * moment the server accepts the password): the first page (see fetchFirstFeedPageEarly: it is the first of
 * the feed's 3 attempts, and a failure is reported by the feed screen with its 'Retry attempt 1/3' note), then
 * the first card's picture as soon as that page is there. Nothing is fetched when the app opens on another
 * screen (a link to a post, say).
 */
export async function prefetchFeed(queryClient: QueryClient, mode: Mode = designModeNow()): Promise<void> {
  if (window.location.pathname !== paths.home.path) return;
  const first = await fetchFirstFeedPageEarly(queryClient, mode);
  const design = first?.items[0];
  if (design) preloadFeedPicture(design.afterImageUrl);
}

function designModeNow(): Mode {
  return getPreferences().isLandscapeMode ? 'landscape' : 'interior';
}

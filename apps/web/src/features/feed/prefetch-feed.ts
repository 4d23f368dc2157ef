import { responsiveImageSources, type Mode } from '@dwellscape/shared';
import type { QueryClient } from '@tanstack/react-query';
import { imageSizes } from '@/components/ui/responsive-image';
import { paths } from '@/config/paths';
import { getPreferences } from '@/lib/preferences';
import { fetchFirstFeedPageEarly } from './api/get-designs';

/** The pictures fetched ahead, held so the browser keeps them in its memory cache until the feed shows them. */
const warmPictures = new Set<HTMLImageElement>();

/**
 * Starts fetching the first feed card's picture, exactly as the card asks for it (same srcset and sizes,
 * so the browser picks the same file and the card finds it in its memory cache), at high priority,
 * and decodes it off the main thread.
 */
export function preloadFeedPicture(url: string): void {
  const sources = responsiveImageSources(url, imageSizes.column);
  const picture = new Image();
  picture.fetchPriority = 'high';
  picture.decoding = 'async';
  // sizes and srcset before src, as ResponsiveImage does, so no browser starts on the full-size file
  // (a picture that is not a stored WebP has no sizes: its card shows `src` as it is)
  if (sources.sizes) picture.sizes = sources.sizes;
  if (sources.srcSet) picture.srcset = sources.srcSet;
  picture.src = sources.src;
  warmPictures.add(picture);
  // a minute is ample for the 1 s transition and the feed's first render
  const release = () => setTimeout(() => warmPictures.delete(picture), 60_000);
  // decode() rejects for a picture that fails to load: the card then shows its own fallback
  Promise.resolve()
    .then(() => picture.decode())
    .catch(() => undefined)
    .finally(release);
}

/**
 * The feed's first screen, fetched while SPEC §2's 1 s unlock transition plays (the session exists from the
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

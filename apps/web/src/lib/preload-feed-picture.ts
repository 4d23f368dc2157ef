import { responsiveImageSources } from '@dwellscape/shared/helpers';
import { imageSizes } from './image-sizes';

/**
 * The pictures fetched ahead, by URL (a second call for one does nothing), held so the browser keeps them in its
 * memory cache until the feed shows them.
 */
const warmPictures = new Map<string, HTMLImageElement>();

/**
 * Starts fetching the first feed card's picture, exactly as the card asks for it (same srcset and sizes, so the
 * browser picks the same file and the card finds it in its memory cache), at high priority, and decodes it off the
 * main thread. The gate's inline script calls it as soon as the feed's first page is in, before the app's code has
 * run (features/gate/static/early-reads.ts); the app's own prefetch (features/feed/prefetch-feed.ts) calls it
 * again, and its picture comes from the memory cache. No React here, and relative imports only: esbuild bundles this
 * module into index.html's inline script too.
 */
export function preloadFeedPicture(url: string): void {
  if (warmPictures.has(url)) return;
  const sources = responsiveImageSources(url, imageSizes.column);
  const picture = new Image();
  picture.fetchPriority = 'high';
  picture.decoding = 'async';
  // sizes and srcset before src, as ResponsiveImage does, so no browser starts on the full-size file
  // (a picture that is not a stored WebP has no sizes: its card shows `src` as it is)
  if (sources.sizes) picture.sizes = sources.sizes;
  if (sources.srcSet) picture.srcset = sources.srcSet;
  picture.src = sources.src;
  warmPictures.set(url, picture);
  // a minute is ample for the 1 s transition and the feed's first render
  const release = () => setTimeout(() => warmPictures.delete(url), 60_000);
  // decode() rejects for a picture that fails to load: the card then shows its own fallback
  Promise.resolve()
    .then(() => picture.decode())
    .catch(() => undefined)
    .finally(release);
}

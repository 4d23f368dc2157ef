import { apiPaths } from '@dwellscape/shared/api-paths';
import { FEED_PAGE_SIZE } from '@dwellscape/shared/constants';
import { readStoredBodyPreferences } from '../../../lib/preferences-body';
import { preloadFeedPicture } from '../../../lib/preload-feed-picture';
import { withQuery } from '../../../lib/query-string';
import type { EarlyReads } from './gate-controller';

/**
 * What the app reads first when it opens on `pathname`, as its own calls spell the URLs: the current user (every
 * screen's navigation), and on the home screen the feed's first page in the saved design mode
 * (features/feed/api/get-designs.ts). The gate sends them the moment the password is accepted, and on the home
 * screen asks its own answer to carry the feed's page (decision 0069: one round trip less before the first picture).
 */
export function earlyReadsFor(pathname: string): EarlyReads {
  if (pathname !== '/') return { gatePath: apiPaths.gate, reads: [apiPaths.me], carried: null };
  const mode = readStoredBodyPreferences().isLandscapeMode ? 'landscape' : 'interior';
  const feed = withQuery(apiPaths.designs, { mode, limit: FEED_PAGE_SIZE });
  return { gatePath: withQuery(apiPaths.gate, { feed: mode }), reads: [apiPaths.me, feed], carried: feed };
}

/**
 * The feed's first page is in before the app's code has run (its files and the page share a phone's connection):
 * its first card's picture starts at once, rather than when the app takes the page. The page is read loosely here;
 * the app checks it against its schema when it takes it.
 */
export function afterEarlyRead(url: string, page: unknown): void {
  if (!url.startsWith(`${apiPaths.designs}?`)) return;
  const first = (page as { items?: Array<{ afterImageUrl?: unknown } | null> } | null)?.items?.[0]?.afterImageUrl;
  if (typeof first === 'string' && first.startsWith('/')) preloadFeedPicture(first);
}

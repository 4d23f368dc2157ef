import { apiPaths } from '@dwellscape/shared/api-paths';
import { FEED_PAGE_SIZE } from '@dwellscape/shared/constants';
import { readStoredBodyPreferences } from '../../../lib/preferences-body';
import { preloadFeedPicture } from '../../../lib/preload-feed-picture';
import { withQuery } from '../../../lib/query-string';

/**
 * What the app reads first when it opens on `pathname`, as its own calls spell the URLs: the current user (every
 * screen's navigation), and on the home screen the feed's first page in the saved design mode
 * (features/feed/api/get-designs.ts). The gate sends them the moment the password is accepted.
 */
export function earlyReadsFor(pathname: string): string[] {
  const reads: string[] = [apiPaths.me];
  if (pathname === '/') {
    const mode = readStoredBodyPreferences().isLandscapeMode ? 'landscape' : 'interior';
    reads.push(withQuery(apiPaths.designs, { mode, limit: FEED_PAGE_SIZE }));
  }
  return reads;
}

/**
 * The feed's first page is in before the app's code has run (its files and the page share a phone's connection):
 * its first card's picture starts at once, rather than when the app takes the page. The page is read loosely here;
 * the app checks it against its schema when it takes it.
 */
export function afterEarlyRead(url: string, response: Response): void {
  if (!url.startsWith(`${apiPaths.designs}?`)) return;
  response
    .json()
    .then((page: unknown) => {
      const first = (page as { items?: Array<{ afterImageUrl?: unknown }> } | null)?.items?.[0]?.afterImageUrl;
      if (typeof first === 'string' && first.startsWith('/')) preloadFeedPicture(first);
    })
    .catch(() => undefined);
}

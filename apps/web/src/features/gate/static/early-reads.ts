import { apiPaths } from '@dwellscape/shared/api-paths';
import { FEED_PAGE_SIZE } from '@dwellscape/shared/constants';
import { readStoredBodyPreferences } from '../../../lib/preferences-body';
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

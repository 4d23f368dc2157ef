import type { Design, FeedPage } from '@dwellscape/shared';
import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** The design the cache tests like and count: 10 likes, not the viewer's, 2 comments. */
export const cachedDesign = {
  id: 'd1',
  title: 'Sunny loft',
  afterImageUrl: '/media/d1.webp',
  likesCount: 10,
  likedByViewer: false,
  commentsCount: 2,
} as Design;

/**
 * A query cache as the app holds a design twice: on the interior feed's first page and as its post. `feedDesign()`
 * and `postDesign()` read it back from each.
 */
export function cacheHolding(design: Design = cachedDesign) {
  const queryClient = new QueryClient();
  const feedKey = queryKeys.designs.feed('interior');
  const postKey = queryKeys.designs.detail(design.id);
  queryClient.setQueryData(feedKey, { pages: [{ items: [design], nextCursor: null }], pageParams: [null] });
  queryClient.setQueryData(postKey, design);
  return {
    queryClient,
    feedDesign: () => queryClient.getQueryData<{ pages: FeedPage[] }>(feedKey)!.pages[0]!.items[0]!,
    postDesign: () => queryClient.getQueryData<Design>(postKey)!,
  };
}

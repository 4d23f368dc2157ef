import { apiPaths, compactFeedPage, responsiveImageSources, type Design, type FeedPage } from '@dwellscape/shared';
import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageSizes } from '@/components/ui/responsive-image';
import { updatePreferences } from '@/lib/preferences';
import { makeDesign, makeSession, makeUser } from '../../../test/fixtures';
import { recordDetachedSrcsets } from '../../../test/detached-srcsets';
import { jsonResponse, mockApi, type MockedApi } from '../../../test/mock-api';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { FeedScreen } from './components/feed-screen';
import { prefetchFeed } from './prefetch-feed';
import { queryKeys } from '@/lib/query-keys';

const author = makeUser({ avatarUrl: '', isVerified: false });

/**
 * Each test's pictures have URLs no earlier test used: the pictures fetched ahead stay in the page's warm set for
 * a minute (lib/preload-feed-picture.ts), where a second call for one fetches nothing, so shared URLs would make a
 * test's fetched pictures depend on which tests ran before it.
 */
let testNumber = 0;
let feeds: Record<Design['mode'], Design[]>;
function makeFeeds(): Record<Design['mode'], Design[]> {
  testNumber += 1;
  const makeFeedDesign = (id: string, title: string, mode: Design['mode']) =>
    makeDesign({ id, title, mode, author, afterImageUrl: `/media/seed/designs/${id}-${testNumber}.webp` });
  return {
    interior: [
      makeFeedDesign('d-lounge', 'Soft lounge', 'interior'),
      makeFeedDesign('d-kitchen', 'Bright kitchen', 'interior'),
    ],
    landscape: [makeFeedDesign('g-garden', 'Quiet garden', 'landscape')],
  };
}

let failing = false;
let api: MockedApi;
const feedRequests = () => api.callsTo(`GET ${apiPaths.designs}`).map((call) => call.url);

let srcsets: string[];
beforeEach(() => {
  feeds = makeFeeds();
  failing = false;
  api = mockApi({
    // a guest's
    [`GET ${apiPaths.me}`]: makeSession({ signedIn: false }),
    [`GET ${apiPaths.designs}`]: ({ url }) =>
      failing
        ? jsonResponse(500, { error: 'Internal Server Error' })
        : compactFeedPage({ items: feeds[url.searchParams.get('mode') as Design['mode']], nextCursor: null }),
  });
  vi.stubGlobal('EventSource', undefined);
  srcsets = recordDetachedSrcsets();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  // back to interior even when a landscape test failed half-way
  updatePreferences({ isLandscapeMode: false });
});

const newClient = () => createTestQueryClient({ staleTime: 30_000 });

describe('prefetchFeed', () => {
  it('fills the feed query of the active mode and starts the first picture exactly as its card asks for it', async () => {
    const queryClient = newClient();
    await prefetchFeed(queryClient);

    expect(feedRequests()).toHaveLength(1);
    expect(feedRequests()[0]!.searchParams.get('mode')).toBe('interior');
    expect(
      queryClient.getQueryData<{ pages: FeedPage[] }>(queryKeys.designs.feed('interior'))?.pages[0]?.items[0]?.id,
    ).toBe('d-lounge');
    expect(srcsets).toEqual([responsiveImageSources(feeds.interior[0]!.afterImageUrl, imageSizes.column).srcSet]);
  });

  it('fetches the landscape feed in landscape mode', async () => {
    updatePreferences({ isLandscapeMode: true });
    const queryClient = newClient();
    await prefetchFeed(queryClient);
    expect(feedRequests().map((url) => url.searchParams.get('mode'))).toEqual(['landscape']);
    expect(srcsets).toEqual([responsiveImageSources(feeds.landscape[0]!.afterImageUrl, imageSizes.column).srcSet]);
  });

  it('fetches nothing when the app opens on another screen', async () => {
    window.history.replaceState(null, '', '/post/d-lounge');
    await prefetchFeed(newClient());
    expect(api.calls).toEqual([]);
    expect(srcsets).toEqual([]);
  });

  it('leaves the feed screen nothing to fetch: it shows the prefetched page', async () => {
    const queryClient = newClient();
    await prefetchFeed(queryClient);
    renderFeedScreen(queryClient);
    expect(await screen.findByRole('heading', { name: 'Soft lounge' })).toBeInTheDocument();
    // the feed shows its cards one at a time (useStagedCount)
    expect(await screen.findByRole('heading', { name: 'Bright kitchen' })).toBeInTheDocument();
    expect(feedRequests()).toHaveLength(1);
  });

  it("hands a failure to the feed screen as its first attempt: 'Retry attempt 1/3', then 2/3, 3 requests in all", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      failing = true;
      // the feed's own retry rules (3 attempts, 2 s and 4 s), not the test client's
      const queryClient = new QueryClient();
      await prefetchFeed(queryClient);
      expect(feedRequests()).toHaveLength(1);
      expect(srcsets).toEqual([]);

      renderFeedScreen(queryClient);
      expect(await screen.findByText('Retry attempt 1/3')).toBeInTheDocument();
      // the prefetch was the first attempt: the screen did not ask again at once
      expect(feedRequests()).toHaveLength(1);

      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(await screen.findByText('Retry attempt 2/3')).toBeInTheDocument();
      expect(screen.queryByText('Retry attempt 1/3')).not.toBeInTheDocument();
      expect(feedRequests()).toHaveLength(2);

      failing = false;
      await act(() => vi.advanceTimersByTimeAsync(4_000));
      expect(await screen.findByRole('heading', { name: 'Soft lounge' })).toBeInTheDocument();
      expect(feedRequests()).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

function renderFeedScreen(queryClient: QueryClient) {
  renderRoutes([{ path: '/', element: <FeedScreen /> }], { initialEntries: ['/'], queryClient });
}

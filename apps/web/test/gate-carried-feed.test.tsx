/**
 * The feed's first page as the gate's accepted answer carries it (decision 0069), taken by the feed's prefetch
 * (features/feed/prefetch-feed.ts) into its query: two features, so it lives here.
 */
import {
  apiPaths,
  compactFeedPage,
  messages,
  responsiveImageSources,
  type Design,
  type FeedPage,
} from '@dwellscape/shared';
import type { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageSizes } from '@/components/ui/responsive-image';
import { FeedScreen } from '@/features/feed/components/feed-screen';
import { prefetchFeed } from '@/features/feed/prefetch-feed';
import { afterEarlyRead, earlyReadsFor } from '@/features/gate/static/early-reads';
import { EARLY_READ_MAX_AGE_MS, startGate } from '@/features/gate/static/gate-controller';
import { gateMarkup } from '@/features/gate/static/gate-markup';
import { queryKeys } from '@/lib/query-keys';
import { makeDesign, makeSession, makeUser } from './fixtures';
import { recordDetachedSrcsets } from './detached-srcsets';
import { jsonResponse, mockApi, type MockedApi } from './mock-api';
import { createTestQueryClient, renderRoutes } from './render';

const author = makeUser({ avatarUrl: '', isVerified: false });
/** Each test's pictures have URLs of their own: a picture fetched ahead stays warm for a minute (preload-feed-picture.ts). */
let testNumber = 0;
let feed: Design[];
let api: MockedApi;
let srcsets: string[];
const feedRequests = () => api.callsTo(`GET ${apiPaths.designs}`).map((call) => call.url);
const gatePosts = () => api.callsTo(`POST ${apiPaths.gate}`).map((call) => call.url);
const firstFeedPage = (queryClient: QueryClient) =>
  queryClient.getQueryData<{ pages: FeedPage[] }>(queryKeys.designs.feed('interior'))?.pages[0];

/** The server's answer to an accepted password: the feed's first page when asked for one, else none. */
const carryingPage = ({ url }: { url: URL }) =>
  url.searchParams.get('feed') === 'interior' ? compactFeedPage({ items: feed, nextCursor: null }) : jsonResponse(204);

beforeEach(() => {
  testNumber += 1;
  feed = ['d-lounge', 'd-kitchen'].map((id, i) =>
    makeDesign({
      id,
      title: ['Soft lounge', 'Bright kitchen'][i],
      mode: 'interior',
      author,
      afterImageUrl: `/media/seed/designs/${id}-carried-${testNumber}.webp`,
    }),
  );
  api = mockApi({
    [`GET ${apiPaths.me}`]: makeSession({ signedIn: false }),
    [`GET ${apiPaths.designs}`]: compactFeedPage({ items: feed, nextCursor: null }),
  });
  vi.stubGlobal('EventSource', undefined);
  srcsets = recordDetachedSrcsets();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete window.dwellscapeGate;
  document.body.replaceChildren();
});

/** index.html's gate, started as gate-boot.ts starts it, let in with `answer` as the server's. */
async function passTheGate(answer: (call: { url: URL }) => unknown = carryingPage) {
  api.answer({ [`POST ${apiPaths.gate}`]: answer });
  const markup = new DOMParser().parseFromString(`<body>${gateMarkup()}</body>`, 'text/html');
  document.body.replaceChildren(...markup.body.childNodes);
  const gate = startGate(document.body, undefined, () => earlyReadsFor(window.location.pathname), afterEarlyRead);
  window.dwellscapeGate = gate;
  const field = screen.getByLabelText<HTMLInputElement>(messages.gate.passwordLabel);
  field.value = 'dwellscape';
  field.form!.requestSubmit();
  await vi.waitFor(() => expect(gate.phase).toBe('opening'));
}

describe('the feed after a gate whose answer carried its first page (decision 0069)', () => {
  it('fills the feed query with the carried page and starts its first picture, asking the server for no page', async () => {
    await passTheGate();
    expect(gatePosts().map((url) => url.search)).toEqual(['?feed=interior']);
    const queryClient = createTestQueryClient({ staleTime: 30_000 });
    await prefetchFeed(queryClient);

    expect(feedRequests()).toEqual([]);
    expect(firstFeedPage(queryClient)?.items.map((design) => design.id)).toEqual(['d-lounge', 'd-kitchen']);
    // once, by the gate's script as the page came in: the app's own call finds it warm
    expect(srcsets).toEqual([responsiveImageSources(feed[0]!.afterImageUrl, imageSizes.column).srcSet]);
    renderRoutes([{ path: '/', element: <FeedScreen /> }], { initialEntries: ['/'], queryClient });
    expect(await screen.findByRole('heading', { name: 'Soft lounge' })).toBeInTheDocument();
    expect(feedRequests()).toEqual([]);
  });

  it('asks for the page itself when the carried one is stale', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await passTheGate();
      vi.advanceTimersByTime(EARLY_READ_MAX_AGE_MS + 1);
      const queryClient = createTestQueryClient({ staleTime: 30_000 });
      await prefetchFeed(queryClient);
      expect(feedRequests().map((url) => url.search)).toEqual(['?mode=interior&limit=25']);
      expect(firstFeedPage(queryClient)?.items[0]?.id).toBe('d-lounge');
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the page the gate’s script asked for when the answer came without it (204)', async () => {
    await passTheGate(() => jsonResponse(204));
    const queryClient = createTestQueryClient({ staleTime: 30_000 });
    await prefetchFeed(queryClient);
    // asked once, by the gate's script as the password was accepted; the app took that answer
    expect(feedRequests()).toHaveLength(1);
    expect(firstFeedPage(queryClient)?.items[0]?.id).toBe('d-lounge');
  });
});

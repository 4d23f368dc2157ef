import { apiPaths, compactFeedPage, messages, type DesignPageResponse, type SessionResponse } from '@dwellscape/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { makeAccount, makeDesign, makeSession, makeUser } from '../../../../test/fixtures';
import { mockApi, type MockedApi } from '../../../../test/mock-api';
import { createTestQueryClient, renderRoutes } from '../../../../test/render';
import { feedViewTexts } from './feed-view-switch';
import { FeedScreen } from './feed-screen';
import { followingFeedTexts } from './following-feed';
import { queryKeys } from '@/lib/query-keys';

const signedIn = makeSession({
  currentUser: makeAccount({ id: 'u-noor', username: 'noor_builds', displayName: 'Noor Haddad', followingCount: 1 }),
});
const signedOut: SessionResponse = { ...signedIn, signedIn: false };

const jordan = makeUser({ id: 'u-jordan', username: 'jordanbuilds', displayName: 'Jordan Blake' });
const community = [makeDesign({ id: 'd-community', title: 'Community room' })];
const followedPages: Record<string, DesignPageResponse> = {
  first: {
    items: [
      makeDesign({ id: 'd-new', title: 'Jordan’s new garden', mode: 'landscape', author: jordan }),
      makeDesign({ id: 'd-old', title: 'Jordan’s study', author: jordan }),
    ],
    nextCursor: 'c2',
  },
  c2: { items: [makeDesign({ id: 'd-oldest', title: 'Jordan’s first loft', author: jordan })], nextCursor: null },
};

let following: Record<string, DesignPageResponse>;
let api: MockedApi;
const followingRequests = () => api.callsTo(`GET ${apiPaths.designsFollowing}`).map((call) => call.url);

beforeEach(() => {
  following = followedPages;
  api = mockApi({
    [`GET ${apiPaths.designs}`]: () => compactFeedPage({ items: community, nextCursor: null }),
    [`GET ${apiPaths.designsFollowing}`]: ({ url }) => following[url.searchParams.get('cursor') ?? 'first'],
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderHome(session: SessionResponse, path = paths.home.following()) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.me, session);
  return renderRoutes(
    [
      { path: '/', element: <FeedScreen /> },
      { path: '/search', element: <p>Search screen</p> },
    ],
    { initialEntries: [path], queryClient },
  );
}

const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe("Home's Following view", () => {
  it("sits beside 'For you' and lists the designs of people followed, newest first, with 'Load More'", async () => {
    renderHome(signedIn, paths.home.getHref());
    const feeds = screen.getByRole('navigation', { name: 'Feeds' });
    expect(within(feeds).getByRole('link', { name: feedViewTexts.forYou })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Community room' })).toBeInTheDocument();
    expect(followingRequests()).toHaveLength(0);

    await userEvent.click(within(feeds).getByRole('link', { name: feedViewTexts.following }));
    expect(within(feeds).getByRole('link', { name: feedViewTexts.following })).toHaveAttribute('aria-current', 'page');
    const list = await screen.findByRole('list', { name: 'Designs from people you follow' });
    expect(titles(list)).toEqual(['Jordan’s new garden', 'Jordan’s study']);
    expect(screen.getByRole('heading', { level: 1, name: 'Community Feed' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: messages.feed.loadMore }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Jordan’s first loft' })).toBeInTheDocument();
    expect(titles(list)).toEqual(['Jordan’s new garden', 'Jordan’s study', 'Jordan’s first loft']);
    expect(followingRequests().map((url) => url.searchParams.get('cursor'))).toEqual([null, 'c2']);
    expect(screen.getByText(messages.feed.noMore)).toBeInTheDocument();
  });

  it('tells someone who follows nobody yet to find people, linking to search', async () => {
    following = { first: { items: [], nextCursor: null } };
    renderHome(signedIn);
    expect(await screen.findByText(followingFeedTexts.emptyTitle)).toBeInTheDocument();
    const findPeople = screen.getByRole('link', { name: followingFeedTexts.findPeople });
    expect(findPeople).toHaveAttribute('href', paths.search.people());
    await userEvent.click(findPeople);
    expect(await screen.findByText('Search screen')).toBeInTheDocument();
  });

  it('signed out: asks nothing of the server and offers to sign in', async () => {
    renderHome(signedOut);
    expect(await screen.findByText(followingFeedTexts.signedOutTitle)).toBeInTheDocument();
    expect(followingRequests()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: followingFeedTexts.signIn }));
    expect(await screen.findByRole('dialog')).toHaveAccessibleDescription(followingFeedTexts.signInReason);
  });
});

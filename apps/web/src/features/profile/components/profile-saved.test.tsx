import { apiPaths, messages, type DesignPageResponse, type SessionResponse, type User } from '@dwellscape/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { makeAccount, makeDesign, makeEarnings } from '../../../../test/fixtures';
import { mockApi, type MockedApi } from '../../../../test/mock-api';
import { createTestQueryClient, renderRoutes } from '../../../../test/render';
import { ProfileScreen } from './profile-screen';
import { savedTexts } from './profile-saved';
import { queryKeys } from '@/lib/query-keys';

const noor = makeAccount({ id: 'u-noor', username: 'noor_builds', displayName: 'Noor Haddad' });
const priya: User = { ...noor, id: 'u-priya', username: 'priya_greenspace', displayName: 'Priya Patel' };
const signedIn: SessionResponse = { viewerId: 'v1', signedIn: true, unreadNotifications: 0, currentUser: noor };

const savedPages: Record<string, DesignPageResponse> = {
  first: {
    items: [
      makeDesign({ id: 'd-last', title: 'Saved just now' }),
      makeDesign({ id: 'd-mid', title: 'Saved yesterday' }),
    ],
    nextCursor: 's2',
  },
  s2: { items: [makeDesign({ id: 'd-first', title: 'Saved first' })], nextCursor: null },
};

let saved: Record<string, DesignPageResponse>;
let api: MockedApi;
const savedRequests = () => api.callsTo(`GET ${apiPaths.meSaved}`).map((call) => call.url);

beforeEach(() => {
  saved = savedPages;
  api = mockApi({
    [`GET ${apiPaths.meSaved}`]: ({ url }) => saved[url.searchParams.get('cursor') ?? 'first'],
    [`GET ${apiPaths.user(noor.id)}`]: noor,
    [`GET ${apiPaths.user(priya.id)}`]: { ...priya, isCurrentUser: false },
    [`GET ${apiPaths.userDesigns(':id')}`]: { items: [] },
    [`GET ${apiPaths.meEarnings}`]: makeEarnings(),
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderProfile(session: SessionResponse, path: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.me, session);
  return renderRoutes([{ path: paths.profile.path, element: <ProfileScreen /> }], {
    initialEntries: [path],
    queryClient,
  });
}

describe("the profile's Saved tab", () => {
  it('lists the designs the account saved, the most recent first, with older ones on demand', async () => {
    renderProfile(signedIn, paths.profile.getHref(noor.id));
    await screen.findByRole('heading', { level: 1, name: 'Noor Haddad' });
    expect(savedRequests()).toHaveLength(0);

    await userEvent.click(screen.getByRole('tab', { name: messages.profile.saved }));
    const list = await screen.findByRole('list', { name: 'Saved designs' });
    const titles = () =>
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
    expect(titles()).toEqual(['Saved just now', 'Saved yesterday']);
    expect(within(list).getByRole('link', { name: 'Saved just now' })).toHaveAttribute(
      'href',
      paths.post.getHref('d-last'),
    );

    await userEvent.click(screen.getByRole('button', { name: messages.feed.loadMore }));
    await screen.findByRole('heading', { level: 3, name: 'Saved first' });
    expect(titles()).toEqual(['Saved just now', 'Saved yesterday', 'Saved first']);
    expect(savedRequests().map((url) => url.searchParams.get('cursor'))).toEqual([null, 's2']);
    expect(screen.queryByRole('button', { name: messages.feed.loadMore })).not.toBeInTheDocument();
  });

  it('opens on the tab from the address, and says when nothing is saved yet', async () => {
    saved = { first: { items: [], nextCursor: null } };
    renderProfile(signedIn, paths.profile.saved(noor.id));
    expect(await screen.findByText(savedTexts.emptyTitle)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: messages.profile.saved })).toHaveAttribute('aria-selected', 'true');
  });

  it("keeps other people's saved designs private", async () => {
    renderProfile(signedIn, paths.profile.saved(priya.id));
    expect(await screen.findByText(savedTexts.privateTitle)).toBeInTheDocument();
    expect(screen.getByText(savedTexts.privateBody('Priya Patel'))).toBeInTheDocument();
    expect(savedRequests()).toHaveLength(0);
  });

  it('signed out: offers to sign in instead of asking the server', async () => {
    renderProfile({ ...signedIn, signedIn: false }, paths.profile.saved(noor.id));
    expect(await screen.findByText(savedTexts.guestTitle)).toBeInTheDocument();
    expect(savedRequests()).toHaveLength(0);
    await userEvent.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: savedTexts.signIn }));
    expect(await screen.findByRole('dialog')).toHaveAccessibleDescription(savedTexts.signInReason);
  });
});

import { apiPaths, type SessionResponse, type User } from '@dwellscape/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followTexts } from '@/components/follow-button/follow-button';
import { paths } from '@/config/paths';
import { jsonResponse, mockApi, type ApiCall } from '../../../../test/mock-api';
import { createTestQueryClient, renderRoutes } from '../../../../test/render';
import { makeAccount, makeEarnings } from '../../../../test/fixtures';
import { ProfileScreen } from './profile-screen';
import { queryKeys } from '@/lib/query-keys';

const noor = makeAccount({ id: 'u-noor', username: 'noor_builds', displayName: 'Noor Haddad', followerCount: 4 });
const priya: User = {
  ...noor,
  id: 'u-priya',
  username: 'priya_greenspace',
  displayName: 'Priya Patel',
  followerCount: 912,
  followingCount: 40,
  isCurrentUser: false,
};
const signedIn: SessionResponse = { viewerId: 'v1', signedIn: true, unreadNotifications: 0, currentUser: noor };
const signedOut: SessionResponse = { ...signedIn, signedIn: false, currentUser: { ...priya, id: 'u-maya' } };

function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((res) => (resolve = res));
  return { promise, resolve };
}

/** A server that keeps who follows whom, and answers as the API does. */
function stubServer(session: SessionResponse) {
  const state = {
    session,
    follows: false,
    extraFollowers: 0,
    failFollow: false,
    hold: null as Promise<Response> | null,
  };
  const profile = (user: User): User => {
    const isNoor = user.id === noor.id;
    const me = state.session.signedIn;
    return {
      ...user,
      isCurrentUser: me && isNoor,
      followerCount: isNoor ? user.followerCount : user.followerCount + (state.follows ? 1 : 0) + state.extraFollowers,
      followingCount: isNoor ? user.followingCount + (state.follows ? 1 : 0) : user.followingCount,
      isFollowedByViewer: me && !isNoor && state.follows,
    };
  };
  const follow = async ({ method }: ApiCall) => {
    if (!state.session.signedIn) return jsonResponse(401, { error: 'Sign in required', message: 'Sign in.' });
    if (state.hold) await state.hold;
    if (state.failFollow) return jsonResponse(503, { error: 'Service Unavailable' });
    state.follows = method === 'PUT';
    const counts = profile(priya);
    return { following: state.follows, followerCount: counts.followerCount, followingCount: counts.followingCount };
  };
  const api = mockApi({
    [`POST ${apiPaths.signIn}`]: () => (state.session = signedIn),
    [`PUT ${apiPaths.userFollow(priya.id)}`]: follow,
    [`DELETE ${apiPaths.userFollow(priya.id)}`]: follow,
    [`GET ${apiPaths.userDesigns(priya.id)}`]: { items: [] },
    [`GET ${apiPaths.userDesigns(noor.id)}`]: { items: [] },
    [`GET ${apiPaths.user(priya.id)}`]: () => profile(priya),
    [`GET ${apiPaths.user(noor.id)}`]: () => profile(noor),
    [`GET ${apiPaths.meEarnings}`]: makeEarnings(),
  });
  const followCalls = () =>
    api.calls.filter((call) => call.path === apiPaths.userFollow(priya.id)).map((call) => call.method);
  return { state, followCalls };
}

function renderProfile(session: SessionResponse, userId: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.me, session);
  return renderRoutes([{ path: paths.profile.path, element: <ProfileScreen /> }], {
    initialEntries: [paths.profile.getHref(userId)],
    queryClient,
    withToaster: true,
  });
}

/** The number above a count's label in the profile's header ('Followers', 'Following'). */
const count = (label: string) => {
  const header = screen.getByRole('region', { name: 'Profile' });
  const labelOf = within(header).getByText(label, { exact: true, selector: 'p' });
  return labelOf.previousElementSibling?.textContent;
};

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("'Follow' on another person's profile", () => {
  it("turns into 'Following' and moves both profiles' counts at once, then keeps the server's", async () => {
    const server = stubServer(signedIn);
    const held = deferred();
    server.state.hold = held.promise;
    const { router } = renderProfile(signedIn, noor.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Noor Haddad' })).toBeInTheDocument();
    expect(count('Following')).toBe('0');

    await router.navigate(paths.profile.getHref(priya.id));
    const follow = await screen.findByRole('button', { name: 'Follow Priya Patel' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(count('Followers')).toBe('912');
    // others follow Priya meanwhile: the server's count is the one that stands
    server.state.extraFollowers = 7;

    await userEvent.click(follow);
    const following = screen.getByRole('button', { name: 'Following Priya Patel' });
    expect(following).toHaveAttribute('aria-pressed', 'true');
    expect(following).toHaveTextContent(followTexts.following);
    expect(count('Followers')).toBe('913');
    expect(server.followCalls()).toEqual(['PUT']);

    held.resolve(jsonResponse(200, {}));
    await waitFor(() => expect(count('Followers')).toBe('920'));

    // the follower's own profile counts one more person followed
    await router.navigate(paths.profile.getHref(noor.id));
    expect(await screen.findByRole('heading', { level: 1, name: 'Noor Haddad' })).toBeInTheDocument();
    await waitFor(() => expect(count('Following')).toBe('1'));
  });

  it("unfollows with DELETE: 'Follow' again and one follower less", async () => {
    const server = stubServer(signedIn);
    server.state.follows = true;
    renderProfile(signedIn, priya.id);
    await userEvent.click(await screen.findByRole('button', { name: 'Following Priya Patel' }));
    expect(screen.getByRole('button', { name: 'Follow Priya Patel' })).toHaveAttribute('aria-pressed', 'false');
    expect(count('Followers')).toBe('912');
    expect(server.followCalls()).toEqual(['DELETE']);
  });

  it('puts everything back and says so when the server fails', async () => {
    const server = stubServer(signedIn);
    server.state.failFollow = true;
    renderProfile(signedIn, priya.id);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow Priya Patel' }));
    expect(await screen.findByText(followTexts.followFailed('Priya Patel'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow Priya Patel' })).toHaveAttribute('aria-pressed', 'false');
    expect(count('Followers')).toBe('912');
  });

  // typing into the sheet takes a while on a busy machine
  it('signed out: the sign-in sheet asks first, then the follow goes through', { timeout: 20_000 }, async () => {
    const server = stubServer(signedOut);
    renderProfile(signedOut, priya.id);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow Priya Patel' }));

    const sheet = await screen.findByRole('dialog');
    expect(sheet).toHaveAccessibleDescription(followTexts.signInReason('Priya Patel'));
    expect(server.followCalls()).toEqual([]);
    await userEvent.type(within(sheet).getByRole('textbox', { name: 'Username' }), 'noor_builds');
    await userEvent.type(within(sheet).getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(server.followCalls()).toEqual(['PUT']));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Following Priya Patel' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(count('Followers')).toBe('913');
  });
});

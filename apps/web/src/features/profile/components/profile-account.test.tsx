import { accountMessages, apiPaths, messages, type SessionResponse, type User } from '@dwellscape/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { makeAccount, makeDesign, makeEarnings } from '../../../../test/fixtures';
import { jsonResponse, mockApi, type ApiRoutes } from '../../../../test/mock-api';
import { renderRoutes } from '../../../../test/render';
import { ProfileScreen } from './profile-screen';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { queryKeys } from '@/lib/query-keys';

const noor = makeAccount({
  id: 'u-noor',
  username: 'noor_builds',
  displayName: 'Noor Haddad',
  bio: 'Small flat, big plans.',
  postCount: 1,
});
const maya: User = { ...noor, id: 'u-maya', username: 'mayadesigns', displayName: 'Maya Chen', bio: '' };
const signedIn: SessionResponse = { viewerId: 'viewer-1', signedIn: true, unreadNotifications: 0, currentUser: noor };
// a guest is shown the first sample user as someone else's profile
const signedOut: SessionResponse = {
  ...signedIn,
  signedIn: false,
  currentUser: { ...maya, isCurrentUser: false, commissionEarned: '$1,245.50' },
};

/** The API as the server answers one viewer: `session` for /api/me, the profile of its current user. */
function stubApi(session: SessionResponse, overrides: ApiRoutes = {}) {
  let profile = session.currentUser;
  return mockApi({
    [`GET ${apiPaths.me}`]: session,
    [`PATCH ${apiPaths.me}`]: ({ body }) => (profile = { ...profile, ...(body as Partial<User>) }),
    [`POST ${apiPaths.uploads}`]: jsonResponse(201, { url: '/media/uploads/noor-new.webp', width: 800, height: 800 }),
    [`GET ${apiPaths.userDesigns(profile.id)}`]: () => ({
      items: [makeDesign({ id: 'd-1', title: 'Reading nook', author: profile })],
    }),
    [`GET ${apiPaths.user(profile.id)}`]: () => profile,
    // nothing earned yet
    [`GET ${apiPaths.meEarnings}`]: makeEarnings(),
    ...overrides,
  }).calls;
}

function renderOwnProfile(session: SessionResponse, userId = session.currentUser.id) {
  const rendered = renderRoutes(
    [
      { path: paths.profile.path, element: <ProfileScreen /> },
      { path: paths.home.path, element: <h1>Home</h1> },
    ],
    {
      initialEntries: [paths.profile.getHref(userId)],
      withToaster: true,
    },
  );
  rendered.queryClient.setQueryData(queryKeys.me, session);
  return rendered;
}

const createObjectURL = vi.fn(() => 'blob:export');
beforeEach(() => {
  // jsdom makes no object URLs; the download only needs one to hand to its link
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  createObjectURL.mockClear();
});

describe('the Profile tab, signed out', () => {
  it('shows the first sample user as someone else’s, with a call to sign up: no Edit Profile, Settings or commission', async () => {
    stubApi(signedOut);
    renderOwnProfile(signedOut);
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You are browsing as a guest' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Follow/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.profile.message })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.profile.editProfile })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.profile.settings })).not.toBeInTheDocument();
    expect(screen.queryByText(messages.profile.commission)).not.toBeInTheDocument();
    expect(screen.queryByText('$1,245.50')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('dialog', { name: 'Join Dwellscape' })).toBeInTheDocument();
  });
});

describe('own profile, signed in', () => {
  it('has no call to sign in', async () => {
    stubApi(signedIn);
    renderOwnProfile(signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Noor Haddad' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You are browsing as a guest' })).not.toBeInTheDocument();
  });

  it("'Edit Profile' changes the name, the bio and the picture, and the profile shows them at once", async () => {
    const calls = stubApi(signedIn);
    const { queryClient } = renderOwnProfile(signedIn);
    await userEvent.click(await screen.findByRole('button', { name: messages.profile.editProfile }));
    const dialog = await screen.findByRole('dialog', { name: messages.profile.editProfile });

    const name = within(dialog).getByRole('textbox', { name: 'Display name' });
    expect(name).toHaveValue('Noor Haddad');
    await userEvent.clear(name);
    await userEvent.type(name, 'Noor H.');
    const bio = within(dialog).getByRole('textbox', { name: 'Bio' });
    await userEvent.clear(bio);
    await userEvent.type(bio, 'Plants and plywood.');
    await userEvent.upload(
      within(dialog).getByLabelText('Profile photo'),
      new File(['photo'], 'me.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(calls.some((call) => call.path === apiPaths.uploads)).toBe(true));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      displayName: 'Noor H.',
      bio: 'Plants and plywood.',
      avatarUrl: '/media/uploads/noor-new.webp',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Noor H.' })).toBeInTheDocument();
    expect(screen.getByText('Plants and plywood.')).toBeInTheDocument();
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    // the person's cards elsewhere (their designs' author line) read the same
    const designs = queryClient.getQueryData<{ author: User }[]>(['users', noor.id, 'designs']);
    expect(designs?.[0]?.author).toMatchObject({ displayName: 'Noor H.', avatarUrl: '/media/uploads/noor-new.webp' });
  });

  it('checks the display name before saving, and shows the server’s words for a field it refuses', async () => {
    const calls = stubApi(signedIn, {
      'PATCH /api/me': () =>
        jsonResponse(400, {
          error: 'Bad Request',
          message: `Invalid body.bio: ${accountMessages.bioLength}`,
          details: [{ field: 'body.bio', message: accountMessages.bioLength }],
        }),
    });
    renderOwnProfile(signedIn);
    await userEvent.click(await screen.findByRole('button', { name: messages.profile.editProfile }));
    const dialog = await screen.findByRole('dialog', { name: messages.profile.editProfile });
    const name = within(dialog).getByRole('textbox', { name: 'Display name' });
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription(accountMessages.displayNameLength);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await userEvent.clear(name);
    await userEvent.type(name, 'Noor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Bio' })).toHaveAccessibleDescription(
        accountMessages.bioLength,
      ),
    );
    expect(screen.getByRole('dialog', { name: messages.profile.editProfile })).toBeInTheDocument();
  });

  it("'Settings': signing out tells the server and the app", async () => {
    const calls = stubApi(signedIn, { 'POST /api/auth/sign-out': () => jsonResponse(200, signedOut) });
    const { queryClient } = renderOwnProfile(signedIn);
    await userEvent.click(await screen.findByRole('button', { name: messages.profile.settings }));
    const settings = await screen.findByRole('dialog', { name: messages.profile.settings });
    expect(within(settings).getByText('Signed in as @noor_builds')).toBeInTheDocument();
    await userEvent.click(within(settings).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === apiPaths.signOut)).toBe(true);
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(signedOut);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // not left on the profile as a stranger's: signing out goes home
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });

  it("'Settings': 'Install app' shows while the browser offers the install, and opens the browser's dialog", async () => {
    stubApi(signedIn);
    captureInstallPrompt();
    try {
      renderOwnProfile(signedIn);
      await userEvent.click(await screen.findByRole('button', { name: messages.profile.settings }));
      const settings = await screen.findByRole('dialog', { name: messages.profile.settings });
      // no offer (a browser that does not install, or already installed): no button
      expect(within(settings).queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();

      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: vi.fn(async () => undefined),
        userChoice: Promise.resolve({ outcome: 'accepted' as const }),
      });
      act(() => void window.dispatchEvent(offer));
      // the browser's own mini-infobar is held back: the offer is ours to make
      expect(offer.defaultPrevented).toBe(true);
      await userEvent.click(await within(settings).findByRole('button', { name: 'Install app' }));

      expect(offer.prompt).toHaveBeenCalledTimes(1);
      expect(await screen.findByText('Dwellscape is on your home screen')).toBeInTheDocument();
      // an offer is good for one dialog
      expect(within(settings).queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
    } finally {
      window.dwellscapeInstallPrompt = null;
    }
  });

  it("'Settings': 'Sign out everywhere' uses its own call", async () => {
    const calls = stubApi(signedIn, { 'POST /api/auth/sign-out-everywhere': () => jsonResponse(200, signedOut) });
    renderOwnProfile(signedIn);
    await userEvent.click(await screen.findByRole('button', { name: messages.profile.settings }));
    const settings = await screen.findByRole('dialog', { name: messages.profile.settings });
    await userEvent.click(within(settings).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Signed out on every device')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      apiPaths.signOutEverywhere,
    ]);
  });

  it("'Settings': 'Download my data' saves the export as a JSON file", async () => {
    const exported = {
      exportedAt: '2026-05-01T10:00:00.000Z',
      profile: {
        id: noor.id,
        username: noor.username,
        displayName: noor.displayName,
        bio: noor.bio,
        avatarUrl: noor.avatarUrl,
        createdAt: '2026-04-01T10:00:00.000Z',
        followerCount: 0,
        followingCount: 0,
      },
      designs: [],
      comments: [],
      likes: [],
      following: [],
      followers: [],
      saved: [],
    };
    stubApi(signedIn, { 'GET /api/me/export': () => jsonResponse(200, exported) });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderOwnProfile(signedIn);
    await userEvent.click(await screen.findByRole('button', { name: messages.profile.settings }));
    const settings = await screen.findByRole('dialog', { name: messages.profile.settings });
    await userEvent.click(within(settings).getByRole('button', { name: 'Download my data' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toHaveAttribute('download', 'dwellscape-noor_builds.json');
    expect(clicked[0]).toHaveAttribute('href', 'blob:export');
    const blob = (createObjectURL.mock.calls as unknown as [Blob][])[0]?.[0];
    // jsdom's Blob has no text(): read it as a browser of old would
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob!);
    });
    expect(JSON.parse(text)).toEqual(exported);
    click.mockRestore();
  });

  it("'Delete account' asks for the username, then deletes and signs out", async () => {
    const calls = stubApi(signedIn, { 'DELETE /api/me': () => jsonResponse(200, signedOut) });
    const { queryClient } = renderOwnProfile(signedIn);
    await userEvent.click(await screen.findByRole('button', { name: messages.profile.settings }));
    const settings = await screen.findByRole('dialog', { name: messages.profile.settings });
    await userEvent.click(within(settings).getByRole('button', { name: 'Delete account' }));

    const confirm = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const deleteButton = within(confirm).getByRole('button', { name: 'Delete account' });
    expect(deleteButton).toBeDisabled();
    const field = within(confirm).getByRole('textbox', { name: 'Type noor_builds to confirm' });
    // the field has the focus as the dialog opens, not 'Close': what is typed at once goes into it
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, 'noor');
    expect(deleteButton).toBeDisabled();
    // Enter before the name matches says why nothing happens, and sends nothing
    await userEvent.type(field, '{Enter}');
    expect(field).toHaveAccessibleDescription('Type your username exactly to confirm.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.type(field, '_builds');
    await userEvent.click(deleteButton);

    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({
      path: apiPaths.me,
      body: { confirmUsername: 'noor_builds' },
    });
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(signedOut);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // back to the feed, which no longer holds the account's designs
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});

describe('another profile', () => {
  it("'Message' opens a sheet saying messages are coming, not a dead button", async () => {
    const priya: User = { ...maya, id: 'u-priya', displayName: 'Priya Patel', isCurrentUser: false };
    stubApi(signedIn, {
      'GET /api/users/u-priya': () => jsonResponse(200, priya),
      'GET /api/users/u-priya/designs': () => jsonResponse(200, { items: [] }),
    });
    renderOwnProfile(signedIn, priya.id);
    await userEvent.click(await screen.findByRole('button', { name: messages.profile.message }));
    const soon = await screen.findByRole('dialog', { name: 'Messages are coming soon' });
    expect(soon).toHaveAccessibleDescription(/follow Priya Patel or leave a comment on their designs/);
    await userEvent.click(within(soon).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

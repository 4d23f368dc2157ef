import { apiPaths, messages, type Notification } from '@dwellscape/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockApi, type ApiRoutes } from '../../../../test/mock-api';
import { createTestQueryClient, renderRoutes, renderWithQueryClient } from '../../../../test/render';
import { makeAccount, makeSession } from '../../../../test/fixtures';
import { queryKeys } from '@/lib/query-keys';
import { updatePreferences } from '@/lib/preferences';
import { ActivityScreen, activityTexts } from './activity-screen';
import { NotificationRow } from './notification-row';

const jordan = {
  id: 'u-jordan',
  username: 'jordanbuilds',
  displayName: 'Jordan Blake',
  avatarUrl: '/media/seed/jordan.webp',
  isVerified: true,
};
const now = new Date('2024-06-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

const notifications: Notification[] = [
  {
    id: 'n1',
    type: 'like',
    actor: jordan,
    message: 'Jordan Blake liked your design “Sunday loft”.',
    designId: 'd-loft',
    thumbnailUrl: '/media/seed/d-loft.webp',
    amount: null,
    createdAt: ago(30_000),
    read: false,
  },
  {
    id: 'n2',
    type: 'commission',
    actor: jordan,
    message: 'You earned a commission: Jordan Blake bought the Arc Lamp from your design.',
    designId: 'd-loft',
    thumbnailUrl: '/media/seed/d-loft.webp',
    amount: '$45.00',
    createdAt: ago(2 * 3600_000),
    read: true,
  },
  {
    id: 'n3',
    type: 'follow',
    actor: jordan,
    message: 'Jordan Blake started following you.',
    designId: null,
    thumbnailUrl: null,
    amount: null,
    createdAt: ago(3 * 86_400_000),
    read: true,
  },
  {
    id: 'n4',
    type: 'comment',
    actor: jordan,
    message: 'commented: "Love it"',
    designId: 'd-nook',
    thumbnailUrl: '/media/seed/d-nook.webp',
    amount: null,
    createdAt: ago(12 * 86_400_000),
    read: true,
  },
];

const renderRow = (notification: Notification) =>
  render(
    <MemoryRouter>
      <NotificationRow notification={notification} now={now} />
    </MemoryRouter>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  updatePreferences({ isLandscapeMode: false });
});

describe('NotificationRow', () => {
  it('a like: avatar, the actor in front of the message, the time, the icon and the design thumbnail, linking to the post', () => {
    renderRow(notifications[0]!);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', paths.post.getHref('d-loft'));
    expect(link).toHaveTextContent('Jordan Blake liked your design “Sunday loft”.');
    expect(screen.getByText('just now')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Like' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'New' })).toBeInTheDocument();
    expect(link.querySelector('img[src="/media/seed/d-loft.webp"]')).not.toBeNull();
  });

  it('a commission shows the amount', () => {
    renderRow(notifications[1]!);
    expect(screen.getByRole('img', { name: 'Commission' })).toBeInTheDocument();
    expect(screen.getByText('+$45.00')).toBeInTheDocument();
    // the actor is not at the start, so the message stays as written
    expect(
      screen.getByText('You earned a commission: Jordan Blake bought the Arc Lamp from your design.'),
    ).toBeInTheDocument();
    expect(screen.getByText('2 hours ago')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'New' })).not.toBeInTheDocument();
  });

  it('a follow links to the follower and has no thumbnail', () => {
    renderRow(notifications[2]!);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', paths.profile.getHref('u-jordan'));
    expect(screen.getByRole('img', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByText('3 days ago')).toBeInTheDocument();
    expect(link.querySelectorAll('img')).toHaveLength(1);
  });

  it('older than a week shows the date', () => {
    renderRow(notifications[3]!);
    expect(screen.getByRole('img', { name: 'Comment' })).toBeInTheDocument();
    expect(screen.getByText('May 29, 2024')).toBeInTheDocument();
  });
});

/** The API as a signed-in person's Activity screen reads it, `list` answering the notifications; none unread. */
const activityApi = (list: ApiRoutes[string]) =>
  mockApi({
    [`GET ${apiPaths.me}`]: makeSession(),
    [`GET ${apiPaths.notifications}`]: list,
    [`GET ${apiPaths.notificationsUnread}`]: { unread: 0 },
    [`POST ${apiPaths.notificationsRead}`]: { unread: 0 },
  });

describe('ActivityScreen', () => {
  it("lists every notification, then 'All caught up!'", async () => {
    activityApi({ items: notifications });
    renderWithQueryClient(
      <MemoryRouter>
        <ActivityScreen />
      </MemoryRouter>,
    );
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    for (const type of ['Like', 'Commission', 'Follow', 'Comment'])
      expect(within(list).getByRole('img', { name: type })).toBeInTheDocument();
    expect(screen.getByText(messages.activity.caughtUp)).toBeInTheDocument();
  });

  it('offers to try again after a failed load', async () => {
    let fail = true;
    activityApi(() => (fail ? jsonResponse(503, { error: 'Service Unavailable' }) : { items: notifications }));
    renderWithQueryClient(
      <MemoryRouter>
        <ActivityScreen />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Could not load your activity')).toBeInTheDocument();
    expect(screen.queryByText(messages.activity.caughtUp)).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: messages.feed.tryAgain }));
    expect(await screen.findByText(messages.activity.caughtUp)).toBeInTheDocument();
  });

  it('invites a guest to sign in instead of showing anyone’s notifications', async () => {
    const api = mockApi({ [`GET ${apiPaths.notifications}`]: { items: notifications } });
    const guest = makeSession({
      viewerId: 'v-guest',
      signedIn: false,
      currentUser: makeAccount({ ...jordan, isCurrentUser: false }),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.me, guest);
    renderRoutes([{ path: paths.activity.path, element: <ActivityScreen /> }], {
      initialEntries: [paths.activity.getHref()],
      queryClient,
    });
    expect(await screen.findByText('Sign in to see your activity')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.queryByText(messages.activity.caughtUp)).not.toBeInTheDocument();
    expect(api.callsTo(`GET ${apiPaths.notifications}`)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('dialog', { name: 'Join Dwellscape' })).toBeInTheDocument();
  });
});

describe.each([
  ['interior', false],
  ['landscape', true],
])('ActivityScreen with no notifications (%s)', (_mode, isLandscapeMode) => {
  it("shows one empty state, without 'All caught up!' under an empty list", async () => {
    updatePreferences({ isLandscapeMode });
    activityApi({ items: [] });
    renderWithQueryClient(
      <MemoryRouter>
        <ActivityScreen />
      </MemoryRouter>,
    );
    expect(await screen.findByText(activityTexts.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(activityTexts.emptyBody)).toBeInTheDocument();
    expect(screen.queryByText(messages.activity.caughtUp)).not.toBeInTheDocument();
    expect(screen.queryByText(activityTexts.caughtUpBody)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it("puts 'All caught up!' under a list, and no empty-state text", async () => {
    updatePreferences({ isLandscapeMode });
    activityApi({ items: notifications.slice(0, 1) });
    renderWithQueryClient(
      <MemoryRouter>
        <ActivityScreen />
      </MemoryRouter>,
    );
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const caughtUp = screen.getByText(messages.activity.caughtUp);
    // after the list in reading order
    expect(list.compareDocumentPosition(caughtUp) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(activityTexts.emptyTitle)).not.toBeInTheDocument();
  });
});

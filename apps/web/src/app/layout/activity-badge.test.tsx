import { apiPaths, type Notification, type SessionResponse } from '@dwellscape/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityScreen } from '@/features/activity/components/activity-screen';
import { mockApi, type MockedApi } from '../../../test/mock-api';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { BottomNav } from './bottom-nav';
import { queryKeys } from '@/lib/query-keys';
import { FakeEventSource } from '../../../test/fake-event-source';
import { makeAccount, makeSession } from '../../../test/fixtures';

/** The notifications stream, driven inside `act` since the badge and the list re-render on each event. */
class NotificationSource extends FakeEventSource {
  send(notification: Notification) {
    act(() => this.emit('notification', notification, notification.id));
  }
}

const signedIn = makeSession({
  unreadNotifications: 2,
  currentUser: makeAccount({ id: 'u-noor', username: 'noor_builds', displayName: 'Noor Haddad', postCount: 1 }),
});
const jordan = {
  id: 'u-jordan',
  username: 'jordanbuilds',
  displayName: 'Jordan Blake',
  avatarUrl: '/media/seed/jordan.webp',
  isVerified: true,
};

const notice = (id: string, type: Notification['type'], message: string, read = false): Notification => ({
  id,
  type,
  actor: jordan,
  message,
  designId: type === 'follow' ? null : 'd-loft',
  thumbnailUrl: type === 'follow' ? null : '/media/seed/d-loft.webp',
  amount: null,
  createdAt: new Date().toISOString(),
  read,
});

let server: { notifications: Notification[]; unread: number };
let api: MockedApi;
const requests = (path: string) => api.calls.filter((call) => call.path === path);

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', NotificationSource);
  server = {
    notifications: [
      notice('n2', 'like', 'Jordan Blake liked your design “Sunday loft”.'),
      notice('n1', 'follow', 'Jordan Blake started following you.'),
      notice('n0', 'remix', 'Jordan Blake remixed your design “Sunday loft”.', true),
    ],
    unread: 2,
  };
  api = mockApi({
    [`GET ${apiPaths.notifications}`]: () => ({ items: server.notifications }),
    [`GET ${apiPaths.notificationsUnread}`]: () => ({ unread: server.unread }),
    [`POST ${apiPaths.notificationsRead}`]: () => {
      server.unread = 0;
      server.notifications = server.notifications.map((each) => ({ ...each, read: true }));
      return { unread: 0 };
    },
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderApp(session: SessionResponse) {
  // as the app's: answers stay fresh for 30 s
  const queryClient = createTestQueryClient({ staleTime: 30_000 });
  queryClient.setQueryData(queryKeys.me, session);
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <Outlet />
            <BottomNav />
          </>
        ),
        children: [
          { index: true, element: <h1>Home</h1> },
          { path: 'activity', element: <ActivityScreen /> },
        ],
      },
    ],
    { initialEntries: ['/'], queryClient },
  );
}

const activityLink = () =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /^Activity/ });

describe('the Activity badge', () => {
  it('counts unread notifications, live, and clears once the Activity screen has marked them read', async () => {
    renderApp(signedIn);
    // the session said how many: no second request
    expect(activityLink()).toHaveAccessibleName('Activity, 2 unread');
    expect(within(activityLink()).getByText('2')).toBeInTheDocument();
    expect(requests(apiPaths.notificationsUnread)).toHaveLength(0);

    const stream = FakeEventSource.opened.at(-1) as NotificationSource;
    expect(stream.url.pathname).toBe(apiPaths.notificationsLive);
    const comment = notice('n3', 'comment', 'Jordan Blake commented on “Sunday loft”: “Love the light”');
    server.notifications = [comment, ...server.notifications];
    server.unread = 3;
    stream.send(comment);
    await waitFor(() => expect(activityLink()).toHaveAccessibleName('Activity, 3 unread'));
    // a replay of one already counted is not counted twice
    stream.send(comment);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(activityLink()).toHaveAccessibleName('Activity, 3 unread');

    await userEvent.click(activityLink());
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    // what was new keeps its look during this visit
    expect(within(list).getAllByRole('img', { name: 'New' })).toHaveLength(3);
    expect(within(list).getByRole('img', { name: 'Remix' })).toBeInTheDocument();
    await waitFor(() => expect(requests(apiPaths.notificationsRead)).toHaveLength(1));
    expect(activityLink()).toHaveAccessibleName('Activity');
    expect(within(activityLink()).queryByText('3')).not.toBeInTheDocument();

    // one more arrives while the screen is open: it shows on top, and is marked read too
    const like = notice('n4', 'like', 'Jordan Blake liked your design “Garden nook”.');
    server.notifications = [like, ...server.notifications];
    server.unread = 1;
    stream.send(like);
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Garden nook'));
    await waitFor(() => expect(requests(apiPaths.notificationsRead)).toHaveLength(2));

    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(activityLink()).toHaveAccessibleName('Activity');
  });

  it('signed out: no badge and no live stream', async () => {
    renderApp({ ...signedIn, signedIn: false });
    expect(activityLink()).toHaveAccessibleName('Activity');
    expect(FakeEventSource.opened).toHaveLength(0);
    expect(requests(apiPaths.notificationsUnread)).toHaveLength(0);
  });
});

import { apiPaths, messages, type Design, type User } from '@dwellscape/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { getPreferences, updatePreferences } from '@/lib/preferences';
import { makeAccount, makeDesign, makeEarnings, makeSession, makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockApi, type ApiCall } from '../../../../test/mock-api';
import { renderRoutes } from '../../../../test/render';
import { ProfileScreen } from './profile-screen';
import { NoLayoutResizeObserver } from '../../../../test/no-layout-resize-observer';

const maya = makeAccount({
  ...makeUser(),
  bio: 'Interior stylist in Portland.',
  followerCount: 2841,
  followingCount: 312,
  postCount: 2,
  commissionEarned: '$1,245.50',
});
const priya: User = {
  ...maya,
  id: 'u-priya',
  username: 'priya.greenspace',
  displayName: 'Priya Patel',
  isVerified: false,
  bio: 'Plant person.',
  followerCount: 912,
  postCount: 0,
  commissionEarned: '$310.00',
  isCurrentUser: false,
  isFollowedByViewer: false,
};

const summary = ({ id, username, displayName, avatarUrl, isVerified }: User) => ({
  id,
  username,
  displayName,
  avatarUrl,
  isVerified,
});

const design = (id: string, title: string, extra: Partial<Design> = {}): Design =>
  makeDesign({ id, title, likesCount: 7, author: summary(maya), ...extra });

const mayaDesigns = [
  design('d-loft', 'Sunday loft', {
    selectedProducts: [
      {
        id: 'p-sofa',
        name: 'Sofa',
        price: 1299.99,
        brandId: 'b',
        imageUrl: '/media/p.webp',
        quantity: 1,
        ownItem: false,
      },
      {
        id: 'p-lamp',
        name: 'Lamp',
        price: 189.5,
        brandId: 'b',
        imageUrl: '/media/p.webp',
        quantity: 2,
        ownItem: false,
      },
    ],
  }),
  design('d-remix', 'Courtyard remix', {
    selectedProducts: [
      {
        id: 'p-bench',
        name: 'Bench',
        price: 450,
        brandId: 'b',
        imageUrl: '/media/p.webp',
        quantity: 1,
        ownItem: false,
      },
    ],
    originalDesignId: 'd-yard',
    originalCreatorId: priya.id,
    originalCreator: summary(priya),
  }),
];

function stubProfiles(designsOf: Record<string, Design[]> = { [maya.id]: mayaDesigns, [priya.id]: [] }) {
  const users: Record<string, User> = { [maya.id]: maya, [priya.id]: priya };
  const userNotFound = jsonResponse(404, { error: 'Not Found', message: 'User not found' });
  const follow = ({ method, params }: ApiCall) => {
    const user = users[params.id!];
    if (!user) return userNotFound;
    const following = method === 'PUT';
    const followerCount = user.followerCount + (following ? 1 : 0);
    return { following, followerCount, followingCount: user.followingCount };
  };
  return mockApi({
    [`GET ${apiPaths.user(':id')}`]: ({ params }) => users[params.id!] ?? userNotFound,
    [`GET ${apiPaths.userDesigns(':id')}`]: ({ params }) =>
      users[params.id!] ? { items: designsOf[params.id!] ?? [] } : userNotFound,
    [`PUT ${apiPaths.userFollow(':id')}`]: follow,
    [`DELETE ${apiPaths.userFollow(':id')}`]: follow,
    // signed in as Maya, who has earned nothing yet
    [`GET ${apiPaths.me}`]: makeSession({ currentUser: maya }),
    [`GET ${apiPaths.meEarnings}`]: makeEarnings(),
  });
}

function renderProfile(userId: string) {
  const { router } = renderRoutes([{ path: paths.profile.path, element: <ProfileScreen /> }], {
    initialEntries: [paths.profile.getHref(userId)],
    tooltipDelayDuration: 0,
    withToaster: true,
  });
  return { router };
}

beforeEach(() => vi.stubGlobal('ResizeObserver', NoLayoutResizeObserver));

afterEach(() => {
  vi.unstubAllGlobals();
  updatePreferences({ isDarkMode: false, isLandscapeMode: false });
});

describe('ProfileScreen: own profile', () => {
  it('shows the person, the counts and the commission earnings', async () => {
    stubProfiles();
    renderProfile(maya.id);
    expect(await screen.findByRole('heading', { level: 1, name: /Maya Chen/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(screen.getByText('@mayadesigns')).toBeInTheDocument();
    expect(screen.getByText(maya.bio)).toBeInTheDocument();
    expect(screen.getByText('2,841')).toBeInTheDocument();
    expect(screen.getByText('312')).toBeInTheDocument();
    expect(screen.getByText(messages.profile.commission)).toBeInTheDocument();
    expect(screen.getByText('$1,245.50')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.profile.message })).not.toBeInTheDocument();
  });

  it("lists the designs with 'Inspired by' and an 'Earning potential' from their products on hover and focus", async () => {
    stubProfiles();
    renderProfile(maya.id);
    const loft = await screen.findByRole('link', { name: 'Sunday loft' });
    expect(loft).toHaveAttribute('href', paths.post.getHref('d-loft'));
    expect(screen.getByRole('link', { name: '@priya.greenspace' })).toHaveAttribute(
      'href',
      paths.profile.getHref(priya.id),
    );
    expect(screen.getByText(messages.feed.inspiredBy, { exact: false })).toBeInTheDocument();

    // 8% of $1,299.99 + 2 × $189.50, each rounded down to the cent: $103.99 + $30.32
    await userEvent.hover(loft);
    expect(await screen.findByRole('tooltip', { name: 'Earning potential: $134.31' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    // a remix keeps 6%: the original creator's 2% comes out of the 8%
    act(() => screen.getByRole('link', { name: 'Courtyard remix' }).focus());
    expect(await screen.findByRole('tooltip', { name: 'Earning potential: $27.00' })).toBeInTheDocument();
  });

  it("'Saved' shows a proper empty state", async () => {
    stubProfiles().answer({ [`GET ${apiPaths.meSaved}`]: { items: [], nextCursor: null } });
    renderProfile(maya.id);
    await userEvent.click(await screen.findByRole('tab', { name: messages.profile.saved }));
    expect(await screen.findByText('Nothing saved yet')).toBeInTheDocument();
  });

  it("offers 'Create Your First Design' when there are none", async () => {
    stubProfiles({ [maya.id]: [] });
    renderProfile(maya.id);
    expect(await screen.findByRole('link', { name: messages.profile.createFirst })).toHaveAttribute(
      'href',
      paths.createDesign.getHref(),
    );
  });

  it("'Settings' switches dark mode and design mode", async () => {
    stubProfiles();
    renderProfile(maya.id);
    await userEvent.click(await screen.findByRole('button', { name: messages.profile.settings }));
    const settings = await screen.findByRole('dialog', { name: messages.profile.settings });
    const dark = within(settings).getByRole('switch', { name: 'Dark mode' });
    const landscape = within(settings).getByRole('switch', { name: 'Landscape mode' });
    expect(dark).toHaveAttribute('aria-checked', 'false');

    await userEvent.click(dark);
    expect(dark).toHaveAttribute('aria-checked', 'true');
    expect(document.body).toHaveClass('dark');
    await userEvent.click(landscape);
    expect(document.body).toHaveClass('landscape-mode');
    expect(getPreferences()).toEqual({ isDarkMode: true, isLandscapeMode: true });
    await userEvent.click(dark);
    expect(document.body).not.toHaveClass('dark');
  });
});

describe('ProfileScreen: another profile', () => {
  it("offers 'Follow' and 'Message' instead of the own profile's actions", async () => {
    stubProfiles();
    renderProfile(priya.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Patel' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();
    expect(screen.queryByText(messages.profile.commission)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.profile.settings })).not.toBeInTheDocument();
    expect(await screen.findByText('No designs yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: messages.profile.createFirst })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Follow Priya Patel' }));
    expect(screen.getByRole('button', { name: 'Following Priya Patel' })).toBeInTheDocument();
    expect(screen.getByText('913')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: messages.profile.message }));
    expect(await screen.findByRole('dialog', { name: 'Messages are coming soon' })).toBeInTheDocument();
  });

  it("says 'User not found' for an unknown id", async () => {
    stubProfiles();
    renderProfile('u-nobody');
    expect(await screen.findByText(messages.profile.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.notFound.link })).toHaveAttribute('href', '/');
  });
});

import { messages } from '@dwellscape/shared';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { makeAccount, makeSession } from '../../test/fixtures';
import { AppProvider } from './provider';
import { appRoutes } from './router';
import { RouteErrorPage } from './routes/route-error-page';

const me = makeSession({
  viewerId: 'viewer-1',
  currentUser: makeAccount({
    id: 'user-ava',
    username: 'ava.designs',
    displayName: 'Ava Chen',
    avatarUrl: '/media/seed/avatars/ava.webp',
    isVerified: true,
    bio: 'Warm minimalism.',
    followerCount: 1200,
    followingCount: 180,
    postCount: 4,
    commissionEarned: '$1,245.50',
  }),
});

function answer(url: string): Response {
  const path = url.split('?')[0];
  if (path === '/api/me') return jsonResponse(200, me);
  if (path === '/api/designs') return jsonResponse(200, { items: [], products: [], people: [], nextCursor: null });
  if (
    ['/api/brands', '/api/notifications', '/api/products', '/api/questions', '/api/templates', '/api/spaces'].includes(
      path ?? '',
    )
  ) {
    return jsonResponse(200, { items: [] });
  }
  return jsonResponse(404, { error: 'Not Found' });
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => answer(String(input))),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
/** A lazy screen's first import can take over the default 1 s on a loaded machine. */
const lazyScreen = { timeout: 10_000 };

describe('app routes', () => {
  it('shows the 404 page for an unknown path, with a link home', async () => {
    const router = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Oops! Page not found' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: messages.notFound.link }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await vi.waitFor(() =>
      expect(within(mainNav()).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(screen.queryByRole('heading', { name: '404 Oops! Page not found' })).not.toBeInTheDocument();
  });

  it('keeps the header and the five-item navigation around every screen', async () => {
    renderAt('/activity');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Profile' });
    expect(screen.getByRole('link', { name: messages.productNameMark })).toHaveAttribute('href', '/');
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'Search', 'Create', 'Activity', 'Profile']);
    expect(within(mainNav()).getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the feed with the shell at once: Home is not a screen that loads later', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { name: 'Community Feed' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading screen' })).not.toBeInTheDocument();
  });

  it("shows a lazy screen's skeleton inside the header and navigation while its code first loads", async () => {
    renderAt('/activity');
    // before the activity screen's code arrives: the shell is already there around a skeleton
    expect(screen.getByRole('status', { name: 'Loading screen' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.productNameMark })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Activity' }, lazyScreen)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading screen' })).not.toBeInTheDocument();
  });

  it("links the Profile item from the first frame, before /api/me answers, to the current user's own profile", async () => {
    let answerMe!: () => void;
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).split('?')[0] === '/api/me') await meAnswered;
        return answer(String(input));
      }),
    );
    const router = renderAt('/');
    // the first render: /api/me has not answered, and the item is already a link that goes somewhere
    const profile = within(mainNav()).getByRole('link', { name: 'Profile' });
    expect(profile).toHaveAttribute('href', '/profile');
    expect(profile).not.toHaveAttribute('aria-disabled');

    await userEvent.click(profile);
    expect(await screen.findByLabelText('Loading profile', {}, lazyScreen)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    answerMe();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/profile/user-ava'), lazyScreen);
    await vi.waitFor(() =>
      expect(within(mainNav()).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page'),
    );
    // /profile was replaced: Back returns to where the person came from
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { name: 'Community Feed' })).toBeInTheDocument();
  });

  it("does not mark the Profile item on another person's profile", async () => {
    renderAt('/profile/someone-else');
    await screen.findByText(messages.profile.notFound, {}, lazyScreen);
    expect(within(mainNav()).getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  });

  it('sends /create-design to its first step', async () => {
    const router = renderAt('/create-design');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/create-design/start'), lazyScreen);
  });

  it.each(messages.create.steps.map((step) => step.slug))(
    'keeps the Create item active on /create-design/%s',
    async (slug) => {
      renderAt(`/create-design/${slug}`);
      // a step may send the person back to an earlier one; the Create item stays the current one
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      await vi.waitFor(() =>
        expect(within(nav).getByRole('link', { name: 'Create' })).toHaveAttribute('aria-current', 'page'),
      );
      expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
      expect(within(nav).getByRole('link', { name: 'Search' })).not.toHaveAttribute('aria-current');
    },
  );

  it('treats an unknown create step as an unknown page', async () => {
    renderAt('/create-design/nowhere');
    expect(await screen.findByRole('heading', { name: '404 Oops! Page not found' })).toBeInTheDocument();
  });

  it("shows 'User not found' for a profile the server does not know", async () => {
    renderAt('/profile/nobody');
    expect(await screen.findByText(messages.profile.notFound, {}, lazyScreen)).toBeInTheDocument();
  });

  it.each([
    ['/post/missing', messages.post.notFound],
    ['/shop-design/missing', messages.shop.notFound],
  ])('%s says %s', async (path, text) => {
    renderAt(path);
    expect(await screen.findByText(text, {}, lazyScreen)).toBeInTheDocument();
  });
});

describe('RouteErrorPage', () => {
  function Explodes(): never {
    throw new Error('The screen broke');
  }

  it("shows 'Unexpected Application Error!' with the error's message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Explodes />, errorElement: <RouteErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: messages.routerError })).toBeInTheDocument();
    expect(screen.getByText('The screen broke')).toBeInTheDocument();
  });

  it('shows the status of an error response', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new Response(null, { status: 503, statusText: 'Service Unavailable' });
        },
        element: <p>never shown</p>,
        hydrateFallbackElement: <p>loading</p>,
        errorElement: <RouteErrorPage />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('503 Service Unavailable')).toBeInTheDocument();
  });
});

import {
  ADD_TO_CART_DELAY_MS,
  apiPaths,
  messages,
  type Design,
  type Product,
  SEARCH_RESULTS_PER_LIST,
  type SearchList,
  type SearchPage,
  type SearchResponse,
} from '@dwellscape/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { getCart, reloadCartFromStorage } from '@/lib/cart';
import { updatePreferences } from '@/lib/preferences';
import { makeAccount, makeDesign, makeSession } from '../../../../test/fixtures';
import { jsonResponse, mockApi, type ApiCall } from '../../../../test/mock-api';
import { renderRoutes } from '../../../../test/render';
import { SearchScreen } from './search-screen';

const design = (id: string, title: string, caption: string): Design =>
  makeDesign({ id, title, caption, likesCount: 12, commentsCount: 3 });

const product: Product = {
  id: 'oak-chair',
  name: 'Oak Lounge Chair',
  price: 349.5,
  imageUrl: '/media/seed/oak-chair.webp',
  description: 'Solid oak with a woven seat.',
  brandId: 'nordic-home',
  brandName: 'Nordic Home',
  category: 'Seating',
  mode: 'interior',
  isDatabaseProduct: false,
};

const jordan = makeAccount({
  id: 'u-jordan',
  username: 'jordanbuilds',
  displayName: 'Jordan Blake',
  avatarUrl: '/media/seed/jordan.webp',
  followerCount: 5230,
  followingCount: 10,
  postCount: 4,
  isCurrentUser: false,
});

const oakResults: SearchResponse = {
  designs: [design('d-oak', 'Oak and linen loft', 'Warm oak floors'), design('d-nook', 'Reading nook', 'An oak shelf')],
  products: [product],
  users: [jordan],
  totals: { designs: 2, products: 1, users: 1 },
};
const noResults: SearchResponse = {
  designs: [],
  products: [],
  users: [],
  totals: { designs: 0, products: 0, users: 0 },
};

function stubSearchApi(
  answer: (q: string, mode: string) => SearchResponse,
  answerPage?: (list: string, offset: number) => SearchPage<SearchList>,
) {
  const api = mockApi({
    [`GET ${apiPaths.me}`]: makeSession(),
    [`GET ${apiPaths.search}`]: ({ url }) =>
      answer(url.searchParams.get('q') ?? '', url.searchParams.get('mode') ?? ''),
    [`GET ${apiPaths.product(product.id)}`]: product,
    ...(answerPage && {
      'GET /api/search/:list': ({ params, url }: ApiCall) =>
        answerPage(params.list!, Number(url.searchParams.get('offset'))),
    }),
  });
  const requested = (path: string) =>
    api.calls.filter((call) => call.path === path).map((call) => Object.fromEntries(call.url.searchParams));
  return Object.assign(api, { searches: () => requested(apiPaths.search), pages: requested });
}

function WhereAmI() {
  const location = useLocation();
  return <output aria-label="Current address">{location.pathname + location.search}</output>;
}

function renderSearch(initialEntry = paths.search.getHref()) {
  const { router } = renderRoutes(
    [
      {
        path: paths.search.path,
        element: (
          <>
            <WhereAmI />
            <SearchScreen />
          </>
        ),
      },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [initialEntry], withToaster: true },
  );
  return { router };
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search' });
const tab = (name: string | RegExp) => screen.getByRole('tab', { name });

beforeEach(() => reloadCartFromStorage());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  updatePreferences({ isDarkMode: false, isLandscapeMode: false });
});

describe('SearchScreen', () => {
  it('shows the placeholder and plain tab names until text is typed', () => {
    const api = stubSearchApi(() => oakResults);
    renderSearch();
    expect(searchBox()).toHaveAttribute('placeholder', messages.search.placeholder);
    expect(screen.getAllByRole('tab').map((each) => each.textContent)).toEqual(['Designs', 'Products', 'Users']);
    expect(api.searches()).toEqual([]);
  });

  it('asks the server once after typing settles, for the active mode, and shows the match counts', async () => {
    const api = stubSearchApi(() => oakResults);
    renderSearch();
    await userEvent.type(searchBox(), 'oak');

    expect(await screen.findByRole('tab', { name: 'Designs (2)' })).toBeInTheDocument();
    expect(tab('Products (1)')).toBeInTheDocument();
    expect(tab('Users (1)')).toBeInTheDocument();
    // debounced: one request for the settled words, not one per key
    expect(api.searches()).toEqual([{ q: 'oak', mode: 'interior' }]);
    expect(screen.getByRole('link', { name: /Oak and linen loft/ })).toHaveAttribute(
      'href',
      paths.post.getHref('d-oak'),
    );
  });

  it("counts every match on the tabs, past the first 20, and 'Show more' brings the next 20 until all are shown", async () => {
    const TOTAL = 47;
    const many = Array.from({ length: TOTAL }, (_, i) => design(`d-${i}`, `Oak room ${i + 1}`, 'Oak everywhere'));
    const api = stubSearchApi(
      () => ({
        designs: many.slice(0, SEARCH_RESULTS_PER_LIST),
        products: [product],
        users: [jordan],
        totals: { designs: TOTAL, products: 1, users: 1 },
      }),
      (_list, offset) => ({ items: many.slice(offset, offset + SEARCH_RESULTS_PER_LIST), total: TOTAL }),
    );
    renderSearch();
    const user = userEvent.setup();
    await user.type(searchBox(), 'oak');

    expect(await screen.findByRole('tab', { name: 'Designs (47)' })).toBeInTheDocument();
    const results = () => within(screen.getByRole('list', { name: 'Designs results' })).getAllByRole('listitem');
    expect(results()).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 47')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(results()).toHaveLength(40));
    expect(screen.getByText('Showing 40 of 47')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(results()).toHaveLength(47));
    expect(within(results()[46]!).getByText('Oak room 47')).toBeInTheDocument();
    // all shown: no more to ask for
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(api.pages('/api/search/designs')).toEqual([
      { q: 'oak', mode: 'interior', offset: '20' },
      { q: 'oak', mode: 'interior', offset: '40' },
    ]);
    // a tab with every match shown offers no more
    await user.click(tab('Products (1)'));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  }, 20_000);

  it("keeps a match published between two pages once, and says when 'Show more' failed", async () => {
    const many = Array.from({ length: 30 }, (_, i) => design(`d-${i}`, `Oak room ${i + 1}`, 'Oak everywhere'));
    let fail = true;
    stubSearchApi(
      () => ({
        designs: many.slice(0, SEARCH_RESULTS_PER_LIST),
        products: [],
        users: [],
        totals: { designs: 30, products: 0, users: 0 },
      }),
      // a new match arrived at the top since: every later match moved down one place
      (_list, offset) => {
        if (fail) throw new TypeError('Failed to fetch');
        const now = [design('d-new', 'Brand new oak', 'Oak'), ...many];
        return { items: now.slice(offset, offset + SEARCH_RESULTS_PER_LIST), total: 31 };
      },
    );
    renderSearch();
    const user = userEvent.setup();
    await user.type(searchBox(), 'oak');
    await screen.findByRole('tab', { name: 'Designs (30)' });

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more designs. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const results = () => within(screen.getByRole('list', { name: 'Designs results' })).getAllByRole('listitem');
    await waitFor(() => expect(results()).toHaveLength(30));
    expect(screen.getAllByText('Oak room 20')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // the latest count; the page came back short, so the list has ended (the new match is at its top)
    expect(tab('Designs (31)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  }, 20_000);

  it('searches landscape products when the design mode is landscape', async () => {
    updatePreferences({ isLandscapeMode: true });
    const api = stubSearchApi(() => noResults);
    renderSearch();
    await userEvent.type(searchBox(), 'fern');
    await screen.findByRole('tab', { name: 'Products (0)' });
    expect(api.searches()).toEqual([{ q: 'fern', mode: 'landscape' }]);
  });

  it('says \'No {tab} found for "{query}"\' on each empty tab', async () => {
    stubSearchApi(() => noResults);
    renderSearch();
    await userEvent.type(searchBox(), 'zebra');
    expect(await screen.findByText(messages.search.empty('Designs', 'zebra'))).toHaveTextContent(
      'No designs found for "zebra"',
    );
    await userEvent.click(tab('Users (0)'));
    expect(await screen.findByText('No users found for "zebra"')).toBeInTheDocument();
  });

  it('keeps the words and the tab in the address, so coming back shows the same results', async () => {
    stubSearchApi(() => oakResults);
    renderSearch(`${paths.search.getHref()}?q=oak&tab=users`);
    expect(searchBox()).toHaveValue('oak');
    expect(await screen.findByRole('tab', { name: 'Users (1)' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(tab('Products (1)'));
    await waitFor(() =>
      expect(screen.getByLabelText('Current address')).toHaveTextContent('/search?q=oak&tab=products'),
    );
    expect(tab('Products (1)')).toHaveAttribute('aria-selected', 'true');
  });

  it('both design buttons open the shop-design view', async () => {
    stubSearchApi(() => oakResults);
    renderSearch();
    await userEvent.type(searchBox(), 'oak');
    const first = (
      await within(await screen.findByRole('list', { name: 'Designs results' })).findAllByRole('listitem')
    )[0]!;
    expect(within(first).getByRole('link', { name: messages.feed.shopThisDesign })).toHaveAttribute(
      'href',
      paths.shopDesign.getHref('d-oak'),
    );
    expect(within(first).getByRole('link', { name: messages.search.seeInMySpace })).toHaveAttribute(
      'href',
      paths.shopDesign.getHref('d-oak'),
    );
  });

  it("a product row opens the product popup; 'Add to Cart' adds one after 800 ms with the toast", async () => {
    stubSearchApi(() => oakResults);
    renderSearch();
    const user = userEvent.setup();
    await user.type(searchBox(), 'oak');
    await user.click(await screen.findByRole('tab', { name: 'Products (1)' }));

    await user.click(await screen.findByRole('button', { name: /^Oak Lounge Chair Nordic Home/ }));
    const popup = await screen.findByRole('dialog', { name: 'Oak Lounge Chair' });
    expect(within(popup).getByText(messages.productPopup.shippingNote)).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const clickedAt = Date.now();
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Oak Lounge Chair' }));
    expect(getCart()).toEqual([]);
    expect(await screen.findByText(messages.productPopup.addedTitle, undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(ADD_TO_CART_DELAY_MS - 20);
    expect(screen.getByText('1x Oak Lounge Chair added to your cart.')).toBeInTheDocument();
    expect(getCart()).toEqual([
      {
        productId: 'oak-chair',
        name: 'Oak Lounge Chair',
        price: 349.5,
        imageUrl: '/media/seed/oak-chair.webp',
        brandId: 'nordic-home',
        quantity: 1,
        // found by search, not shopped from a design: nobody earns commission on it
        designId: null,
      },
    ]);
  });

  it("'Follow' turns into 'Following' at once, and the server is told", async () => {
    const api = stubSearchApi(() => oakResults);
    const follow = ({ method }: ApiCall) => {
      const following = method === 'PUT';
      return { following, followerCount: following ? 5231 : 5230, followingCount: 10 };
    };
    api.answer({
      [`PUT ${apiPaths.userFollow('u-jordan')}`]: follow,
      [`DELETE ${apiPaths.userFollow('u-jordan')}`]: follow,
    });
    const follows = () =>
      api.calls.filter((call) => call.path === apiPaths.userFollow('u-jordan')).map((call) => call.method);
    renderSearch();
    await userEvent.type(searchBox(), 'oak');
    await userEvent.click(await screen.findByRole('tab', { name: 'Users (1)' }));
    expect(screen.getByRole('link', { name: /Jordan Blake/ })).toHaveAttribute(
      'href',
      paths.profile.getHref('u-jordan'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Follow Jordan Blake' }));
    expect(screen.getByRole('button', { name: 'Following Jordan Blake' })).toHaveTextContent('Following');
    expect(screen.getByText(/5,231 followers/)).toBeInTheDocument();
    await waitFor(() => expect(follows()).toEqual(['PUT']));

    await userEvent.click(screen.getByRole('button', { name: 'Following Jordan Blake' }));
    expect(screen.getByRole('button', { name: 'Follow Jordan Blake' })).toHaveTextContent('Follow');
    await waitFor(() => expect(follows()).toEqual(['PUT', 'DELETE']));
    expect(screen.getByText(/5,230 followers/)).toBeInTheDocument();
  });

  it('shows the failure with a way to try again', async () => {
    let fail = true;
    mockApi({
      [`GET ${apiPaths.me}`]: makeSession(),
      [`GET ${apiPaths.search}`]: () =>
        fail ? jsonResponse(503, { error: 'Service Unavailable', message: 'The database is busy' }) : oakResults,
    });
    renderSearch();
    await userEvent.type(searchBox(), 'oak');
    expect(await screen.findByText('The database is busy')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: messages.feed.tryAgain }));
    expect(await screen.findByRole('tab', { name: 'Designs (2)' })).toBeInTheDocument();
  });
});

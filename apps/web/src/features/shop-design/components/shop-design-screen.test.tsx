import { feedDesignSchema, messages, type Design, type RenderJob, type Space } from '@dwellscape/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { makeDesign, makeUser } from '../../../../test/fixtures';
import { jsonResponse, renderWithQueryClient } from '../../../../test/render';
import { ShopDesignScreen } from './shop-design-screen';

const author = makeUser({
  id: 'u-ana',
  username: 'ana',
  displayName: 'Ana Ruiz',
  avatarUrl: '/media/seed/ana.webp',
  isVerified: false,
});
const design: Design = makeDesign({
  id: 'd-calm-loft',
  title: 'Calm Loft',
  caption: 'Soft light',
  afterImageUrl: '/media/seed/calm-loft.webp',
  selectedProducts: [
    {
      id: 'p-sofa',
      name: 'Linen Sofa',
      price: 899.99,
      brandId: 'nest',
      imageUrl: '/media/seed/sofa.webp',
      quantity: 1,
      ownItem: false,
    },
    {
      id: 'p-lamp',
      name: 'Arc Lamp',
      price: 149.5,
      brandId: 'lumen',
      imageUrl: '/media/seed/lamp.webp',
      quantity: 2,
      ownItem: false,
    },
  ],
  userAnswers: { style: 'calm' },
  spaceType: 'interior',
  createdAt: '2026-11-01T10:00:00.000Z',
  likesCount: 3,
  author,
});
/** A design with the creator's own item (decision 0023): their photo, shown but not sold. */
const heirloom: Design = {
  ...design,
  id: 'd-heirloom',
  title: 'Heirloom Corner',
  selectedProducts: [
    design.selectedProducts[0]!,
    {
      id: 'uploaded_1700000000000_0',
      name: 'Grandma’s lamp',
      price: 0,
      brandId: '',
      imageUrl: '/media/uploads/aa/lamp.webp',
      quantity: 1,
      ownItem: true,
    },
  ],
};
const spaces: Space[] = ['loft', 'den', 'nook'].map((name) => ({
  id: `s-${name}`,
  name: `Cozy ${name}`,
  category: 'living',
  tags: [],
  thumbnailUrl: `/media/seed/${name}-thumb.webp`,
  imageUrl: `/media/seed/${name}.webp`,
  mode: 'interior',
}));

/** Where the screen navigated, with the state it sent. */
function Landing() {
  const location = useLocation();
  return (
    <output aria-label="Landed">
      {JSON.stringify({ pathname: location.pathname, state: location.state as unknown })}
    </output>
  );
}

function renderShopDesign(postId = design.id) {
  const router = createMemoryRouter(
    [
      { path: paths.shopDesign.path, element: <ShopDesignScreen /> },
      { path: '*', element: <Landing /> },
    ],
    { initialEntries: [paths.shopDesign.getHref(postId)] },
  );
  renderWithQueryClient(<RouterProvider router={router} />);
}

const landed = () =>
  JSON.parse(screen.getByRole('status', { name: 'Landed' }).textContent ?? '{}') as {
    pathname: string;
    state: unknown;
  };

/** The re-render's job as the server shows it; each read of it takes the next of `renderJobReads` (the last stays). */
const renderJob = (over: Partial<RenderJob>): RenderJob => ({
  id: 'job-in-space',
  status: 'queued',
  position: 2,
  progress: 0,
  variationCount: 1,
  variations: [],
  error: null,
  createdAt: '2026-11-25T12:00:00.000Z',
  ...over,
});
let renderAnswer: Response | null;
let renderJobReads: RenderJob[];
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === `/api/designs/${design.id}`) return jsonResponse(200, design);
  if (url.pathname === `/api/designs/${heirloom.id}`) return jsonResponse(200, heirloom);
  if (url.pathname.startsWith('/api/designs/')) return jsonResponse(404, { error: 'Design not found' });
  if (url.pathname === '/api/spaces') return jsonResponse(200, { items: spaces });
  if (url.pathname === '/api/render-jobs' && init?.method === 'POST')
    return renderAnswer ?? jsonResponse(503, { error: 'Engine unavailable' });
  if (url.pathname === '/api/render-jobs/job-in-space')
    return jsonResponse(200, renderJobReads.length > 1 ? renderJobReads.shift() : renderJobReads[0]);
  return jsonResponse(404, { error: 'Not found' });
});

beforeEach(() => {
  renderAnswer = null;
  renderJobReads = [];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('ShopDesignScreen', () => {
  it("says 'Design not found' when neither the API nor the session cache has the design", async () => {
    renderShopDesign('d-missing');
    expect(await screen.findByText(messages.shop.notFound)).toBeInTheDocument();
  });

  it('opens the card the feed cached in sessionStorage under its post id when the API does not have it', async () => {
    // a feed page carries cards, so that is what the feed's 'Shop This Design' stores
    const cached = feedDesignSchema.parse({ ...design, id: 'd-cached', title: 'Cached Loft' });
    expect(cached).not.toHaveProperty('userAnswers');
    window.sessionStorage.setItem('d-cached', JSON.stringify(cached));
    renderShopDesign('d-cached');
    expect(await screen.findByRole('heading', { name: 'Cached Loft' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(messages.shop.purchaseProducts) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(messages.shop.seeInSpace) })).toBeInTheDocument();
    // the card has every product line the purchase view needs
    await userEvent.click(screen.getByRole('button', { name: new RegExp(messages.shop.purchaseProducts) }));
    expect(within(screen.getByRole('list', { name: 'Products in this design' })).getAllByRole('listitem')).toHaveLength(
      cached.selectedProducts.length,
    );
  });

  it('purchase: quantities stop at 0, checkout is off at a total of 0, and goes to /purchase with the lines left', async () => {
    const user = userEvent.setup();
    renderShopDesign();
    await user.click(await screen.findByRole('button', { name: new RegExp(messages.shop.purchaseProducts) }));
    const total = screen.getByLabelText(/^Total \$/);
    expect(total).toHaveTextContent('$1,198.99');

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Linen Sofa' }));
    expect(screen.getByRole('button', { name: 'Decrease quantity of Linen Sofa' })).toBeDisabled();
    expect(total).toHaveTextContent('$299.00');
    await user.click(screen.getByRole('button', { name: `${messages.shop.remove} Arc Lamp` }));
    expect(within(screen.getByRole('list', { name: 'Products in this design' })).getAllByRole('listitem')).toHaveLength(
      1,
    );
    expect(total).toHaveTextContent('$0.00');
    expect(screen.getByRole('button', { name: messages.shop.checkout })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Linen Sofa' }));
    await user.click(screen.getByRole('button', { name: messages.shop.checkout }));
    expect(landed()).toEqual({
      pathname: paths.purchase.getHref(),
      state: {
        items: [
          {
            productId: 'p-sofa',
            designId: design.id,
            name: 'Linen Sofa',
            price: 899.99,
            imageUrl: '/media/seed/sofa.webp',
            quantity: 1,
          },
        ],
      },
    });
  });

  it('marks the creator’s own item everywhere and sends only catalogue products to checkout', async () => {
    const user = userEvent.setup();
    renderShopDesign(heirloom.id);
    expect(await screen.findByText(/1 product · 1 own item/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: new RegExp(messages.shop.purchaseProducts) }));
    const lamp = screen.getByText('Grandma’s lamp').closest('li')!;
    expect(lamp).toHaveTextContent(messages.ownItem.badge);
    expect(lamp).toHaveTextContent(messages.ownItem.notForSaleShort);
    expect(screen.getByText('Linen Sofa').closest('li')).not.toHaveTextContent(messages.ownItem.badge);
    expect(screen.getByRole('note')).toHaveTextContent(messages.ownItem.notOrdered);
    expect(screen.getByLabelText(/^Total \$/)).toHaveTextContent('$899.99');
    await user.click(screen.getByRole('button', { name: messages.shop.checkout }));
    // the own item goes along to be shown, with no product id: it is never part of the order
    expect(landed().state).toEqual({
      items: [
        {
          productId: 'p-sofa',
          designId: heirloom.id,
          name: 'Linen Sofa',
          price: 899.99,
          imageUrl: '/media/seed/sofa.webp',
          quantity: 1,
        },
        { name: 'Grandma’s lamp', price: 0, imageUrl: '/media/uploads/aa/lamp.webp', quantity: 1 },
      ],
    });
  });

  it('see in space: marks the creator’s own item in the checklist and leaves it out of a remix', async () => {
    // no engine: the sample stands in for the render, and the remix is published all the same
    const user = userEvent.setup();
    renderShopDesign(heirloom.id);
    await user.click(await screen.findByRole('button', { name: new RegExp(messages.shop.seeInSpace) }));
    const checklist = screen.getByRole('list', { name: 'Products to place' });
    expect(within(checklist).getByText('Grandma’s lamp').closest('li')).toHaveTextContent(messages.ownItem.badge);
    await user.click(screen.getByRole('button', { name: messages.shop.continueToSpace }));
    await user.click((await screen.findAllByRole('radio'))[0]!);
    await user.click(screen.getByRole('button', { name: messages.shop.renderNew }));
    await user.click(await screen.findByRole('button', { name: messages.shop.publish }));
    await waitFor(() => expect(landed().pathname).toBe(paths.createDesign.step('post-creation')));
    // the creator's photo stays theirs: a remix lists only catalogue products (and the remixer's own photos)
    expect(landed().state).toMatchObject({ selectedProducts: [heirloom.selectedProducts[0]], ownItems: [] });
  });

  it('see in space: needs a product and a space, falls back to the sample image silently, and publishes a remix', async () => {
    const user = userEvent.setup();
    renderShopDesign();
    await user.click(await screen.findByRole('button', { name: new RegExp(messages.shop.seeInSpace) }));
    expect(screen.getByText(messages.shop.uploadNote)).toBeInTheDocument();

    const continueButton = screen.getByRole('button', { name: messages.shop.continueToSpace });
    await user.click(screen.getByRole('checkbox', { name: 'Linen Sofa' }));
    await user.click(screen.getByRole('checkbox', { name: 'Arc Lamp' }));
    expect(continueButton).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Arc Lamp' }));
    await user.click(continueButton);

    const renderButton = screen.getByRole('button', { name: messages.shop.renderNew });
    expect(renderButton).toBeDisabled();
    const styles = await screen.findAllByRole('radio');
    expect(styles).toHaveLength(2);
    await user.click(styles[1]!);
    await user.click(renderButton);

    const image = await screen.findByRole('img', { name: 'Your new design' });
    expect(image).toHaveAttribute('src', design.afterImageUrl);
    expect(screen.queryByText('Engine unavailable')).not.toBeInTheDocument();
    // the sample stands in for a render: there is nothing to give a receipt for
    expect(screen.queryByText(/kept \d+%/)).not.toBeInTheDocument();
    const renderCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/render-jobs'));
    expect(JSON.parse(String(renderCall?.[1]?.body))).toEqual({
      prompt: 'Place these products naturally in this room, keeping its layout and light: Arc Lamp.',
      spaceImage: '/media/seed/den.webp',
      additionalPhotos: ['/media/seed/lamp.webp'],
      variations: 1,
    });

    await user.click(screen.getByRole('button', { name: messages.shop.publish }));
    await waitFor(() => expect(landed().pathname).toBe(paths.createDesign.step('post-creation')));
    expect(landed().state).toMatchObject({
      generatedImage: design.afterImageUrl,
      beforeImage: '/media/seed/den.webp',
      selectedProducts: [design.selectedProducts[1]],
      originalPostId: design.id,
      originalCreatorId: author.id,
      isRegenerated: true,
      mode: 'interior',
    });
  });

  it('follows the render job (place in line, then percent) and shows the rendered image when it is done', async () => {
    renderAnswer = jsonResponse(202, renderJob({}));
    renderJobReads = [
      renderJob({}),
      renderJob({ status: 'running', position: null, progress: 40 }),
      renderJob({
        status: 'done',
        position: null,
        progress: 100,
        variations: [
          {
            imageUrl: '/media/generated/new.webp',
            width: 1200,
            height: 900,
            receipt: {
              structureKept: 0.91,
              productsPresent: 1,
              productsChosen: 2,
              method: 'matched',
              weakEstimate: true,
            },
          },
        ],
      }),
    ];
    const user = userEvent.setup();
    renderShopDesign();
    await user.click(await screen.findByRole('button', { name: new RegExp(messages.shop.seeInSpace) }));
    await user.click(screen.getByRole('button', { name: messages.shop.continueToSpace }));
    await user.click((await screen.findAllByRole('radio'))[0]!);
    await user.click(screen.getByRole('button', { name: messages.shop.renderNew }));
    expect(await screen.findByText('Waiting in line: 1 design ahead…')).toBeInTheDocument();
    await waitFor(
      () => expect(screen.getByRole('progressbar', { name: 'Render progress' })).toHaveAttribute('aria-valuenow', '40'),
      { timeout: 10_000 },
    );
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Your new design' }, { timeout: 10_000 })).toHaveAttribute(
      'src',
      '/media/generated/new.webp',
    );
    expect(screen.getByText('Room kept 91% · 1 of 2 products')).toBeInTheDocument();
    expect(screen.getByText('Products counted by matching their pictures')).toBeInTheDocument();
  });

  it('falls back to the sample when the render job fails, and gives the job up on Previous Step', async () => {
    renderAnswer = jsonResponse(202, renderJob({}));
    renderJobReads = [renderJob({ status: 'failed', position: null, error: messages.create.renderFailed })];
    const user = userEvent.setup();
    renderShopDesign();
    await user.click(await screen.findByRole('button', { name: new RegExp(messages.shop.seeInSpace) }));
    await user.click(screen.getByRole('button', { name: messages.shop.continueToSpace }));
    await user.click((await screen.findAllByRole('radio'))[0]!);
    await user.click(screen.getByRole('button', { name: messages.shop.renderNew }));
    expect(await screen.findByRole('img', { name: 'Your new design' }, { timeout: 10_000 })).toHaveAttribute(
      'src',
      design.afterImageUrl,
    );
    expect(screen.queryByText(messages.create.renderFailed)).not.toBeInTheDocument();

    // a render still in line when the person steps back is cancelled
    renderAnswer = jsonResponse(202, renderJob({}));
    renderJobReads = [renderJob({})];
    await user.click(screen.getByRole('button', { name: 'Previous Step' }));
    await user.click(screen.getByRole('button', { name: messages.shop.renderNew }));
    expect(await screen.findByRole('progressbar', { name: 'Render progress' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous Step' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/render-jobs/job-in-space/cancel')),
      ).toHaveLength(1),
    );
  });
});

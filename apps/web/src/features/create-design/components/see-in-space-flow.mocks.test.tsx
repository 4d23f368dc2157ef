import { messages, type Design, type RenderJob } from '@dwellscape/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { makeDesign, makeUser } from '../../../../test/fixtures';
import { jsonResponse } from '../../../../test/render';
import { getCreateDraft, updateCreateDraft } from '../stores/create-draft';
import { fixtures, stubApi } from '../testing/fake-api';
import { SeeInSpaceFlow } from './see-in-space-flow';

vi.mock('../utils/before-after-video', () => ({
  createBeforeAfterVideo: vi.fn(async () => new Blob(['webm'], { type: 'video/webm' })),
}));

const author = makeUser({ id: 'u-ana', username: 'ana', displayName: 'Ana Ruiz' });
const design: Design = makeDesign({
  id: 'd-sunny',
  title: 'Sunny Remix',
  afterImageUrl: '/media/seed/sunny-after.webp',
  mode: 'interior',
  spaceType: 'Living Room',
  userAnswers: { vibe: 'Cozy' },
  author,
  selectedProducts: [
    {
      id: 'p-sofa',
      name: 'Linen Sofa',
      price: 899,
      brandId: 'nordic',
      imageUrl: '/media/seed/sofa.webp',
      quantity: 1,
      ownItem: false,
    },
    {
      id: 'p-lamp',
      name: 'Arc Lamp',
      price: 149,
      brandId: 'nordic',
      imageUrl: '/media/seed/lamp.webp',
      quantity: 1,
      ownItem: false,
    },
  ],
});

const job = (over: Partial<RenderJob> = {}): RenderJob => ({
  id: 'job-space',
  status: 'queued',
  position: 1,
  progress: 0,
  variationCount: 2,
  variations: [],
  error: null,
  createdAt: '2026-11-25T12:00:00.000Z',
  ...over,
});
const receipt = (structureKept: number) => ({
  structureKept,
  productsPresent: 2,
  productsChosen: 2,
  method: 'placed' as const,
  weakEstimate: false,
  layout: 'found' as const,
  onFloor: 2,
});
const done = job({
  status: 'done',
  position: null,
  progress: 100,
  variations: [
    { imageUrl: '/media/renders/space-1.webp', width: 1600, height: 1200, receipt: receipt(0.95) },
    {
      imageUrl: '/media/renders/space-2.webp',
      width: 1600,
      height: 1200,
      receipt: receipt(0.9),
      placements: [{ productId: 'p-sofa', box: { x: 300, y: 600, width: 700, height: 400 }, replaced: 'sofa' }],
    },
  ],
});

function Landing() {
  const location = useLocation();
  return <output aria-label="Landed">{JSON.stringify({ pathname: location.pathname, state: location.state })}</output>;
}
const landed = () =>
  JSON.parse(screen.getByRole('status', { name: 'Landed' }).textContent ?? '{}') as {
    pathname: string;
    state: unknown;
  };

const onPurchase = vi.fn();
const onLeave = vi.fn();

function renderFlow() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {/* declarative: a data router's navigation builds a Request, which jsdom's AbortSignal fails on Node 24 */}
        <MemoryRouter initialEntries={[paths.shopDesign.getHref(design.id)]}>
          <Routes>
            <Route
              path={paths.shopDesign.path}
              element={<SeeInSpaceFlow design={design} onPurchase={onPurchase} onLeave={onLeave} />}
            />
            <Route path="*" element={<Landing />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
}

function jobApi(later: RenderJob[]) {
  let reads = 0;
  let uploads = 0;
  return stubApi({
    'POST /api/uploads': () =>
      jsonResponse(201, { url: `/media/uploads/own-${uploads++}.webp`, width: 400, height: 400 }),
    'POST /api/render-jobs': () => jsonResponse(202, job()),
    'GET /api/render-jobs/job-space': () => jsonResponse(200, later[Math.min(reads++, later.length - 1)]),
    'POST /api/render-jobs/job-space/cancel': () => jsonResponse(200, job({ status: 'cancelled', position: null })),
  });
}

const photo = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

beforeEach(() => {
  toast.dismiss();
  onPurchase.mockClear();
  onLeave.mockClear();
  window.sessionStorage.clear();
  window.localStorage.clear();
  URL.createObjectURL = vi.fn(() => 'blob:video');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('see in my space: the create flow’s steps on a design’s products', () => {
  it('renders through the create flow’s job with names, kinds and sizes, shows before/after and variations, and publishes the one picked', async () => {
    const api = jobApi([job(), done]);
    const user = userEvent.setup();
    // a design being made in the create flow stays as it is
    updateCreateDraft({ selectedSpaceId: 'loft', userNotes: 'keep the fireplace' });
    renderFlow();

    // stage 1: the design's products, and the create flow's own items with their kind and size
    expect(screen.getByRole('heading', { name: 'Choose products' })).toBeInTheDocument();
    expect(screen.getByText(/JPG, PNG or WebP, up to 10MB each/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Arc Lamp' }));
    await user.upload(screen.getByLabelText(messages.shop.addOwn), photo('green-armchair.png'));
    const item = await within(screen.getByRole('list', { name: 'Uploaded items' })).findByRole('listitem');
    expect(within(item).getByRole('combobox', { name: 'Kind of Green armchair' })).toHaveValue('Armchair');
    expect(within(item).getByRole('textbox', { name: 'Width of Green armchair in cm' })).toHaveValue('82');

    // a wrong size is said in words, and nothing continues until it is right
    const height = within(item).getByRole('textbox', { name: 'Height of Green armchair in cm' });
    await user.clear(height);
    await user.type(height, '9000');
    expect(within(item).getByRole('alert')).toHaveTextContent('Height must be between 1 and 600 cm.');
    const continueButton = screen.getByRole('button', { name: messages.shop.continueToSpace });
    expect(continueButton).toBeDisabled();
    await user.clear(height);
    await user.type(height, '95');
    expect(within(item).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(continueButton);

    // stage 2: the create flow's upload zone, templates and spaces
    expect(screen.getByRole('heading', { name: 'Choose Your Space' })).toBeInTheDocument();
    expect(screen.getByText('JPG, PNG or WebP, up to 10MB')).toBeInTheDocument();
    const renderButton = screen.getByRole('button', { name: messages.shop.renderNew });
    expect(renderButton).toBeDisabled();
    const templates = await screen.findByRole('list', { name: 'Templates' });
    expect(screen.getByRole('list', { name: 'Spaces' })).toBeInTheDocument();
    await user.click(within(templates).getByRole('button', { name: /Sunny Living Room/ }));
    await user.click(renderButton);

    // stage 3: the create flow's render step
    expect(screen.getByRole('heading', { name: 'See Your Vision!' })).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'After: your redesigned space' }, { timeout: 10_000 }),
    ).toHaveAttribute('src', '/media/renders/space-1.webp');
    await user.click(screen.getByRole('button', { name: 'Before', pressed: false }));
    expect(screen.getByRole('img', { name: 'Before: your space as it is' })).toHaveAttribute(
      'src',
      fixtures.templates[0]!.imageUrl,
    );
    await user.click(screen.getByRole('button', { name: 'After', pressed: false }));
    expect(screen.getByText(/Floor found in your photo/)).toBeInTheDocument();
    const form = api.callsTo('POST /api/render-jobs')[0]!.body as FormData;
    expect(form.get('spaceImageUrl')).toBe(fixtures.templates[0]!.imageUrl);
    expect(form.get('spaceType')).toBe('Living Room');
    expect(form.get('variations')).toBe('2');
    expect(JSON.parse(String(form.get('selectedProducts')))).toEqual([
      {
        id: 'p-sofa',
        name: 'Linen Sofa',
        price: 899,
        brandId: 'nordic',
        imageUrl: '/media/seed/sofa.webp',
        quantity: 1,
      },
    ]);
    expect(JSON.parse(String(form.get('uploadedProductImages')))).toEqual([
      expect.objectContaining({
        url: '/media/uploads/own-0.webp',
        name: 'Green armchair',
        category: 'Armchair',
        sizeCm: { width: 82, depth: 82, height: 95 },
      }),
    ]);
    expect(JSON.parse(String(form.get('userAnswers')))).toEqual({ vibe: 'Cozy' });
    expect(getCreateDraft()).toMatchObject({ selectedSpaceId: 'loft', userNotes: 'keep the fireplace' });
    expect(getCreateDraft().designSession).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Variation 2' }));
    expect(screen.getByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/space-2.webp',
    );
    expect(screen.getByRole('button', { name: 'Adjust placement' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: messages.shop.publish }));
    await waitFor(() => expect(landed().pathname).toBe(paths.createDesign.step('post-creation')));
    expect(landed().state).toMatchObject({
      generatedImage: '/media/renders/space-2.webp',
      beforeImage: fixtures.templates[0]!.imageUrl,
      selectedProducts: [design.selectedProducts[0]],
      ownItems: [{ url: '/media/uploads/own-0.webp', name: 'Green armchair' }],
      originalPostId: design.id,
      originalCreatorId: author.id,
      isRegenerated: true,
    });
  });

  it('says a failed render in the render step, never showing another picture, and still buys what was chosen', async () => {
    jobApi([job({ status: 'failed', position: null, error: null })]);
    const user = userEvent.setup();
    renderFlow();
    await user.click(screen.getByRole('checkbox', { name: 'Linen Sofa' }));
    await user.click(screen.getByRole('button', { name: messages.shop.continueToSpace }));
    await user.click(await within(await screen.findByRole('list', { name: 'Spaces' })).findByRole('button'));
    await user.click(screen.getByRole('button', { name: messages.shop.renderNew }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(messages.create.renderFailed);
    // the toast says it too, for a person scrolled away from the step
    expect(await screen.findAllByText(messages.create.renderFailed)).toHaveLength(2);
    expect(screen.queryByRole('img', { name: 'After: your redesigned space' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /design’s|Sunny Remix/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.shop.publish })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Purchase Products' }));
    expect(onPurchase).toHaveBeenCalledWith({ products: [design.selectedProducts[1]], ownItems: [] });

    // 'Try Again' queues the render again, and this time it succeeds
    const again = jobApi([done]);
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('img', { name: 'After: your redesigned space' }, { timeout: 10_000 }),
    ).toHaveAttribute('src', '/media/renders/space-1.webp');
    expect(again.callsTo('POST /api/render-jobs')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a render the server refuses (a picture it will not take) in the render step, and cancels a render left', async () => {
    const refused = stubApi({
      'POST /api/render-jobs': () =>
        jsonResponse(400, { error: 'uploadedProductImages.0.url: is not a picture you uploaded or rendered' }),
    });
    const user = userEvent.setup();
    renderFlow();
    await user.click(screen.getByRole('button', { name: messages.shop.continueToSpace }));
    await user.click(await within(await screen.findByRole('list', { name: 'Spaces' })).findByRole('button'));
    await user.click(screen.getByRole('button', { name: messages.shop.renderNew }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    // the server's own words say what it refused; the same render again would be refused too, so no 'Try Again'
    expect(alert).toHaveTextContent(
      messages.create.renderRefused('uploadedProductImages.0.url: is not a picture you uploaded or rendered'),
    );
    expect(alert).toHaveTextContent(messages.create.renderRefusedHint);
    expect(within(alert).queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(refused.callsTo('POST /api/render-jobs')).toHaveLength(1);
    expect(screen.queryByRole('img', { name: 'After: your redesigned space' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.shop.publish })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Purchase Products' })).toBeEnabled();

    // 'Choose other products' goes back to the products, 'Choose another photo' to the space
    await user.click(within(alert).getByRole('button', { name: 'Choose other products' }));
    expect(screen.getByRole('heading', { name: 'Choose products' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messages.shop.continueToSpace }));
    await user.click(screen.getByRole('button', { name: messages.shop.renderNew }));
    const again = await screen.findByRole('alert', {}, { timeout: 10_000 });
    await user.click(within(again).getByRole('button', { name: 'Choose another photo' }));
    expect(screen.getByRole('button', { name: messages.shop.renderNew })).toBeInTheDocument();
    expect(refused.callsTo('POST /api/render-jobs')).toHaveLength(2);

    // one way back: from the space (a render still under way is cancelled), then to the products
    const renderAgain = jobApi([job()]);
    await user.click(screen.getByRole('button', { name: messages.shop.renderNew }));
    expect(await screen.findByRole('progressbar', { name: 'Render progress' })).toBeInTheDocument();
    await waitFor(() => expect(renderAgain.callsTo('POST /api/render-jobs')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(renderAgain.callsTo('POST /api/render-jobs/job-space/cancel')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Choose products' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the design' }));
    expect(onLeave).toHaveBeenCalledOnce();
  });
});

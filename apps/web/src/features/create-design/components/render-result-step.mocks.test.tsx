import { CREATE_VIDEO_DELAY_MS, messages, type RenderJob } from '@dwellscape/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { jsonResponse } from '../../../../test/render';
import { GENERATED_DESIGN_KEY, getCreateDraft, updateCreateDraft } from '../stores/create-draft';
import { fixtures, stubApi } from '../testing/fake-api';
import { renderCreateFlow } from '../testing/render-create-flow';

vi.mock('../utils/before-after-video', () => ({
  createBeforeAfterVideo: vi.fn(async () => new Blob(['webm'], { type: 'video/webm' })),
}));

const [sofa] = fixtures.products;

function chooseEverything() {
  updateCreateDraft({
    selectedProducts: [{ ...sofa!, mode: 'interior' }],
    flowAnswers: { vibe: 'Cozy', light: 'Lots' },
    selectedSpaceId: 'loft',
    selectedSpaceType: 'Living Room',
  });
}

const job = (over: Partial<RenderJob> = {}): RenderJob => ({
  id: 'job-1',
  status: 'queued',
  position: 1,
  progress: 0,
  variationCount: 2,
  variations: [],
  error: null,
  createdAt: '2026-11-25T12:00:00.000Z',
  ...over,
});
const receiptOf = (structureKept: number) => ({
  structureKept,
  productsPresent: 2,
  productsChosen: 2,
  method: 'placed' as const,
  weakEstimate: false,
});
const doneJob = (id = 'job-1') =>
  job({
    id,
    status: 'done',
    position: null,
    progress: 100,
    variations: [
      { imageUrl: '/media/renders/after-1.webp', width: 1600, height: 1200, receipt: receiptOf(0.962) },
      { imageUrl: '/media/renders/after-2.webp', width: 1600, height: 1200, receipt: receiptOf(0.914) },
    ],
  });

/**
 * The render-job API as the server answers it: POST queues `first`, each read of the job takes the next of `later`
 * (the last one stays). jsdom has no EventSource, so the step reads the job every second.
 * With `held`, a read answers the same state until the test calls `advance()`: a state the test looks for on screen
 * then stays until it was seen, however long a busy machine takes between two reads.
 */
function jobApi(first: RenderJob, later: RenderJob[], extra: Parameters<typeof stubApi>[0] = {}, held = false) {
  let reads = 0;
  let started = 0;
  const api = stubApi({
    'POST /api/render-jobs': () => {
      started++;
      return jsonResponse(202, { ...first, id: started === 1 ? first.id : `${first.id}-${started}` });
    },
    [`GET /api/render-jobs/${first.id}`]: () =>
      jsonResponse(200, later[Math.min(held ? reads : reads++, later.length - 1)]),
    [`POST /api/render-jobs/${first.id}/cancel`]: () => jsonResponse(200, job({ status: 'cancelled', position: null })),
    ...extra,
  });
  return Object.assign(api, { advance: () => void reads++ });
}

beforeEach(() => {
  // sonner keeps earlier tests' toasts and shows them again in a new Toaster: each test counts its own
  toast.dismiss();
  URL.createObjectURL = vi.fn(() => 'blob:video');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('render step', () => {
  it('says under each variation what its arrangement changes, in the words the server gives', async () => {
    chooseEverything();
    const labelled = job({
      status: 'done',
      position: null,
      progress: 100,
      variationCount: 3,
      variations: [
        { imageUrl: '/media/renders/a.webp', width: 1600, height: 1200, label: 'Sofa in the old one’s place' },
        { imageUrl: '/media/renders/b.webp', width: 1600, height: 1200, label: 'Sofa by the window' },
        { imageUrl: '/media/renders/c.webp', width: 1600, height: 1200, label: 'Rug turned' },
      ],
    });
    jobApi(job(), [labelled]);
    renderCreateFlow('render-result', { cached: true });

    const second = await screen.findByRole('button', { name: 'Variation 2' }, { timeout: 10_000 });
    expect(second).toHaveAccessibleDescription('Sofa by the window');
    expect(screen.getByRole('button', { name: 'Variation 1' })).toHaveAccessibleDescription(
      'Sofa in the old one’s place',
    );
    expect(screen.getByRole('button', { name: 'Variation 3' })).toHaveAccessibleDescription('Rug turned');
    expect(screen.getByText('Rug turned')).toBeVisible();
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/b.webp',
    );
  });

  it('says when none of the products could be placed, instead of generated, and offers no empty variation to pick', async () => {
    chooseEverything();
    updateCreateDraft({
      selectedProducts: [
        { ...sofa!, mode: 'interior' },
        { ...fixtures.products[1]!, mode: 'interior' },
      ],
    });
    const empty = {
      structureKept: 1,
      productsPresent: 0,
      productsChosen: 2,
      method: 'placed' as const,
      weakEstimate: false,
      layout: 'found' as const,
      leftOut: ['no free floor for the sofa', 'no free floor for the lamp'],
    };
    const nothing = job({
      status: 'done',
      position: null,
      progress: 100,
      variations: [
        { imageUrl: '/media/renders/a.webp', width: 1600, height: 1200, receipt: empty, placements: [] },
        { imageUrl: '/media/renders/b.webp', width: 1600, height: 1200, receipt: empty, placements: [] },
      ],
    });
    jobApi(job(), [nothing]);
    renderCreateFlow('render-result', { cached: true });

    expect(
      await screen.findByRole(
        'status',
        { name: 'None of your 2 products could be placed in this photo' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('None of your 2 products placed: no free floor for the sofa and the lamp · Room kept 100%'),
    ).toBeInTheDocument();
    // the toast says the same, not docs/product.md's 'generated'
    await waitFor(() =>
      expect(screen.getAllByText('None of your 2 products could be placed in this photo')).toHaveLength(2),
    );
    expect(screen.queryByText(messages.create.renderSuccess)).not.toBeInTheDocument();
    // two pictures of the photo as it was are not two designs
    expect(screen.queryByRole('button', { name: /^Variation / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place them yourself' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose another photo' })).toBeInTheDocument();
  });

  it('says which products were left out under the generated toast, and picks first a variation that has products', async () => {
    chooseEverything();
    const some = { ...receiptOf(0.96), productsPresent: 1, leftOut: ['no free floor for the sofa'] };
    const none = { ...some, productsPresent: 0 };
    const mixed = job({
      status: 'done',
      position: null,
      progress: 100,
      variationCount: 3,
      variations: [
        { imageUrl: '/media/renders/a.webp', width: 1600, height: 1200, receipt: none, label: 'No products placed' },
        { imageUrl: '/media/renders/b.webp', width: 1600, height: 1200, receipt: some, label: 'Lamp on the left' },
        { imageUrl: '/media/renders/c.webp', width: 1600, height: 1200, receipt: some, label: 'Lamp on the right' },
      ],
    });
    jobApi(job(), [mixed]);
    renderCreateFlow('render-result', { cached: true });

    expect(await screen.findByText(messages.create.renderSuccess, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 products placed')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/b.webp',
    );
    // the one with nothing in it is not offered
    expect(screen.getByRole('button', { name: 'Variation 1' })).toHaveAccessibleDescription('Lamp on the left');
    expect(screen.getByRole('button', { name: 'Variation 2' })).toHaveAccessibleDescription('Lamp on the right');
    expect(screen.queryByRole('button', { name: 'Variation 3' })).not.toBeInTheDocument();
    expect(screen.queryByText('No products placed')).not.toBeInTheDocument();
  });

  it('shows no words under variations the server did not label', async () => {
    chooseEverything();
    jobApi(job(), [doneJob()]);
    renderCreateFlow('render-result', { cached: true });
    const first = await screen.findByRole('button', { name: 'Variation 1' }, { timeout: 10_000 });
    expect(first).not.toHaveAccessibleDescription();
  });

  it('queues one job per entry under strict mode, shows its real progress, then the variations side by side', async () => {
    chooseEverything();
    const api = jobApi(job(), [job(), job({ status: 'running', position: null, progress: 50 }), doneJob()], {}, true);
    renderCreateFlow('render-result', { cached: true });

    expect(await screen.findByText('Next in line…')).toBeInTheDocument();
    api.advance();
    await waitFor(
      () => expect(screen.getByRole('progressbar', { name: 'Render progress' })).toHaveAttribute('aria-valuenow', '50'),
      {
        timeout: 10_000,
      },
    );
    expect(screen.getByText('50%')).toBeInTheDocument();
    api.advance();

    expect(
      await screen.findByRole('img', { name: 'After: your redesigned space' }, { timeout: 10_000 }),
    ).toHaveAttribute('src', '/media/renders/after-1.webp');
    expect(await screen.findByText(messages.create.renderSuccess)).toBeInTheDocument();
    expect(screen.getByText('Room kept 96% · 2 of 2 products')).toBeInTheDocument();
    expect(api.callsTo('POST /api/render-jobs')).toHaveLength(1);
    const form = api.callsTo('POST /api/render-jobs')[0]!.body as FormData;
    expect(form.get('spaceImageUrl')).toBe('/media/seed/s1.webp');
    expect(form.get('variations')).toBe('2');
    expect(JSON.parse(String(form.get('userAnswers')))).toEqual({ vibe: 'Cozy', light: 'Lots' });

    // the person picks the second variation: it is shown, and it is the one post-creation publishes
    expect(screen.getByRole('button', { name: 'Variation 1' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Variation 2' }));
    expect(screen.getByRole('button', { name: 'Variation 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/after-2.webp',
    );
    // the receipt is the one of the variation shown
    expect(screen.getByText('Room kept 91% · 2 of 2 products')).toBeInTheDocument();
    const { designSession, generatedDesign } = getCreateDraft();
    expect(designSession?.renderJobId).toBe('job-1');
    expect(generatedDesign).toMatchObject({
      designSessionId: designSession?.id,
      imageUrl: '/media/renders/after-2.webp',
    });
  });

  it('follows the same job when the person comes back with the same choices, and starts a new one for new choices', async () => {
    chooseEverything();
    localStorage.setItem(
      GENERATED_DESIGN_KEY,
      JSON.stringify({ designSessionId: 'old', imageUrl: '/media/renders/old.webp', timestamp: 1 }),
    );
    const api = jobApi(job(), [job({ status: 'running', position: null, progress: 20 })], {
      'GET /api/render-jobs/job-1-2': () => jsonResponse(200, doneJob('job-1-2')),
    });
    const { router } = renderCreateFlow('render-result');
    await waitFor(() => expect(api.callsTo('POST /api/render-jobs')).toHaveLength(1));
    expect(screen.getByRole('img', { name: 'Your space' })).toHaveAttribute('src', '/media/seed/s1.webp');
    expect(screen.getByRole('button', { name: /Continue/ })).toBeEnabled();
    expect(localStorage.getItem(GENERATED_DESIGN_KEY)).toBeNull();
    const firstSession = getCreateDraft().designSession?.id;

    await act(() => router.navigate(paths.createDesign.step('space-selection')));
    await act(() => router.navigate(paths.createDesign.step('render-result')));
    await waitFor(() => expect(api.callsTo('GET /api/render-jobs/job-1').length).toBeGreaterThan(0));
    expect(api.callsTo('POST /api/render-jobs')).toHaveLength(1);
    expect(getCreateDraft().designSession?.id).toBe(firstSession);

    await act(() => router.navigate(paths.createDesign.step('space-selection')));
    updateCreateDraft({ selectedSpaceId: 'tpl-living' });
    await act(() => router.navigate(paths.createDesign.step('render-result')));
    await waitFor(() => expect(api.callsTo('POST /api/render-jobs')).toHaveLength(2));
    expect(getCreateDraft().designSession?.id).not.toBe(firstSession);
    expect(
      await screen.findByRole('img', { name: 'After: your redesigned space' }, { timeout: 10_000 }),
    ).toHaveAttribute('src', '/media/renders/after-1.webp');
  });

  it("picks the job up again after a reload, which cleared the flow's choices", async () => {
    sessionStorage.setItem(
      'designSession',
      JSON.stringify({
        id: 'session-before-reload',
        mode: 'interior',
        spaceType: 'Living Room',
        beforeImageUrl: '/media/seed/s1.webp',
        selectedProducts: [],
        uploadedProductImages: [],
        userAnswers: { vibe: 'Cozy' },
        startedAt: 1,
        renderJobId: 'job-1',
        choicesKey: 'x',
      }),
    );
    const api = jobApi(job(), [job({ status: 'running', position: null, progress: 60 }), doneJob()], {}, true);
    renderCreateFlow('render-result');
    await waitFor(
      () => expect(screen.getByRole('progressbar', { name: 'Render progress' })).toHaveAttribute('aria-valuenow', '60'),
      { timeout: 10_000 },
    );
    expect(screen.getByRole('img', { name: 'Your space' })).toHaveAttribute('src', '/media/seed/s1.webp');
    api.advance();
    expect(await screen.findByRole('button', { name: 'Variation 2' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.callsTo('POST /api/render-jobs')).toHaveLength(0);
    expect(getCreateDraft().generatedDesign).toMatchObject({
      designSessionId: 'session-before-reload',
      imageUrl: '/media/renders/after-1.webp',
    });
  });

  it('shows again, after a reload, the variation picked and adjusted before it, with its receipt', async () => {
    sessionStorage.setItem(
      'designSession',
      JSON.stringify({
        id: 'session-adjusted-before-reload',
        mode: 'interior',
        spaceType: 'Living Room',
        beforeImageUrl: '/media/seed/s1.webp',
        selectedProducts: [],
        uploadedProductImages: [],
        userAnswers: {},
        startedAt: 1,
        renderJobId: 'job-1',
        choicesKey: 'x',
      }),
    );
    localStorage.setItem(
      GENERATED_DESIGN_KEY,
      JSON.stringify({
        designSessionId: 'session-adjusted-before-reload',
        imageUrl: '/media/renders/adjusted-2.webp',
        timestamp: 1,
        variation: 1,
        receipt: receiptOf(0.88),
      }),
    );
    const api = jobApi(doneJob(), [doneJob()]);
    renderCreateFlow('render-result');
    const second = await screen.findByRole('button', { name: 'Variation 2' }, { timeout: 10_000 });
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/adjusted-2.webp',
    );
    expect(screen.getByText('Room kept 88% · 2 of 2 products')).toBeInTheDocument();
    // a job that had ended before the reload is not announced again
    expect(screen.queryByText(messages.create.renderSuccess)).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/render-jobs')).toHaveLength(0);
    expect(getCreateDraft().generatedDesign?.imageUrl).toBe('/media/renders/adjusted-2.webp');
  });

  it("cancels the job with 'Cancel', and 'Render again' queues a new one", async () => {
    chooseEverything();
    const api = jobApi(job(), [job({ status: 'running', position: null, progress: 30 })]);
    renderCreateFlow('render-result');
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toBeEnabled());
    await userEvent.click(cancel);
    expect(await screen.findByText(messages.create.renderCancelled)).toBeInTheDocument();
    expect(api.callsTo('POST /api/render-jobs/job-1/cancel')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Render again' }));
    await waitFor(() => expect(api.callsTo('POST /api/render-jobs')).toHaveLength(2));
  });

  it('shows docs/product.md §8 failure text, and Try Again renders once more', async () => {
    chooseEverything();
    const api = jobApi(job(), [
      job({ status: 'failed', position: null, error: messages.create.renderServerFailed('Space too dark') }),
    ]);
    renderCreateFlow('render-result');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Failed to generate design: Space too dark');
    expect(screen.getByRole('button', { name: /Continue/ })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(api.callsTo('POST /api/render-jobs')).toHaveLength(2));
  });

  it("says a refused render (400) in the server's words and offers to choose again instead of 'Try Again'", async () => {
    chooseEverything();
    const api = stubApi({
      'POST /api/render-jobs': () => jsonResponse(400, { error: 'selectedProducts: unknown product sofa' }),
    });
    renderCreateFlow('render-result');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.create.renderRefused('selectedProducts: unknown product sofa'));
    expect(alert).toHaveTextContent(messages.create.renderRefusedHint);
    expect(alert).not.toHaveTextContent(messages.create.renderFailed);
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose other products' }));
    expect(await screen.findByRole('heading', { name: messages.create.steps[0].heading })).toBeInTheDocument();
    expect(api.callsTo('POST /api/render-jobs')).toHaveLength(1);
  });

  it("offers 'Choose another photo' for a refused render, back to the space step", async () => {
    chooseEverything();
    stubApi({ 'POST /api/render-jobs': () => jsonResponse(400, { error: 'spaceImageUrl: not one of your uploads' }) });
    renderCreateFlow('render-result');
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Choose another photo' }));
    expect(await screen.findByRole('heading', { name: messages.create.steps[2].heading })).toBeInTheDocument();
  });

  it('keeps docs/product.md §8 words and Try Again for a genuine failure (500)', async () => {
    chooseEverything();
    stubApi({ 'POST /api/render-jobs': () => jsonResponse(500, { error: 'Internal Server Error' }) });
    renderCreateFlow('render-result');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.create.renderFailed);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose other products' })).not.toBeInTheDocument();
  });

  it('says which limit was reached when the server refuses another render (429)', async () => {
    chooseEverything();
    stubApi({
      'POST /api/render-jobs': () => jsonResponse(429, { error: messages.create.renderJobsAtOnce(2) }),
    });
    renderCreateFlow('render-result');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.create.renderJobsAtOnce(2));
  });

  it("uses the fixed sample image without calling the engine when nothing was chosen, with the 'generated' toast", async () => {
    updateCreateDraft({ flowAnswers: { vibe: 'Cozy', light: 'Lots' }, selectedSpaceId: 'loft' });
    const api = stubApi();
    renderCreateFlow('render-result');
    expect(await screen.findByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      fixtures.templates[0]!.imageUrl,
    );
    expect(screen.getByText('No products were chosen, so here is a sample design.')).toBeInTheDocument();
    // once, although strict mode mounts the step twice
    expect(await screen.findAllByText('Your design has been generated!')).toHaveLength(1);
    expect(api.callsTo('POST /api/render-jobs')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Variation 1' })).not.toBeInTheDocument();
    expect(getCreateDraft().generatedDesign?.imageUrl).toBe(fixtures.templates[0]!.imageUrl);
  });

  it("stops with 'No space image found' when the chosen space has no image", async () => {
    chooseEverything();
    updateCreateDraft({ selectedSpaceId: 'a-space-that-is-gone' });
    const api = stubApi();
    renderCreateFlow('render-result');
    expect(await screen.findAllByText(messages.create.noSpace)).not.toHaveLength(0);
    expect(api.callsTo('POST /api/render-jobs')).toHaveLength(0);
    expect(screen.getByRole('button', { name: /Continue/ })).toBeDisabled();
  });

  it('switches Before and After with the toggle and the arrows', async () => {
    chooseEverything();
    jobApi(doneJob(), [doneJob()]);
    renderCreateFlow('render-result');
    await screen.findByRole('img', { name: 'After: your redesigned space' }, { timeout: 10_000 });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Before', pressed: false }));
    expect(screen.getByRole('img', { name: 'Before: your space as it is' })).toBeVisible();
    expect(screen.queryByRole('img', { name: 'After: your redesigned space' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show before' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Show after' }));
    expect(screen.getByRole('img', { name: 'After: your redesigned space' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'After' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows 'Creating Video...' for 2 s, then plays the clip", async () => {
    chooseEverything();
    jobApi(doneJob(), [doneJob()]);
    renderCreateFlow('render-result');
    await screen.findByRole('img', { name: 'After: your redesigned space' }, { timeout: 10_000 });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

    await user.click(screen.getByRole('button', { name: messages.create.createVideo }));
    const creating = screen.getByRole('button', { name: messages.create.creatingVideo });
    expect(creating).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(CREATE_VIDEO_DELAY_MS - 100));
    expect(screen.getByRole('button', { name: messages.create.creatingVideo })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    expect(await screen.findByLabelText('Before and after video')).toHaveAttribute('src', 'blob:video');
  });
});

describe('step guards', () => {
  it.each([
    ['flow-questions', '/create-design/start'],
    ['space-selection', '/create-design/start'],
    ['render-result', '/create-design/start'],
    ['post-creation', '/create-design/start'],
  ] as const)('send a fresh visit of %s to %s', async (step, expected) => {
    stubApi();
    renderCreateFlow(step);
    // the steps are lazy chunks: on a busy machine the redirect can take longer than waitFor's 1 s default
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent(expected), {
      timeout: 5000,
    });
    expect(
      await screen.findByRole('heading', { name: messages.create.steps[0].heading }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('sends the person to the first missing step, not always the first', async () => {
    updateCreateDraft({ selectedProducts: [{ ...sofa!, mode: 'interior' }], flowAnswers: { vibe: 'Cozy' } });
    stubApi();
    renderCreateFlow('render-result');
    await waitFor(
      () =>
        expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/create-design/flow-questions'),
      { timeout: 5000 },
    );
  });
});

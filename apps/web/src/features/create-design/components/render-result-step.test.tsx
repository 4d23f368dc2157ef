import { CREATE_VIDEO_DELAY_MS, messages } from '@dwellscape/shared';
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

const receipt = { structureKept: 0.962, productsPresent: 2, productsChosen: 2, method: 'placed', weakEstimate: false };
const renderSucceeds = () =>
  jsonResponse(200, { success: true, imageUrl: '/media/renders/after.webp', error: null, receipt });

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
  it('generates exactly once per entry under strict mode, shows the image and keeps it for post-creation', async () => {
    chooseEverything();
    const api = stubApi({ 'POST /api/ai/generate-design-image': renderSucceeds });
    renderCreateFlow('render-result', { cached: true });

    expect(await screen.findByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/after.webp',
    );
    expect(await screen.findByText(messages.create.renderSuccess)).toBeInTheDocument();
    expect(screen.getByText('Room kept 96% · 2 of 2 products')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/ai/generate-design-image')).toHaveLength(1);

    const form = api.callsTo('POST', '/api/ai/generate-design-image')[0]![1]!.body as FormData;
    expect(form.get('spaceImageUrl')).toBe('/media/seed/s1.webp');
    expect(JSON.parse(String(form.get('userAnswers')))).toEqual({ vibe: 'Cozy', light: 'Lots' });

    const { designSession, generatedDesign } = getCreateDraft();
    expect(designSession?.id).toBeTruthy();
    expect(generatedDesign).toMatchObject({
      designSessionId: designSession?.id,
      imageUrl: '/media/renders/after.webp',
    });
  });

  it('starts a new session and clears the old image on every entry', async () => {
    chooseEverything();
    localStorage.setItem(
      GENERATED_DESIGN_KEY,
      JSON.stringify({ designSessionId: 'old', imageUrl: '/media/renders/old.webp', timestamp: 1 }),
    );
    let release!: () => void;
    const api = stubApi({
      'POST /api/ai/generate-design-image': () =>
        new Promise<Response>((resolve) => (release = () => resolve(renderSucceeds()))),
    });
    const { router } = renderCreateFlow('render-result');
    await waitFor(() => expect(api.callsTo('POST', '/api/ai/generate-design-image')).toHaveLength(1));
    // the loading state says it is working, over the space's own photo
    expect(screen.getByText('Studying your room…')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your space' })).toHaveAttribute('src', '/media/seed/s1.webp');
    expect(screen.getByRole('button', { name: /Continue/ })).toBeEnabled();
    expect(localStorage.getItem(GENERATED_DESIGN_KEY)).toBeNull();
    const firstSession = getCreateDraft().designSession?.id;
    await act(async () => release());
    await screen.findByRole('img', { name: 'After: your redesigned space' });

    await act(() => router.navigate(paths.createDesign.step('space-selection')));
    await act(() => router.navigate(paths.createDesign.step('render-result')));
    await waitFor(() => expect(api.callsTo('POST', '/api/ai/generate-design-image')).toHaveLength(2));
    expect(getCreateDraft().designSession?.id).not.toBe(firstSession);
    expect(getCreateDraft().generatedDesign).toBeNull();
  });

  it('shows SPEC §8 failure text, and Try Again renders once more', async () => {
    chooseEverything();
    const api = stubApi({
      'POST /api/ai/generate-design-image': () =>
        jsonResponse(200, { success: false, imageUrl: null, error: 'Space too dark' }),
    });
    renderCreateFlow('render-result');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to generate design: Space too dark');
    expect(screen.getByRole('button', { name: /Continue/ })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/ai/generate-design-image')).toHaveLength(2));
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
    expect(api.callsTo('POST', '/api/ai/generate-design-image')).toHaveLength(0);
    expect(getCreateDraft().generatedDesign?.imageUrl).toBe(fixtures.templates[0]!.imageUrl);
  });

  it("stops with 'No space image found' when the chosen space has no image", async () => {
    chooseEverything();
    updateCreateDraft({ selectedSpaceId: 'a-space-that-is-gone' });
    const api = stubApi();
    renderCreateFlow('render-result');
    expect(await screen.findAllByText(messages.create.noSpace)).not.toHaveLength(0);
    expect(api.callsTo('POST', '/api/ai/generate-design-image')).toHaveLength(0);
    expect(screen.getByRole('button', { name: /Continue/ })).toBeDisabled();
  });

  it('switches Before and After with the toggle and the arrows', async () => {
    chooseEverything();
    stubApi({ 'POST /api/ai/generate-design-image': renderSucceeds });
    renderCreateFlow('render-result');
    await screen.findByRole('img', { name: 'After: your redesigned space' });
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
    stubApi({ 'POST /api/ai/generate-design-image': renderSucceeds });
    renderCreateFlow('render-result');
    await screen.findByRole('img', { name: 'After: your redesigned space' });
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

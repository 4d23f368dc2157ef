import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toaster';
import { jsonResponse } from '../../../../test/render';
import { getCreateDraft, updateCreateDraft } from '../stores/create-draft';
import { fixtures, stubApi } from '../testing/fake-api';
import { renderCreateFlow } from '../testing/render-create-flow';

vi.mock('../utils/before-after-video', () => ({
  createBeforeAfterVideo: vi.fn(async () => new Blob(['webm'], { type: 'video/webm' })),
}));

const [sofa, lamp] = fixtures.products;
const renderSize = { width: 1600, height: 1200 };
const placements = [
  { productId: 'sofa', box: { x: 500, y: 600, width: 400, height: 200 }, replaced: 'sofa-1' },
  { productId: 'lamp', box: { x: 1000, y: 400, width: 150, height: 380 } },
];

function chooseEverything() {
  updateCreateDraft({
    selectedProducts: [
      { ...sofa!, mode: 'interior' },
      { ...lamp!, mode: 'interior' },
    ],
    flowAnswers: { vibe: 'Cozy', light: 'Lots' },
    selectedSpaceId: 'loft',
    selectedSpaceType: 'Living Room',
  });
}

beforeEach(() => {
  toast.dismiss();
});

const receiptOf = (structureKept: number) => ({
  structureKept,
  productsPresent: 2,
  productsChosen: 2,
  method: 'placed' as const,
  weakEstimate: false,
});

/** A finished render job of two variations: the second has the sofa elsewhere. */
const doneJob = {
  id: 'job-1',
  status: 'done',
  position: null,
  progress: 100,
  variationCount: 2,
  variations: [
    { imageUrl: '/media/renders/after.webp', ...renderSize, receipt: receiptOf(0.962), placements },
    {
      imageUrl: '/media/renders/after-2.webp',
      ...renderSize,
      receipt: receiptOf(0.914),
      placements: [{ productId: 'sofa', box: { x: 100, y: 600, width: 400, height: 200 } }, placements[1]!],
    },
  ],
  error: null,
  createdAt: '2026-11-25T12:00:00.000Z',
};

/** The render-job API answering the finished job at once (jsdom has no EventSource: the step reads the job). */
const renderJobAnswers = {
  'POST /api/render-jobs': () => jsonResponse(202, doneJob),
  'GET /api/render-jobs/job-1': () => jsonResponse(200, doneJob),
};

async function openAdjuster() {
  chooseEverything();
  const api = stubApi({
    ...renderJobAnswers,
    'POST /api/ai/recomposite-design': ({ init }) => {
      const body = JSON.parse(String(init?.body)) as { placements: typeof placements };
      return jsonResponse(200, { imageUrl: '/media/renders/adjusted.webp', placements: body.placements, renderSize });
    },
  });
  renderCreateFlow('render-result', { cached: true });
  await userEvent.click(await screen.findByRole('button', { name: 'Adjust placement' }));
  return api;
}

const sentPlacements = (api: ReturnType<typeof stubApi>) => {
  const [, init] = api.callsTo('POST', '/api/ai/recomposite-design')[0]!;
  return (JSON.parse(String(init!.body)) as { placements: typeof placements }).placements;
};

// dragging and pinching (pointer gestures) are exercised in Chromium: e2e/arranged-renders.spec.ts
describe('adjusting a render’s placements', () => {
  it('moves with the keys, scales with the slider about the foot, removes, and keeps the new render in the draft', async () => {
    const api = await openAdjuster();
    const sofaBox = screen.getByRole('button', { name: 'Move Linen Sofa' });
    // the boxes lie over the picture where the render put the products
    expect(sofaBox).toHaveStyle({ left: '31.25%', top: '50%', width: '25%' });
    expect(screen.getByRole('button', { name: 'Apply changes' })).toBeDisabled();

    sofaBox.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    fireEvent.input(screen.getByRole('slider', { name: /Size of Linen Sofa/ }), { target: { value: '150' } });
    expect(screen.getByText('Size of Linen Sofa: 150%')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Move Arc Lamp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Arc Lamp' }));
    expect(screen.queryByRole('button', { name: 'Move Arc Lamp' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/ai/recomposite-design')).toHaveLength(1));
    // moved two steps right and one up (a step is 1% of the width, 16 px), then 1.5× about the middle of its foot: the sofa stays standing where it was
    expect(sentPlacements(api)).toEqual([
      { productId: 'sofa', box: { x: 432, y: 484, width: 600, height: 300 }, replaced: 'sofa-1' },
    ]);
    const [, init] = api.callsTo('POST', '/api/ai/recomposite-design')[0]!;
    const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      spaceImageUrl: '/media/seed/s1.webp',
      mode: 'interior',
      userAnswers: { vibe: 'Cozy' },
    });

    expect(await screen.findByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/adjusted.webp',
    );
    expect(getCreateDraft().generatedDesign).toMatchObject({
      imageUrl: '/media/renders/adjusted.webp',
      placements: [{ productId: 'sofa', box: { x: 432, y: 484, width: 600, height: 300 } }],
    });
  }, 20_000);

  it('keeps the render and says so when the server cannot draw it again', async () => {
    chooseEverything();
    stubApi({
      ...renderJobAnswers,
      'POST /api/ai/recomposite-design': () => jsonResponse(503, { error: 'busy' }),
    });
    renderCreateFlow('render-result', { cached: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Adjust placement' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Linen Sofa' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    expect((await screen.findAllByText('The design could not be updated. Please try again.'))[0]).toBeInTheDocument();
    expect(within(document.body).getByRole('button', { name: 'Apply changes' })).toBeEnabled();
    expect(getCreateDraft().generatedDesign?.imageUrl).toBe('/media/renders/after.webp');
  }, 20_000);

  it('adjusts the variation picked: its own placements and receipt, and the adjusted picture takes its place', async () => {
    chooseEverything();
    const api = stubApi({
      ...renderJobAnswers,
      'POST /api/ai/recomposite-design': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as { placements: typeof placements };
        return jsonResponse(200, {
          imageUrl: '/media/renders/adjusted-2.webp',
          placements: body.placements,
          renderSize,
          receipt: receiptOf(0.9),
        });
      },
    });
    renderCreateFlow('render-result', { cached: true });
    expect(await screen.findByText('Room kept 96% · 2 of 2 products')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Variation 2' }));
    expect(screen.getByText('Room kept 91% · 2 of 2 products')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Adjust placement' }));
    // the second variation's sofa, not the first's
    expect(screen.getByRole('button', { name: 'Move Linen Sofa' })).toHaveStyle({ left: '6.25%', top: '50%' });
    await userEvent.click(screen.getByRole('button', { name: 'Move Arc Lamp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Arc Lamp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/ai/recomposite-design')).toHaveLength(1));
    expect(sentPlacements(api)).toEqual([{ productId: 'sofa', box: { x: 100, y: 600, width: 400, height: 200 } }]);

    expect(await screen.findByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/adjusted-2.webp',
    );
    expect(screen.getByText('Room kept 90% · 2 of 2 products')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Variation 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(getCreateDraft().generatedDesign).toMatchObject({
      imageUrl: '/media/renders/adjusted-2.webp',
      variation: 1,
      receipt: receiptOf(0.9),
    });
    // the first variation is as it was
    await userEvent.click(screen.getByRole('button', { name: 'Variation 1' }));
    expect(screen.getByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/after.webp',
    );
  }, 20_000);
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toaster';
import { jsonResponse } from '../../../../test/render';
import { updateCreateDraft } from '../stores/create-draft';
import { fixtures, stubApi } from '../testing/fake-api';
import { renderCreateFlow } from '../testing/render-create-flow';

/*
 * A product the person removes in the adjuster is a choice, not a failure: the re-composite names it as removed, and
 * the receipt counts it apart from the products chosen ('2 of 2 products · 1 product removed by you'), every time the
 * picture is drawn again.
 */

vi.mock('../utils/before-after-video', () => ({
  createBeforeAfterVideo: vi.fn(async () => new Blob(['webm'], { type: 'video/webm' })),
}));

const [sofa, lamp] = fixtures.products;
const third = { ...lamp!, id: 'rug', name: 'Wool Rug', category: 'Rugs' };
const renderSize = { width: 1600, height: 1200 };
const placements = [
  { productId: sofa!.id, box: { x: 500, y: 600, width: 400, height: 200 } },
  { productId: lamp!.id, box: { x: 1000, y: 400, width: 150, height: 380 } },
  { productId: third.id, box: { x: 100, y: 500, width: 200, height: 300 } },
];
const receipt = {
  structureKept: 0.962,
  productsPresent: 3,
  productsChosen: 3,
  method: 'placed' as const,
  weakEstimate: false,
};
const doneJob = {
  id: 'job-1',
  status: 'done',
  position: null,
  progress: 100,
  variationCount: 1,
  variations: [{ imageUrl: '/media/renders/after.webp', ...renderSize, receipt, placements }],
  error: null,
  createdAt: '2026-11-25T12:00:00.000Z',
};

interface SentBody {
  placements: Array<{ productId: string }>;
  removed?: string[];
}

beforeEach(() => {
  toast.dismiss();
});

describe('a product removed in the adjuster', () => {
  it('is sent as removed, stays removed when drawn again, and the receipt counts it as removed by you', async () => {
    updateCreateDraft({
      selectedProducts: [
        { ...sofa!, mode: 'interior' },
        { ...lamp!, mode: 'interior' },
        { ...third, mode: 'interior' },
      ],
      flowAnswers: { vibe: 'Cozy', light: 'Lots' },
      selectedSpaceId: 'loft',
      selectedSpaceType: 'Living Room',
    });
    const sent: SentBody[] = [];
    const api = stubApi({
      'POST /api/render-jobs': () => jsonResponse(202, doneJob),
      'GET /api/render-jobs/job-1': () => jsonResponse(200, doneJob),
      'POST /api/ai/recomposite-design': ({ body: sentBody }) => {
        const body = sentBody as SentBody;
        sent.push(body);
        const removed = body.removed?.length ?? 0;
        // the server's rule (fidelity.ts): the removed are not among the chosen
        return jsonResponse(200, {
          imageUrl: `/media/renders/adjusted-${sent.length}.webp`,
          placements: body.placements,
          renderSize,
          receipt: {
            ...receipt,
            productsPresent: body.placements.length,
            productsChosen: 3 - removed,
            ...(removed > 0 ? { removedByYou: removed } : {}),
          },
        });
      },
    });
    renderCreateFlow('render-result', { cached: true });
    expect(await screen.findByText('Room kept 96% · 3 of 3 products')).toBeInTheDocument();
    expect(screen.queryByText(/removed by you/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Adjust placement' }));
    await userEvent.click(screen.getByRole('button', { name: `Move ${lamp!.name}` }));
    await userEvent.click(screen.getByRole('button', { name: `Remove ${lamp!.name}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(1));
    expect(sent[0]!.placements.map((p) => p.productId)).toEqual([sofa!.id, third.id]);
    expect(sent[0]!.removed).toEqual([lamp!.id]);
    expect(await screen.findByText('Room kept 96% · 2 of 2 products')).toBeInTheDocument();
    expect(screen.getByText('1 product removed by you')).toBeInTheDocument();

    // a second adjustment removes another: both are named, the first not forgotten
    await userEvent.click(screen.getByRole('button', { name: 'Adjust placement' }));
    // the removed lamp is not offered as left out, to be placed on the floor again
    expect(screen.queryByText(/Left out:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Move ${lamp!.name}` })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Move ${third.name}` }));
    await userEvent.click(screen.getByRole('button', { name: `Remove ${third.name}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(2));
    expect(sent[1]!.placements.map((p) => p.productId)).toEqual([sofa!.id]);
    expect(new Set(sent[1]!.removed)).toEqual(new Set([lamp!.id, third.id]));
    expect(await screen.findByText('Room kept 96% · 1 of 1 product')).toBeInTheDocument();
    expect(screen.getByText('2 products removed by you')).toBeInTheDocument();
  }, 30_000);
});

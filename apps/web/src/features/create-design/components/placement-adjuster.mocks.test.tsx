import { messages } from '@dwellscape/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  const { init } = api.callsTo('POST /api/ai/recomposite-design')[0]!;
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
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(1));
    // moved two steps right and one up (a step is 1% of the width, 16 px), then 1.5× about the middle of its foot: the sofa stays standing where it was
    expect(sentPlacements(api)).toEqual([
      { productId: 'sofa', box: { x: 432, y: 484, width: 600, height: 300 }, replaced: 'sofa-1' },
    ]);
    const { init } = api.callsTo('POST /api/ai/recomposite-design')[0]!;
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
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(1));
    expect(sentPlacements(api)).toEqual([{ productId: 'sofa', box: { x: 100, y: 600, width: 400, height: 200 } }]);

    expect(await screen.findByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/adjusted-2.webp',
    );
    expect(screen.getByText('Room kept 90% · 2 of 2 products')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Variation 2' })).toHaveAttribute('aria-pressed', 'true');
    // the picker says whose arrangement it now is
    expect(screen.getByRole('button', { name: 'Variation 2' })).toHaveAccessibleDescription('Arranged by you');
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

/*
 * Live adjusting on the floor (decision 0046): the render answers its floor (here a floor whose sides meet at row
 * 400) and each product's layer; jsdom draws nothing, so the canvas's context records what is drawn where.
 */
const plane = {
  corners: [
    [0, 1200],
    [1600, 1200],
    [1000, 600],
    [600, 600],
  ] as [[number, number], [number, number], [number, number], [number, number]],
};
const layers = {
  base: '/media/renders/base.webp',
  products: [
    { productId: 'sofa', url: '/media/renders/sofa-layer.webp', x: 380, y: 590, width: 640, height: 230 },
    { productId: 'lamp', url: '/media/renders/lamp-layer.webp', x: 955, y: 370, width: 240, height: 430 },
  ],
};
const livePlacements = [
  { productId: 'sofa', box: { x: 500, y: 600, width: 400, height: 200 }, pose: 'standing' as const },
  { productId: 'lamp', box: { x: 1000, y: 400, width: 150, height: 380 }, pose: 'standing' as const },
];
const liveJob = {
  ...doneJob,
  variationCount: 1,
  variations: [
    {
      imageUrl: '/media/renders/after.webp',
      ...renderSize,
      receipt: receiptOf(0.962),
      placements: livePlacements,
      plane,
      layers,
    },
  ],
};

/** A picture that loads as soon as it is given its address. */
class LoadingImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  decoding = 'auto';
  #src = '';
  get src() {
    return this.#src;
  }
  set src(value: string) {
    this.#src = value;
    queueMicrotask(() => this.onload?.());
  }
}

/** A finger dragged over an element by these points (jsdom has touch events but no pointer events). */
function dragByTouch(element: Element, points: Array<[number, number]>) {
  const at = ([clientX, clientY]: [number, number]) => {
    const touches = [{ identifier: 7, clientX, clientY, target: element }];
    return { touches, targetTouches: touches, changedTouches: touches };
  };
  const [first, ...rest] = points;
  fireEvent.touchStart(element, at(first!));
  for (const point of rest) fireEvent.touchMove(element, at(point));
  fireEvent.touchEnd(element, { touches: [], targetTouches: [], changedTouches: at(points.at(-1)!).touches });
}

function recordDrawing() {
  const drawn: Array<{ src: string; x: number; y: number; width: number; height: number }> = [];
  const context = {
    setTransform: vi.fn(),
    save: vi.fn(),
    restore: vi.fn(),
    beginPath: vi.fn(),
    rect: vi.fn(),
    clip: vi.fn(),
    drawImage: vi.fn((image: { src: string }, x: number, y: number, width: number, height: number) => {
      drawn.push({ src: image.src, x, y, width, height });
    }),
  };
  vi.stubGlobal('Image', LoadingImage);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  /** Where a layer was drawn last. */
  const last = (src: string) => drawn.filter((d) => d.src === src).at(-1);
  return { drawn, last };
}

async function openLiveAdjuster(
  tool: 'Adjust placement' | 'Fix the floor',
  receipt = receiptOf(0.962),
  floor: typeof plane = plane,
) {
  chooseEverything();
  const job = { ...liveJob, variations: [{ ...liveJob.variations[0]!, receipt, plane: floor }] };
  const api = stubApi({
    'POST /api/render-jobs': () => jsonResponse(202, job),
    'GET /api/render-jobs/job-1': () => jsonResponse(200, job),
    'POST /api/ai/recomposite-design': ({ init }) => {
      const body = JSON.parse(String(init?.body)) as { placements: typeof placements; floor?: unknown };
      return jsonResponse(200, {
        imageUrl: '/media/renders/adjusted.webp',
        placements: body.placements,
        renderSize,
        receipt: { ...receiptOf(0.95), ...(body.floor ? { floorSetByYou: true } : {}) },
        ...(body.floor ? { plane: body.floor } : { plane }),
      });
    },
  });
  renderCreateFlow('render-result', { cached: true });
  await userEvent.click(await screen.findByRole('button', { name: tool }));
  return api;
}

const sentBody = (api: ReturnType<typeof stubApi>) => {
  const { init } = api.callsTo('POST /api/ai/recomposite-design')[0]!;
  return JSON.parse(String(init!.body)) as {
    placements: typeof placements;
    plane?: typeof plane;
    floor?: typeof plane;
  };
};

describe('adjusting live on the floor', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('draws each product from its layer over the render without them, and moves it along the floor: further back is smaller', async () => {
    const { last } = recordDrawing();
    const api = await openLiveAdjuster('Adjust placement');
    // the base, then each product's layer where the render drew it
    await waitFor(() => expect(last(layers.base)).toEqual({ src: layers.base, x: 0, y: 0, width: 1600, height: 1200 }));
    expect(last(layers.products[0]!.url)).toEqual({
      src: layers.products[0]!.url,
      x: 380,
      y: 590,
      width: 640,
      height: 230,
    });

    const sofaFrame = screen.getByRole('button', { name: 'Move Linen Sofa' });
    sofaFrame.focus();
    // five steps back (16 px each): the foot from 400 px below the horizon to 320, so drawn at 0.8 of its size
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(sofaFrame).toHaveStyle({ width: '20%', left: '33.75%' });
    await waitFor(() => expect(last(layers.products[0]!.url)).toMatchObject({ width: 640 * 0.8, height: 230 * 0.8 }));
    const drawnSofa = last(layers.products[0]!.url)!;
    // the layer keeps its place around the product: its foot at (700, 720)
    expect(drawnSofa.x).toBeCloseTo(700 - 320 / 2 + (380 - 500) * 0.8, 5);
    expect(drawnSofa.y).toBeCloseTo(720 - 160 + (590 - 600) * 0.8, 5);

    // and forward again past where it was: nearer is larger
    await userEvent.keyboard(
      '{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}',
    );
    // three steps nearer than it began: 448 px below the horizon, 1.12 of its size
    expect(Number.parseFloat(sofaFrame.style.width)).toBeCloseTo(28, 5);

    // the pointer: the lamp follows it, smaller as it goes back (jsdom lays nothing out: a screen pixel is a picture pixel)
    const lampFrame = screen.getByRole('button', { name: 'Move Arc Lamp' });
    dragByTouch(lampFrame, [
      [100, 100],
      [120, 80],
      [140, 60],
    ]);
    // about 40 px right and 40 back (a touch drag starts past a few pixels): its foot was 380 px below the horizon
    const pct = (value: string) => Number.parseFloat(value) / 100;
    const footX = (pct(lampFrame.style.left) + pct(lampFrame.style.width) / 2) * 1600;
    const footY = (pct(lampFrame.style.top) + pct(lampFrame.style.height)) * 1200;
    expect(footX).toBeGreaterThan(1075 + 30);
    expect(footY).toBeLessThan(780 - 30);
    expect(pct(lampFrame.style.height) * 1200).toBeCloseTo(footY - 400, 5);
    await waitFor(() => expect(last(layers.products[1]!.url)!.height).toBeCloseTo((430 * (footY - 400)) / 380, 5));

    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(1));
    const body = sentBody(api);
    expect(body.plane).toEqual(plane);
    expect(body.floor).toBeUndefined();
    // sent in whole pixels: the sofa three steps nearer than it began, the lamp dragged back
    const lampHeight = footY - 400;
    const lampWidth = (150 * lampHeight) / 380;
    expect(body.placements).toEqual([
      { productId: 'sofa', box: { x: 476, y: 624, width: 448, height: 224 }, pose: 'standing' },
      {
        productId: 'lamp',
        box: {
          x: Math.round(footX - lampWidth / 2),
          y: Math.round(footY - lampHeight),
          width: Math.round(lampWidth),
          height: Math.round(lampHeight),
        },
        pose: 'standing',
      },
    ]);
  }, 30_000);

  it('draws a product a variation turned from its turned layer, and Apply keeps the turn so the new picture shows the same view', async () => {
    const { last } = recordDrawing();
    // the second variation turned the sofa to its left three-quarter view: its layer is that picture, narrower
    // and taller than the front's, on the same base
    const turnedLayer = {
      productId: 'sofa',
      url: '/media/renders/sofa-left-layer.webp',
      x: 470,
      y: 540,
      width: 460,
      height: 280,
    };
    const turnedJob = {
      ...liveJob,
      variations: [
        {
          ...liveJob.variations[0]!,
          placements: [{ ...livePlacements[0]!, view: { view: 'left' as const } }, livePlacements[1]!],
          layers: { ...layers, products: [turnedLayer, layers.products[1]!] },
        },
      ],
    };
    chooseEverything();
    const api = stubApi({
      'POST /api/render-jobs': () => jsonResponse(202, turnedJob),
      'GET /api/render-jobs/job-1': () => jsonResponse(200, turnedJob),
      'POST /api/ai/recomposite-design': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as { placements: typeof placements };
        return jsonResponse(200, { imageUrl: '/media/renders/adjusted.webp', placements: body.placements, renderSize });
      },
    });
    renderCreateFlow('render-result', { cached: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Adjust placement' }));
    await waitFor(() =>
      expect(last(turnedLayer.url)).toEqual({ src: turnedLayer.url, x: 470, y: 540, width: 460, height: 280 }),
    );
    expect(last(layers.products[0]!.url)).toBeUndefined();

    const sofaFrame = screen.getByRole('button', { name: 'Move Linen Sofa' });
    sofaFrame.focus();
    await userEvent.keyboard('{ArrowRight}');
    // the turned picture moves with the sofa's box, 16 px right
    await waitFor(() => expect(last(turnedLayer.url)).toMatchObject({ x: 486, y: 540, width: 460, height: 280 }));

    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(1));
    expect(sentBody(api).placements[0]).toEqual({
      productId: 'sofa',
      box: { x: 516, y: 600, width: 400, height: 200 },
      pose: 'standing',
      view: { view: 'left' },
    });
  }, 30_000);

  it('Apply sends back the view the render drew each product from, its warp unchanged, and so does the next Apply', async () => {
    recordDrawing();
    // the render drew the sofa from its left three-quarter view, warped to the wall's vanishing point far right
    const sofaView = { view: 'left' as const, recede: { vanishingX: 2077.25, horizonY: 450.5 } };
    const lampView = { view: 'front' as const };
    const drawnJob = {
      ...liveJob,
      variations: [
        {
          ...liveJob.variations[0]!,
          placements: [
            { ...livePlacements[0]!, view: sofaView },
            { ...livePlacements[1]!, view: lampView },
          ],
        },
      ],
    };
    chooseEverything();
    let drawn = 0;
    const api = stubApi({
      'POST /api/render-jobs': () => jsonResponse(202, drawnJob),
      'GET /api/render-jobs/job-1': () => jsonResponse(200, drawnJob),
      'POST /api/ai/recomposite-design': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as { placements: typeof placements };
        drawn++;
        return jsonResponse(200, {
          imageUrl: `/media/renders/adjusted-${drawn}.webp`,
          placements: body.placements,
          renderSize,
          plane,
          layers,
        });
      },
    });
    renderCreateFlow('render-result', { cached: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Adjust placement' }));
    const sofaFrame = screen.getByRole('button', { name: 'Move Linen Sofa' });
    sofaFrame.focus();
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(1));
    expect(sentBody(api).placements).toEqual([
      { productId: 'sofa', box: { x: 516, y: 600, width: 400, height: 200 }, pose: 'standing', view: sofaView },
      { ...livePlacements[1]!, view: lampView },
    ]);

    // the picture drawn again answers the same views: adjusting it again sends them once more
    expect(await screen.findByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/adjusted-1.webp',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Adjust placement' }));
    screen.getByRole('button', { name: 'Move Linen Sofa' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(2));
    const { init } = api.callsTo('POST /api/ai/recomposite-design')[1]!;
    const again = JSON.parse(String(init!.body)) as ReturnType<typeof sentBody>;
    expect(again.placements.map((p) => (p as { view?: unknown }).view)).toEqual([sofaView, lampView]);
  }, 30_000);

  it('follows a rolled floor: moved along a level row toward where the horizon rises, a product comes nearer and larger', async () => {
    // a photo taken tilted: the level floor of a camera whose horizon is row 373⅓ at x = 800 (near row 1120, far
    // row 560), sheared by the roll (rising 0.1 px a pixel to the right), as the compositor answers it
    const tilt = 0.1;
    const level = 1120 - (560 * 4) / 3;
    const sheared = (x: number, y: number): [number, number] => [x, y - (x - 800) * tilt];
    const rolled = { corners: [sheared(0, 1120), sheared(1600, 1120), sheared(1000, 560), sheared(600, 560)] as const };
    const { last } = recordDrawing();
    await openLiveAdjuster('Adjust placement', receiptOf(0.962), {
      corners: rolled.corners.map(([x, y]) => [x, y]) as unknown as typeof plane.corners,
    });
    await waitFor(() => expect(last(layers.base)).toBeDefined());
    const sofaFrame = screen.getByRole('button', { name: 'Move Linen Sofa' });
    sofaFrame.focus();
    // ten steps right (16 px each): the foot from (700, 800) to (860, 800), further below the rolled horizon there
    await userEvent.keyboard('{ArrowRight}'.repeat(10));
    const below = (x: number) => 800 - (level - (x - 800) * tilt);
    const k = below(860) / below(700);
    expect(k).toBeGreaterThan(1.03);
    expect(Number.parseFloat(sofaFrame.style.width)).toBeCloseTo(25 * k, 3);
    await waitFor(() => expect(last(layers.products[0]!.url)!.width).toBeCloseTo(640 * k, 3));
    expect(last(layers.products[0]!.url)!.height).toBeCloseTo(230 * k, 3);
  }, 30_000);

  it('shows the floor’s grid to fix by its corners: the products re-flow, the request carries the plane and the floor set, and the receipt says so', async () => {
    const { last } = recordDrawing();
    const api = await openLiveAdjuster('Fix the floor');
    expect(screen.getByText('The floor your products stand on')).toBeInTheDocument();
    const farLeft = screen.getByRole('button', { name: 'Move the floor’s far left corner' });
    const farRight = screen.getByRole('button', { name: 'Move the floor’s far right corner' });
    expect(farLeft).toHaveStyle({ left: '37.5%', top: '50%' });
    await waitFor(() => expect(last(layers.products[0]!.url)).toMatchObject({ width: 640 }));

    // the far edge lifted about 80 px by both corners: five key steps of 16 px, and a drag (it starts past a few)
    farLeft.focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(farLeft).toHaveStyle({ top: '43.333333333333336%' });
    dragByTouch(farRight, [
      [50, 50],
      [50, 10],
      [50, -30],
    ]);
    expect(Number.parseFloat(farRight.style.top)).toBeCloseTo(43.3, 0);
    expect(Number.parseFloat(farRight.style.top)).toBeLessThan(44);
    // the sofa stays where it stood on the floor, which now recedes more slowly: drawn larger
    await waitFor(() => expect(last(layers.products[0]!.url)!.width).toBeGreaterThan(640));
    const sofaFrame = screen.getByRole('button', { name: 'Move Linen Sofa' });
    expect(Number.parseFloat(sofaFrame.style.width)).toBeGreaterThan(25);

    // a corner cannot be dragged past where the floor's sides meet: the grid stays a floor
    for (let i = 0; i < 40; i++) fireEvent.keyDown(farLeft, { key: 'ArrowRight' });
    expect(Number.parseFloat(farLeft.style.left)).toBeLessThan(62.5);

    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(1));
    const body = sentBody(api);
    // the placements as they stood on the render's floor, the render's floor, and the floor set: the server re-flows
    expect(body.plane).toEqual(plane);
    expect(body.placements[0]).toMatchObject({ productId: 'sofa', box: { x: 500, y: 600, width: 400, height: 200 } });
    expect(body.floor!.corners[0]).toEqual([0, 1200]);
    expect(body.floor!.corners[2][1]).toBeCloseTo(523, -1);
    expect(body.floor!.corners[3][1]).toBe(520);
    expect(await screen.findByText('Floor set by you')).toBeInTheDocument();
  }, 30_000);
});

/*
 * A render whose floor the analysis did not find leaves the standing products out (decision 0052): the result step
 * still offers the floor's grid, says what it is for, and Apply sends the left-out products with the floor set.
 */
describe('setting the floor when nothing stands', () => {
  const guessedReceipt = {
    ...receiptOf(0.99),
    productsPresent: 0,
    layout: 'guessed' as const,
    leftOut: ['no free floor for the sofa', 'no free floor for the lamp'],
  };
  const nothingPlaced = (withPlane: boolean, layout: 'guessed' | 'found' = 'guessed') => ({
    ...doneJob,
    variationCount: 1,
    variations: [
      {
        imageUrl: '/media/renders/after.webp',
        ...renderSize,
        receipt: { ...guessedReceipt, layout },
        placements: [],
        ...(withPlane ? { plane } : {}),
      },
    ],
  });
  const openWith = (job: ReturnType<typeof nothingPlaced>) => {
    chooseEverything();
    const api = stubApi({
      'POST /api/render-jobs': () => jsonResponse(202, job),
      'GET /api/render-jobs/job-1': () => jsonResponse(200, job),
      'POST /api/ai/recomposite-design': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as { floor: typeof plane };
        return jsonResponse(200, {
          imageUrl: '/media/renders/refloored.webp',
          placements: livePlacements,
          renderSize,
          receipt: { ...receiptOf(0.95), layout: 'adjusted', floorSetByYou: true },
          plane: body.floor,
        });
      },
    });
    renderCreateFlow('render-result', { cached: true });
    return api;
  };

  it('offers the grid with a hint, and Apply places the left-out products on the floor as set', async () => {
    const api = openWith(nothingPlaced(true));
    expect(
      await screen.findByText('We could not find the floor: drag the corners onto it to place the rest.'),
    ).toBeInTheDocument();
    // nothing to move, so no 'Adjust placement': the step says none was placed and offers to place them by hand, on
    // the floor's grid
    expect(screen.queryByRole('button', { name: 'Adjust placement' })).not.toBeInTheDocument();
    const said = screen.getByRole('status', { name: 'None of your 2 products could be placed in this photo' });
    expect(said).toHaveTextContent('We could not find the floor: drag the corners onto it to place the rest.');
    expect(within(said).getByRole('button', { name: 'Choose another photo' })).toBeInTheDocument();
    // the toast says it too, not 'generated': the picture is the photo as it was
    await waitFor(() =>
      expect(screen.getAllByText('None of your 2 products could be placed in this photo')).toHaveLength(2),
    );
    expect(screen.queryByText(messages.create.renderSuccess)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Place them yourself' }));
    expect(screen.getByText(/Left out: Linen Sofa, Arc Lamp\./)).toBeInTheDocument();
    const farLeft = screen.getByRole('button', { name: 'Move the floor’s far left corner' });
    expect(farLeft).toHaveStyle({ left: '37.5%', top: '50%' });
    // the grid as the render gave it is already something to place them on
    expect(screen.getByRole('button', { name: 'Apply changes' })).toBeEnabled();
    farLeft.focus();
    await userEvent.keyboard('{ArrowDown}');

    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(1));
    const body = sentBody(api) as ReturnType<typeof sentBody> & { leftOut?: string[] };
    expect(body.placements).toEqual([]);
    expect(body.plane).toEqual(plane);
    // a key step is 1 % of the width: 16 px down
    expect(body.floor!.corners[3]).toEqual([600, 616]);
    expect(body.leftOut).toEqual(['sofa', 'lamp']);
    expect(await screen.findByText('Floor set by you')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adjust placement' })).toBeInTheDocument();
    expect(
      screen.queryByText('We could not find the floor: drag the corners onto it to place the rest.'),
    ).not.toBeInTheDocument();
  }, 30_000);

  /** A render that stood the lamp only and left the sofa out, opened on its result; Apply draws it again ('adjusted'). */
  const openWithLampOnly = (found: { onFloor?: number } = {}) => {
    const job = {
      ...doneJob,
      variationCount: 1,
      variations: [
        {
          imageUrl: '/media/renders/after.webp',
          ...renderSize,
          receipt: {
            ...receiptOf(0.96),
            productsPresent: 1,
            layout: 'found' as const,
            ...found,
            leftOut: ['no free floor for the sofa'],
          },
          placements: [livePlacements[1]!],
          plane,
        },
      ],
    };
    chooseEverything();
    const api = stubApi({
      'POST /api/render-jobs': () => jsonResponse(202, job),
      'GET /api/render-jobs/job-1': () => jsonResponse(200, job),
      // drawn again from the person's placements, the receipt's layout says 'adjusted'
      'POST /api/ai/recomposite-design': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as { placements: typeof placements };
        return jsonResponse(200, {
          imageUrl: '/media/renders/adjusted.webp',
          placements: body.placements,
          renderSize,
          receipt: { ...receiptOf(0.95), productsPresent: 1, layout: 'adjusted', ...found },
          plane,
        });
      },
    });
    renderCreateFlow('render-result', { cached: true });
    return api;
  };

  it('moving a product with the grid never shown places only what stood: no left-out products, no floor set by you', async () => {
    const api = openWithLampOnly();
    await userEvent.click(await screen.findByRole('button', { name: 'Adjust placement' }));
    // nothing changed yet: the grid the person has not seen is no reason to apply
    expect(screen.getByRole('button', { name: 'Apply changes' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move Arc Lamp' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(1));
    const body = sentBody(api) as ReturnType<typeof sentBody> & { leftOut?: string[] };
    expect(body.placements.map((p) => p.productId)).toEqual(['lamp']);
    expect(body.leftOut).toBeUndefined();
    expect(body.floor).toBeUndefined();
    expect(await screen.findByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/adjusted.webp',
    );
    expect(screen.queryByText('Floor set by you')).not.toBeInTheDocument();
  }, 30_000);

  it('says the floor was found but had no free room when the receipt says it was found', async () => {
    openWith(nothingPlaced(true, 'found'));
    expect(
      await screen.findByText(
        'We found too little free floor for these: drag the corners onto the free floor to place the rest.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('We could not find the floor: drag the corners onto it to place the rest.'),
    ).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Place them yourself' }));
    expect(
      screen.getByText(
        /We found too little free floor for these: drag the corners onto the free floor to place the rest\. Left out: Linen Sofa, Arc Lamp\./,
      ),
    ).toBeInTheDocument();
  }, 30_000);

  it('says the floor as the receipt does after Apply: found in the photo, never "could not find"', async () => {
    openWithLampOnly({ onFloor: 1 });
    const found = 'Floor found in your photo · 1 product stands on the floor';
    const tooLittle =
      /^We found too little free floor for these: drag the corners onto the free floor to place the rest\./;
    const notFound = /We could not find the floor/;
    expect(await screen.findByText(found)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Adjust placement' }));
    screen.getByRole('button', { name: 'Move Arc Lamp' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    expect(await screen.findByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/adjusted.webp',
    );
    // the receipt line still says the photo's floor was found, and the grid's hint agrees with it
    expect(screen.getByText(found)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fix the floor' }));
    expect(screen.getByText(tooLittle)).toBeInTheDocument();
    expect(screen.queryByText(notFound)).not.toBeInTheDocument();
  }, 30_000);

  it('says so when the picture drawn on the floor set still has none of the products, not that the changes are in', async () => {
    chooseEverything();
    const job = nothingPlaced(true);
    const api = stubApi({
      'POST /api/render-jobs': () => jsonResponse(202, job),
      'GET /api/render-jobs/job-1': () => jsonResponse(200, job),
      'POST /api/ai/recomposite-design': () =>
        jsonResponse(200, {
          imageUrl: '/media/renders/still-empty.webp',
          placements: [],
          renderSize,
          receipt: { ...guessedReceipt, layout: 'adjusted', floorSetByYou: true },
          plane,
        }),
    });
    renderCreateFlow('render-result', { cached: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Place them yourself' }));
    toast.dismiss();
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(1));
    expect(await screen.findByRole('img', { name: 'After: your redesigned space' })).toHaveAttribute(
      'src',
      '/media/renders/still-empty.webp',
    );
    await waitFor(() =>
      expect(screen.getAllByText('None of your 2 products could be placed in this photo')).toHaveLength(2),
    );
    expect(screen.queryByText('Your changes are in the design.')).not.toBeInTheDocument();
  }, 30_000);

  it('offers a left-out product at the middle of the lower third to place by hand: moved, Apply sends it as yours', async () => {
    const api = openWithLampOnly();
    await userEvent.click(await screen.findByRole('button', { name: 'Adjust placement' }));
    // the sofa had no free floor: it is offered all the same, framed where it would stand
    const sofa = screen.getByRole('button', { name: 'Move Linen Sofa' });
    expect(sofa).toHaveStyle({ left: '37.5%', top: `${(850 / 1200) * 100}%`, width: '25%', height: '25%' });
    // offered, not yet placed: nothing to apply until the person moves it
    expect(screen.getByRole('button', { name: 'Apply changes' })).toBeDisabled();
    sofa.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Apply changes' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(1));
    const body = sentBody(api) as ReturnType<typeof sentBody> & { leftOut?: string[]; placedByYou?: string[] };
    expect(body.placements.map((p) => p.productId)).toEqual(['lamp', 'sofa']);
    const sent = body.placements[1]!.box;
    // a key step is 1 % of the width: its foot 16 px right, on the same line of the floor (the same size)
    expect(sent.x + sent.width / 2).toBeCloseTo(816, 0);
    expect(sent.y + sent.height).toBeCloseTo(1150, 0);
    expect(body.placedByYou).toEqual(['sofa']);
    expect(body.leftOut).toBeUndefined();
  }, 30_000);

  it('places by hand the left-out products the person moved, and the rest on the floor they set', async () => {
    chooseEverything();
    const job = nothingPlaced(true);
    const api = stubApi({
      'POST /api/render-jobs': () => jsonResponse(202, job),
      'GET /api/render-jobs/job-1': () => jsonResponse(200, job),
      'POST /api/ai/recomposite-design': () =>
        jsonResponse(200, {
          imageUrl: '/media/renders/by-hand.webp',
          placements: livePlacements,
          renderSize,
          receipt: { ...receiptOf(0.95), layout: 'adjusted', floorSetByYou: true, placedByYou: 1 },
          plane,
        }),
    });
    renderCreateFlow('render-result', { cached: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Place them yourself' }));
    // the floor's grid first; then the products, each at its default spot
    await userEvent.click(screen.getByRole('button', { name: 'Move products' }));
    const lamp = screen.getByRole('button', { name: 'Move Arc Lamp' });
    lamp.focus();
    await userEvent.keyboard('{ArrowUp}');
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(1));
    const body = sentBody(api) as ReturnType<typeof sentBody> & { leftOut?: string[]; placedByYou?: string[] };
    expect(body.placements.map((p) => p.productId)).toEqual(['lamp']);
    expect(body.placedByYou).toEqual(['lamp']);
    expect(body.leftOut).toEqual(['sofa']);
    expect(body.floor).toEqual(plane);
    expect(await screen.findByText('Room kept 95% · 2 of 2 products · 1 placed by you')).toBeInTheDocument();
  }, 30_000);

  it('starts from the lower band of the picture when the render gave no floor', async () => {
    const api = openWith(nothingPlaced(false));
    await userEvent.click(await screen.findByRole('button', { name: 'Place them yourself' }));
    const nearLeft = screen.getByRole('button', { name: 'Move the floor’s near left corner' });
    expect(nearLeft).toHaveStyle({ left: '0%', top: '100%' });
    expect(screen.getByRole('button', { name: 'Move the floor’s far left corner' })).toHaveStyle({ top: '65%' });
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/recomposite-design')).toHaveLength(1));
    const body = sentBody(api) as ReturnType<typeof sentBody> & { leftOut?: string[] };
    // the grid it started from is the floor the products stood on and the floor set
    expect(body.floor).toEqual(body.plane);
    expect(body.floor!.corners[0]).toEqual([0, 1200]);
    expect(body.leftOut).toEqual(['sofa', 'lamp']);
  }, 30_000);
});

import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { renderLocalDesign } from '@dwellscape/compositor';
import { UPLOAD_MAX_PIXELS, distanceBelow, horizonOf, type GenerateDesignFields } from '@dwellscape/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { livingRoomPhoto, productImage } from '../../../packages/compositor/test/fixtures/synthetic-images';
import { CompositorImageEngine, createRenderPool } from '../src/engines/compositor';
import { EngineFailureError, EngineInputError } from '../src/engines/errors';
import { RENDER_WIDTH } from '../src/engines/render-size';
import type { EngineImage } from '../src/engines/types';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let room: Buffer;
let products: EngineImage[];
const answers = { 'interior-vibe': 'Cozy', 'interior-natural-light': 'Bright', 'interior-color': 'Warm neutrals' };
const fields: GenerateDesignFields = {
  selectedProducts: [],
  uploadedProductImages: [],
  userAnswers: answers,
  spaceType: 'Living Room',
  mode: 'interior',
};

const pool = createRenderPool();
const engine = new CompositorImageEngine(pool);

beforeAll(async () => {
  room = await livingRoomPhoto(1600, 1200, { grain: 8 });
  products = [
    { bytes: await productImage('sofa'), category: 'Sofas', name: 'Teal Velvet Sofa' },
    { bytes: await productImage('lamp'), category: 'Lighting', name: 'Arc Floor Lamp' },
    { bytes: await productImage('plant'), category: 'Plants', name: 'Fiddle Leaf' },
    { bytes: await productImage('rug'), category: 'Rugs', name: 'Kilim Rug' },
  ];
});

afterAll(() => pool.close());

describe('CompositorImageEngine', () => {
  it('renders both forms of generate-design-image on a worker thread, as the compositor does in-process', async () => {
    const design = await engine.generateDesign({ spaceImage: room, products, fields });
    expect(design.contentType).toBe('image/webp');
    expect(Buffer.isBuffer(design.bytes)).toBe(true);
    expect([design.width, design.height]).toEqual([RENDER_WIDTH, 1200]);
    const inProcess = await renderLocalDesign({
      spaceImage: room,
      products,
      answers,
      mode: 'interior',
      spaceType: 'Living Room',
      styleText: '',
      width: RENDER_WIDTH,
      maxInputPixels: UPLOAD_MAX_PIXELS,
    });
    expect(sha256(design.bytes)).toBe(sha256(inProcess.bytes));

    const seeInSpace = await engine.generateFromPrompt({
      prompt: 'a moody evening look',
      spaceImage: room,
      additionalPhotos: [products[1]!.bytes],
    });
    expect(seeInSpace.width).toBe(RENDER_WIDTH);
    expect(sha256(seeInSpace.bytes)).not.toBe(sha256(design.bytes));
  });

  it('answers a space photo that cannot be read as bad input', async () => {
    await expect(
      engine.generateDesign({ spaceImage: Buffer.from('definitely not a photo'), products, fields }),
    ).rejects.toBeInstanceOf(EngineInputError);
  });

  it('keeps the event loop free while renders run', async () => {
    const before = performance.eventLoopUtilization();
    await Promise.all([1, 2, 3].map(() => engine.generateDesign({ spaceImage: room, products, fields })));
    // the share of the time the event loop spent running code rather than waiting: in-process, these renders
    // keep it busy nearly all along (about 1); on the pool, it only hands work over. A share, not a time, so a
    // machine slowed down by other work slows both sides alike
    expect(performance.eventLoopUtilization(before).utilization).toBeLessThan(0.25);
  });

  it('refuses a render at once when every thread is busy and the queue is full', async () => {
    const small = createRenderPool({ threads: 1, maxQueue: 1 });
    const busyEngine = new CompositorImageEngine(small);
    try {
      const input = { spaceImage: room, products, fields };
      const running = busyEngine.generateDesign(input);
      const queued = busyEngine.generateDesign(input);
      const refused = busyEngine.generateDesign(input);
      await expect(refused).rejects.toBeInstanceOf(EngineFailureError);
      await expect(refused).rejects.toMatchObject({ reason: 'rate_limited' });
      expect((await running).contentType).toBe('image/webp');
      expect((await queued).contentType).toBe('image/webp');
    } finally {
      await small.close();
    }
  });

  it('warms every thread before the first render, so that render starts no worker', async () => {
    const warmed = createRenderPool({ threads: 2 });
    try {
      expect(warmed.started).toBe(0);
      await warmed.warm();
      expect(warmed.started).toBe(2);
      const design = await new CompositorImageEngine(warmed).generateDesign({ spaceImage: room, products, fields });
      expect(design.contentType).toBe('image/webp');
      expect(warmed.started).toBe(2);
    } finally {
      await warmed.close();
    }
  });

  it("stands a person's own item at the size they gave it, and others at their category's", async () => {
    const own = (sizeCm?: EngineImage['sizeCm']): EngineImage => ({
      bytes: products[0]!.bytes,
      category: 'Sofas',
      name: 'My old sofa',
      ...(sizeCm ? { sizeCm } : {}),
    });
    // a product's height in the room, up to the scale all three share: its height in pixels over how far below the
    // horizon its base stands (both shrink alike with distance), so spots at other depths compare fairly
    const heightOf = async (item: EngineImage) => {
      const design = await engine.generateDesign({ spaceImage: room, products: [item], fields });
      const box = design.placements![0]!.box;
      const horizon = horizonOf(design.plane!)!;
      return box.height / distanceBelow(horizon, [box.x + box.width / 2, box.y + box.height]);
    };
    const [small, large, unsized] = await Promise.all([
      heightOf(own({ width: 150, depth: 80, height: 60 })),
      heightOf(own({ width: 150, depth: 80, height: 100 })),
      heightOf(own()),
    ]);
    expect(large / small).toBeGreaterThan(1.4);
    // no size given: a sofa's (82 cm high), between the two
    expect(unsized).toBeGreaterThan(small);
    expect(unsized).toBeLessThan(large);
  });

  it('does not start a render whose caller already gave up', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(engine.generateDesign({ spaceImage: room, products, fields }, controller.signal)).rejects.toThrow();
    expect(pool.inFlight).toBe(0);
  });
});

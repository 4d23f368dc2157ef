/**
 * The local image engine's speed on a phone-sized photo: a 12-megapixel JPEG (4000×3000) with
 * six products, one warm-up render, then the median of seven, in this process (the engine's
 * function, no HTTP). Run alone: node --import tsx bench/render.ts
 */
import { performance } from 'node:perf_hooks';
import { renderLocalDesign } from '@dwellscape/compositor';
import {
  livingRoomPhoto,
  productImage,
  type SyntheticProduct,
} from '../packages/compositor/test/fixtures/synthetic-images';
import { RENDER_WIDTH } from '../apps/server/src/engines/render-size';
import { isMain } from './lib/main';
import type { Benchmark } from './lib/report';
import { median, millis } from './lib/stats';

const RUNS = 7;
/** The engines issue's limit for this render. */
const TARGET_MS = 1_000;
const kinds: Array<[SyntheticProduct, string]> = [
  ['sofa', 'Sofas'],
  ['lamp', 'Lighting'],
  ['plant', 'Plants'],
  ['rug', 'Rugs'],
  ['armchair', 'Chairs'],
  ['coffee-table', 'Tables'],
];

export interface RenderTimes {
  /** Sorted, in ms. */
  times: number[];
  median: number;
  inputBytes: number;
  products: number;
}

export async function measureRender(runs = RUNS): Promise<RenderTimes> {
  const spaceImage = await livingRoomPhoto(4000, 3000, { grain: 24 });
  const products = await Promise.all(
    kinds.map(async ([kind, category]) => ({ bytes: await productImage(kind), category, name: kind })),
  );
  const input = {
    spaceImage,
    products,
    answers: { 'interior-vibe': 'Cozy', 'interior-light': 'Bright and airy', 'interior-color': 'Warm neutrals' },
    mode: 'interior' as const,
    spaceType: 'Living Room',
    width: RENDER_WIDTH,
  };

  await renderLocalDesign(input);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await renderLocalDesign(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { times, median: median(times), inputBytes: spaceImage.length, products: products.length };
}

export const run: Benchmark = async () => {
  const result = await measureRender();
  return [
    {
      area: 'Images',
      metric: `local render, median of ${result.times.length}`,
      value: millis(result.median),
      target: `< ${millis(TARGET_MS)}`,
      met: result.median < TARGET_MS,
      note:
        `4000×3000 JPEG (${(result.inputBytes / 1e6).toFixed(1)} MB) + ${result.products} products, the engine's function in-process; ` +
        `min ${millis(result.times[0]!)}, max ${millis(result.times.at(-1)!)}`,
    },
  ];
};

if (isMain(import.meta.url)) console.table(await run());

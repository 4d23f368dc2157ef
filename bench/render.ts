/**
 * The local image engine's speed on a phone-sized photo: a 12-megapixel JPEG (4000×3000) with
 * six products, one warm-up render, then the median of seven. Run: node --import tsx bench/render.ts
 */
import { performance } from 'node:perf_hooks';
import { renderLocalDesign } from '../apps/server/src/engines/compositor/render-local-design';
import { livingRoomPhoto, productImage, type SyntheticProduct } from '../apps/server/test/fixtures/synthetic-images';

const RUNS = 7;
const kinds: Array<[SyntheticProduct, string]> = [
  ['sofa', 'Sofas'],
  ['lamp', 'Lighting'],
  ['plant', 'Plants'],
  ['rug', 'Rugs'],
  ['armchair', 'Chairs'],
  ['coffee-table', 'Tables'],
];

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
};

await renderLocalDesign(input);
const times: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  await renderLocalDesign(input);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
console.log(
  `local render, 4000×3000 JPEG (${(spaceImage.length / 1e6).toFixed(1)} MB) + ${products.length} products: ` +
    `median ${median.toFixed(0)} ms over ${RUNS} runs (min ${times[0]!.toFixed(0)}, max ${times[RUNS - 1]!.toFixed(0)})`,
);

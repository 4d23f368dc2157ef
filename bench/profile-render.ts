/**
 * The render the speed rows time, in this thread, for `node --cpu-prof` and for an A/B of the render memos on one
 * host at one time: a job of four variations of the 12 MP photo with six catalogue products (geometry included),
 * working everything out for every variation, then with the memos, in turns, `RUNS` times. Not a benchmark row: run
 * it alone (and open the .cpuprofile it leaves).
 *   RUNS=5 node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile-render.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { forgetRenderMemos, renderLocalDesign, type LocalDesignInput } from '@dwellscape/compositor';
import { productImageSvg, SEED_PRODUCTS } from '@dwellscape/sample-art';
import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import sharp from 'sharp';
import { RENDER_WIDTH } from '../apps/server/src/engines/render-size';
import { LABELS_FILE, PHOTOS_DIR } from '../packages/compositor/test/real-photos';

const RUNS = Number(process.env.RUNS ?? 3);
const LIVING = ['Sofa', 'Armchair', 'Coffee Table', 'Floor Lamp', 'Rug', 'Wall Art'];

const products = await Promise.all(
  LIVING.map((category) => SEED_PRODUCTS.find((p) => p.category === category)!).map(async (p) => ({
    bytes: await sharp(Buffer.from(productImageSvg(p.id, p.look)))
      .png()
      .toBuffer(),
    category: p.category,
    name: p.name,
  })),
);
if (!existsSync(PHOTOS_DIR)) throw new Error(`no photos at ${PHOTOS_DIR}`);
const labels = JSON.parse(readFileSync(LABELS_FILE, 'utf8')) as { photos: Array<{ file: string; mode: string }> };
const photo = labels.photos.find((p) => p.mode === 'interior')!;
const spaceImage = await sharp(path.join(PHOTOS_DIR, photo.file))
  .resize(4000, 3000, { fit: 'cover' })
  .jpeg({ quality: 90 })
  .toBuffer();
const input: LocalDesignInput = {
  spaceImage,
  products,
  answers: { 'interior-vibe': 'Cozy' },
  mode: 'interior',
  spaceType: 'Living Room',
  width: RENDER_WIDTH,
  maxInputPixels: UPLOAD_MAX_PIXELS,
};
const seeds = Number(process.env.SEEDS ?? 4);
/**
 * One job of `seeds` variations in this thread, its CPU time: `forget` 'each' works every cut-out and the analysis
 * out again for every variation (as before the memos), 'job' once for the job (a photo and products new to the
 * thread, the variations after the first reusing them).
 */
function job(forget: 'each' | 'job'): Promise<number> {
  return (async () => {
    const cpu = process.cpuUsage();
    forgetRenderMemos();
    for (let seed = 0; seed < seeds; seed++) {
      if (forget === 'each') forgetRenderMemos();
      await renderLocalDesign({ ...input, seed });
    }
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1000;
  })();
}
await job('job');
const each: number[] = [];
const once: number[] = [];
const started = performance.now();
// A and B in turns, so that the host's drift falls on both
for (let run = 0; run < RUNS; run++) {
  each.push(await job('each'));
  once.push(await job('job'));
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `${photo.file} + 6 products, a job of ${seeds} variations in one thread, median of ${RUNS} CPU: ` +
    `${med(each).toFixed(0)} ms working everything out for each variation, ${med(once).toFixed(0)} ms with the ` +
    `memos (${(med(once) / seeds).toFixed(0)} ms a variation); ${((performance.now() - started) / 1000).toFixed(0)} s wall`,
);

/**
 * Profiles the renders the speed rows time, in this thread, for `node --cpu-prof`: the 12 MP photo with six
 * catalogue products (geometry included) and a seeded space's four variations, each once to warm up, then `RUNS`
 * times. Not a benchmark row: run it alone and open the .cpuprofile it leaves.
 *   node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile-render.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderLocalDesign, type LocalDesignInput } from '@dwellscape/compositor';
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
for (let seed = 0; seed < seeds; seed++) await renderLocalDesign({ ...input, seed });
const cpu = process.cpuUsage();
const started = performance.now();
for (let run = 0; run < RUNS; run++) {
  for (let seed = 0; seed < seeds; seed++) await renderLocalDesign({ ...input, seed });
}
const used = process.cpuUsage(cpu);
const n = RUNS * seeds;
console.log(
  `${photo.file}: ${n} renders, ${((used.user + used.system) / 1000 / n).toFixed(0)} ms CPU and ` +
    `${((performance.now() - started) / n).toFixed(0)} ms wall each`,
);

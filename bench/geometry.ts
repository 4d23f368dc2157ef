/**
 * The photo analysis (decision 0041) on a 12-megapixel photo: analyzePhoto's CPU time, median of 7 after one
 * warm-up, in-process, on every labelled real photo scaled to a phone's 4032 × 3024 (the photos live beside the
 * repository, ../shared/photos; without them the synthetic living room at that size stands in). A render has 1.5 s
 * in all; the analysis must leave most of it to the drawing. Run alone: node --import tsx bench/geometry.ts
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { analyzePhoto } from '../packages/compositor/src/geometry';
import { livingRoomPhoto } from '../packages/compositor/test/fixtures/synthetic-images';
import { loadLabels, photoPath, photosAvailable } from '../packages/compositor/test/real-photos';
import { isMain } from './lib/main';
import type { Benchmark } from './lib/report';
import { median, millis } from './lib/stats';

const RUNS = 7;
const WIDTH = 4032;
const HEIGHT = 3024;
/** A fifth of the render's 1.5 s, for the median photo (the slowest is in the note). */
const TARGET_MS = 300;

async function twelveMegapixels(input: string | Buffer) {
  const { data, info } = await sharp(input, { autoOrient: true })
    .resize(WIDTH, HEIGHT, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: 3 as const,
  };
}

export const run: Benchmark = async () => {
  const inputs: { name: string; mode: 'interior' | 'landscape'; source: string | Buffer }[] = photosAvailable()
    ? loadLabels().photos.map((p) => ({ name: p.file, mode: p.mode, source: photoPath(p) }))
    : [{ name: 'synthetic living room', mode: 'interior', source: await livingRoomPhoto(1600, 1200) }];
  const cpu: number[] = [];
  const wall: number[] = [];
  let slowest = { name: '', ms: 0 };
  for (const input of inputs) {
    const photo = await twelveMegapixels(input.source);
    analyzePhoto(photo, input.mode);
    const own: number[] = [];
    for (let k = 0; k < RUNS; k++) {
      const started = performance.now();
      const before = process.cpuUsage();
      analyzePhoto(photo, input.mode);
      const used = process.cpuUsage(before);
      wall.push(performance.now() - started);
      own.push((used.user + used.system) / 1000);
    }
    const m = median(own);
    cpu.push(m);
    if (m > slowest.ms) slowest = { name: input.name, ms: m };
  }
  const value = median(cpu);
  return [
    {
      area: 'Photo geometry',
      metric: 'analyzePhoto at 12 MP, CPU',
      value: millis(value),
      target: `< ${millis(TARGET_MS)}`,
      met: value < TARGET_MS,
      note:
        `median over ${inputs.length} photo(s) of each one's median of ${RUNS} runs at ${WIDTH}×${HEIGHT}, in-process; ` +
        `slowest ${slowest.name} ${millis(slowest.ms)}; wall median ${millis(median(wall))}; the render's budget is 1,500 ms`,
    },
  ];
};

if (isMain(import.meta.url)) console.table(await run());

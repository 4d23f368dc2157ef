/**
 * Erasing part of a room (decision 0047): a region a fifth of a 1600 px picture (an ellipse low in the middle of the
 * synthetic living room) filled by the exemplar-based inpainting the render worker runs, median of 5 after one
 * warm-up, CPU time of this process and wall time. Run alone: node --import tsx bench/erase.ts
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { eraseScene, planesOfFloorLine } from '../packages/compositor/src/inpaint';
import { livingRoomPhoto } from '../packages/compositor/test/fixtures/synthetic-images';
import { isMain } from './lib/main';
import type { Benchmark } from './lib/report';
import { median, millis } from './lib/stats';

const RUNS = 5;
const TARGET_MS = 2000;

export const run: Benchmark = async () => {
  const { data, info } = await sharp(await livingRoomPhoto(1600, 1200, { grain: 6 }))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  // an ellipse of a fifth of the picture, as a brush dab wide enough and a piece outline would give
  const rx = 0.3;
  const ry = 0.2 / (Math.PI * rx);
  const polygon = Array.from({ length: 48 }, (_, n) => ({
    x: 0.5 + rx * Math.cos((n / 48) * 2 * Math.PI),
    y: 0.6 + ry * Math.sin((n / 48) * 2 * Math.PI),
  }));
  // the planes a render of a picture without a found geometry gives the fill: the floor below its floor line
  const planes = planesOfFloorLine({ data: new Uint8Array(data), width, height, channels: 3 });
  const erase = () =>
    eraseScene(
      { data: Uint8Array.from(data), width, height, channels: 3 },
      { strokes: [], pieces: [{ polygon }] },
      [],
      [],
      planes,
    );
  const share = erase()?.share ?? 0;
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    erase();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const cpuMs = median(cpu);
  return [
    {
      area: 'Images',
      metric: 'erase a fifth of a 1600 px picture',
      value: millis(cpuMs),
      target: `< ${millis(TARGET_MS)} (CPU)`,
      met: cpuMs < TARGET_MS,
      note: `${width}×${height}, ${Math.round(share * 100)}% erased (the grown outline); multi-scale PatchMatch completion on the floor line's planes, median of ${RUNS} after a warm-up; wall ${millis(median(wall))} on this machine as it was`,
    },
  ];
};

if (isMain(import.meta.url)) console.table(await run());

/**
 * The local render's pixel loops beside the sharp operations that could stand in for them (bench/README.md), on the
 * sizes a render works at: halving an 800 px product copy (resize), feathering a 400 px mask (blur), drawing six
 * cut-outs and their contact shadows onto the 1600×1200 scene (composite), the colour grade (linear + recomb,
 * which covers only its white balance and saturation: sharp has no per-channel curve for the rest), and the
 * product mask resampled to the drawn size (resize, the mask part alone). A loop stays where it costs less CPU than
 * its sharp counterpart. CPU per operation counts every thread of this process, so sharp's own threads are in it;
 * the wall-clock median is printed beside it. Run alone: node --import tsx bench/render-ops.ts
 */
import { performance } from 'node:perf_hooks';
import sharp, { type OverlayOptions } from 'sharp';
import { boxBlur3, cutOutSprite, planCutOut } from '../packages/compositor/src/cutout';
import { blendSprite, drawEllipseShadow } from '../packages/compositor/src/draw';
import { applyGrade } from '../packages/compositor/src/grade';
import { gradeFromAnswers } from '../packages/compositor/src/palette';
import { halve, type Raster } from '../packages/compositor/src/raster';
import {
  livingRoomPhoto,
  productImage,
  type SyntheticProduct,
} from '../packages/compositor/test/fixtures/synthetic-images';
import { isMain } from './lib/main';
import type { Benchmark, BenchRow } from './lib/report';
import { median, millis } from './lib/stats';

const RUNS = 25;
const WARM_UP = 3;
const AREA = 'Images';

interface OpTime {
  /** Median wall-clock time of one operation. */
  wallMs: number;
  /** Process CPU time (all threads) per operation. */
  cpuMs: number;
}

async function timeOp(op: () => unknown): Promise<OpTime> {
  for (let i = 0; i < WARM_UP; i++) await op();
  const walls: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await op();
    walls.push(performance.now() - started);
  }
  const before = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) await op();
  const cpu = process.cpuUsage(before);
  return { wallMs: median(walls), cpuMs: (cpu.user + cpu.system) / 1000 / RUNS };
}

const rawOf = (raster: Raster) => ({
  raw: { width: raster.width, height: raster.height, channels: raster.channels },
});

async function rgbaOf(bytes: Buffer, width?: number, height?: number): Promise<Raster> {
  const image = sharp(bytes).ensureAlpha();
  if (width && height) image.resize(width, height, { fit: 'fill' });
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 4 };
}

interface Comparison {
  metric: string;
  loop: OpTime;
  /** The sharp stand-ins, by name. */
  sharp: Array<[string, OpTime]>;
}

const describe = ({ wallMs, cpuMs }: OpTime) => `${millis(cpuMs)} CPU, ${millis(wallMs)} wall`;

function rowOf({ metric, loop, sharp: candidates }: Comparison): BenchRow {
  const cheapest = Math.min(...candidates.map(([, time]) => time.cpuMs));
  return {
    area: AREA,
    metric: `${metric}: pixel loop`,
    value: millis(loop.cpuMs),
    target: '≤ sharp (CPU)',
    met: loop.cpuMs <= cheapest,
    note:
      `loop ${describe(loop)}; sharp ${candidates.map(([name, time]) => `${name} ${describe(time)}`).join(', ')}; ` +
      `median of ${RUNS}`,
  };
}

export async function compareRenderOps(): Promise<Comparison[]> {
  const comparisons: Comparison[] = [];

  // resize: the mask copy of a product, half its 800 px detail copy
  const product = await rgbaOf(await productImage('sofa'));
  const halves: Array<[string, OpTime]> = [];
  for (const kernel of ['nearest', 'linear', 'lanczos3'] as const) {
    halves.push([
      `resize (${kernel})`,
      await timeOp(() =>
        sharp(product.data, rawOf(product))
          .resize(product.width / 2, product.height / 2, { kernel })
          .raw()
          .toBuffer(),
      ),
    ]);
  }
  comparisons.push({ metric: 'halve 800² RGBA', loop: await timeOp(() => halve(product)), sharp: halves });

  // blur: the cut-out's feathering, two 3 × 3 box blurs of a 400 px mask (sharp needs bytes: converted both ways)
  const side = 400;
  const mask = new Float32Array(side * side);
  for (let y = 100; y < 300; y++) mask.fill(1, y * side + 80, y * side + 320);
  const box = { width: 3, height: 3, kernel: [1, 1, 1, 1, 1, 1, 1, 1, 1], scale: 9 };
  const sharpBlur = async () => {
    const bytes = new Uint8Array(mask.length);
    for (let i = 0; i < mask.length; i++) bytes[i] = mask[i]! * 255;
    const blurred = await sharp(bytes, { raw: { width: side, height: side, channels: 1 } })
      .convolve(box)
      .convolve(box)
      .raw()
      .toBuffer();
    const out = new Float32Array(blurred.length);
    for (let i = 0; i < blurred.length; i++) out[i] = blurred[i]! / 255;
    return out;
  };
  comparisons.push({
    metric: 'feather 400² mask (2 × box blur 3 × 3)',
    loop: await timeOp(() => boxBlur3(boxBlur3(mask, side, side), side, side)),
    sharp: [['convolve ×2', await timeOp(sharpBlur)]],
  });

  // composite: six cut-outs, each with its two contact shadows, onto the 1600 × 1200 scene
  const { data: sceneBytes } = await sharp(await livingRoomPhoto(1600, 1200, { grain: 8 }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const kinds: SyntheticProduct[] = ['sofa', 'lamp', 'plant', 'rug', 'armchair', 'coffee-table'];
  const sprites = await Promise.all(
    kinds.map(async (kind, i) => {
      const sprite = await rgbaOf(await productImage(kind), 500 - i * 40, 360 - i * 30);
      // the white backdrop cut away, as a cut-out has it
      const d = sprite.data;
      for (let p = 0; p < d.length; p += 4) if (d[p]! > 240 && d[p + 1]! > 240 && d[p + 2]! > 240) d[p + 3] = 0;
      return { sprite, x: 60 + i * 230, y: 620 + (i % 2) * 80 };
    }),
  );
  const shadows = (width: number) =>
    [
      { rx: width * 0.6, ry: 20, strength: 0.22 },
      { rx: width * 0.5, ry: 8, strength: 0.5 },
    ] as const;
  const drawWithLoops = () => {
    const scene: Raster = { data: new Uint8Array(sceneBytes), width: 1600, height: 1200, channels: 3 };
    for (const { sprite, x, y } of sprites) {
      for (const { rx, ry, strength } of shadows(sprite.width)) {
        drawEllipseShadow(scene, x + sprite.width / 2, y + sprite.height, rx, ry, strength);
      }
      blendSprite(scene, sprite, x, y, 0.12);
    }
    return scene;
  };
  /** A shadow as a layer for sharp: black, its alpha the loop's darkening. */
  const shadowLayer = (rx: number, ry: number, strength: number) => {
    const width = Math.ceil(2 * rx);
    const height = Math.ceil(2 * ry);
    const data = Buffer.alloc(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const d = ((x + 0.5 - rx) / rx) ** 2 + ((y + 0.5 - ry) / ry) ** 2;
        if (d < 1) data[(y * width + x) * 4 + 3] = Math.round(255 * strength * (1 - d) ** 2);
      }
    }
    return { data, width, height };
  };
  const drawWithSharp = () => {
    const layers: OverlayOptions[] = [];
    for (const { sprite, x, y } of sprites) {
      for (const { rx, ry, strength } of shadows(sprite.width)) {
        const layer = shadowLayer(rx, ry, strength);
        layers.push({
          input: layer.data,
          raw: { width: layer.width, height: layer.height, channels: 4 },
          left: Math.round(x + sprite.width / 2 - layer.width / 2),
          top: Math.round(y + sprite.height - layer.height / 2),
        });
      }
      const { buffer, byteOffset, byteLength } = sprite.data;
      layers.push({ input: Buffer.from(buffer, byteOffset, byteLength), ...rawOf(sprite), left: x, top: y });
    }
    return sharp(sceneBytes, { raw: { width: 1600, height: 1200, channels: 3 } })
      .composite(layers)
      .removeAlpha()
      .raw()
      .toBuffer();
  };
  comparisons.push({
    metric: 'draw 6 cut-outs + 12 shadows on 1600×1200',
    loop: await timeOp(drawWithLoops),
    sharp: [['composite (layers made in JS)', await timeOp(drawWithSharp)]],
  });

  // linear/recomb: the grade; sharp covers its white balance and saturation only, the loop does all of it
  const grade = gradeFromAnswers({ vibe: 'Cozy', light: 'Bright and airy', colour: 'Warm neutrals' }, 'interior');
  const s = 1 + 0.55 * grade.saturation;
  const luma = [0.2126, 0.7152, 0.0722] as const;
  const row = (c: 0 | 1 | 2) => luma.map((l, k) => l * (1 - s) + (k === c ? s : 0)) as [number, number, number];
  const gains = [1 + 0.11 * grade.warmth, 1 + 0.02 * grade.warmth, 1 - 0.13 * grade.warmth];
  comparisons.push({
    metric: 'grade 1600×1200 (balance, curve, saturation, accent, vignette)',
    loop: await timeOp(() =>
      applyGrade({ data: new Uint8Array(sceneBytes), width: 1600, height: 1200, channels: 3 }, grade),
    ),
    sharp: [
      [
        'linear + recomb (balance and saturation only)',
        await timeOp(() =>
          sharp(sceneBytes, { raw: { width: 1600, height: 1200, channels: 3 } })
            .linear(gains, [0, 0, 0])
            .recomb([row(0), row(1), row(2)])
            .raw()
            .toBuffer(),
        ),
      ],
    ],
  });

  // resize: the product's mask (found on the 400 px copy) brought to the drawn size; the loop also applies it
  const small = halve(product);
  const plan = planCutOut(small);
  if (!plan.alpha) throw new Error('the bench product was not cut out of its background');
  const drawn = await rgbaOf(await productImage('sofa'), 760, 560);
  const maskBytes = new Uint8Array(plan.alpha.length);
  for (let i = 0; i < maskBytes.length; i++) maskBytes[i] = plan.alpha[i]! * 255;
  comparisons.push({
    metric: 'product mask 400² → 760×560, applied',
    loop: await timeOp(() => cutOutSprite(plan, { ...drawn, data: drawn.data.slice() })),
    sharp: [
      [
        'resize (linear), the mask alone',
        await timeOp(() =>
          sharp(maskBytes, { raw: { width: small.width, height: small.height, channels: 1 } })
            .extract(plan.box)
            .resize(drawn.width, drawn.height, { fit: 'fill', kernel: 'linear' })
            .raw()
            .toBuffer(),
        ),
      ],
    ],
  });
  return comparisons;
}

export const run: Benchmark = async () => (await compareRenderOps()).map(rowOf);

if (isMain(import.meta.url)) console.table(await run());

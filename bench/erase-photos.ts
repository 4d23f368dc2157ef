/**
 * Not a bench module: erases the labelled pieces of every real photo (packages/compositor/test/fixtures/real-photos
 * labels, photos in ../shared/photos) at the render width, as a render does (the photo's geometry analysed, its floor
 * and ground given to the fill), and writes each photo before | after to OUT (default bench/out/erase-photos) for
 * looking at. Run alone: node --import tsx bench/erase-photos.ts [OUT]
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { photoGeometryOf } from '../packages/compositor/src';
import { eraseScene, planeMapOf } from '../packages/compositor/src/inpaint';
import type { Raster } from '../packages/compositor/src/raster';

const root = path.resolve(import.meta.dirname, '..');
const photosDir = path.resolve(root, '../shared/photos');
const out = process.argv[2] ?? path.join(root, 'bench/out/erase-photos');
const WIDTH = 1600;
const noPlanes = process.env.ERASE_NO_PLANES === '1';

interface Label {
  file: string;
  mode: 'interior' | 'landscape';
  pieces: Array<{ kind: string; polygon: Array<[number, number]> }>;
}
const labels = JSON.parse(
  readFileSync(path.join(root, 'packages/compositor/test/fixtures/real-photos/labels.json'), 'utf8'),
) as { photos: Label[] };

mkdirSync(out, { recursive: true });
const only = process.env.PHOTO;
for (const photo of labels.photos) {
  if (only && !photo.file.includes(only)) continue;
  const { data, info } = await sharp(path.join(photosDir, photo.file))
    .resize({ width: WIDTH })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scene: Raster = { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 };
  const before = Uint8Array.from(scene.data);
  const geometry = photoGeometryOf(scene, photo.mode);
  const kx = scene.width / geometry.width;
  const ky = scene.height / geometry.height;
  const planes = noPlanes
    ? undefined
    : planeMapOf(
        [...geometry.floor, ...geometry.ground.map((g) => g.polygon)].map((polygon) =>
          polygon.map(([x, y]) => [x * kx, y * ky] as const),
        ),
        scene.width,
        scene.height,
      );
  const t0 = performance.now();
  const erased = eraseScene(
    scene,
    { strokes: [], pieces: photo.pieces.map((p) => ({ polygon: p.polygon.map(([x, y]) => ({ x, y })) })) },
    [],
    [],
    planes,
  );
  const ms = performance.now() - t0;
  const w = scene.width;
  const h = scene.height;
  const both = Buffer.alloc(w * 2 * h * 3);
  for (let y = 0; y < h; y++) {
    Buffer.from(before.buffer, y * w * 3, w * 3).copy(both, y * w * 6);
    Buffer.from(scene.data.buffer, y * w * 3, w * 3).copy(both, y * w * 6 + w * 3);
  }
  const name = photo.file.replace(/\.\w+$/, '');
  await sharp(both, { raw: { width: 2 * w, height: h, channels: 3 } })
    .png()
    .toFile(path.join(out, `${name}.png`));
  console.log(
    `${photo.file}: ${erased?.regions ?? 0} regions, ${Math.round((erased?.share ?? 0) * 100)}% erased, ${Math.round(ms)} ms, floor ${geometry.floor.length} ground ${geometry.ground.length} (${geometry.source})`,
  );
}

/**
 * Not a bench module: erases each labelled piece of every real photo (packages/compositor/test/fixtures/real-photos
 * labels, photos in ../shared/photos) on its own at the render width, as a render does (the photo's geometry analysed,
 * its floor and ground given to the fill; ERASE_NO_PLANES=1 without), and writes each photo's pieces, before | after,
 * to OUT (default bench/out/erase-photos) for looking at; PHOTO=part picks photos by name. Run alone: node --import tsx bench/erase-photos.ts [OUT]
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
  // each piece on its own, as a tap erases it, then the piece's box (grown by a third) before | after
  const crops: Buffer[] = [];
  let ms = 0;
  for (const piece of photo.pieces) {
    const erasedScene: Raster = { ...scene, data: Uint8Array.from(before) };
    const t0 = performance.now();
    eraseScene(
      erasedScene,
      { strokes: [], pieces: [{ polygon: piece.polygon.map(([x, y]) => ({ x, y })) }] },
      [],
      [],
      planes,
      // the photo's other pieces, as a render gives the geometry's
      photo.pieces
        .filter((other) => other !== piece)
        .map((other) => other.polygon.map(([x, y]) => [x * scene.width, y * scene.height] as const)),
    );
    ms += performance.now() - t0;
    const xs = piece.polygon.map(([x]) => x * scene.width);
    const ys = piece.polygon.map(([, y]) => y * scene.height);
    const grow = 0.33 * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    const left = Math.max(0, Math.floor(Math.min(...xs) - grow));
    const top = Math.max(0, Math.floor(Math.min(...ys) - grow));
    const width = Math.min(scene.width, Math.ceil(Math.max(...xs) + grow)) - left;
    const height = Math.min(scene.height, Math.ceil(Math.max(...ys) + grow)) - top;
    const both = Buffer.alloc(width * 2 * height * 3);
    for (let y = 0; y < height; y++) {
      const from = ((top + y) * scene.width + left) * 3;
      Buffer.from(before.buffer, from, width * 3).copy(both, y * width * 6);
      Buffer.from(erasedScene.data.buffer, from, width * 3).copy(both, y * width * 6 + width * 3);
    }
    // every crop 1200 px across (before | after), stacked
    crops.push(
      await sharp(both, { raw: { width: 2 * width, height, channels: 3 } })
        .resize({ width: 1200 })
        .png()
        .toBuffer(),
    );
  }
  const metas = await Promise.all(crops.map((crop) => sharp(crop).metadata()));
  const total = metas.reduce((sum, m) => sum + (m.height ?? 0), 0);
  let at = 0;
  const name = photo.file.replace(/\.\w+$/, '');
  await sharp({ create: { width: 1200, height: total, channels: 3, background: '#000' } })
    .composite(
      crops.map((input, n) => {
        const top = at;
        at += metas[n]!.height ?? 0;
        return { input, left: 0, top };
      }),
    )
    .png()
    .toFile(path.join(out, `${name}.png`));
  console.log(
    `${photo.file}: ${photo.pieces.length} pieces, ${Math.round(ms)} ms, floor ${geometry.floor.length} ground ${geometry.ground.length} (${geometry.source})`,
  );
}

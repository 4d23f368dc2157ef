/**
 * Not a bench module: erases each labelled piece of every real photo (packages/compositor/test/fixtures/real-photos
 * labels, photos in ../shared/photos) on its own at the render width, as a render does (the photo's geometry analysed,
 * its floor and ground given to the fill; ERASE_NO_PLANES=1 without), and writes each photo's pieces, before | after,
 * to OUT (default bench/out/erase) for looking at; PHOTO=part picks photos by name.
 *
 * Per erase it prints a smear score (issue #39): the share of the filled pixels (8 px in from the hole's edge, so the
 * seam does not count as texture) whose local structure (gradients between 4 px cells, the grain averaged out) is below a third of the median of their plane's
 * pixels elsewhere in the photo (the labelled pieces left out). A smear is flat; a fill of the plane's own texture
 * scores near the plane's share of flat pixels. And a copied-objects score: the share of the scored filled pixels whose
 * structure is above the 90th percentile of their plane’s ring round the hole (the unerased pixels within 24 px of it,
 * off the labelled pieces): edges stronger than nine in ten round the hole, a picture or a mantel copied in. And
 * per photo the time of erasing an ellipse of a fifth of the
 * picture, low in the middle (issue target < 2 s). Run alone: node --import tsx bench/erase-photos.ts [OUT]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { photoGeometryOf } from '../packages/compositor/src';
import { eraseScene, planeMapOf } from '../packages/compositor/src/inpaint';
import { CellMask } from '../packages/compositor/src/polygon';
import type { Raster } from '../packages/compositor/src/raster';

const root = path.resolve(import.meta.dirname, '..');
const photosDir = path.resolve(root, '../shared/photos');
const out = process.argv[2] ?? path.join(root, 'bench/out/erase');
const WIDTH = 1600;
const noPlanes = process.env.ERASE_NO_PLANES === '1';
/** The structure is measured between cells of this many pixels a side, over (2 × 1 + 1)² cells. */
const CELL = 4;
const WINDOW = 1;
/** Filled pixels this far in from the hole's edge are scored: the window reaches no further. */
const INSET = 8;
/** A filled pixel with less than this share of its plane's median energy is flat: smeared. */
const FLAT_SHARE = 1 / 3;
/** The ring round the hole the copied-objects score compares with: this many pixels wide. */
const RING = 24;
/** A filled pixel is of a copied object when its structure is above this quantile of its plane’s ring (times the slack). */
const RING_QUANTILE = 0.9;
const RING_SLACK = 1;

interface Label {
  file: string;
  mode: 'interior' | 'landscape';
  pieces: Array<{ kind: string; polygon: Array<[number, number]> }>;
}
const labels = JSON.parse(
  readFileSync(path.join(root, 'packages/compositor/test/fixtures/real-photos/labels.json'), 'utf8'),
) as { photos: Label[] };

/**
 * Per pixel, the structure around it: the luminance averaged over cells of `CELL` × `CELL` (a photo's grain and a
 * JPEG's noise averaged out, a board's edge kept), then the mean of |∂x| + |∂y| between cells over the cell's
 * neighbours. A smear keeps its grain but loses this.
 */
function localEnergy(scene: Raster): Float32Array {
  const { width: w, height: h, data, channels } = scene;
  const cw = Math.ceil(w / CELL);
  const ch = Math.ceil(h / CELL);
  const lum = new Float32Array(cw * ch);
  const count = new Float32Array(cw * ch);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * channels;
      const c = Math.floor(y / CELL) * cw + Math.floor(x / CELL);
      lum[c] = lum[c]! + 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      count[c] = count[c]! + 1;
    }
  for (let c = 0; c < lum.length; c++) lum[c] = lum[c]! / count[c]!;
  const grad = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      const c = y * cw + x;
      grad[c] =
        (x + 1 < cw ? Math.abs(lum[c + 1]! - lum[c]!) : 0) + (y + 1 < ch ? Math.abs(lum[c + cw]! - lum[c]!) : 0);
    }
  const cellEnergy = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      let s = 0;
      let n = 0;
      for (let dy = -WINDOW; dy <= WINDOW; dy++)
        for (let dx = -WINDOW; dx <= WINDOW; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy < 0 || xx < 0 || yy >= ch || xx >= cw) continue;
          s += grad[yy * cw + xx]!;
          n++;
        }
      cellEnergy[y * cw + x] = s / n;
    }
  const energy = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) energy[y * w + x] = cellEnergy[Math.floor(y / CELL) * cw + Math.floor(x / CELL)]!;
  return energy;
}

/** The mask shrunk by `by` px (chessboard). */
function erode(mask: Uint8Array, w: number, h: number, by: number): Uint8Array {
  let cur = mask;
  for (let k = 0; k < by; k++) {
    const next = new Uint8Array(cur.length);
    for (let y = 1; y < h - 1; y++)
      for (let x = 1; x < w - 1; x++) {
        const i = y * w + x;
        if (!cur[i]) continue;
        let all = 1;
        for (let dy = -1; dy <= 1 && all; dy++) for (let dx = -1; dx <= 1; dx++) if (!cur[i + dy * w + dx]) all = 0;
        next[i] = all;
      }
    cur = next;
  }
  return cur;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = values.sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The smear score of an erase: the share of scored filled pixels flatter than a third of their plane's median. */
function smearOf(after: Raster, mask: Uint8Array, planeMap: Uint8Array, medians: Map<number, number>): number {
  const energy = localEnergy(after);
  const inner = erode(mask, after.width, after.height, INSET);
  let n = 0;
  let flat = 0;
  for (let i = 0; i < inner.length; i++) {
    if (!inner[i]) continue;
    n++;
    if (energy[i]! < FLAT_SHARE * (medians.get(planeMap[i]!) ?? 0)) flat++;
  }
  return n > 0 ? flat / n : 0;
}

/** The mask grown by `by` px (chessboard). */
function grow(mask: Uint8Array, w: number, h: number, by: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      for (let dy = -by; dy <= by; dy += 4)
        for (let dx = -by; dx <= by; dx += 4) {
          const yy = Math.min(h - 1, Math.max(0, y + dy));
          const xx = Math.min(w - 1, Math.max(0, x + dx));
          out[yy * w + xx] = 1;
        }
    }
  return out;
}

/**
 * The copied-objects score of an erase: the share of scored filled pixels whose structure is above `RING_QUANTILE` of
 * their plane's ring (off the labelled pieces, `pieces`), times `RING_SLACK`; a plane with no ring pixel is not scored.
 */
function copiedOf(after: Raster, mask: Uint8Array, planeMap: Uint8Array, pieces: Uint8Array): number {
  const energy = localEnergy(after);
  const { width: w, height: h } = after;
  const ring = grow(mask, w, h, RING);
  const byPlane = new Map<number, number[]>();
  for (let i = 0; i < ring.length; i++) {
    if (!ring[i] || mask[i] || pieces[i]) continue;
    const list = byPlane.get(planeMap[i]!) ?? [];
    list.push(energy[i]!);
    byPlane.set(planeMap[i]!, list);
  }
  const limits = new Map(
    [...byPlane].map(([plane, list]) => {
      list.sort((a, b) => a - b);
      return [plane, RING_SLACK * list[Math.floor(RING_QUANTILE * (list.length - 1))]!] as const;
    }),
  );
  const inner = erode(mask, w, h, INSET);
  let n = 0;
  let copied = 0;
  for (let i = 0; i < inner.length; i++) {
    if (!inner[i]) continue;
    const limit = limits.get(planeMap[i]!);
    if (limit === undefined) continue;
    n++;
    if (energy[i]! > limit) copied++;
  }
  return n > 0 ? copied / n : 0;
}

const scaled = (polygon: Array<[number, number]>, w: number, h: number) =>
  polygon.map(([x, y]) => [x * w, y * h] as const);

mkdirSync(out, { recursive: true });
const only = process.env.PHOTO;
const rows: Array<{ photo: string; piece: string; smear: number; copied: number; ms: number }> = [];
const fifths: Array<{ photo: string; ms: number; smear: number }> = [];
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
  // the score's planes are the fill's (one plane without), and each plane's median energy away from every piece
  const planeMap = planes ?? new Uint8Array(scene.width * scene.height).fill(2);
  const allPieces = new CellMask(scene.width, scene.height, 1);
  for (const piece of photo.pieces) allPieces.fill(scaled(piece.polygon, scene.width, scene.height));
  const energyBefore = localEnergy(scene);
  const byPlane = new Map<number, number[]>();
  for (let i = 0; i < planeMap.length; i += 7) {
    if (allPieces.cells[i]) continue;
    const list = byPlane.get(planeMap[i]!) ?? [];
    list.push(energyBefore[i]!);
    byPlane.set(planeMap[i]!, list);
  }
  const medians = new Map([...byPlane].map(([plane, list]) => [plane, median(list)] as const));
  // each piece on its own, as a tap erases it, then the piece's box (grown by a third) before | after
  const crops: Buffer[] = [];
  for (const piece of photo.pieces) {
    const erasedScene: Raster = { ...scene, data: Uint8Array.from(before) };
    const t0 = performance.now();
    const erased = eraseScene(
      erasedScene,
      { strokes: [], pieces: [{ polygon: piece.polygon.map(([x, y]) => ({ x, y })) }] },
      [],
      [],
      planes,
      // the photo's other pieces, as a render gives the geometry's
      photo.pieces.filter((other) => other !== piece).map((other) => scaled(other.polygon, scene.width, scene.height)),
    );
    const ms = performance.now() - t0;
    const smear = erased ? smearOf(erasedScene, erased.mask, planeMap, medians) : 0;
    const copied = erased ? copiedOf(erasedScene, erased.mask, planeMap, allPieces.cells) : 0;
    rows.push({ photo: photo.file, piece: piece.kind, smear, copied, ms });
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
  // a fifth of the picture: an ellipse low in the middle, across whatever stands there (a brush's wide stroke)
  const rx = 0.3;
  const ry = 0.2 / (Math.PI * rx);
  const ellipse = Array.from({ length: 48 }, (_, n) => ({
    x: 0.5 + rx * Math.cos((n / 48) * 2 * Math.PI),
    y: 0.6 + ry * Math.sin((n / 48) * 2 * Math.PI),
  }));
  const fifthScene: Raster = { ...scene, data: Uint8Array.from(before) };
  const c0 = process.cpuUsage();
  const fifth = eraseScene(fifthScene, { strokes: [], pieces: [{ polygon: ellipse }] }, [], [], planes);
  const c = process.cpuUsage(c0);
  fifths.push({
    photo: photo.file,
    ms: (c.user + c.system) / 1000,
    smear: fifth ? smearOf(fifthScene, fifth.mask, planeMap, medians) : 0,
  });
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
  await sharp(Buffer.from(fifthScene.data.buffer), { raw: { width: scene.width, height: scene.height, channels: 3 } })
    .resize({ width: 800 })
    .png()
    .toFile(path.join(out, `${name}-fifth.png`));
  console.log(
    `${photo.file}: floor ${geometry.floor.length} ground ${geometry.ground.length} (${geometry.source}); ` +
      photo.pieces
        .map((piece, n) => {
          const row = rows[rows.length - photo.pieces.length + n]!;
          return `${piece.kind} ${row.smear.toFixed(3)} (copied ${row.copied.toFixed(3)}) ${Math.round(row.ms)} ms`;
        })
        .join(', ') +
      `; a fifth ${Math.round(fifths[fifths.length - 1]!.ms)} ms CPU (smear ${fifths[fifths.length - 1]!.smear.toFixed(3)})`,
  );
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
console.log(
  `${rows.length} erases: mean smear ${mean(rows.map((r) => r.smear)).toFixed(3)}, median ${median(rows.map((r) => r.smear)).toFixed(3)}, ` +
    `worst ${Math.max(...rows.map((r) => r.smear)).toFixed(3)}; copied objects mean ${mean(rows.map((r) => r.copied)).toFixed(3)}, ` +
    `median ${median(rows.map((r) => r.copied)).toFixed(3)}, worst ${Math.max(...rows.map((r) => r.copied)).toFixed(3)}; ` +
    `a fifth: median ${Math.round(median(fifths.map((f) => f.ms)))} ms CPU, max ${Math.round(Math.max(...fifths.map((f) => f.ms)))} ms`,
);
writeFileSync(path.join(out, 'scores.json'), JSON.stringify({ rows, fifths }, null, 2));

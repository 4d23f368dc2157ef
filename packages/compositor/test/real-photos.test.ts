/**
 * Renders on real photos (decision 0042): every labelled photo (test/fixtures/real-photos/labels.json) with three
 * product sets from the catalogue, rendered as the server renders an uploaded photo (no layout, render width
 * 1600), then checked against the labels: products stand on the floor and not on the room's own pieces, rugs lie
 * flat on it, wall pieces hang on a wall clear of windows and doors, no two overlap by more than a tenth, nearer
 * ones are larger, and the photo's horizon is found near the labelled one. Nothing here names a photo.
 *
 * Off by default (REAL_PHOTOS=1 runs it) until the photo analysis and placement land. Each run writes what it saw
 * to bench/out/real-photos: report.json (every check's failures per photo and set) and each render with its
 * placement boxes and the labels drawn over it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import { SEED_PRODUCTS, productImageSvg } from '@dwellscape/sample-art';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as compositor from '../src/index';
import type { Raster } from '../src/raster';
import {
  PHOTOS_DIR,
  REPO_ROOT,
  checkHorizon,
  checkRender,
  loadLabels,
  photoPath,
  photosAvailable,
  type CheckFailure,
  type CheckedPlacement,
  type LabelledPhoto,
} from './real-photos';
import { dHash, goldenRenders, hammingDistance, writeGoldenRenders } from './real-photos-golden';

/** The server's render width for every local render (apps/server/src/engines/render-size.ts). */
const RENDER_WIDTH = 1600;
const OUT_DIR = path.resolve(REPO_ROOT, 'bench/out/real-photos');

/** Three product sets a mode, by catalogue id: a living room, a bedroom, a reading corner; a patio, a lounge, a bed. */
const PRODUCT_SETS: Record<LabelledPhoto['mode'], Record<string, string[]>> = {
  interior: {
    living: [
      'p-velvet-sofa',
      'p-walnut-coffee-table',
      'p-jute-rug',
      'p-arc-floor-lamp',
      'p-abstract-canvas',
      'p-fiddle-leaf-fig',
    ],
    bedroom: ['p-upholstered-bed', 'p-walnut-nightstand', 'p-moroccan-rug', 'p-rattan-pendant', 'p-botanical-print'],
    reading: ['p-boucle-armchair', 'p-oak-bookshelf', 'p-snake-plant', 'p-arched-mirror'],
  },
  landscape: {
    patio: ['p-terracotta-planter', 'p-tall-planter', 'p-cafe-string-lights', 'p-cedar-bench', 'p-steel-fire-pit'],
    lounge: ['p-teak-outdoor-sofa', 'p-market-umbrella', 'p-bluestone-pavers'],
    garden: ['p-boxwood-ball', 'p-hydrangea', 'p-metal-lantern', 'p-cedar-raised-bed'],
  },
};

/** The set's products' real sizes in metres, [height, widest], as their catalogue pictures show them. */
const PRODUCT_SIZES: Record<string, readonly [number, number]> = {
  'p-velvet-sofa': [0.85, 2.2],
  'p-walnut-coffee-table': [0.45, 1.2],
  'p-arc-floor-lamp': [1.9, 1.2],
  'p-fiddle-leaf-fig': [1.6, 0.7],
  'p-upholstered-bed': [1.2, 1.8],
  'p-walnut-nightstand': [0.6, 0.55],
  'p-boucle-armchair': [0.8, 0.85],
  'p-oak-bookshelf': [1.8, 0.8],
  'p-snake-plant': [0.8, 0.4],
  'p-terracotta-planter': [0.6, 0.6],
  'p-tall-planter': [1, 0.4],
  'p-cedar-bench': [0.9, 1.5],
  'p-steel-fire-pit': [0.5, 0.9],
  'p-teak-outdoor-sofa': [0.8, 2],
  'p-market-umbrella': [2.5, 2.7],
  'p-boxwood-ball': [0.8, 0.6],
  'p-hydrangea': [0.8, 0.6],
  'p-metal-lantern': [0.6, 0.3],
  'p-cedar-raised-bed': [0.5, 1.6],
};

const ANSWERS: Record<LabelledPhoto['mode'], Record<string, string>> = {
  interior: {
    'interior-vibe': 'Cozy',
    'interior-natural-light': 'Bright',
    'interior-color-preference': 'Warm neutrals',
  },
  landscape: { 'landscape-aesthetic': 'Modern', 'landscape-use-of-space': 'Relaxing' },
};

const catalogue = new Map(SEED_PRODUCTS.map((product) => [product.id, product]));
const pictures = new Map<string, Buffer>();

/** A catalogue product's picture, as the seed draws it. */
async function pictureOf(id: string): Promise<Buffer> {
  const cached = pictures.get(id);
  if (cached) return cached;
  const product = catalogue.get(id);
  if (!product) throw new Error(`no catalogue product ${id}`);
  const bytes = await sharp(Buffer.from(productImageSvg(product.id, product.look)))
    .png()
    .toBuffer();
  pictures.set(id, bytes);
  return bytes;
}

interface RealPhotoRender {
  width: number;
  height: number;
  bytes: Uint8Array;
  placements: CheckedPlacement[];
  chosen: string[];
  layoutBasis: string;
}

/** Renders the photo with a set as the server renders an upload: no layout, no placements, seed 0. */
async function renderWithSet(photo: LabelledPhoto, setName: string): Promise<RealPhotoRender> {
  const ids = PRODUCT_SETS[photo.mode][setName]!;
  const products = await Promise.all(
    ids.map(async (id) => {
      const product = catalogue.get(id)!;
      return { bytes: await pictureOf(id), category: product.category, name: product.name };
    }),
  );
  const spaceImage = await sharp(photoPath(photo)).toBuffer();
  const design = await compositor.renderLocalDesign({
    spaceImage,
    products,
    answers: ANSWERS[photo.mode],
    mode: photo.mode,
    spaceType: photo.mode === 'interior' ? 'Living room' : 'Front yard',
    seed: 0,
    width: RENDER_WIDTH,
    maxInputPixels: UPLOAD_MAX_PIXELS,
  });
  const placements = design.placements.map((p): CheckedPlacement => {
    const product = catalogue.get(ids[p.index]!)!;
    const size = PRODUCT_SIZES[product.id];
    return {
      name: product.name,
      kind: product.look.kind,
      pose: p.pose,
      ...(size ? { size } : {}),
      box: {
        x: p.x / design.width,
        y: p.y / design.height,
        width: p.width / design.width,
        height: p.height / design.height,
      },
    };
  });
  return {
    width: design.width,
    height: design.height,
    bytes: design.bytes,
    placements,
    chosen: ids.map((id) => catalogue.get(id)!.name),
    layoutBasis: design.layoutBasis,
  };
}

/** The photo decoded as the renderer decodes it: at the render width, in sRGB, without alpha. */
async function sceneOf(photo: LabelledPhoto): Promise<Raster> {
  const { data, info } = await sharp(photoPath(photo), { autoOrient: true })
    .resize({ width: RENDER_WIDTH, height: Math.round((RENDER_WIDTH * photo.height) / photo.width), fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

type AnalyzePhoto = (
  photo: Raster,
  mode: LabelledPhoto['mode'],
) => { width: number; height: number; camera: { horizonY: number; cx: number; roll: number } };

/**
 * The horizon the compositor finds for the photo, as a fraction of its height at the picture's centre: from the
 * photo analysis once the package exports it (analyzePhoto), until then from the estimated layout's camera.
 */
function foundHorizon(scene: Raster, mode: LabelledPhoto['mode']): number | null {
  const analyze = (compositor as Record<string, unknown>).analyzePhoto as AnalyzePhoto | undefined;
  if (typeof analyze === 'function') {
    const { width, height, camera } = analyze(scene, mode);
    // its row at the picture's centre column, where the labels measure it (roll > 0 rises to the right)
    return (camera.horizonY - Math.tan(camera.roll) * (width / 2 - camera.cx)) / height;
  }
  const layout = compositor.estimateLayout(scene, mode);
  return layout ? layout.camera.horizon / layout.height : null;
}

/** The render with its placement boxes (white, named) over the labels' floor (green) and pieces (red). */
async function drawChecked(render: RealPhotoRender, photo: LabelledPhoto, file: string): Promise<void> {
  // drawn at the size it is written at: sharp resizes before it composites
  const w = 1000;
  const h = Math.round((render.height * w) / render.width);
  const poly = (points: readonly (readonly [number, number])[], style: string) =>
    `<polygon points="${points.map(([x, y]) => `${x * w},${y * h}`).join(' ')}" ${style}/>`;
  const parts = [
    ...photo.floor.map((p) => poly(p, 'fill="none" stroke="#00ff00" stroke-width="3"')),
    ...photo.pieces.map((p) => poly(p.polygon, 'fill="none" stroke="#ff2020" stroke-width="3"')),
    `<line x1="0" y1="${photo.horizon * h}" x2="${w}" y2="${photo.horizon * h}" stroke="#ff00ff" stroke-width="3"/>`,
    ...render.placements.map(
      ({ name, box }) =>
        `<rect x="${box.x * w}" y="${box.y * h}" width="${box.width * w}" height="${box.height * h}" fill="none" ` +
        `stroke="white" stroke-width="3"/><text x="${box.x * w + 4}" y="${box.y * h + 16}" font-size="15" ` +
        `fill="white" stroke="black" stroke-width="0.8" font-family="sans-serif">${name}</text>`,
    ),
  ];
  const svg = `<svg width="${w}" height="${h}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
  const resized = await sharp(render.bytes).resize(w, h, { fit: 'fill' }).png().toBuffer();
  await sharp(resized)
    .composite([{ input: Buffer.from(svg) }])
    .toFile(file);
}

const labels = loadLabels();
const report: Record<string, Record<string, CheckFailure[] | { layoutBasis: string }>> = {};

describe.skipIf(!process.env.REAL_PHOTOS)('renders on real photos', () => {
  beforeAll(() => mkdirSync(OUT_DIR, { recursive: true }));

  it('has the photos beside the repository', () => {
    expect(photosAvailable(), `the photos are not in ${PHOTOS_DIR}`).toBe(true);
  });
  afterAll(() => writeFileSync(path.join(OUT_DIR, 'report.json'), `${JSON.stringify(report, null, 2)}\n`));

  for (const photo of labels.photos) {
    describe(photo.file, () => {
      it('finds the horizon near the labelled one', async () => {
        const failures = checkHorizon(photo, foundHorizon(await sceneOf(photo), photo.mode));
        (report[photo.file] ??= {}).horizon = failures;
        expect(failures).toEqual([]);
      });

      for (const setName of Object.keys(PRODUCT_SETS[photo.mode])) {
        it(`places the ${setName} set on the floor, on the walls, apart and in perspective`, async () => {
          const render = await renderWithSet(photo, setName);
          const failures = checkRender(photo, render.chosen, render.placements, render.width / render.height);
          const entry = (report[photo.file] ??= {});
          entry[setName] = failures;
          entry[`${setName}-layout`] = { layoutBasis: render.layoutBasis };
          await drawChecked(render, photo, path.join(OUT_DIR, `${photo.file.replace(/\.\w+$/, '')}-${setName}.png`));
          expect(failures).toEqual([]);
        });
      }
    });
  }
});

describe.skipIf(!process.env.REAL_PHOTOS_GOLDEN)('real-photo renders look as recorded', () => {
  const golden = goldenRenders();
  const recording = process.env.REAL_PHOTOS_GOLDEN === 'record';

  it(recording ? 'records the golden renders' : 'matches each golden render within its tolerance', async () => {
    expect(golden.renders.length).toBeGreaterThan(0);
    const results = [];
    for (const entry of golden.renders) {
      const photo = labels.photos.find((p) => p.file === entry.file);
      expect(photo, `${entry.file} is labelled`).toBeDefined();
      const render = await renderWithSet(photo!, entry.set);
      const hash = await dHash(render.bytes);
      results.push({ ...entry, dhash: hash });
      if (!recording) {
        expect(entry.dhash, `${entry.file} ${entry.set} has a recorded hash`).not.toBeNull();
        const distance = hammingDistance(hash, entry.dhash!);
        expect(distance, `${entry.file} ${entry.set}: ${distance} bits from the golden render`).toBeLessThanOrEqual(
          golden.tolerance,
        );
      }
    }
    if (recording) writeGoldenRenders({ ...golden, renders: results });
  });
});

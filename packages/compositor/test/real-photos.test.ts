/**
 * Renders on real photos (decision 0042): every labelled photo (test/fixtures/real-photos/labels.json) with three
 * product sets from the catalogue, rendered as the server renders an uploaded photo (no layout, render width
 * 1600), then checked against the labels: products stand on the floor and not on the room's own pieces, rugs lie
 * flat on it in its perspective under the seating, wall pieces hang on a wall clear of windows and doors, pendants
 * hang from the ceiling, string lights between anchors, planters by beds and fences, no two overlap by more than a
 * tenth, nearer ones are larger, a product left out says why, and the receipt is honest; on the photo's own analysis,
 * at least half of what the labels' geometry stands on the floor stands there too (leaving everything out is not
 * careful, it is broken). Nothing here names a photo.
 *
 * Two runs. On the hand labels (a perfect analysis): strict, part of the compositor's tests. On the photo's own
 * analysis (what a person's upload gets): REAL_PHOTOS=analysis runs it and reports, REAL_PHOTOS=strict fails on it
 * too, with the found horizon checked against the labelled one. Each run writes what it saw to
 * bench/out/real-photos/<labels|analysis>: report.json (every check's failures and outcome per photo and set) and
 * each render with its placement boxes and the labels drawn over it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as compositor from '../src/index';
import type { Raster } from '../src/raster';
import {
  PHOTOS_DIR,
  REPO_ROOT,
  checkHorizon,
  loadLabels,
  photoPath,
  photosAvailable,
  type LabelledPhoto,
} from './real-photos';
import {
  PRODUCT_SETS,
  RENDER_WIDTH,
  checkCase,
  renderWithSet,
  type Basis,
  type RealPhotoRender,
} from './real-photos-render';
import { dHash, goldenRenders, hammingDistance, writeGoldenRenders } from './real-photos-golden';

const OUT_DIR = path.resolve(REPO_ROOT, 'bench/out/real-photos');

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
const reports: Record<Basis, Record<string, Record<string, unknown>>> = { labels: {}, analysis: {} };

/** Every photo × set rendered on a basis and checked; `strict` fails the test on any failure. */
function rendersOn(basis: Basis, strict: boolean) {
  const outDir = path.join(OUT_DIR, basis);
  beforeAll(() => mkdirSync(outDir, { recursive: true }));
  afterAll(() => writeFileSync(path.join(outDir, 'report.json'), `${JSON.stringify(reports[basis], null, 2)}\n`));
  const totals = { chosen: 0, placed: 0, onFloor: 0, onLabelledFloor: 0 };

  for (const photo of labels.photos) {
    describe(photo.file, () => {
      if (basis === 'analysis') {
        it('finds the horizon near the labelled one', async () => {
          const failures = checkHorizon(photo, foundHorizon(await sceneOf(photo), photo.mode));
          (reports[basis][photo.file] ??= {}).horizon = failures;
          if (strict) expect(failures).toEqual([]);
        });
      }

      for (const setName of Object.keys(PRODUCT_SETS[photo.mode])) {
        it(`places the ${setName} set on the floor, on the walls, apart and in perspective`, async () => {
          const { render, failures, onFloor, labelledOnFloor } = await checkCase(photo, setName, basis);
          totals.chosen += render.chosen.length;
          totals.placed += render.placements.length;
          totals.onFloor += onFloor;
          totals.onLabelledFloor += labelledOnFloor;
          const entry = (reports[basis][photo.file] ??= {});
          entry[setName] = failures;
          entry[`${setName}-outcome`] = {
            layoutBasis: render.layoutBasis,
            placed: `${render.placements.length} of ${render.chosen.length}`,
            onFloor: `${onFloor} (the labels' geometry: ${labelledOnFloor})`,
            leftOut: render.leftOut.map((l) => `${l.name}: ${l.reason}`),
            roomKept: Math.round(render.receipt.structureKept * 100),
          };
          await drawChecked(render, photo, path.join(outDir, `${photo.file.replace(/\.\w+$/, '')}-${setName}.png`));
          if (strict) expect(failures).toEqual([]);
        });
      }
    });
  }

  it('places most of the chosen products, leaving out only those with no room', () => {
    reports[basis].totals = totals;
    // a render that left everything out with reasons would pass each check above: most must be drawn (the labelled
    // rooms are cluttered: a kitchen has no free floor for a sofa, and its receipt says so); 0.595 since rugs hidden under
    // desks, bookshelves in front of furniture and products in the viewer's lap are left out (decision 0062); 140 of
    // 237 (0.591) since the floor before a door is kept clear and a camera looking steeply down is held standing;
    // 130 of 237 (0.549) since wall pieces keep off what already hangs there: of the 13 then left out, 10 hung over the
    // living room's sign, the reading room's round mirror, the bedroom's mirror or the study's paintings, 3 over the
    // basement's pipes; 3 others found a bare stretch a little higher or lower
    if (strict) expect(totals.placed / totals.chosen).toBeGreaterThan(0.54);
  });
}

describe.skipIf(!photosAvailable() && !process.env.CI)('renders on real photos', () => {
  it('has the photos beside the repository', () => {
    expect(photosAvailable(), `the photos are not in ${PHOTOS_DIR}`).toBe(true);
  });

  describe('on the hand labels', () => rendersOn('labels', true));
});

/**
 * On the photos' own analysis (what a person's upload gets): REAL_PHOTOS=analysis writes what it saw to
 * bench/out/real-photos/analysis; REAL_PHOTOS=strict fails on it too.
 */
describe.skipIf(!process.env.REAL_PHOTOS)('renders on real photos, on their analysis', () => {
  rendersOn('analysis', process.env.REAL_PHOTOS === 'strict');
});

/**
 * Golden renders on the labels' geometry: a render that drifts (a product moved, resized or gone) fails.
 * REAL_PHOTOS_GOLDEN=record records them again after a change meant to move things.
 */
describe.skipIf(!photosAvailable() && !process.env.CI)('real-photo renders look as recorded', () => {
  const golden = goldenRenders();
  const recording = process.env.REAL_PHOTOS_GOLDEN === 'record';

  it(recording ? 'records the golden renders' : 'matches each golden render within its tolerance', async () => {
    expect(golden.renders.length).toBeGreaterThan(0);
    const results = [];
    for (const entry of golden.renders) {
      const photo = labels.photos.find((p) => p.file === entry.file);
      expect(photo, `${entry.file} is labelled`).toBeDefined();
      const render = await renderWithSet(photo!, entry.set, 'labels');
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

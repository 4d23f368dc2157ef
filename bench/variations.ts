/**
 * A render job of four variations as the server runs it (variation.ts): four renders of one request, seeds 0–3, on
 * the render pool at once (one worker per core), each arranging its products away from the earlier variations'
 * places. Three requests: a seeded space (Sunny Living Room, six catalogue products, replacements planned and the
 * scene redrawn without them), the same space with one armchair alone, and a 12-megapixel photo (the first labelled
 * interior photo of ../shared/photos enlarged to 4000×3000 and saved as a JPEG, as a phone would send it) with six
 * catalogue products. Products come with their three views, as the server sends them. One warm-up job, then the
 * median of five; also how many of the four variations stand two or more products (one alone: it) where no other
 * does, as many counting a product a variation turned on its spot, each product's places over the four, and where
 * too few products could move, why (the products with one place, those left out, the pieces the analysis found).
 * Run alone: node --import tsx bench/variations.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  labelOfKind,
  placementRoleOf,
  planReplacements,
  seedKindOf,
  type LocalDesignInput,
  type Placement,
} from '@dwellscape/compositor';
import {
  productImageSvg,
  productViewSvg,
  SEED_PRODUCTS,
  seededLayoutOf,
  seededSceneWithout,
  seedKeys,
} from '@dwellscape/sample-art';
import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import sharp from 'sharp';
import { createRenderPool, type RenderPool } from '../apps/server/src/engines/compositor';
import { RENDER_WIDTH } from '../apps/server/src/engines/render-size';
import { LABELS_FILE, PHOTOS_DIR } from '../packages/compositor/test/real-photos';
import { movedProducts, placesOfProducts } from '../packages/compositor/src/variation';
import { isMain } from './lib/main';
import type { Benchmark } from './lib/report';
import { median, millis } from './lib/stats';

const RUNS = 5;
const VARIATIONS = 4;
/** The variations issue's limit for a four-variation job. */
const TARGET_MS = 4_000;

const pngOf = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

/** Catalogue products as the server sends them: the picture, and the three views the render chooses from. */
async function catalogueProducts(categories: string[]) {
  const chosen = categories.map((category) => SEED_PRODUCTS.find((p) => p.category === category)!);
  return Promise.all(
    chosen.map(async (p) => ({
      bytes: await pngOf(productImageSvg(p.id, p.look)),
      category: p.category,
      name: p.name,
      views: {
        front: await pngOf(productViewSvg(p.id, p.look, 'front')),
        left: await pngOf(productViewSvg(p.id, p.look, 'left')),
        right: await pngOf(productViewSvg(p.id, p.look, 'right')),
      },
    })),
  );
}

const LIVING = ['Sofa', 'Armchair', 'Coffee Table', 'Floor Lamp', 'Rug', 'Wall Art'];

async function seededInput(categories = LIVING): Promise<LocalDesignInput> {
  const key = seedKeys.space('s-sunny-living-room');
  const layout = (await seededLayoutOf(key))!;
  const products = await catalogueProducts(categories);
  const replacements = planReplacements(
    layout,
    products.map((p, index) => ({
      index,
      role: placementRoleOf(p.category, p.name),
      kind: seedKindOf(p.category, p.name),
    })),
  );
  const plate = seededSceneWithout(
    key,
    replacements.map((r) => r.placeId),
  )!;
  return {
    spaceImage: Buffer.from(plate),
    products,
    answers: { 'interior-vibe': 'Scandinavian' },
    mode: 'interior',
    spaceType: 'Living Room',
    width: RENDER_WIDTH,
    maxInputPixels: UPLOAD_MAX_PIXELS,
    layout,
    replacements,
  };
}

/** The first labelled interior photo, enlarged to 12 megapixels; null when the photos are not beside the repository. */
async function photoInput(): Promise<{ input: LocalDesignInput; file: string } | null> {
  if (!existsSync(PHOTOS_DIR)) return null;
  const labels = JSON.parse(readFileSync(LABELS_FILE, 'utf8')) as { photos: Array<{ file: string; mode: string }> };
  const photo = labels.photos.find((p) => p.mode === 'interior');
  if (!photo) return null;
  const spaceImage = await sharp(path.join(PHOTOS_DIR, photo.file))
    .resize(4000, 3000, { fit: 'cover' })
    .jpeg({ quality: 90 })
    .toBuffer();
  return {
    file: photo.file,
    input: {
      spaceImage,
      products: await catalogueProducts(LIVING),
      answers: { 'interior-vibe': 'Cozy' },
      mode: 'interior',
      spaceType: 'Living Room',
      width: RENDER_WIDTH,
      maxInputPixels: UPLOAD_MAX_PIXELS,
    },
  };
}

/**
 * How many variations stand two or more products (one, when one was placed) where no other one does: for each other
 * variation, which products' boxes share under half with the same product's there (movedProducts), two of them or
 * more; with `turns`, a product a variation turned on its spot (Placement.turned) counts as standing otherwise.
 */
function reallyDifferent(arrangements: ReadonlyArray<readonly Placement[]>, turns = false): number {
  const need = Math.max(1, Math.min(2, arrangements[0]?.length ?? 0));
  const turned = (a: readonly Placement[], b: readonly Placement[]) =>
    b.flatMap((p) => {
      const was = a.find((q) => q.index === p.index);
      return was && was.turned !== p.turned ? [p.index] : [];
    });
  const differing = (a: readonly Placement[], b: readonly Placement[]) =>
    new Set([...movedProducts(a, b), ...(turns ? turned(a, b) : [])]).size;
  return arrangements.filter((a, i) => arrangements.every((b, j) => i === j || differing(a, b) >= need)).length;
}

/** A product's name in the notes: its kind in words ('floor lamp'). */
const nameOfProduct = (product: { category?: string; name?: string } | undefined) =>
  labelOfKind(product?.category ? seedKindOf(product.category, product.name) : null);

/**
 * Each placed product's places over the four variations ('floor lamp 3 places, alone in 3 of 4'), and, where fewer
 * than two products (one, with one placed) could stand elsewhere, why: which ones the photo gave one place, what the
 * first left out and why, and how much of the picture the analysis's pieces cover.
 */
function perProduct(
  designs: ReadonlyArray<{ placements: Placement[]; pieces?: Array<{ polygon: Array<{ x: number; y: number }> }> }>,
  products: ReadonlyArray<{ category?: string; name?: string }>,
  leftOut: readonly string[],
): string {
  const places = placesOfProducts(designs.map((d) => d.placements));
  const name = (index: number) => nameOfProduct(products[index]);
  const each = places
    .map((p) => `${name(p.index)} ${p.places} place${p.places === 1 ? '' : 's'}, alone in ${p.alone} of ${VARIATIONS}`)
    .join('; ');
  const need = Math.min(2, places.length);
  const moving = places.filter((p) => p.places > 1);
  if (moving.length >= need && places.length > 0) return `per product: ${each}`;
  const fixed = places.filter((p) => p.places === 1).map((p) => name(p.index));
  const covered = (designs[0]?.pieces ?? []).reduce((sum, piece) => sum + shoelace(piece.polygon), 0);
  const why = [
    places.length <= 1
      ? `only ${places.length === 0 ? 'nothing' : `the ${name(places[0]!.index)}`} placed`
      : `only ${moving.length === 0 ? 'no product' : moving.map((p) => `the ${name(p.index)}`).join(' and ')} could stand elsewhere`,
    ...(fixed.length > 0 ? [`one place for the ${fixed.join(', the ')}`] : []),
    ...(leftOut.length > 0 ? [`left out: ${leftOut.join(', ')}`] : []),
    ...(designs[0]?.pieces
      ? [`the analysis's ${designs[0].pieces.length} pieces cover ${Math.round(covered * 100)}% of the picture`]
      : []),
  ];
  return `per product: ${each || 'none placed'}; why fewer than ${need || 1} differ: ${why.join('; ')}`;
}

/** A polygon's area in fractions of the picture (its points are fractions). */
const shoelace = (points: ReadonlyArray<{ x: number; y: number }>) =>
  Math.abs(
    points.reduce((sum, p, n) => {
      const q = points[(n + 1) % points.length]!;
      return sum + p.x * q.y - q.x * p.y;
    }, 0),
  ) / 2;

interface JobTimes {
  times: number[];
  median: number;
  /** CPU time of the whole process (every thread) per job: less swayed than the times by other load. */
  cpuMs: number;
  differing: number;
  /** As `differing`, a product turned on its spot counting as moved. */
  differingTurned: number;
  labels: string[];
  /** How many products the first variation placed (a job that places none has nothing to rearrange). */
  placed: number;
  /** Why the first variation left the others out, on a photo's geometry ('no free floor for the sofa'). */
  leftOut: string[];
  /** Each placed product's places over the four, and why too few differ when they do. */
  products: string;
}

/**
 * Times jobs of four variations. With `freshPhoto` every job's photo is re-encoded first (JPEG quality 90, 89, …):
 * new to the workers' memo of photo analyses, as a job on a new upload is, while its four variations share one
 * analysis per worker. The products stay the same pictures, as catalogue products do from one job to the next.
 */
async function timeJobs(pool: RenderPool, input: LocalDesignInput, freshPhoto = false): Promise<JobTimes> {
  const photos = freshPhoto
    ? await Promise.all(
        Array.from({ length: RUNS + 1 }, (_, n) =>
          sharp(input.spaceImage)
            .jpeg({ quality: 90 - n })
            .toBuffer(),
        ),
      )
    : [];
  let jobs = 0;
  const job = () => {
    const spaceImage = photos[jobs++] ?? input.spaceImage;
    return Promise.all(Array.from({ length: VARIATIONS }, (_, seed) => pool.render({ ...input, spaceImage, seed })));
  };
  const warm = await job();
  const designs = warm.map((outcome) => {
    if (!outcome.ok) throw new Error('the space photo could not be read');
    return outcome.design;
  });
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await job();
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    times,
    median: median(times),
    cpuMs: (cpu.user + cpu.system) / 1000 / RUNS,
    differing: reallyDifferent(designs.map((d) => d.placements)),
    differingTurned: reallyDifferent(
      designs.map((d) => d.placements),
      true,
    ),
    labels: designs.map((d) => d.label ?? ''),
    placed: designs[0]?.placements.length ?? 0,
    leftOut: designs[0]?.geometry?.leftOut.map((l) => l.reason) ?? [],
    products: perProduct(designs, input.products, designs[0]?.geometry?.leftOut.map((l) => l.reason) ?? []),
  };
}

export const run: Benchmark = async () => {
  const pool = createRenderPool();
  try {
    const seeded = await timeJobs(pool, await seededInput());
    const single = await timeJobs(pool, await seededInput(['Armchair']));
    const photo = await photoInput();
    const onPhoto = photo ? await timeJobs(pool, photo.input, true) : null;
    const note = (t: JobTimes) =>
      `min ${millis(t.times[0]!)}, max ${millis(t.times.at(-1)!)}, ${millis(t.cpuMs)} CPU per job; ${t.placed} products placed; ` +
      `${t.differing} of ${VARIATIONS} stand ${t.placed === 1 ? 'it' : '2+ products'} where no other does ` +
      `(${t.differingTurned} counting a product turned on its spot); ${t.products}; labels: ` +
      t.labels.map((l) => `'${l}'`).join(', ');
    return [
      {
        area: 'Images',
        metric: `4-variation job on a seeded space, median of ${RUNS}`,
        value: millis(seeded.median),
        target: `< ${millis(TARGET_MS)}`,
        met: seeded.median < TARGET_MS,
        note:
          `Sunny Living Room + 6 catalogue products, seeds 0–3 on the render pool at once (${pool.threads} ` +
          `threads); ${note(seeded)}`,
      },
      {
        area: 'Images',
        metric: `4-variation job on a seeded space, one product, median of ${RUNS}`,
        value: millis(single.median),
        target: `< ${millis(TARGET_MS)}`,
        met: single.median < TARGET_MS,
        note: `Sunny Living Room + 1 catalogue armchair (with its three views), as above; ${note(single)}`,
      },
      ...(onPhoto && photo
        ? [
            {
              area: 'Images',
              metric: `4-variation job on a 12 MP photo, median of ${RUNS}`,
              value: millis(onPhoto.median),
              target: `< ${millis(TARGET_MS)}`,
              met: onPhoto.median < TARGET_MS,
              note:
                `${photo.file} enlarged to a 4000×3000 JPEG (${(photo.input.spaceImage.length / 1e6).toFixed(1)} MB) ` +
                `+ 6 catalogue products, each job's photo new to the workers (re-encoded), analysed once per ` +
                `worker and placed in each variation; ${note(onPhoto)}`,
            },
          ]
        : []),
    ];
  } finally {
    await pool.close();
  }
};

if (isMain(import.meta.url)) console.table(await run());

/**
 * Renders every seed illustration as PNG into a folder, so that people can look at them.
 *
 *   node --import tsx packages/sample-art/scripts/render-illustrations.ts <out-dir> [--only <text>] [--sheet <file.png>]
 *
 * --only renders just the pictures whose key contains the text; --sheet also writes a contact
 * sheet of a representative sample (scenes, products, avatars, logos) into one PNG.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { seedImages, type SeedImage } from '../src/seed-images';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { only: { type: 'string' }, sheet: { type: 'string' } },
});
const outDir = positionals[0];
if (!outDir) {
  console.error('usage: render-illustrations.ts <out-dir> [--only <text>] [--sheet <file.png>]');
  process.exit(2);
}

const images = seedImages().filter((img) => !values.only || img.key.includes(values.only));
const started = performance.now();
const pngs = new Map<string, Buffer>();
let next = 0;
await Promise.all(
  Array.from({ length: 2 }, async () => {
    while (next < images.length) {
      const img = images[next++]!;
      const png = await sharp(Buffer.from(img.svg())).png().toBuffer();
      const file = path.join(outDir, img.key.replace(/\.webp$/, '.png'));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, png);
      pngs.set(img.key, png);
    }
  }),
);
console.log(`Rendered ${images.length} illustrations into ${outDir} in ${Math.round(performance.now() - started)} ms`);

if (values.sheet) {
  await writeContactSheet(values.sheet, images, pngs);
  console.log(`Contact sheet: ${values.sheet}`);
}

/** A grid: scene pictures in wide cells, then products, avatars and logos in square cells. */
async function writeContactSheet(
  file: string,
  all: readonly SeedImage[],
  rendered: Map<string, Buffer>,
): Promise<void> {
  const pick = (prefix: string, every: number) =>
    all.filter((img) => img.key.startsWith(prefix)).filter((_, i) => i % every === 0);
  const scenes = [...pick('seed/designs/', 2), ...pick('seed/spaces/', 2)].slice(0, 24);
  const squares = [...pick('seed/products/', 3), ...pick('seed/avatars/', 1), ...pick('seed/brands/', 2)];
  const sceneW = 400;
  const sceneH = 300;
  const sq = 200;
  const width = 2400;
  const sceneCols = width / sceneW;
  const squareCols = width / sq;
  const sceneRows = Math.ceil(scenes.length / sceneCols);
  const squareRows = Math.ceil(squares.length / squareCols);
  const height = sceneRows * sceneH + squareRows * sq;
  const tile = async (img: SeedImage, w: number, h: number) =>
    sharp(rendered.get(img.key) ?? (await sharp(Buffer.from(img.svg())).png().toBuffer()))
      .resize(w, h)
      .png()
      .toBuffer();
  const composites = [
    ...(await Promise.all(
      scenes.map(async (img, i) => ({
        input: await tile(img, sceneW, sceneH),
        left: (i % sceneCols) * sceneW,
        top: Math.floor(i / sceneCols) * sceneH,
      })),
    )),
    ...(await Promise.all(
      squares.map(async (img, i) => ({
        input: await tile(img, sq, sq),
        left: (i % squareCols) * sq,
        top: sceneRows * sceneH + Math.floor(i / squareCols) * sq,
      })),
    )),
  ];
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite(composites)
    .png()
    .toFile(file);
}

/**
 * Golden renders by perceptual hash: a render's difference hash (dHash) changes little when only the encoder, the
 * machine's speed or a pixel's rounding differs, and much when a product moves or changes size. The expected
 * hashes live in test/fixtures/real-photos/golden.json with the Hamming distance allowed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { REPO_ROOT } from './real-photos';

export const GOLDEN_FILE = path.resolve(REPO_ROOT, 'packages/compositor/test/fixtures/real-photos/golden.json');

/** Columns × rows of brightness comparisons: 16 × 16 = 256 bits, fine enough to see a product move. */
export const DHASH_SIZE = 16;

const goldenSchema = z.object({
  note: z.string(),
  /** How many of the hash's bits may differ from the recorded ones. */
  tolerance: z
    .number()
    .int()
    .min(0)
    .max(DHASH_SIZE * DHASH_SIZE),
  renders: z.array(
    z.object({
      file: z.string(),
      set: z.string(),
      /** The recorded hash as hex; null until recorded (REAL_PHOTOS_GOLDEN=record). */
      dhash: z
        .string()
        .regex(/^[0-9a-f]+$/)
        .length((DHASH_SIZE * DHASH_SIZE) / 4)
        .nullable(),
    }),
  ),
});

export type GoldenRenders = z.infer<typeof goldenSchema>;

export const goldenRenders = (file = GOLDEN_FILE): GoldenRenders =>
  goldenSchema.parse(JSON.parse(readFileSync(file, 'utf8')));

export function writeGoldenRenders(golden: GoldenRenders, file = GOLDEN_FILE): void {
  writeFileSync(file, `${JSON.stringify(goldenSchema.parse(golden), null, 2)}\n`);
}

/**
 * The difference hash of an encoded picture, as hex: the picture in grey at (size + 1) × size, each bit whether
 * a cell is brighter than its right-hand neighbour.
 */
export async function dHash(bytes: Uint8Array, size = DHASH_SIZE): Promise<string> {
  const grey = await sharp(bytes)
    .greyscale()
    .resize(size + 1, size, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  let hex = '';
  let nibble = 0;
  let bits = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * (size + 1) + x;
      nibble = (nibble << 1) | (grey[i]! > grey[i + 1]! ? 1 : 0);
      if (++bits % 4 === 0) {
        hex += nibble.toString(16);
        nibble = 0;
      }
    }
  }
  return hex;
}

/** How many bits two hashes of the same length differ in. */
export function hammingDistance(a: string, b: string): number {
  if (a.length !== b.length) throw new Error(`hashes of different lengths: ${a.length} and ${b.length}`);
  let distance = 0;
  for (let i = 0; i < a.length; i++) {
    let v = parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16);
    for (; v; v &= v - 1) distance++;
  }
  return distance;
}

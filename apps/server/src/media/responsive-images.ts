import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS, type ResponsiveImageWidth } from '@dwellscape/shared';
import { AppError, notFound } from '../errors';
import { assertSafeKey, type FileStorage } from '../storage/file-storage';

/** A little below the originals' 85: at phone sizes the difference is invisible and the bytes are not. */
export const VARIANT_WEBP_QUALITY = 80;

/**
 * Variants are stored beside the originals under the path of their own URL, so /media/w/640/<key>
 * is the storage key w/640/<key>. No original key starts with w/ (uploads/, renders/, seed/ do).
 */
const VARIANT_FOLDER = 'w';

export function variantKeyOf(key: string, width: ResponsiveImageWidth): string {
  return `${VARIANT_FOLDER}/${width}/${key}`;
}

export type VariantOutcome =
  /** the variant is in storage under this key */
  | { kind: 'variant'; key: string }
  /** too many variants are being made right now: serve the original (not cached) instead of failing */
  | { kind: 'busy'; key: string };

export interface ResponsiveImagesOptions {
  storage: FileStorage;
  /** variants made at once; each decodes a whole original, so this bounds CPU and memory */
  concurrency?: number;
  /** variants allowed to wait for a slot; beyond this a request gets the original */
  maxWaiting?: number;
}

export interface ResponsiveImages {
  /**
   * The stored variant of an original at a fixed width, made the first time it is asked for:
   * WebP, never wider than the original, without metadata. Throws 400 for an unsafe key and
   * 404 when there is no stored WebP original under it.
   */
  variantOf(key: string, width: ResponsiveImageWidth): Promise<VariantOutcome>;
}

export function createResponsiveImages(options: ResponsiveImagesOptions): ResponsiveImages {
  const { storage } = options;
  const limiter = createJobLimiter(options.concurrency ?? 2, options.maxWaiting ?? 32);
  // a burst of first views of one card asks for the same variant many times: make it once
  const inFlight = new Map<string, Promise<VariantOutcome>>();

  async function makeVariant(key: string, width: ResponsiveImageWidth, variantKey: string): Promise<void> {
    const originalBytes = await storage.read(key);
    if (!originalBytes) throw notFound('Image');
    let bytes: Buffer;
    try {
      const original = sharp(originalBytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' });
      const meta = await original.metadata();
      const isCleanWebpThatFits =
        meta.format === 'webp' &&
        meta.width <= width &&
        !meta.exif &&
        !meta.xmp &&
        !meta.icc &&
        (meta.orientation ?? 1) === 1;
      // re-encoding an image that needs no resizing would only lose quality
      bytes = isCleanWebpThatFits
        ? originalBytes
        : await original
            .rotate()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: VARIANT_WEBP_QUALITY })
            .toBuffer();
    } catch {
      throw new AppError('unsupported_media', 'The stored file is not an image that can be resized.');
    }
    await storage.put(variantKey, bytes);
  }

  return {
    async variantOf(key, width) {
      try {
        assertSafeKey(key);
      } catch {
        throw new AppError('bad_input', 'Invalid image path', { field: 'key' });
      }
      // only originals have sizes: not variants of variants, not other files
      if (key.startsWith(`${VARIANT_FOLDER}/`) || !key.endsWith('.webp')) throw notFound('Image');

      const variantKey = variantKeyOf(key, width);
      if (await storage.exists(variantKey)) return { kind: 'variant', key: variantKey };
      if (!(await storage.exists(key))) throw notFound('Image');

      const pending = inFlight.get(variantKey);
      if (pending) return pending;
      const job = limiter.tryRun(() => makeVariant(key, width, variantKey));
      if (!job) return { kind: 'busy', key };
      const outcome = job.then((): VariantOutcome => ({ kind: 'variant', key: variantKey }));
      inFlight.set(variantKey, outcome);
      try {
        return await outcome;
      } finally {
        inFlight.delete(variantKey);
      }
    },
  };
}

export interface JobLimiter {
  /** Runs the task when a slot is free, or returns null at once when too many tasks already wait. */
  tryRun<T>(task: () => Promise<T>): Promise<T> | null;
  readonly running: number;
  readonly waiting: number;
}

/** At most `concurrency` tasks at once, at most `maxWaiting` queued behind them, first come first served. */
export function createJobLimiter(concurrency: number, maxWaiting: number): JobLimiter {
  if (!(concurrency >= 1)) throw new Error('concurrency must be at least 1');
  let running = 0;
  const queue: Array<() => void> = [];

  const release = () => {
    running -= 1;
    const next = queue.shift();
    if (next) next();
  };

  return {
    tryRun<T>(task: () => Promise<T>): Promise<T> | null {
      if (running >= concurrency && queue.length >= maxWaiting) return null;
      const slot = new Promise<void>((resolve) => {
        const start = () => {
          running += 1;
          resolve();
        };
        if (running < concurrency) start();
        else queue.push(start);
      });
      return slot.then(task).finally(release);
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

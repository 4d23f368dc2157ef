import { SEED_DESIGNS, seedKeys } from '@dwellscape/sample-art';
import { RESPONSIVE_IMAGE_WIDTHS } from '@dwellscape/shared';
import type { FastifyBaseLogger } from 'fastify';
import { performance } from 'node:perf_hooks';
import { createResponsiveImages, variantKeyOf } from '../media/responsive-images';
import type { FileStorage } from '../storage/file-storage';

/**
 * Makes the responsive sizes of the sample designs' pictures ahead of their first view, one at a
 * time in the background after the server listens, so the first feed on a new server does not wait
 * about a second per card for its phone-sized copy. Sizes already on disk are skipped in a stat.
 */
export async function warmSeedImageSizes(options: {
  storage: FileStorage;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  signal?: AbortSignal;
}): Promise<number> {
  const { storage, log, signal } = options;
  const started = performance.now();
  const images = createResponsiveImages({ storage, concurrency: 1, maxWaiting: Number.MAX_SAFE_INTEGER });
  const keys = SEED_DESIGNS.map((design) => seedKeys.designAfter(design.id));
  let made = 0;
  for (const key of keys) {
    for (const width of RESPONSIVE_IMAGE_WIDTHS) {
      if (signal?.aborted) return made;
      try {
        if (!(await storage.exists(variantKeyOf(key, width)))) {
          await images.variantOf(key, width);
          made++;
        }
      } catch (err) {
        log?.warn({ err, key, width }, 'could not make a responsive size of a sample picture');
      }
    }
  }
  if (made > 0)
    log?.info(`Made ${made} responsive sizes of sample pictures in ${Math.round(performance.now() - started)} ms`);
  return made;
}

import { RESPONSIVE_IMAGE_WIDTHS } from '@dwellscape/shared';
import type { AppDatabase } from '../db/client';
import type { FileStorage } from '../storage/file-storage';
import { variantKeyOf } from './responsive-images';
import { forgetUnreferencedMedia } from './stored-media';

/**
 * Deletes the stored files behind `urls` that nothing points at any more, with their resized copies:
 * what an account's deletion, a new avatar and a design's deletion leave behind.
 */
export async function forgetFiles(deps: { db: AppDatabase; storage: FileStorage }, urls: string[]): Promise<void> {
  const candidates = urls.flatMap((url) => {
    const key = deps.storage.keyFromUrl(url);
    return key === null ? [] : [{ key, url }];
  });
  const keys = await forgetUnreferencedMedia(deps.db, candidates);
  const all = keys.flatMap((key) => [key, ...RESPONSIVE_IMAGE_WIDTHS.map((width) => variantKeyOf(key, width))]);
  // best effort: a file left behind is an orphan, never a broken page
  await Promise.all(all.map((key) => deps.storage.delete(key).catch(() => undefined)));
}

import type { UploadResponse } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { acceptUploadedImage } from '../../media/image-files';
import { storeWebp } from '../../media/stored-media';
import type { FileStorage } from '../../storage/file-storage';

/** Checks an uploaded image against the upload rules, re-encodes it clean and stores it. */
export async function storeUploadedImage(
  db: AppDatabase,
  storage: FileStorage,
  bytes: Buffer,
): Promise<UploadResponse> {
  const image = await acceptUploadedImage(bytes);
  const stored = await storeWebp(db, storage, { kind: 'upload', ...image });
  return { url: stored.url, width: stored.width, height: stored.height };
}

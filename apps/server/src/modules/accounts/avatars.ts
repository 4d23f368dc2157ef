import { accountAvatarSvg, renderSvg } from '@dwellscape/sample-art';
import sharp from 'sharp';
import type { AppDatabase } from '../../db/client';
import { invalidField } from '../../errors';
import { WEBP_QUALITY } from '../../media/image-files';
import { readStoredMedia, storeWebp, type StoredMedia } from '../../media/stored-media';
import type { FileStorage } from '../../storage/file-storage';

/** Draws and stores the new account's first avatar (as an upload: it belongs to the account). */
export async function storeDefaultAvatar(
  db: AppDatabase,
  storage: FileStorage,
  username: string,
  viewerId: string,
): Promise<StoredMedia> {
  const { full } = await renderSvg(accountAvatarSvg(username));
  // the account does not exist yet: the session owns it until sign-up signs the account in on it
  return storeWebp(db, storage, { kind: 'upload', owner: { viewerId, accountId: null }, ...full });
}

/** Side of a stored profile picture: sharp on a 3× phone screen at the profile's largest size. */
export const AVATAR_SIDE = 512;

/**
 * Crops an uploaded image to a centred square (sharp's attention strategy keeps the busiest part,
 * usually the face) no larger than AVATAR_SIDE, and stores it as a new file. The upload itself was
 * already checked, turned upright and stripped of metadata when it was stored.
 */
export async function storeSquareAvatar(
  db: AppDatabase,
  storage: FileStorage,
  uploadUrl: string,
  accountId: string,
): Promise<StoredMedia> {
  const bytes = await readStoredMedia(storage, uploadUrl);
  if (!bytes) throw invalidField('body.avatarUrl', 'no stored file has this URL; upload it first');
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const side = Math.min(AVATAR_SIDE, width, height);
  const { data, info } = await sharp(bytes)
    .resize(side, side, { fit: 'cover', position: sharp.strategy.attention })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return storeWebp(db, storage, {
    kind: 'upload',
    owner: { viewerId: null, accountId },
    bytes: data,
    width: info.width,
    height: info.height,
  });
}

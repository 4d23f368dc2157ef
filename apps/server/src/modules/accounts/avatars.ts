import sharp from 'sharp';
import type { AppDatabase } from '../../db/client';
import { badInput } from '../../errors';
import { WEBP_QUALITY } from '../../media/image-files';
import { readStoredMedia, storeWebp, type StoredMedia } from '../../media/stored-media';
import { avatarSvg, type AvatarLook, type HairStyle } from '../../seed/illustrations/avatars';
import { createRng } from '../../seed/illustrations/prng';
import { renderSvg } from '../../seed/illustrations/render';
import type { FileStorage } from '../../storage/file-storage';

const SKINS = ['#f5d6c0', '#f3d2b8', '#f1c9a5', '#eccaa8', '#c68a62', '#8d5a3b', '#5c3a24'];
const HAIRS = ['#141414', '#20140f', '#2b1d16', '#8a6a4a', '#d9b26f', '#b5562c', '#9a9a9a'];
const HAIR_STYLES: readonly HairStyle[] = ['short', 'long', 'bun', 'curly', 'bob', 'buzz', 'wavy', 'pony'];
const SHIRTS = ['#2e2e2e', '#2f6b58', '#3d4a52', '#3f5f7f', '#6b8f71', '#e8b44c', '#a4553f'];
const BACKGROUNDS = ['#a8d0c6', '#c9d6e8', '#cfe3c4', '#d6e4ef', '#e3d6f0', '#f2c6a0', '#f0dcc2'];

/** A portrait drawn from the username, so that every new account has a face of its own from the start. */
export function defaultAvatarLook(username: string): AvatarLook {
  const rng = createRng(`account-avatar/${username}`);
  return {
    skin: rng.pick(SKINS),
    hair: rng.pick(HAIRS),
    hairStyle: rng.pick(HAIR_STYLES),
    shirt: rng.pick(SHIRTS),
    background: rng.pick(BACKGROUNDS),
    glasses: rng.chance(0.3),
    beard: rng.chance(0.2),
    earrings: rng.chance(0.25),
  };
}

/** Draws and stores the new account's first avatar (as an upload: it belongs to the account). */
export async function storeDefaultAvatar(
  db: AppDatabase,
  storage: FileStorage,
  username: string,
): Promise<StoredMedia> {
  const { full } = await renderSvg(avatarSvg(username, defaultAvatarLook(username)));
  return storeWebp(db, storage, { kind: 'upload', ...full });
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
): Promise<StoredMedia> {
  const bytes = await readStoredMedia(storage, uploadUrl);
  if (!bytes) throw badInput('Invalid body.avatarUrl: no stored file has this URL; upload it first');
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const side = Math.min(AVATAR_SIDE, width, height);
  const { data, info } = await sharp(bytes)
    .resize(side, side, { fit: 'cover', position: sharp.strategy.attention })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return storeWebp(db, storage, { kind: 'upload', bytes: data, width: info.width, height: info.height });
}

import type { UploadResponse } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { invalidField } from '../../errors';
import { acceptUploadedImage } from '../../media/image-files';
import { storeWebp, type MediaOwner } from '../../media/stored-media';
import type { FileStorage } from '../../storage/file-storage';
import { findMediaFiles, findPicturesShownAsOwnItems, type MediaFileOwnership } from './uploads.repository';

/** Checks an uploaded image against the upload rules, re-encodes it clean and stores it as the owner's. */
export async function storeUploadedImage(
  db: AppDatabase,
  storage: FileStorage,
  bytes: Buffer,
  owner: MediaOwner,
): Promise<UploadResponse> {
  const image = await acceptUploadedImage(bytes);
  const stored = await storeWebp(db, storage, { kind: 'upload', owner, ...image });
  return { url: stored.url, width: stored.width, height: stored.height };
}

/**
 * Whether `owner` may use this stored file as their own (docs/decisions/0023): a file stored while
 * an account was signed in belongs to that account; one stored signed out belongs to its gate
 * session. With `viewerId` null only the account counts.
 */
export function isOwnedBy(file: MediaFileOwnership, owner: MediaOwner): boolean {
  if (file.ownerAccountId !== null) return file.ownerAccountId === owner.accountId;
  return file.ownerViewerId !== null && file.ownerViewerId === owner.viewerId;
}

export type MediaKind = MediaFileOwnership['kind'];

/** One URL a request wants to point at, and which stored files it may be. */
export interface MediaClaim {
  /** The request field, as a 400 names it: `body.afterImageUrl`. */
  field: string;
  url: string;
  /** Kinds the field takes from the owner; `seed` takes any sample picture, whoever asks. */
  kinds: readonly MediaKind[];
  /** Why a file of another kind is refused, in the words of the field. */
  kindMessage: string;
  /** Whoever stored it: the file only has to exist and be of a kind the field takes. */
  anyOwner?: boolean;
  /**
   * Also someone else's upload when a public design of theirs shows it as an own item: a render input of
   * see-in-my-space, which places a design's products, the creator's own items among them, in the asker's room.
   */
  orShownAsOwnItem?: boolean;
}

/**
 * Refuses, with a 400 naming the field, any URL that is not a file this server stored, of a kind
 * the field takes, belonging to `owner` (sample pictures belong to everyone). One query for all.
 */
export async function assertUsableMedia(
  db: AppDatabase,
  storage: FileStorage,
  owner: MediaOwner,
  claims: readonly MediaClaim[],
): Promise<void> {
  const keys = claims.map((claim) => storage.keyFromUrl(claim.url));
  const files = await findMediaFiles(
    db,
    keys.filter((key): key is string => key !== null),
  );
  const foreign: { claim: MediaClaim; file: MediaFileOwnership }[] = [];
  for (const [i, claim] of claims.entries()) {
    const key = keys[i];
    const file = key ? files.get(key) : undefined;
    if (!key || !file || !(await storage.exists(key))) {
      throw invalidField(claim.field, 'no stored file has this URL; upload it first');
    }
    if (!claim.kinds.includes(file.kind)) throw invalidField(claim.field, claim.kindMessage);
    if (file.kind !== 'seed' && !claim.anyOwner && !isOwnedBy(file, owner)) foreign.push({ claim, file });
  }
  const shown = await findPicturesShownAsOwnItems(
    db,
    foreign.flatMap(({ claim, file }) =>
      claim.orShownAsOwnItem && file.kind === 'upload' && file.ownerAccountId !== null
        ? [{ url: claim.url, ownerAccountId: file.ownerAccountId }]
        : [],
    ),
  );
  const refused = foreign.find(({ claim }) => !shown.has(claim.url));
  if (refused) throw invalidField(refused.claim.field, 'is not a picture you uploaded or rendered');
}

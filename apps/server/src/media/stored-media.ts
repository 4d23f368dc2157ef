import { randomUUID } from 'node:crypto';
import type { FidelityReceipt } from '@dwellscape/shared';
import type { AppDatabase } from '../db/client';
import { isSafeKey, type FileStorage } from '../storage/file-storage';
import { deleteStoredMediaRows, findReceiptOfKey, findReferencedUrls, insertMediaFile } from './media-files.repository';

export type StoredMediaKind = 'upload' | 'render';

const folderOfKind: Record<StoredMediaKind, string> = { upload: 'uploads', render: 'renders' };

/** Who a stored file belongs to: the gate session that made it and the account signed in on it. */
export interface MediaOwner {
  viewerId: string | null;
  accountId: string | null;
}

export interface StoreWebpInput {
  kind: StoredMediaKind;
  bytes: Buffer;
  width: number;
  height: number;
  /** A render's fidelity receipt, kept beside the file so that publishing it never trusts a client's numbers. */
  receipt?: FidelityReceipt;
  owner: MediaOwner;
}

export interface StoredMedia {
  key: string;
  url: string;
  width: number;
  height: number;
}

/**
 * Stores a WebP under a server-made key (`uploads/<2 hex>/<uuid>.webp`) and records it in media_files.
 * The file goes first and its row after, so a row never points at a missing file; the file is removed
 * again when the row cannot be written, and one left by a process that died between the two is swept
 * (orphan-sweep.ts).
 */
export async function storeWebp(db: AppDatabase, storage: FileStorage, input: StoreWebpInput): Promise<StoredMedia> {
  const id = randomUUID();
  const key = `${folderOfKind[input.kind]}/${id.slice(0, 2)}/${id}.webp`;
  await storage.put(key, input.bytes);
  try {
    await insertMediaFile(db, {
      key,
      contentType: 'image/webp',
      width: input.width,
      height: input.height,
      bytes: input.bytes.length,
      kind: input.kind,
      receipt: input.receipt ?? null,
      ownerViewerId: input.owner.viewerId,
      ownerAccountId: input.owner.accountId,
    });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
  return { key, url: storage.urlFor(key), width: input.width, height: input.height };
}

/** The fidelity receipt the server measured for the render stored at this URL; null for anything else. */
export async function findRenderReceipt(
  db: AppDatabase,
  storage: FileStorage,
  url: string,
): Promise<FidelityReceipt | null> {
  const key = storage.keyFromUrl(url);
  if (!key) return null;
  return findReceiptOfKey(db, key);
}

/**
 * The bytes behind one of our /media/ URLs, or null when the URL is not ours or nothing is stored there.
 * A store that cannot answer (a bucket out of reach) throws: that is no reason to call a file missing.
 */
export async function readStoredMedia(storage: FileStorage, url: string): Promise<Buffer | null> {
  const key = storage.keyFromUrl(url);
  return key && isSafeKey(key) ? storage.read(key) : null;
}

/**
 * Forgets the stored uploads and renders among `candidates` that nothing shows any more
 * (findReferencedUrls), and returns their keys for the caller to delete from storage. Sample pictures stay.
 */
export async function forgetUnreferencedMedia(
  db: AppDatabase,
  candidates: { key: string; url: string }[],
): Promise<string[]> {
  if (candidates.length === 0) return [];
  const used = await findReferencedUrls(
    db,
    candidates.map((candidate) => candidate.url),
  );
  const unused = candidates.filter((candidate) => !used.has(candidate.url)).map((candidate) => candidate.key);
  if (unused.length === 0) return [];
  return deleteStoredMediaRows(db, unused);
}

import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { RESPONSIVE_IMAGE_WIDTHS, type FidelityReceipt } from '@dwellscape/shared';
import type { AppDatabase } from '../db/client';
import { designs, mediaFiles, sessions, users } from '../db/schema';
import type { FileStorage } from '../storage/file-storage';
import { variantKeyOf } from './responsive-images';

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
 * Stores a WebP under a server-made key (`uploads/<2 hex>/<uuid>.webp`) and records it in
 * media_files; the file is removed again when the row cannot be written, so no orphan remains.
 */
export async function storeWebp(db: AppDatabase, storage: FileStorage, input: StoreWebpInput): Promise<StoredMedia> {
  const id = randomUUID();
  const key = `${folderOfKind[input.kind]}/${id.slice(0, 2)}/${id}.webp`;
  await storage.put(key, input.bytes);
  try {
    await db.insert(mediaFiles).values({
      key,
      contentType: 'image/webp',
      width: input.width,
      height: input.height,
      bytes: input.bytes.length,
      kind: input.kind,
      receipt: input.receipt ?? null,
      ownerViewerId: existingOwner(sessions, sessions.id, input.owner.viewerId),
      ownerAccountId: existingOwner(users, users.id, input.owner.accountId),
    });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
  return { key, url: storage.urlFor(key), width: input.width, height: input.height };
}

/**
 * The owner's id when its row still exists, else NULL: a render job can outlive the session that
 * queued it (sessions expire and are swept), and its picture is still stored, just without that owner.
 */
function existingOwner(
  table: typeof sessions | typeof users,
  id: typeof sessions.id | typeof users.id,
  value: string | null,
) {
  return value === null ? null : sql<string | null>`(select ${id} from ${table} where ${id} = ${value})`;
}

/** The fidelity receipt the server measured for the render stored at this URL; null for anything else. */
export async function findRenderReceipt(
  db: AppDatabase,
  storage: FileStorage,
  url: string,
): Promise<FidelityReceipt | null> {
  const key = storage.keyFromUrl(url);
  if (!key) return null;
  const [row] = await db
    .select({ receipt: mediaFiles.receipt })
    .from(mediaFiles)
    .where(eq(mediaFiles.key, key))
    .limit(1);
  return row?.receipt ?? null;
}

/** The bytes behind one of our /media/ URLs, or null when the URL is not ours or nothing is stored there. */
export async function readStoredMedia(storage: FileStorage, url: string): Promise<Buffer | null> {
  const key = storage.keyFromUrl(url);
  if (!key) return null;
  try {
    return await readFile(storage.pathFor(key));
  } catch {
    return null;
  }
}

/**
 * The URLs among `urls` that something still shows, so that their files must stay: a design's before,
 * after or video picture, any line of a design's product list (an own item is a photo its author uploaded,
 * selected_products[].imageUrl), and a user's avatar. A file may be both at once: an avatar picked again
 * as an own item of a published design (docs/security.md).
 */
async function findReferencedUrls(db: AppDatabase, urls: string[]): Promise<Set<string>> {
  // a product list holds a URL when it contains a line with it as imageUrl (jsonb containment)
  const listsHolding = urls.map(
    (url) => sql`${designs.selectedProducts} @> ${JSON.stringify([{ imageUrl: url }])}::jsonb`,
  );
  const [pictureRows, productRows, userRows] = await Promise.all([
    db
      .select({ before: designs.beforeImageUrl, after: designs.afterImageUrl, video: designs.videoUrl })
      .from(designs)
      .where(
        or(
          inArray(designs.beforeImageUrl, urls),
          inArray(designs.afterImageUrl, urls),
          inArray(designs.videoUrl, urls),
        ),
      ),
    // one pass over the designs; only a profile change and an account deletion ask
    db
      .select({ products: designs.selectedProducts })
      .from(designs)
      .where(or(...listsHolding)),
    db.select({ avatar: users.avatarUrl }).from(users).where(inArray(users.avatarUrl, urls)),
  ]);
  const used = new Set<string>();
  for (const row of pictureRows) for (const url of [row.before, row.after, row.video]) if (url) used.add(url);
  for (const row of productRows) for (const line of row.products) used.add(line.imageUrl);
  for (const row of userRows) used.add(row.avatar);
  return used;
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
  const deleted = await db
    .delete(mediaFiles)
    .where(and(inArray(mediaFiles.key, unused), inArray(mediaFiles.kind, ['upload', 'render'])))
    .returning({ key: mediaFiles.key });
  return deleted.map((row) => row.key);
}

/**
 * Deletes the stored uploads and renders behind `urls` that nothing shows any more (forgetUnreferencedMedia), with
 * their resized copies. Best effort on the files: one left behind is an orphan, never a broken page.
 */
export async function forgetUnreferencedFiles(db: AppDatabase, storage: FileStorage, urls: string[]): Promise<void> {
  const candidates = urls.flatMap((url) => {
    const key = storage.keyFromUrl(url);
    return key === null ? [] : [{ key, url }];
  });
  const keys = await forgetUnreferencedMedia(db, candidates);
  const all = keys.flatMap((key) => [key, ...RESPONSIVE_IMAGE_WIDTHS.map((width) => variantKeyOf(key, width))]);
  await Promise.all(all.map((key) => storage.delete(key).catch(() => undefined)));
}

import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FidelityReceipt } from '@dwellscape/shared';
import type { AppDatabase } from '../db/client';
import { designs, mediaFiles, sessions, users } from '../db/schema';

export interface NewMediaFile {
  key: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  kind: 'upload' | 'render';
  receipt: FidelityReceipt | null;
  ownerViewerId: string | null;
  ownerAccountId: string | null;
}

/** Records a stored file; an owner whose row is gone is written as NULL (existingOwner). */
export async function insertMediaFile(db: AppDatabase, file: NewMediaFile): Promise<void> {
  await db.insert(mediaFiles).values({
    ...file,
    ownerViewerId: existingOwner(sessions, sessions.id, file.ownerViewerId),
    ownerAccountId: existingOwner(users, users.id, file.ownerAccountId),
  });
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

/** The receipt kept with the file stored under `key`; null when there is none or no such row. */
export async function findReceiptOfKey(db: AppDatabase, key: string): Promise<FidelityReceipt | null> {
  const [row] = await db
    .select({ receipt: mediaFiles.receipt })
    .from(mediaFiles)
    .where(eq(mediaFiles.key, key))
    .limit(1);
  return row?.receipt ?? null;
}

/** The keys among `keys` that have a media_files row. */
export async function findRecordedKeys(db: AppDatabase, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: mediaFiles.key })
    .from(mediaFiles)
    .where(inArray(mediaFiles.key, [...new Set(keys)]));
  return new Set(rows.map((row) => row.key));
}

/**
 * The URLs among `urls` that something still shows, so that their files must stay: a design's before,
 * after or video picture, any line of a design's product list (an own item is a photo its author uploaded,
 * selected_products[].imageUrl), and a user's avatar. A file may be both at once: an avatar picked again
 * as an own item of a published design (docs/security.md).
 */
export async function findReferencedUrls(db: AppDatabase, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
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
          inArray(designs.beforeImageUrl, [...urls]),
          inArray(designs.afterImageUrl, [...urls]),
          inArray(designs.videoUrl, [...urls]),
        ),
      ),
    // one pass over the designs; only a profile change and an account deletion ask
    db
      .select({ products: designs.selectedProducts })
      .from(designs)
      .where(or(...listsHolding)),
    db
      .select({ avatar: users.avatarUrl })
      .from(users)
      .where(inArray(users.avatarUrl, [...urls])),
  ]);
  const used = new Set<string>();
  for (const row of pictureRows) for (const url of [row.before, row.after, row.video]) if (url) used.add(url);
  for (const row of productRows) for (const line of row.products) used.add(line.imageUrl);
  for (const row of userRows) used.add(row.avatar);
  return used;
}

/** Deletes the upload and render rows of these keys (seeded pictures stay); returns the keys it deleted. */
export async function deleteStoredMediaRows(db: AppDatabase, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const deleted = await db
    .delete(mediaFiles)
    .where(and(inArray(mediaFiles.key, [...keys]), inArray(mediaFiles.kind, ['upload', 'render'])))
    .returning({ key: mediaFiles.key });
  return deleted.map((row) => row.key);
}

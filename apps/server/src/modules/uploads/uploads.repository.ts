import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { designs, mediaFiles } from '../../db/schema';

type Transaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

export interface MediaFileOwnership {
  key: string;
  kind: 'upload' | 'render' | 'seed';
  ownerViewerId: string | null;
  ownerAccountId: string | null;
}

/** The media_files rows of these keys, by key; keys with no row are absent. */
export async function findMediaFiles(
  db: AppDatabase,
  keys: readonly string[],
): Promise<Map<string, MediaFileOwnership>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      key: mediaFiles.key,
      kind: mediaFiles.kind,
      ownerViewerId: mediaFiles.ownerViewerId,
      ownerAccountId: mediaFiles.ownerAccountId,
    })
    .from(mediaFiles)
    .where(inArray(mediaFiles.key, [...new Set(keys)]));
  return new Map(rows.map((row) => [row.key, row]));
}

/**
 * Gives the account what this gate session uploaded or rendered while signed out, so that it stays
 * theirs on their other devices and after this session ends. Files already owned by an account
 * (another one signed in here before) keep their owner.
 */
export async function claimSessionMedia(
  tx: AppDatabase | Transaction,
  sessionId: string,
  accountId: string,
): Promise<void> {
  await tx
    .update(mediaFiles)
    .set({ ownerAccountId: accountId })
    .where(and(eq(mediaFiles.ownerViewerId, sessionId), isNull(mediaFiles.ownerAccountId)));
}

/**
 * Of these pictures, the ones a public design of their owner shows as one of its own items: someone who opens that
 * design may place them in their own room (see-in-my-space), as the design itself shows them to anyone. By owner,
 * so the query walks that account's designs (designs_user_idx) and never the whole feed.
 */
export async function findPicturesShownAsOwnItems(
  db: AppDatabase,
  pictures: readonly { url: string; ownerAccountId: string }[],
): Promise<Set<string>> {
  if (pictures.length === 0) return new Set();
  const urls = new Set(pictures.map((picture) => picture.url));
  const rows = await db
    .select({ products: designs.selectedProducts })
    .from(designs)
    .where(
      and(
        eq(designs.isPublic, true),
        inArray(designs.userId, [...new Set(pictures.map((picture) => picture.ownerAccountId))]),
        or(
          ...[...urls].map(
            (url) => sql`${designs.selectedProducts} @> ${JSON.stringify([{ imageUrl: url, ownItem: true }])}::jsonb`,
          ),
        ),
      ),
    );
  const shown = new Set<string>();
  for (const { products } of rows) {
    for (const product of products) if (product.ownItem && urls.has(product.imageUrl)) shown.add(product.imageUrl);
  }
  return shown;
}

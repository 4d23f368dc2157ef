import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { mediaFiles } from '../../db/schema';

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

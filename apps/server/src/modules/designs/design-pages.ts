import { decodeCursor, encodeCursor, type Design, type designPageQuerySchema } from '@dwellscape/shared';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import type { Viewer } from '../../types';
import { findDesignsByIds, type DesignKey } from './designs.repository';

/**
 * Keyset pages of designs: the community feed, Following and Saved share one cursor format,
 * (created_at at full precision, id) of the last row shown, base64url-encoded.
 */

/** A Following or Saved page request, as its route's query schema gives it. */
export type DesignPageInput = z.output<typeof designPageQuerySchema>;

/**
 * The key a page continues after; null for the first page. The route's query schema (pageCursorSchema) lets only
 * cursors this API wrote through, so this only decodes.
 */
export function readPageCursor(cursor: string | undefined): DesignKey | null {
  if (cursor === undefined) return null;
  const after = decodeCursor(cursor);
  if (after === null) throw new Error('readPageCursor: a cursor that passed pageCursorSchema did not decode');
  return after;
}

/** The cursor of the page after `rows` (read one longer than `limit`), or null when none remain. */
export function nextPageCursor(rows: readonly { key: DesignKey }[], limit: number): string | null {
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return last ? encodeCursor(last.key.createdAt, last.key.id) : null;
}

/** A page's row: the design it shows and the key it is ordered by (a feed's design, or a save). */
export interface KeyedDesignId {
  designId: string;
  key: DesignKey;
}

/**
 * The designs of a page whose order and keys were read first (`rows`, one longer than `limit`),
 * in that order, as `viewer` sees them, and the next page's cursor.
 */
export async function designPageOf(
  db: AppDatabase,
  rows: readonly KeyedDesignId[],
  limit: number,
  viewer: Viewer,
): Promise<{ items: Design[]; nextCursor: string | null }> {
  const shown = rows.slice(0, limit).map((row) => row.designId);
  const found =
    shown.length === 0
      ? []
      : await findDesignsByIds(db, shown, { viewerId: viewer.viewerId, accountId: viewer.accountId });
  const byId = new Map(found.map((design) => [design.id, design]));
  // a design deleted between the two reads is left out; the cursor still follows the keys
  const items = shown.map((id) => byId.get(id)).filter((design) => design !== undefined);
  return { items, nextCursor: nextPageCursor(rows, limit) };
}

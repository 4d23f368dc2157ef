import { inArray } from 'drizzle-orm';
import { decodeCursor, encodeCursor, type Design, type designPageQuerySchema } from '@dwellscape/shared';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { designs } from '../../db/schema';
import { invalidField } from '../../errors';
import type { Viewer } from '../../types';
import { findDesigns, type DesignKey } from './designs.repository';

/**
 * Keyset pages of designs: the community feed, Following and Saved share one cursor format,
 * (created_at at full precision, id) of the last row shown, base64url-encoded.
 */

/** A Following or Saved page request, as its route's query schema gives it. */
export type DesignPageInput = z.output<typeof designPageQuerySchema>;

/** Cursor times are written as "YYYY-MM-DDTHH:MM:SS.ffffffZ" (exactTime in designs.repository). */
const CURSOR_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * Only times a page itself could have written: Date.parse also takes "2000", "0" and 30 February,
 * which Postgres refuses (a 500) or reads differently.
 */
function isCursorTime(text: string): boolean {
  const match = CURSOR_TIME.exec(text);
  if (!match || match[1] === '0000') return false;
  const ms = Date.parse(text);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 23) === text.slice(0, 23);
}

/** The key a page continues after; null for the first page. A cursor this API did not write is a 400. */
export function readPageCursor(cursor: string | undefined): DesignKey | null {
  if (cursor === undefined) return null;
  const after = decodeCursor(cursor);
  if (after === null || !isCursorTime(after.createdAt)) {
    const message = 'must be a cursor returned by this API';
    throw invalidField('querystring.cursor', message);
  }
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
      : await findDesigns(db, {
          where: inArray(designs.id, shown),
          viewerId: viewer.viewerId,
          accountId: viewer.accountId,
        });
  const byId = new Map(found.map((design) => [design.id, design]));
  // a design deleted between the two reads is left out; the cursor still follows the keys
  const items = shown.map((id) => byId.get(id)).filter((design) => design !== undefined);
  return { items, nextCursor: nextPageCursor(rows, limit) };
}

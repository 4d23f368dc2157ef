import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Design, DesignCounts, Mode } from '@dwellscape/shared';
import type { AppDatabase } from '../db/client';
import { designs } from '../db/schema';
import { findDesigns, publicDesignsOfMode } from '../modules/designs/designs.repository';

const anchor = alias(designs, 'anchor');

/**
 * The public designs of `mode` published after the public design `afterId` of the same mode,
 * oldest first: what a live-feed client that last saw `afterId` has missed. At most the newest
 * `limit` of them; none when `afterId` is unknown, private or of the other mode.
 */
export async function findPublicDesignsPublishedAfter(
  db: AppDatabase,
  query: { mode: Mode; afterId: string; limit: number },
): Promise<Design[]> {
  // keyset on the feed's own order, compared in SQL so created_at keeps its microseconds;
  // no anchor row makes the comparison NULL, so an unknown id replays nothing
  const afterAnchor = sql`(${designs.createdAt}, ${designs.id}) > (
    select ${anchor.createdAt}, ${anchor.id} from ${designs} as ${anchor}
    where ${anchor.id} = ${query.afterId} and ${anchor.mode} = ${query.mode} and ${anchor.isPublic}
  )`;
  const newestFirst = await findDesigns(db, {
    where: and(publicDesignsOfMode(query.mode), afterAnchor),
    limit: query.limit,
    viewerId: null,
  });
  return newestFirst.reverse();
}

/** The id of the newest public design of `mode` (the feed's first), or null when there is none. */
export async function findNewestPublicDesignId(db: AppDatabase, mode: Mode): Promise<string | null> {
  const [row] = await db
    .select({ id: designs.id })
    .from(designs)
    .where(publicDesignsOfMode(mode))
    .orderBy(desc(designs.createdAt), desc(designs.id))
    .limit(1);
  return row?.id ?? null;
}

/** The like and comment counts of those of `ids` that are public, with each one's mode (whose stream shows it). */
export async function findPublicDesignCounts(
  db: AppDatabase,
  ids: readonly string[],
): Promise<(DesignCounts & { mode: Mode })[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: designs.id,
      mode: designs.mode,
      likesCount: designs.likesCount,
      commentsCount: designs.commentsCount,
    })
    .from(designs)
    .where(and(inArray(designs.id, [...ids]), eq(designs.isPublic, true)));
}

import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Design, UserSummary } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { designLikes, designs, users } from '../../db/schema';
import { toUserSummary } from '../users/users.repository';

const author = alias(users, 'author');
const originalCreator = alias(users, 'original_creator');
const remix = alias(designs, 'remix');

function designSelection(viewerId: string | null) {
  return {
    design: designs,
    author: {
      id: author.id,
      username: author.username,
      displayName: author.displayName,
      avatarUrl: author.avatarUrl,
      isVerified: author.isVerified,
    },
    originalCreator: {
      id: originalCreator.id,
      username: originalCreator.username,
      displayName: originalCreator.displayName,
      avatarUrl: originalCreator.avatarUrl,
      isVerified: originalCreator.isVerified,
    },
    remixCount: sql<number>`(select count(*)::int from ${designs} as ${remix} where ${remix.originalDesignId} = ${designs.id} and ${remix.isPublic})`,
    likedByViewer: viewerId
      ? sql<boolean>`exists(select 1 from ${designLikes} where ${designLikes.designId} = ${designs.id} and ${designLikes.viewerId} = ${viewerId})`
      : sql<boolean>`false`,
  };
}

export interface FindDesignsOptions {
  where?: SQL | undefined;
  limit?: number;
  /** Who is looking: decides `likedByViewer`. */
  viewerId: string | null;
}

/** Designs with their author, original creator, remix count and the viewer's like, newest first. */
export async function findDesigns(db: AppDatabase, options: FindDesignsOptions): Promise<Design[]> {
  const query = db
    .select(designSelection(options.viewerId))
    .from(designs)
    .innerJoin(author, eq(author.id, designs.userId))
    .leftJoin(originalCreator, eq(originalCreator.id, designs.originalCreatorId))
    .where(options.where)
    .orderBy(desc(designs.createdAt), desc(designs.id));
  const rows = options.limit === undefined ? await query : await query.limit(options.limit);
  return rows.map(toDesignDto);
}

export async function findDesignById(db: AppDatabase, id: string, viewerId: string | null): Promise<Design | null> {
  const [found] = await findDesigns(db, { where: eq(designs.id, id), limit: 1, viewerId });
  return found ?? null;
}

export const publicDesignsOfMode = (mode: 'interior' | 'landscape') =>
  and(eq(designs.mode, mode), eq(designs.isPublic, true));

/** A feed position: created_at at full (microsecond) precision, so that no row falls between two keys. */
export interface DesignKey {
  createdAt: string;
  id: string;
}

export interface FeedPageQuery {
  mode: 'interior' | 'landscape';
  /** Rows to read; the service asks for one more than it shows to learn whether more remain. */
  limit: number;
  after: DesignKey | null;
  viewerId: string | null;
}

/** Public designs of a mode older than `after`, newest first, each with its exact key. */
export async function findPublicDesignsAfter(
  db: AppDatabase,
  query: FeedPageQuery,
): Promise<{ design: Design; key: DesignKey }[]> {
  // keyset pagination: offsets drift when new designs arrive at the top
  const olderThanKey = query.after
    ? sql`(${designs.createdAt}, ${designs.id}) < (${query.after.createdAt}::timestamptz, ${query.after.id}::text)`
    : undefined;
  const rows = await db
    .select({
      ...designSelection(query.viewerId),
      exactCreatedAt: sql<string>`to_char(${designs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(designs)
    .innerJoin(author, eq(author.id, designs.userId))
    .leftJoin(originalCreator, eq(originalCreator.id, designs.originalCreatorId))
    .where(and(publicDesignsOfMode(query.mode), olderThanKey))
    .orderBy(desc(designs.createdAt), desc(designs.id))
    .limit(query.limit);
  return rows.map((row) => ({ design: toDesignDto(row), key: { createdAt: row.exactCreatedAt, id: row.design.id } }));
}

export async function findDesignOwnerId(db: AppDatabase, id: string): Promise<string | null> {
  const [row] = await db.select({ userId: designs.userId }).from(designs).where(eq(designs.id, id)).limit(1);
  return row?.userId ?? null;
}

export type NewDesignRow = typeof designs.$inferInsert;

/** Inserts a design and, for a public one, announces it on `design_published` when the transaction commits. */
export async function insertDesignAndAnnounce(db: AppDatabase, row: NewDesignRow & { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(designs).values(row);
    if (row.isPublic !== false) {
      const payload = JSON.stringify({ id: row.id, mode: row.mode });
      await tx.execute(sql`select pg_notify('design_published', ${payload})`);
    }
  });
}

async function readLikesCount(db: Pick<AppDatabase, 'select'>, designId: string): Promise<number | null> {
  const [row] = await db
    .select({ likesCount: designs.likesCount })
    .from(designs)
    .where(eq(designs.id, designId))
    .limit(1);
  return row?.likesCount ?? null;
}

/** Idempotent per viewer: the count moves only when this call created the like. Null for an unknown design. */
export async function addLike(db: AppDatabase, designId: string, viewerId: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const current = await readLikesCount(tx, designId);
    if (current === null) return null;
    const inserted = await tx
      .insert(designLikes)
      .values({ designId, viewerId })
      .onConflictDoNothing()
      .returning({ designId: designLikes.designId });
    if (inserted.length === 0) return readLikesCount(tx, designId);
    const [updated] = await tx
      .update(designs)
      .set({ likesCount: sql`${designs.likesCount} + 1` })
      .where(eq(designs.id, designId))
      .returning({ likesCount: designs.likesCount });
    return updated?.likesCount ?? null;
  });
}

/** The mirror of addLike: the count moves only when this call removed the like. Null for an unknown design. */
export async function removeLike(db: AppDatabase, designId: string, viewerId: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(designLikes)
      .where(and(eq(designLikes.designId, designId), eq(designLikes.viewerId, viewerId)))
      .returning({ designId: designLikes.designId });
    if (deleted.length === 0) return readLikesCount(tx, designId);
    const [updated] = await tx
      .update(designs)
      .set({ likesCount: sql`${designs.likesCount} - 1` })
      .where(eq(designs.id, designId))
      .returning({ likesCount: designs.likesCount });
    return updated?.likesCount ?? null;
  });
}

type SelectedRow = {
  design: typeof designs.$inferSelect;
  author: UserSummary;
  originalCreator: UserSummary | null;
  remixCount: number;
  likedByViewer: boolean;
};

function toDesignDto(row: SelectedRow): Design {
  const d = row.design;
  const oc = row.originalCreator;
  return {
    id: d.id,
    title: d.title,
    caption: d.caption,
    beforeImageUrl: d.beforeImageUrl,
    afterImageUrl: d.afterImageUrl,
    selectedProducts: d.selectedProducts,
    userAnswers: d.userAnswers,
    spaceType: d.spaceType,
    mode: d.mode,
    isPublic: d.isPublic,
    createdAt: d.createdAt.toISOString(),
    likesCount: d.likesCount,
    commentsCount: d.commentsCount,
    userId: d.userId,
    author: toUserSummary(row.author),
    originalDesignId: d.originalDesignId,
    originalCreatorId: d.originalCreatorId,
    originalCreator: oc ? toUserSummary(oc) : null,
    isRegenerated: d.isRegenerated,
    videoUrl: d.videoUrl,
    remixCount: Number(row.remixCount),
    likedByViewer: Boolean(row.likedByViewer),
  };
}

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
    remixCount: sql<number>`(select count(*)::int from ${remix} where ${remix.originalDesignId} = ${designs.id} and ${remix.isPublic})`,
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

import { and, asc, eq, sql } from 'drizzle-orm';
import type { Comment } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { designComments, designs, users } from '../../db/schema';
import { toUserSummary } from '../users/users.repository';
import { exactTime, visibleTo, type DesignKey } from './designs.repository';
import { writeFeedTransaction } from './feed-cache';

const commentSelection = {
  comment: designComments,
  author: {
    id: users.id,
    username: users.username,
    displayName: users.displayName,
    avatarUrl: users.avatarUrl,
    isVerified: users.isVerified,
  },
};

type CommentRow = {
  comment: typeof designComments.$inferSelect;
  author: { id: string; username: string; displayName: string; avatarUrl: string; isVerified: boolean } | null;
};

function toCommentDto({ comment, author }: CommentRow): Comment {
  // docs/product.md §3 stores "name: text" in one column; the text is what follows the name
  const prefix = `${comment.authorName}: `;
  const text = comment.content.startsWith(prefix) ? comment.content.slice(prefix.length) : comment.content;
  return {
    id: comment.id,
    designId: comment.designId,
    userId: comment.userId,
    name: comment.authorName,
    text,
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
    author: author ? toUserSummary(author) : null,
  };
}

/**
 * A page of a design's comments, oldest first (docs/product.md §7), after `after` (the last comment shown), each with
 * its exact key: keyset pagination, so a comment posted meanwhile comes at the end and shifts nothing.
 * design_comments_design_idx (design_id, created_at) serves it.
 */
export async function findCommentsAfter(
  db: AppDatabase,
  query: { designId: string; after: DesignKey | null; limit: number },
): Promise<{ comment: Comment; key: DesignKey }[]> {
  const newerThanKey = query.after
    ? sql`(${designComments.createdAt}, ${designComments.id}) > (${query.after.createdAt}::timestamptz, ${query.after.id}::text)`
    : undefined;
  const rows = await db
    .select({ ...commentSelection, exactCreatedAt: exactTime(designComments.createdAt) })
    .from(designComments)
    .leftJoin(users, eq(users.id, designComments.userId))
    .where(and(eq(designComments.designId, query.designId), newerThanKey))
    .orderBy(asc(designComments.createdAt), asc(designComments.id))
    .limit(query.limit);
  return rows.map((row) => ({
    comment: toCommentDto(row),
    key: { createdAt: row.exactCreatedAt, id: row.comment.id },
  }));
}

export interface NewComment {
  id: string;
  designId: string;
  userId: string | null;
  authorName: string;
  content: string;
}

/** Adds the comment and counts it in one transaction; null when the design does not exist or its author may not see it. */
export async function insertCommentAndCount(
  db: AppDatabase,
  comment: NewComment,
): Promise<{ comment: Comment; commentsCount: number } | null> {
  return writeFeedTransaction(db, async (tx, feedDidChange) => {
    const [counted] = await tx
      .update(designs)
      .set({ commentsCount: sql`${designs.commentsCount} + 1` })
      .where(and(eq(designs.id, comment.designId), visibleTo(comment.userId)))
      .returning({ commentsCount: designs.commentsCount });
    if (!counted) return null;
    const [inserted] = await tx.insert(designComments).values(comment).returning();
    // commentsCount is on the feed's cards
    await feedDidChange({ designs: [comment.designId] });
    const [author] = comment.userId
      ? await tx.select(commentSelection.author).from(users).where(eq(users.id, comment.userId)).limit(1)
      : [];
    return {
      comment: toCommentDto({ comment: inserted!, author: author ?? null }),
      commentsCount: counted.commentsCount,
    };
  });
}

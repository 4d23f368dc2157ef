import { randomUUID } from 'node:crypto';
import {
  decodeCursor,
  encodeCursor,
  feedResponseSchema,
  type AddCommentBody,
  type AddCommentResponse,
  type Comment,
  type Design,
  type FeedQuery,
  type FeedResponse,
  type LikeResponse,
  type publishDesignBodySchema,
} from '@dwellscape/shared';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { AppError, badInput, notFound } from '../../errors';
import { CheckedJson } from '../../response-serializer';
import type { FileStorage } from '../../storage/file-storage';
import { findCurrentUser } from '../users/users.repository';
import { findCommentsOfDesign, insertCommentAndCount } from './comments.repository';
import {
  addLike,
  findDesignById,
  findLikedAmong,
  findDesignOwnerId,
  findPublicDesignsAfter,
  findPublicRemixesOf,
  insertDesignAndAnnounce,
  removeLike,
  type DesignKey,
} from './designs.repository';
import { buildFeedPageTemplate, renderFeedPage, type FeedPageCache } from './feed-cache';

/** The same shape as a schema validation error, so every 400 names its field the same way. */
function invalidField(field: string, message: string): AppError {
  return badInput(`Invalid ${field}: ${message}`, [{ field, message }]);
}

const designNotFound = () => notFound('Design');

/** The feed writes cursor times as "YYYY-MM-DDTHH:MM:SS.ffffffZ" (see findPublicDesignsAfter). */
const CURSOR_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * Only times the feed itself could have written: Date.parse also takes "2000", "0" and 30 February,
 * which Postgres refuses (a 500) or reads differently.
 */
function isFeedCursorTime(text: string): boolean {
  const match = CURSOR_TIME.exec(text);
  if (!match || match[1] === '0000') return false;
  const ms = Date.parse(text);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 23) === text.slice(0, 23);
}

/**
 * A feed page for this viewer. With the page cache (docs/decisions/0013-feed-page-cache.md) it is
 * JSON already checked against the response schema, its likedByViewer flags filled from one small
 * query; without, the page as objects, checked when sent.
 */
export async function listFeed(
  db: AppDatabase,
  viewerId: string,
  query: FeedQuery,
  cache: FeedPageCache | null = null,
): Promise<FeedResponse | CheckedJson<FeedResponse>> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.cursor !== undefined && (after === null || !isFeedCursorTime(after.createdAt))) {
    throw invalidField('querystring.cursor', 'must be a cursor returned by this API');
  }
  if (cache === null) return readFeedPage(db, query, after, viewerId);
  const key = `${query.mode} ${query.limit} ${query.cursor ?? ''}`;
  const template = await cache.page(key, async () => buildFeedPageTemplate(await readFeedPage(db, query, after, null)));
  const liked = await findLikedAmong(db, viewerId, template.designIds);
  return new CheckedJson(feedResponseSchema, renderFeedPage(template, liked));
}

/** One page; with no viewer every likedByViewer is false. */
async function readFeedPage(
  db: AppDatabase,
  query: FeedQuery,
  after: DesignKey | null,
  viewerId: string | null,
): Promise<FeedResponse> {
  const rows = await findPublicDesignsAfter(db, { mode: query.mode, limit: query.limit + 1, after, viewerId });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const hasMore = rows.length > query.limit;
  return {
    items: page.map((row) => row.design),
    nextCursor: hasMore && last ? encodeCursor(last.key.createdAt, last.key.id) : null,
  };
}

export async function getDesign(db: AppDatabase, id: string, viewerId: string): Promise<Design> {
  const design = await findDesignById(db, id, viewerId);
  if (!design) throw designNotFound();
  return design;
}

/** A design page lists at most this many remixes; the design's remixCount still counts them all. */
export const REMIXES_LIST_LIMIT = 50;

export async function listRemixes(db: AppDatabase, designId: string, viewerId: string): Promise<Design[]> {
  const [owner, remixes] = await Promise.all([
    findDesignOwnerId(db, designId),
    findPublicRemixesOf(db, designId, { limit: REMIXES_LIST_LIMIT, viewerId }),
  ]);
  if (owner === null) throw designNotFound();
  return remixes;
}

export type PublishDesignInput = z.output<typeof publishDesignBodySchema>;

/** Every file a design points at must already be stored: no row may point at a missing file. */
async function assertStoredFiles(
  storage: FileStorage,
  files: Record<string, string | null | undefined>,
): Promise<void> {
  for (const [field, url] of Object.entries(files)) {
    if (url === null || url === undefined) continue;
    const key = storage.keyFromUrl(url);
    if (key === null || !(await storage.exists(key))) {
      throw invalidField(`body.${field}`, 'no stored file has this URL; upload it first');
    }
  }
}

export async function publishDesign(
  db: AppDatabase,
  storage: FileStorage,
  viewerId: string,
  input: PublishDesignInput,
): Promise<Design> {
  await assertStoredFiles(storage, {
    afterImageUrl: input.afterImageUrl,
    beforeImageUrl: input.beforeImageUrl,
    videoUrl: input.videoUrl,
  });
  const originalDesignId = input.originalDesignId ?? null;
  const originalCreatorId = originalDesignId === null ? null : await findDesignOwnerId(db, originalDesignId);
  if (originalDesignId !== null && originalCreatorId === null) {
    throw invalidField('body.originalDesignId', 'no design has this id');
  }
  const author = await findCurrentUser(db);
  if (!author) throw new AppError('conflict', 'There is no current user to publish as yet');

  const id = randomUUID();
  await insertDesignAndAnnounce(db, {
    id,
    title: input.title.trim(),
    caption: input.caption.trim(),
    beforeImageUrl: input.beforeImageUrl,
    afterImageUrl: input.afterImageUrl,
    selectedProducts: input.selectedProducts,
    userAnswers: input.userAnswers,
    spaceType: input.spaceType,
    mode: input.mode,
    isPublic: true,
    userId: author.id,
    originalDesignId,
    originalCreatorId,
    isRegenerated: input.isRegenerated,
    videoUrl: input.videoUrl ?? null,
  });
  return getDesign(db, id, viewerId);
}

export async function likeDesign(db: AppDatabase, designId: string, viewerId: string): Promise<LikeResponse> {
  const likesCount = await addLike(db, designId, viewerId);
  if (likesCount === null) throw designNotFound();
  return { liked: true, likesCount };
}

export async function unlikeDesign(db: AppDatabase, designId: string, viewerId: string): Promise<LikeResponse> {
  const likesCount = await removeLike(db, designId, viewerId);
  if (likesCount === null) throw designNotFound();
  return { liked: false, likesCount };
}

export async function listComments(db: AppDatabase, designId: string): Promise<Comment[]> {
  const [owner, comments] = await Promise.all([findDesignOwnerId(db, designId), findCommentsOfDesign(db, designId)]);
  if (owner === null) throw designNotFound();
  return comments;
}

/** With a name the comment is anonymous (SPEC §6); without one it is the current user's. */
export async function addComment(db: AppDatabase, designId: string, body: AddCommentBody): Promise<AddCommentResponse> {
  const text = body.text.trim();
  let userId: string | null = null;
  let name: string;
  if (body.name !== undefined) {
    name = body.name.trim();
  } else {
    const currentUser = await findCurrentUser(db);
    if (!currentUser) throw new AppError('conflict', 'There is no current user to comment as yet');
    userId = currentUser.id;
    name = currentUser.displayName;
  }
  const added = await insertCommentAndCount(db, {
    id: randomUUID(),
    designId,
    userId,
    authorName: name,
    content: `${name}: ${text}`,
  });
  if (!added) throw designNotFound();
  return added;
}

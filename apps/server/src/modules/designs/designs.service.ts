import { randomUUID } from 'node:crypto';
import {
  compactFeedPage,
  type AddCommentBody,
  type AddCommentResponse,
  type CommentPageResponse,
  type Design,
  type FeedPage,
  type FeedQuery,
  type FeedResponse,
  type LikeResponse,
  OWN_ITEM_DEFAULT_NAME,
  type commentPageQuerySchema,
  type publishDesignBodySchema,
  type DesignProduct,
  type UpdateDesignBody,
} from '@dwellscape/shared';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { AppError, invalidField, notFound, signInRequired } from '../../errors';
import type { FileStorage } from '../../storage/file-storage';
import { findRenderReceipt } from '../../media/stored-media';
import { findProductsByIds } from '../catalogue/catalogue.repository';
import { assertUsableMedia, type MediaClaim } from '../uploads/uploads.service';
import type { Viewer } from '../../types';
import { notifyCommented, notifyLiked, notifyRemixed } from '../notifications/notifications.service';
import { findAllSavedIds, findSavedAmong } from '../saved/saved.repository';
import { findUserById } from '../users/users.repository';
import { findCommentsAfter, insertCommentAndCount } from './comments.repository';
import {
  addLike,
  findDesignById,
  findAllLikedIds,
  findLikedAmong,
  isDesignVisible,
  findPublicDesignsAfter,
  findPublicRemixesOf,
  findRemixSource,
  insertDesignAndAnnounce,
  removeLike,
  deleteOwnDesign,
  findDesignOwner,
  updateOwnDesignText,
  type DesignKey,
} from './designs.repository';
import { forgetFiles } from '../../media/forget-files';
import { findPreviewFacts } from '../previews/previews.repository';
import { forgetPreviewPicture } from '../previews/preview-picture';
import { nextPageCursor, readPageCursor } from './design-pages';
import { buildFeedPageTemplate, feedPageKey, renderFeedPageBytes, type FeedPageCache } from './feed-cache';
import type { ListeningCache } from '../../realtime/listening-cache';
import type { MarkSet, ViewerCaches } from '../../realtime/viewer-caches';
import { markLiveTrace } from '../../live-trace';

const designNotFound = () => notFound('Design');

/**
 * Who a like belongs to (decision 0016): the account when signed in, the gate session otherwise.
 * Every like, unlike and `likedByViewer` reads it, so a signed-in viewer sees the account's likes
 * on any browser.
 */
const likerIdOf = (viewer: Viewer): string => viewer.accountId ?? viewer.viewerId;

/**
 * A feed page for this viewer. With the page cache (docs/decisions/0013-feed-page-cache.md) it is
 * JSON (UTF-8 bytes) already checked against feedResponseSchema, its likedByViewer and savedByViewer flags
 * filled from two small queries; without, the page as objects, checked when sent.
 */
export async function listFeed(
  db: AppDatabase,
  viewer: Viewer,
  query: FeedQuery,
  cache: FeedPageCache | null = null,
  viewerCaches: ViewerCaches | null = null,
): Promise<FeedResponse | Buffer> {
  const after = readPageCursor(query.cursor);
  if (cache === null) return compactFeedPage(await readFeedPage(db, query, after, viewer));
  const key = feedPageKey(query.mode, query.limit, query.cursor);
  // what memory holds is taken at once; only what it lacks waits for a load
  const template =
    cache.peek(key) ??
    (await cache.page(key, async () =>
      buildFeedPageTemplate(compactFeedPage(await readFeedPage(db, query, after, null))),
    ));
  const likerId = likerIdOf(viewer);
  const { accountId } = viewer;
  const likedMarks =
    heldMarks(viewerCaches?.liked, likerId) ??
    marksOf(
      viewerCaches?.liked,
      likerId,
      () => findAllLikedIds(db, likerId),
      () => findLikedAmong(db, likerId, template.designIds),
    );
  const savedMarks =
    accountId === null
      ? NO_MARKS
      : (heldMarks(viewerCaches?.saved, accountId) ??
        marksOf(
          viewerCaches?.saved,
          accountId,
          () => findAllSavedIds(db, accountId),
          () => findSavedAmong(db, accountId, template.designIds),
        ));
  // both held (nearly every request): no promise turn
  const [liked, saved] =
    likedMarks instanceof Promise || savedMarks instanceof Promise
      ? await Promise.all([likedMarks, savedMarks])
      : [likedMarks, savedMarks];
  return renderFeedPageBytes(template, { liked, saved });
}

const NO_MARKS: ReadonlySet<string> = new Set();

/** A viewer's likes (or saves) when this process holds the set of them all; undefined when it must be read. */
const heldMarks = (cache: ListeningCache<MarkSet> | undefined, key: string): ReadonlySet<string> | undefined =>
  cache?.peek(key)?.ids ?? undefined;

/**
 * A viewer's likes (or saves) for a page: from the set this process keeps of them all, or, without
 * the cache or for a viewer with too many to keep, from the page's own query.
 */
async function marksOf(
  cache: ListeningCache<MarkSet> | undefined,
  key: string,
  loadAll: () => Promise<Set<string> | null>,
  loadPage: () => Promise<Set<string>>,
): Promise<ReadonlySet<string>> {
  if (!cache) return loadPage();
  const marks = await cache.get(key, async () => ({ ids: await loadAll() }));
  return marks?.ids ?? loadPage();
}

/** One page; with no viewer every likedByViewer and savedByViewer is false. */
async function readFeedPage(
  db: AppDatabase,
  query: FeedQuery,
  after: DesignKey | null,
  viewer: Viewer | null,
): Promise<FeedPage> {
  const rows = await findPublicDesignsAfter(db, {
    mode: query.mode,
    limit: query.limit + 1,
    after,
    viewerId: viewer?.viewerId ?? null,
    accountId: viewer?.accountId ?? null,
  });
  return {
    items: rows.slice(0, query.limit).map((row) => row.design),
    nextCursor: nextPageCursor(rows, query.limit),
  };
}

export async function getDesign(db: AppDatabase, id: string, viewer: Viewer): Promise<Design> {
  const design = await findDesignById(db, id, viewer.viewerId, viewer.accountId);
  if (!design) throw designNotFound();
  return design;
}

/** A design page lists at most this many remixes; the design's remixCount still counts them all. */
export const REMIXES_LIST_LIMIT = 50;

export async function listRemixes(db: AppDatabase, designId: string, viewer: Viewer): Promise<Design[]> {
  const [visible, remixes] = await Promise.all([
    isDesignVisible(db, designId, viewer.accountId),
    findPublicRemixesOf(db, designId, { limit: REMIXES_LIST_LIMIT, ...viewer }),
  ]);
  if (!visible) throw designNotFound();
  return remixes;
}

export type PublishDesignInput = z.output<typeof publishDesignBodySchema>;

/**
 * The design's pictures must be files this viewer uploaded or rendered, or sample pictures (the
 * sample path publishes a seeded photo): never somebody else's file under /media/.
 */
function pictureClaims(input: PublishDesignInput, originalPictures: ReadonlySet<string>): MediaClaim[] {
  const pictures = {
    beforeImageUrl: input.beforeImageUrl,
    afterImageUrl: input.afterImageUrl,
    videoUrl: input.videoUrl,
  };
  return Object.entries(pictures).flatMap(([field, url]) =>
    url
      ? [
          {
            field: `body.${field}`,
            url,
            kinds: ['upload', 'render', 'seed'] as const,
            kindMessage: 'must be a picture you uploaded or rendered',
            // a remix may show its original's pictures: it credits their creator (decision 0023)
            anyOwner: originalPictures.has(url),
          },
        ]
      : [],
  );
}

/** An own item is a photo this viewer uploaded (not a render, not a sample picture). */
function ownItemClaims(input: PublishDesignInput): MediaClaim[] {
  return input.ownItems.map((item, i) => ({
    field: `body.ownItems.${i}.url`,
    url: item.url,
    kinds: ['upload'] as const,
    kindMessage: 'must be a photo you uploaded (POST /api/uploads)',
  }));
}

/**
 * The design's product list as the server vouches for it (docs/decisions/0023): catalogue lines
 * carry the catalogue's name, price, brand and picture now, whatever the client believed; own
 * items follow at price 0. Refuses unknown ids, products of the other mode and repeated ids.
 */
async function buildProductSnapshot(db: AppDatabase, input: PublishDesignInput): Promise<DesignProduct[]> {
  const firstIndexOf = new Map<string, number>();
  for (const [i, choice] of input.selectedProducts.entries()) {
    const earlier = firstIndexOf.get(choice.id);
    if (earlier !== undefined) {
      throw invalidField(
        `body.selectedProducts.${i}.id`,
        `is already listed at selectedProducts.${earlier}; set its quantity instead`,
      );
    }
    firstIndexOf.set(choice.id, i);
  }
  const seenOwnUrls = new Map<string, number>();
  for (const [i, item] of input.ownItems.entries()) {
    const earlier = seenOwnUrls.get(item.url);
    if (earlier !== undefined) {
      throw invalidField(`body.ownItems.${i}.url`, `is already listed at ownItems.${earlier}`);
    }
    seenOwnUrls.set(item.url, i);
  }

  const catalogue = await findProductsByIds(db, [...firstIndexOf.keys()]);
  const products = input.selectedProducts.map((choice, i): DesignProduct => {
    const product = catalogue.get(choice.id);
    if (!product) throw invalidField(`body.selectedProducts.${i}.id`, 'no catalogue product has this id');
    if (product.mode !== input.mode) {
      throw invalidField(`body.selectedProducts.${i}.id`, `is a ${product.mode} product; this design is ${input.mode}`);
    }
    return {
      id: product.id,
      name: product.name,
      price: product.price,
      brandId: product.brandId,
      imageUrl: product.imageUrl,
      quantity: choice.quantity,
      ownItem: false,
    };
  });
  // docs/product.md §3's uploaded item id: uploaded_{timestamp}_{index}
  const publishedAt = Date.now();
  const ownItems = input.ownItems.map((item, i): DesignProduct => ({
    id: `uploaded_${publishedAt}_${i}`,
    name: item.name.trim() || OWN_ITEM_DEFAULT_NAME,
    price: 0,
    brandId: '',
    imageUrl: item.url,
    quantity: 1,
    ownItem: true,
    ...(item.cost === undefined || item.cost === null ? {} : { cost: item.cost }),
  }));
  return [...products, ...ownItems];
}

/**
 * Publishes as the signed-in account (decision 0016): it is the design's author. Every check runs
 * before the one insert, so a refused request writes nothing.
 */
export async function publishDesign(
  db: AppDatabase,
  storage: FileStorage,
  viewer: Viewer & { accountId: string },
  input: PublishDesignInput,
): Promise<Design> {
  const selectedProducts = await buildProductSnapshot(db, input);
  markLiveTrace('publish:products-checked');
  const originalDesignId = input.originalDesignId ?? null;
  // a hidden original (not the account's own) is answered as a missing one: its existence is not told
  const original = originalDesignId === null ? null : await findRemixSource(db, originalDesignId, viewer.accountId);
  if (originalDesignId !== null && original === null) {
    throw invalidField('body.originalDesignId', 'no design has this id');
  }
  const originalCreatorId = original?.userId ?? null;
  const originalPictures = new Set([original?.beforeImageUrl, original?.afterImageUrl].filter((url) => url != null));
  markLiveTrace('publish:remix-source-read');
  await assertUsableMedia(db, storage, viewer, [...pictureClaims(input, originalPictures), ...ownItemClaims(input)]);
  markLiveTrace('publish:media-checked');
  // the receipt comes from the server's own record of the render, never from the request
  const receipt = await findRenderReceipt(db, storage, input.afterImageUrl);
  markLiveTrace('publish:receipt-read');
  const id = randomUUID();
  const published = await insertDesignAndAnnounce(db, {
    id,
    title: input.title.trim(),
    caption: input.caption.trim(),
    beforeImageUrl: input.beforeImageUrl,
    afterImageUrl: input.afterImageUrl,
    selectedProducts,
    userAnswers: input.userAnswers,
    spaceType: input.spaceType,
    mode: input.mode,
    isPublic: true,
    userId: viewer.accountId,
    originalDesignId,
    originalCreatorId,
    isRegenerated: input.isRegenerated,
    videoUrl: input.videoUrl ?? null,
    receipt,
  });
  // the account was deleted in another session meanwhile
  if (!published) throw signInRequired();
  markLiveTrace('publish:committed');
  await notifyRemixed(db, { designId: id });
  markLiveTrace('publish:remix-noticed');
  const design = await getDesign(db, id, viewer);
  markLiveTrace('publish:read-back');
  return design;
}

/** The liker a viewer likes as (designs.repository Liker): only a signed-in like counts in the public count. */
const likerOf = (viewer: Viewer) => ({ likerId: likerIdOf(viewer), accountId: viewer.accountId });

export async function likeDesign(db: AppDatabase, designId: string, viewer: Viewer): Promise<LikeResponse> {
  const likesCount = await addLike(db, designId, likerOf(viewer));
  if (likesCount === null) throw designNotFound();
  await notifyLiked(db, { designId, actorId: viewer.accountId });
  return { liked: true, likesCount };
}

export async function unlikeDesign(db: AppDatabase, designId: string, viewer: Viewer): Promise<LikeResponse> {
  const likesCount = await removeLike(db, designId, likerOf(viewer));
  if (likesCount === null) throw designNotFound();
  return { liked: false, likesCount };
}

/** A page of the design's comments, oldest first (docs/product.md §7), continuing after the cursor's comment. */
export async function listComments(
  db: AppDatabase,
  designId: string,
  viewer: Viewer,
  query: z.output<typeof commentPageQuerySchema>,
): Promise<CommentPageResponse> {
  const after = readPageCursor(query.cursor);
  const [visible, rows] = await Promise.all([
    isDesignVisible(db, designId, viewer.accountId),
    findCommentsAfter(db, { designId, after, limit: query.limit + 1 }),
  ]);
  if (!visible) throw designNotFound();
  return { items: rows.slice(0, query.limit).map((row) => row.comment), nextCursor: nextPageCursor(rows, query.limit) };
}

/**
 * Comments as the signed-in account, under its display name (decision 0016); the body's `name`,
 * which docs/product.md §6's anonymous comments used, is ignored.
 */
export async function addComment(
  db: AppDatabase,
  designId: string,
  accountId: string,
  body: AddCommentBody,
): Promise<AddCommentResponse> {
  const text = body.text.trim();
  const author = await findUserById(db, accountId);
  // the account was deleted since this request's session check
  if (!author) throw signInRequired();
  const name = author.displayName;
  const added = await insertCommentAndCount(db, {
    id: randomUUID(),
    designId,
    userId: author.id,
    authorName: name,
    content: `${name}: ${text}`,
  });
  if (!added) throw designNotFound();
  await notifyCommented(db, { designId, actorId: added.comment.userId, text });
  return added;
}

/**
 * Only a design's author changes it (docs/product.md §6): another account is refused (403) when it
 * can see the design, and told nothing (404) when it cannot.
 */
async function assertOwnDesign(db: AppDatabase, designId: string, accountId: string): Promise<void> {
  const owner = await findDesignOwner(db, designId);
  if (!owner || (!owner.isPublic && owner.userId !== accountId)) throw designNotFound();
  if (owner.userId !== accountId) throw new AppError('forbidden', 'Only its author can change this design');
}

/** Changes the title or caption of the account's own design; its link preview is drawn again on its next request. */
export async function updateDesign(
  db: AppDatabase,
  storage: FileStorage,
  designId: string,
  viewer: Viewer & { accountId: string },
  input: UpdateDesignBody,
): Promise<Design> {
  await assertOwnDesign(db, designId, viewer.accountId);
  const before = await findPreviewFacts(db, designId);
  const change = {
    ...(input.title !== undefined ? { title: input.title.trim() } : {}),
    ...(input.caption !== undefined ? { caption: input.caption.trim() } : {}),
  };
  if (!(await updateOwnDesignText(db, designId, viewer.accountId, change))) throw designNotFound();
  await forgetPreviewPicture(storage, before);
  return getDesign(db, designId, viewer);
}

/**
 * Deletes the account's own design with its comments, likes and saves, then its pictures that
 * nothing else shows (a remix may show its original's) and its link preview.
 */
export async function deleteDesign(
  db: AppDatabase,
  storage: FileStorage,
  designId: string,
  accountId: string,
): Promise<void> {
  await assertOwnDesign(db, designId, accountId);
  const preview = await findPreviewFacts(db, designId);
  const pictures = await deleteOwnDesign(db, designId, accountId);
  if (pictures === null) throw designNotFound();
  await forgetPreviewPicture(storage, preview);
  await forgetFiles({ db, storage }, pictures);
}

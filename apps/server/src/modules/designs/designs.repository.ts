import { and, desc, eq, fillPlaceholders, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Design, FeedDesign } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { designLikes, designs, savedDesigns, users } from '../../db/schema';
import { preparedPer } from '../../db/prepared';
import { writeFeedTransaction } from './feed-cache';
import { markLiveTrace } from '../../live-trace';
import { MARK_SET_MAX_IDS } from '../../realtime/viewer-caches';

const author = alias(users, 'author');
const originalCreator = alias(users, 'original_creator');
const remix = alias(designs, 'remix');

/** A user summary (`UserSummary`) as Postgres builds it. */
const userSummaryJson = (user: typeof author | typeof originalCreator) =>
  sql`json_build_object('id', ${user.id}, 'username', ${user.username}, 'displayName', ${user.displayName},
    'avatarUrl', ${user.avatarUrl}, 'isVerified', ${user.isVerified})`;

/** Whose likes `likedByViewer` reads: the account's when signed in, the gate session's otherwise (decision 0016). */
function likerOf(viewerId: string | Placeholder, accountId: string | Placeholder | null) {
  if (accountId === null || typeof accountId === 'string') return accountId ?? viewerId;
  return sql`coalesce(${accountId}::text, ${viewerId}::text)`;
}

/** The key-value pairs of a design's card (`FeedDesign`), for json_build_object; `Design` has these and more. */
function cardFields(viewerId: string | Placeholder | null, accountId: string | Placeholder | null) {
  // a scalar subquery, not exists(): Postgres may run an exists() as one hash of all the viewer's
  // likes, which it costs for every public design rather than for the 26 rows a page reads
  const likedByViewer =
    viewerId !== null
      ? sql`coalesce((select true from ${designLikes} where ${designLikes.designId} = ${designs.id} and ${designLikes.viewerId} = ${likerOf(viewerId, accountId)}), false)`
      : sql`false`;
  const savedByViewer =
    accountId !== null
      ? sql`coalesce((select true from ${savedDesigns} where ${savedDesigns.userId} = ${accountId} and ${savedDesigns.designId} = ${designs.id}), false)`
      : sql`false`;
  return sql`
    'id', ${designs.id},
    'title', ${designs.title},
    'caption', ${designs.caption},
    'afterImageUrl', ${designs.afterImageUrl},
    'selectedProducts', ${designs.selectedProducts},
    'spaceType', ${designs.spaceType},
    'mode', ${designs.mode},
    'createdAt', to_char(${designs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'likesCount', ${designs.likesCount},
    'commentsCount', ${designs.commentsCount},
    'userId', ${designs.userId},
    'author', ${userSummaryJson(author)},
    'originalCreator', case when ${originalCreator.id} is null then null else ${userSummaryJson(originalCreator)} end,
    'remixCount', (select count(*)::int from ${designs} as ${remix} where ${remix.originalDesignId} = ${designs.id} and ${remix.isPublic}),
    'likedByViewer', ${likedByViewer},
    'savedByViewer', ${savedByViewer}`;
}

/**
 * One design as Postgres builds it: a `Design`, one json value per row. Node then parses one JSON text per row
 * (natively) instead of mapping some 30 columns per row through the ORM, which was most of the feed's CPU in Node
 * (docs/decisions/0007-feed-query.md). The response schema still checks every field of what goes out. createdAt has
 * toISOString's shape (milliseconds, Z).
 */
function designJson(viewerId: string | Placeholder | null, accountId: string | Placeholder | null) {
  // json_build_object takes at most 100 arguments: the card's 32 and the rest's 18 fit in one call
  return sql<Design>`json_build_object(${cardFields(viewerId, accountId)},
    'beforeImageUrl', ${designs.beforeImageUrl},
    'userAnswers', ${designs.userAnswers},
    'isPublic', ${designs.isPublic},
    'originalDesignId', ${designs.originalDesignId},
    'originalCreatorId', ${designs.originalCreatorId},
    'originalCreatorDeleted', ${designs.originalCreatorDeleted},
    'isRegenerated', ${designs.isRegenerated},
    'videoUrl', ${designs.videoUrl},
    'receipt', ${designs.receipt}
  )`;
}

/** The community feed's card of a design (`FeedDesign`): what the card shows, as designJson builds it. */
const feedCardJson = (viewerId: Placeholder, accountId: Placeholder) =>
  sql<FeedDesign>`json_build_object(${cardFields(viewerId, accountId)})`;

export interface FindDesignsOptions {
  where?: SQL | undefined;
  limit?: number;
  /** Rows to skip first (search's 'Show more'). */
  offset?: number;
  /** Who is looking: decides `likedByViewer`. */
  viewerId: string | null;
  /** The signed-in account looking, if any: decides `savedByViewer`. */
  accountId?: string | null;
}

/** Designs with their author, original creator, remix count and the viewer's like, newest first. */
export async function findDesigns(db: AppDatabase, options: FindDesignsOptions): Promise<Design[]> {
  const query = db
    .select({ design: designJson(options.viewerId, options.accountId ?? null) })
    .from(designs)
    .innerJoin(author, eq(author.id, designs.userId))
    .leftJoin(originalCreator, eq(originalCreator.id, designs.originalCreatorId))
    .where(options.where)
    .orderBy(desc(designs.createdAt), desc(designs.id));
  const paged = options.offset ? query.offset(options.offset) : query;
  const rows = options.limit === undefined ? await paged : await paged.limit(options.limit);
  return rows.map((row) => row.design);
}

/** The designs with these ids, as the viewer sees them, newest first. */
export const findDesignsByIds = (db: AppDatabase, ids: readonly string[], viewer: Omit<FindDesignsOptions, 'where'>) =>
  findDesigns(db, { ...viewer, where: inArray(designs.id, [...ids]) });

/** An author's public designs, newest first; with `includeHidden`, the private ones too (the author's own export). */
export const findDesignsByAuthor = (
  db: AppDatabase,
  authorId: string,
  { includeHidden = false, ...viewer }: Omit<FindDesignsOptions, 'where'> & { includeHidden?: boolean },
) =>
  findDesigns(db, {
    ...viewer,
    where: includeHidden ? eq(designs.userId, authorId) : and(eq(designs.userId, authorId), eq(designs.isPublic, true)),
  });

/**
 * Which designs a viewer may reach by id (docs/security.md): every public design, and the signed-in account's own
 * designs whatever their `is_public`. Every read and write by id asks for a design through it, and answers a
 * hidden design as it answers a missing one (404), so that nobody learns a hidden design exists.
 */
export const visibleTo = (accountId: string | null): SQL =>
  accountId === null ? sql`${designs.isPublic}` : or(sql`${designs.isPublic}`, eq(designs.userId, accountId))!;

/** The design with this id as this viewer sees it; null when there is none or it is not theirs to see (visibleTo). */
export async function findDesignById(
  db: AppDatabase,
  id: string,
  viewerId: string | null,
  accountId: string | null = null,
): Promise<Design | null> {
  const [found] = await findDesigns(db, {
    where: and(eq(designs.id, id), visibleTo(accountId)),
    limit: 1,
    viewerId,
    accountId,
  });
  return found ?? null;
}

/** The public remixes of a design, newest first (served by designs_original_idx). */
export async function findPublicRemixesOf(
  db: AppDatabase,
  originalDesignId: string,
  options: { limit: number; viewerId: string | null; accountId?: string | null },
): Promise<Design[]> {
  return findDesigns(db, {
    where: and(eq(designs.originalDesignId, originalDesignId), eq(designs.isPublic, true)),
    ...options,
  });
}

// `is_public` as a bare column, not `= $n`: it then matches designs_feed_idx's predicate in any plan,
// generic (cached) ones included
export const publicDesignsOfMode = (mode: 'interior' | 'landscape') =>
  and(eq(designs.mode, mode), sql`${designs.isPublic}`);

/** A timestamp column as "YYYY-MM-DDTHH:MM:SS.ffffffZ": the microseconds a page key must keep. */
export const exactTime = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

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
  /** The signed-in account looking (decides savedByViewer); null or absent when signed out. */
  accountId?: string | null;
}

/** The feed page statement: built once per database and shape (first page, or after a key), then only run. */
function prepareFeedPage(db: AppDatabase, afterKey: boolean) {
  // keyset pagination: offsets drift when new designs arrive at the top
  const olderThanKey = afterKey
    ? sql`(${designs.createdAt}, ${designs.id}) < (${sql.placeholder('afterCreatedAt')}::timestamptz, ${sql.placeholder('afterId')}::text)`
    : undefined;
  return db
    .select({
      design: feedCardJson(sql.placeholder('viewerId'), sql.placeholder('accountId')),
      exactCreatedAt: exactTime(designs.createdAt),
    })
    .from(designs)
    .innerJoin(author, eq(author.id, designs.userId))
    .leftJoin(originalCreator, eq(originalCreator.id, designs.originalCreatorId))
    .where(and(eq(designs.mode, sql.placeholder('mode')), sql`${designs.isPublic}`, olderThanKey))
    .orderBy(desc(designs.createdAt), desc(designs.id))
    .limit(sql.placeholder('limit'))
    .prepare(afterKey ? 'feed_page_after_key' : 'feed_page_first');
}

const feedStatements = preparedPer((db) => ({
  first: prepareFeedPage(db, false),
  afterKey: prepareFeedPage(db, true),
}));

function feedPage(db: AppDatabase, query: FeedPageQuery) {
  const prepared = feedStatements(db);
  return {
    statement: query.after ? prepared.afterKey : prepared.first,
    values: {
      mode: query.mode,
      limit: query.limit,
      viewerId: query.viewerId,
      accountId: query.accountId ?? null,
      afterCreatedAt: query.after?.createdAt ?? null,
      afterId: query.after?.id ?? null,
    },
  };
}

/** The SQL and parameters a feed page runs, exactly: the benchmark EXPLAINs them. */
export function feedPageSql(db: AppDatabase, query: FeedPageQuery): { sql: string; params: unknown[] } {
  const { statement, values } = feedPage(db, query);
  const built = statement.getQuery();
  return { sql: built.sql, params: fillPlaceholders(built.params, values) };
}

/** Public designs of a mode older than `after`, newest first, each with its exact key. */
export async function findPublicDesignsAfter(
  db: AppDatabase,
  query: FeedPageQuery,
): Promise<{ design: FeedDesign; key: DesignKey }[]> {
  const { statement, values } = feedPage(db, query);
  const rows = await statement.execute(values);
  return rows.map((row) => ({ design: row.design, key: { createdAt: row.exactCreatedAt, id: row.design.id } }));
}

/** Whether the design exists and this account (or, null, a signed-out viewer) may see it (visibleTo). */
export async function isDesignVisible(db: Pick<AppDatabase, 'select'>, id: string, accountId: string | null) {
  const [row] = await db
    .select({ id: designs.id })
    .from(designs)
    .where(and(eq(designs.id, id), visibleTo(accountId)))
    .limit(1);
  return row !== undefined;
}

/** A remix's original: who made it and its pictures, or null when no design this account may see has this id. */
export async function findRemixSource(
  db: AppDatabase,
  id: string,
  accountId: string,
): Promise<{ userId: string; beforeImageUrl: string | null; afterImageUrl: string } | null> {
  const [row] = await db
    .select({ userId: designs.userId, beforeImageUrl: designs.beforeImageUrl, afterImageUrl: designs.afterImageUrl })
    .from(designs)
    .where(and(eq(designs.id, id), visibleTo(accountId)))
    .limit(1);
  return row ?? null;
}

export type NewDesignRow = typeof designs.$inferInsert;

/** A NOTIFY payload must be shorter than this many bytes. */
const NOTIFY_PAYLOAD_LIMIT = 8000;

/**
 * Sends design_published with a payload Postgres builds from the inserted row: its id and mode and,
 * when it all fits in a notification, the design as a signed-out viewer sees it, so that a listening
 * instance writes it to its live streams without reading it back first (realtime/realtime.ts).
 */
async function announceDesignPublished(db: Pick<AppDatabase, 'select'>, id: string): Promise<void> {
  const announced = db
    .select({
      full: sql<string>`json_build_object('id', ${designs.id}, 'mode', ${designs.mode}, 'design', ${designJson(null, null)})::text`.as(
        'full',
      ),
      short: sql<string>`json_build_object('id', ${designs.id}, 'mode', ${designs.mode})::text`.as('short'),
    })
    .from(designs)
    .innerJoin(author, eq(author.id, designs.userId))
    .leftJoin(originalCreator, eq(originalCreator.id, designs.originalCreatorId))
    .where(eq(designs.id, id))
    .as('announced');
  await db
    .select({
      sent: sql`pg_notify('design_published', case when octet_length(${announced.full}) < ${NOTIFY_PAYLOAD_LIMIT} then ${announced.full} else ${announced.short} end)`,
    })
    .from(announced);
}

/** Serialises the publishing of public designs (pg_advisory_xact_lock), across every instance on one database. */
export const PUBLISH_LOCK_ID = 7_146_210_002;

/**
 * Inserts a design and, for a public one, announces it on `design_published` when the transaction commits.
 *
 * Public designs are published one at a time, and their created_at is read from the clock once the
 * turn is theirs (not at transaction start, as now() would): so the feed's order (created_at, id) is
 * also the order in which they become visible. Without it, a publish that started earlier but
 * committed later would land behind a design a reader has already paged past or a live client has
 * replayed from, and neither would ever see it.
 */
export async function insertDesignAndAnnounce(db: AppDatabase, row: NewDesignRow & { id: string }): Promise<boolean> {
  return writeFeedTransaction(db, async (tx, feedDidChange) => {
    // the author's row, held until commit: an account deletion in another session (FOR UPDATE,
    // accounts.repository) waits for this design and deletes it too, or runs first and this finds
    // no author; false then, and nothing is written
    const [author] = await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('key share');
    if (!author) return false;
    const isPublic = row.isPublic !== false;
    if (isPublic) await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK_ID})`);
    markLiveTrace('publish:locked');
    await tx.insert(designs).values({ ...row, createdAt: row.createdAt ?? sql`clock_timestamp()` });
    markLiveTrace('publish:inserted');
    if (isPublic) {
      await announceDesignPublished(tx, row.id);
      // a new card at the top, and for a remix its original's remixCount
      await feedDidChange({ newDesignOf: row.mode });
      if (row.originalDesignId) await feedDidChange({ designs: [row.originalDesignId] });
    }
    markLiveTrace('publish:committing');
    return true;
  });
}

/** The design's public like count, or null when there is no design with this id that the account may see. */
async function readLikesCount(
  db: Pick<AppDatabase, 'select'>,
  designId: string,
  accountId: string | null,
): Promise<number | null> {
  const [row] = await db
    .select({ likesCount: designs.likesCount })
    .from(designs)
    .where(and(eq(designs.id, designId), visibleTo(accountId)))
    .limit(1);
  return row?.likesCount ?? null;
}

/**
 * Who likes: the liker id the like is stored under (the account, or the gate session signed out) and the
 * signed-in account, if any, which decides whether the like counts.
 *
 * Only signed-in likes count in a design's public `likesCount` (docs/security.md): a signed-out like is kept
 * for its session (likedByViewer, and it moves to the account at sign-in, where it starts to count:
 * accounts.repository moveSessionLikesToAccount), but a script that opens gate sessions to like with
 * cannot move the number a design shows. docs/product.md §10: likes made before signing in move to the account.
 */
export interface Liker {
  likerId: string;
  accountId: string | null;
}

/** Idempotent per viewer: the count moves only when this call created a signed-in like. Null for an unknown design. */
export async function addLike(db: AppDatabase, designId: string, liker: Liker): Promise<number | null> {
  return writeFeedTransaction(db, async (tx, feedDidChange, viewerDidChange) => {
    const current = await readLikesCount(tx, designId, liker.accountId);
    if (current === null) return null;
    const inserted = await tx
      .insert(designLikes)
      .values({ designId, viewerId: liker.likerId })
      .onConflictDoNothing()
      .returning({ designId: designLikes.designId });
    if (inserted.length === 0) return readLikesCount(tx, designId, liker.accountId);
    await viewerDidChange({ likes: liker.likerId });
    if (liker.accountId === null) return current;
    const [updated] = await tx
      .update(designs)
      .set({ likesCount: sql`${designs.likesCount} + 1` })
      .where(eq(designs.id, designId))
      .returning({ likesCount: designs.likesCount });
    await feedDidChange({ designs: [designId] });
    return updated?.likesCount ?? null;
  });
}

/** The mirror of addLike: the count moves only when this call removed a signed-in like. Null for an unknown design. */
export async function removeLike(db: AppDatabase, designId: string, liker: Liker): Promise<number | null> {
  return writeFeedTransaction(db, async (tx, feedDidChange, viewerDidChange) => {
    const current = await readLikesCount(tx, designId, liker.accountId);
    if (current === null) return null;
    const deleted = await tx
      .delete(designLikes)
      .where(and(eq(designLikes.designId, designId), eq(designLikes.viewerId, liker.likerId)))
      .returning({ designId: designLikes.designId });
    if (deleted.length === 0) return readLikesCount(tx, designId, liker.accountId);
    await viewerDidChange({ likes: liker.likerId });
    if (liker.accountId === null) return current;
    const [updated] = await tx
      .update(designs)
      .set({ likesCount: sql`${designs.likesCount} - 1` })
      .where(eq(designs.id, designId))
      .returning({ likesCount: designs.likesCount });
    await feedDidChange({ designs: [designId] });
    return updated?.likesCount ?? null;
  });
}

/** Every design a liker likes, up to `limit` rows (design_likes_viewer_idx serves it). */
const allLikedStatement = preparedPer((db) =>
  db
    .select({ designId: designLikes.designId })
    .from(designLikes)
    .where(eq(designLikes.viewerId, sql.placeholder('viewerId')))
    .limit(sql.placeholder('limit'))
    .prepare('viewer_likes_all'),
);

/** The ids of every design the liker likes; null when there are more than `max`. */
export async function findAllLikedIds(
  db: AppDatabase,
  viewerId: string,
  max = MARK_SET_MAX_IDS,
): Promise<Set<string> | null> {
  const rows = await allLikedStatement(db).execute({ viewerId, limit: max + 1 });
  return rows.length > max ? null : new Set(rows.map((row) => row.designId));
}

/** The viewer's likes for a page's designs, as a prepared statement (it runs on every cached feed page). */
function prepareLikedAmong(db: AppDatabase) {
  return db
    .select({ designId: designLikes.designId })
    .from(designLikes)
    .where(
      and(
        eq(designLikes.viewerId, sql.placeholder('viewerId')),
        sql`${designLikes.designId} = any(${sql.placeholder('designIds')}::text[])`,
      ),
    )
    .prepare('viewer_likes_among');
}

const likedAmongStatement = preparedPer(prepareLikedAmong);

/** Which of `designIds` the viewer likes (design_likes' primary key serves it). */
export async function findLikedAmong(db: AppDatabase, viewerId: string, designIds: string[]): Promise<Set<string>> {
  if (designIds.length === 0) return new Set();
  const rows = await likedAmongStatement(db).execute({ viewerId, designIds });
  return new Set(rows.map((row) => row.designId));
}

/** Who may change a design: its author, and whether anyone else may see it (visibleTo); null for none with this id. */
export async function findDesignOwner(
  db: Pick<AppDatabase, 'select'>,
  id: string,
): Promise<{ userId: string; isPublic: boolean } | null> {
  const [row] = await db
    .select({ userId: designs.userId, isPublic: designs.isPublic })
    .from(designs)
    .where(eq(designs.id, id))
    .limit(1);
  return row ?? null;
}

/** Changes the author's own design's title or caption; false when it is not theirs (or gone). */
export async function updateOwnDesignText(
  db: AppDatabase,
  id: string,
  userId: string,
  change: { title?: string; caption?: string },
): Promise<boolean> {
  return writeFeedTransaction(db, async (tx, feedDidChange) => {
    const updated = await tx
      .update(designs)
      .set(change)
      .where(and(eq(designs.id, id), eq(designs.userId, userId)))
      .returning({ id: designs.id, isPublic: designs.isPublic });
    if (updated.length === 0) return false;
    if (updated[0]!.isPublic) await feedDidChange({ designs: [id] });
    return true;
  });
}

/**
 * Deletes the author's own design; its comments, likes, saves and notifications go with it (foreign
 * keys), and its remixes keep their original creator's credit (original_creator_id) while their link
 * to it is cleared, as when an account is deleted. Returns the pictures it showed, or null when it
 * is not theirs (or gone).
 */
export async function deleteOwnDesign(db: AppDatabase, id: string, userId: string): Promise<string[] | null> {
  return writeFeedTransaction(db, async (tx, feedDidChange) => {
    const [removed] = await tx
      .delete(designs)
      .where(and(eq(designs.id, id), eq(designs.userId, userId)))
      .returning({
        isPublic: designs.isPublic,
        originalDesignId: designs.originalDesignId,
        beforeImageUrl: designs.beforeImageUrl,
        afterImageUrl: designs.afterImageUrl,
        videoUrl: designs.videoUrl,
      });
    if (!removed) return null;
    // the card leaves its mode's pages (every later cursor moves), and a remix's original counts one fewer
    if (removed.isPublic) await feedDidChange();
    return [removed.beforeImageUrl, removed.afterImageUrl, removed.videoUrl].filter((url) => url !== null);
  });
}

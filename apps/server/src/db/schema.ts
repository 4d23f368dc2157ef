import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FidelityReceipt, DesignProduct } from '@dwellscape/shared';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull().unique(),
    displayName: text('display_name').notNull(),
    avatarUrl: text('avatar_url').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    bio: text('bio').notNull().default(''),
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    /** Ordering of the sample world: the user with the lowest rank is the current user (docs/product.md §2, §6). */
    rank: integer('rank').notNull().default(1000),
    createdAt: createdAt(),
    /**
     * argon2id hash (PHC string) of an account's password; null for the seeded sample users, who
     * are accounts nobody can sign into (docs/product.md §10).
     */
    passwordHash: text('password_hash'),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

export const brands = pgTable('brands', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  modes: text('modes').array().notNull(),
  isDatabaseBrand: boolean('is_database_brand').notNull().default(false),
});

/** docs/product.md §3 'products' table columns (id, name, price, image_url, details, category, brand_name) plus mode and brand id. */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    imageUrl: text('image_url').notNull(),
    details: text('details').notNull().default(''),
    category: text('category').notNull(),
    brandName: text('brand_name'),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    mode: text('mode', { enum: ['interior', 'landscape'] }).notNull(),
    isDatabaseProduct: boolean('is_database_product').notNull().default(false),
  },
  (t) => [
    index('products_mode_brand_idx').on(t.mode, t.brandId),
    check('products_price_positive', sql`${t.price} >= 0`),
  ],
);

export const designs = pgTable(
  'designs',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    caption: text('caption').notNull().default(''),
    beforeImageUrl: text('before_image_url'),
    afterImageUrl: text('after_image_url').notNull(),
    selectedProducts: jsonb('selected_products').$type<DesignProduct[]>().notNull().default([]),
    userAnswers: jsonb('user_answers').$type<Record<string, string>>().notNull().default({}),
    spaceType: text('space_type').notNull().default(''),
    mode: text('mode', { enum: ['interior', 'landscape'] }).notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: createdAt(),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    originalDesignId: text('original_design_id').references((): any => designs.id, { onDelete: 'set null' }),
    originalCreatorId: text('original_creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** A remix whose original creator deleted their account: it credits 'a deleted user'. */
    originalCreatorDeleted: boolean('original_creator_deleted').notNull().default(false),
    isRegenerated: boolean('is_regenerated').notNull().default(false),
    videoUrl: text('video_url'),
    /** The fidelity receipt of the render it shows, copied from that render's media row at publish. */
    receipt: jsonb('receipt').$type<FidelityReceipt>(),
  },
  (t) => [
    // keyset pagination of the feed: WHERE mode = ? AND is_public ORDER BY created_at DESC, id DESC.
    // NULLS FIRST is what a plain DESC sorts by; drizzle's .desc() alone says NULLS LAST, an order
    // the planner cannot read ORDER BY … DESC from (docs/decisions/0007-feed-query.md)
    index('designs_feed_idx')
      .on(t.mode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
    index('designs_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('designs_original_idx').on(t.originalDesignId),
    check('designs_likes_nonnegative', sql`${t.likesCount} >= 0`),
    check('designs_comments_nonnegative', sql`${t.commentsCount} >= 0`),
  ],
);

export const designComments = pgTable(
  'design_comments',
  {
    id: text('id').primaryKey(),
    designId: text('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    /** null for anonymous comments (docs/product.md §6). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    /** docs/product.md §3: the commenter's name, a colon, then the text. */
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('design_comments_design_idx').on(t.designId, t.createdAt)],
);

export const designLikes = pgTable(
  'design_likes',
  {
    designId: text('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    viewerId: text('viewer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.designId, t.viewerId] }), index('design_likes_viewer_idx').on(t.viewerId)],
);

export const quizQuestions = pgTable('quiz_questions', {
  id: text('id').primaryKey(),
  questionText: text('question_text').notNull(),
  type: text('type', { enum: ['buttons', 'select'] }).notNull(),
  options: text('options').array().notNull(),
  mode: text('mode', { enum: ['interior', 'landscape'] }).notNull(),
  position: integer('position').notNull(),
});

export const templates = pgTable('templates', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  thumbnailUrl: text('thumbnail_url').notNull(),
  imageUrl: text('image_url').notNull(),
  category: text('category').notNull(),
  mode: text('mode', { enum: ['interior', 'landscape'] }).notNull(),
  position: integer('position').notNull(),
});

export const spaces = pgTable('spaces', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  tags: text('tags').array().notNull().default([]),
  thumbnailUrl: text('thumbnail_url').notNull(),
  imageUrl: text('image_url').notNull(),
  mode: text('mode', { enum: ['interior', 'landscape'] }).notNull(),
  position: integer('position').notNull(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    /** The user the notification is for. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['like', 'follow', 'comment', 'remix', 'commission'] }).notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    designId: text('design_id').references(() => designs.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** Gate sessions: one anonymous viewer each (docs/product.md §10). The token is stored only as a SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The account signed in on this viewer's session, or null while it browses signed out. */
    accountId: text('account_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_account_idx').on(t.accountId)],
);

/** Who follows whom; the users' follower/following counts change in the same transaction. */
export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/** Designs an account saved ('Saved' tab), newest first. */
export const savedDesigns = pgTable(
  'saved_designs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    designId: text('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.designId] }),
    index('saved_designs_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.designId.desc().nullsFirst()),
  ],
);

/** Every stored file, so that rows never point at a missing file and orphans can be found. */
export const mediaFiles = pgTable(
  'media_files',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    kind: text('kind', { enum: ['upload', 'render', 'seed'] }).notNull(),
    /** A render's fidelity receipt, measured by the server: a design published with this file takes it from here. */
    receipt: jsonb('receipt').$type<FidelityReceipt>(),
    createdAt: createdAt(),
    /**
     * Who stored it (docs/decisions/0023-media-owners-and-catalogue-snapshots.md): the gate session
     * that uploaded or rendered it, and the account signed in then (or claimed at sign-in). Null on
     * seeded pictures, and once the session or account is gone.
     */
    ownerViewerId: text('owner_viewer_id').references(() => sessions.id, { onDelete: 'set null' }),
    ownerAccountId: text('owner_account_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('media_files_owner_viewer_idx').on(t.ownerViewerId),
    index('media_files_owner_account_idx').on(t.ownerAccountId),
  ],
);

/**
 * Request counts of @fastify/rate-limit and of wrong gate passwords, shared by every instance on
 * one database: one row per key holds its current window (docs/decisions/0015-rate-limits-on-postgres.md).
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);

const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * Orders placed from a cart (decision 0018). One per account and idempotency key: a retried or
 * repeated checkout finds the order its key made. `request_fingerprint` is what that checkout
 * asked for, so the same key with another cart is refused rather than answered with this order.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestFingerprint: text('request_fingerprint').notNull(),
    // 'expired': still unpaid after ORDER_PAYMENT_WINDOW, its commission reversed (docs/security.md)
    status: text('status', { enum: ['placed', 'cancelled', 'expired'] }).notNull(),
    paymentStatus: text('payment_status', { enum: ['pending', 'captured', 'voided'] }).notNull(),
    paymentProvider: text('payment_provider').notNull(),
    totalCents: cents('total_cents').notNull(),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('orders_buyer_key_idx').on(t.buyerId, t.idempotencyKey),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the expiry sweep's search: orders still unpaid, oldest first
    index('orders_unpaid_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'placed' and ${t.paymentStatus} = 'pending'`),
    check('orders_total_nonnegative', sql`${t.totalCents} >= 0`),
  ],
);

/** An order's products, priced from the catalogue when it was placed, with the design each was shopped from. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    imageUrl: text('image_url').notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: cents('line_total_cents').notNull(),
    designId: text('design_id').references(() => designs.id, { onDelete: 'set null' }),
    designTitle: text('design_title'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_price_nonnegative', sql`${t.unitPriceCents} >= 0`),
  ],
);

/**
 * The commission ledger: append-only, never updated (docs/decisions/0018-orders-and-the-commission-ledger.md).
 * A row puts `amount_cents` (signed) into one status bucket; a person's pending, available and
 * reversed figures are the sums per bucket. A cancellation moves a share from pending to reversed
 * with two new rows (−amount pending, +amount reversed) that name the row they reverse.
 */
export const commissionEntries = pgTable(
  'commission_entries',
  {
    id: text('id').primaryKey(),
    earnerId: text('earner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['earned', 'reversed'] }).notNull(),
    role: text('role', { enum: ['creator', 'original_creator', 'sample'] }).notNull(),
    status: text('status', { enum: ['pending', 'available', 'reversed'] }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    // the earner keeps the record when the buyer deletes their account or the design goes
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderLineId: text('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    designId: text('design_id').references(() => designs.id, { onDelete: 'set null' }),
    designTitle: text('design_title'),
    productName: text('product_name'),
    reversesId: text('reverses_id').references((): any => commissionEntries.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('commission_entries_earner_idx').on(t.earnerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('commission_entries_order_idx').on(t.orderId),
    index('commission_entries_reverses_idx').on(t.reversesId),
  ],
);

/**
 * Render jobs (docs/decisions/0022): the queue itself. A job keeps everything its render needs (stored image URLs,
 * the form's fields, how many variations), so any worker, in this process or another, after a restart too, can run
 * it. `leaseUntil` is how long the claiming worker holds it: a worker that died stops renewing it and the job is
 * claimed again. `result` is written once, by the completion that still finds the job running.
 */
export const renderJobs = pgTable(
  'render_jobs',
  {
    id: text('id').primaryKey(),
    /** The gate session that asked; limits count per account when signed in, else per session. */
    viewerId: text('viewer_id').notNull(),
    accountId: text('account_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The client address that asked (TRUST_PROXY applied): signed-out jobs are limited per address too. */
    clientAddress: text('client_address'),
    /** The create flow's form or see-in-space's prompt (docs/product.md §7's two forms), or a re-composite's body. */
    kind: text('kind', { enum: ['design', 'prompt', 'recomposite'] }).notNull(),
    input: jsonb('input').notNull(),
    variationCount: integer('variation_count').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] }).notNull(),
    /** 0–100 while running. */
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** A queued job is not claimed before this (the backoff after a failed attempt). */
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    workerId: text('worker_id'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    result: jsonb('result'),
    /** Why it failed: the engine was too slow, refused or failed, the input could not be used, or something else. */
    errorKind: text('error_kind', { enum: ['timeout', 'engine', 'input', 'internal'] }),
    /** The reason as the engine gave it (docs/product.md §8's message is made from it and the kind). */
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('render_jobs_queue_idx').on(t.status, t.runAfter, t.createdAt),
    index('render_jobs_viewer_idx').on(t.viewerId, t.createdAt),
    index('render_jobs_account_idx').on(t.accountId, t.createdAt),
    index('render_jobs_client_address_idx').on(t.clientAddress, t.createdAt),
    check('render_jobs_variation_count_check', sql`${t.variationCount} between 1 and 4`),
    check('render_jobs_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

// zod/mini: its functional API tree-shakes, so the browser ships only the parts these schemas use;
// the server mixes them freely with full zod (both are zod/v4/core schemas)
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { MODES } from './constants';

/* ---------- primitives ---------- */

export const modeSchema = lazySchema(() => z.enum(MODES));
export type Mode = z.infer<typeof modeSchema>;

/** Ids are opaque server-made strings (uuids for new rows, readable slugs for seeded rows). */
export const idSchema = lazySchema(() =>
  z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(64),
      z.regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, "-" and "_"'),
    ),
);

/** Every image the app shows is served by our own server under /media/. */
export const mediaUrlSchema = lazySchema(() =>
  z.string().check(
    z.maxLength(300),
    z.regex(/^\/media\/[A-Za-z0-9_-][A-Za-z0-9/_.-]*$/, 'must be a /media/ URL of this server'),
    z.refine((url) => !url.includes('..'), 'must not contain ".."'),
  ),
);

export const isoDateSchema = lazySchema(() => z.string());

export const errorResponseSchema = lazySchema(() =>
  z.object({
    error: z.string(),
    message: z.optional(z.string()),
    details: z.optional(z.unknown()),
  }),
);
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const healthResponseSchema = lazySchema(() => z.object({ status: z.literal('ok') }));

/* ---------- gate ---------- */

export const gateBodySchema = lazySchema(() =>
  z.object({ password: z.string().check(z.minLength(1), z.maxLength(200)) }),
);
export type GateBody = z.infer<typeof gateBodySchema>;
/**
 * `feed`: the design mode of the feed the app opens on. An accepted password is then answered 200 with the feed's
 * first page in that mode, exactly as GET /api/designs answers it for the new session (decision 0069); without it,
 * 204. A refused password is answered the same either way.
 */
export const gateQuerySchema = lazySchema(() => z.object({ feed: z.optional(modeSchema) }));

/* ---------- users ---------- */

export const userSummarySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    username: z.string(),
    displayName: z.string(),
    avatarUrl: z.string(),
    isVerified: z.boolean(),
  }),
);
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userSchema = lazySchema(() =>
  z.extend(userSummarySchema, {
    bio: z.string(),
    followerCount: z.int(),
    followingCount: z.int(),
    postCount: z.int(),
    /**
     * Currency string, e.g. "$1,245.50" (docs/product.md §3): the commission available (paid) to them; on the
     * signed-in account's own profile, pending commission too (docs/security.md).
     */
    commissionEarned: z.string(),
    isCurrentUser: z.boolean(),
    /** Whether the signed-in account follows this user; false when signed out. */
    isFollowedByViewer: z.boolean(),
  }),
);
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = lazySchema(() => z.object({ viewerId: z.string(), currentUser: userSchema }));
export type MeResponse = z.infer<typeof meResponseSchema>;

export const userIdParamsSchema = lazySchema(() => z.object({ id: idSchema }));

/* ---------- catalogue ---------- */

export const brandSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    logoUrl: z.string(),
    description: z.string(),
    category: z.string(),
    modes: z.array(modeSchema),
    isDatabaseBrand: z.boolean(),
  }),
);
export type Brand = z.infer<typeof brandSchema>;

export const productSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    price: z.number(),
    imageUrl: z.string(),
    description: z.string(),
    brandId: z.string(),
    brandName: z.string(),
    category: z.string(),
    mode: modeSchema,
    isDatabaseProduct: z.boolean(),
  }),
);
export type Product = z.infer<typeof productSchema>;

export const modeQuerySchema = lazySchema(() => z.object({ mode: modeSchema }));
export const productsQuerySchema = lazySchema(() => z.object({ mode: modeSchema, brand: z.optional(idSchema) }));
export const idParamsSchema = lazySchema(() => z.object({ id: idSchema }));

export const listOf = <T extends z.core.SomeType>(item: T) => lazySchema(() => z.object({ items: z.array(item) }));

/** A keyset page (Following, Saved): its items and the cursor of the page after it, null at the end. */
export const cursorPageOf = <T extends z.core.SomeType>(item: T) =>
  lazySchema(() => z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) }));

/* ---------- create-flow data ---------- */

export const questionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    questionText: z.string(),
    type: z.enum(['buttons', 'select']),
    options: z.array(z.string()),
    mode: modeSchema,
  }),
);
export type Question = z.infer<typeof questionSchema>;

export const TEMPLATE_CATEGORIES = [
  'Living Room',
  'Bedroom',
  'Backyard',
  'Front Yard',
  'Courtyard',
  'Side Yard',
  'Pool Area',
  'Rooftop',
] as const;

export const templateSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    thumbnailUrl: z.string(),
    imageUrl: z.string(),
    category: z.enum(TEMPLATE_CATEGORIES),
    mode: modeSchema,
  }),
);
export type Template = z.infer<typeof templateSchema>;

export const spaceSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    category: z.string(),
    tags: z.array(z.string()),
    thumbnailUrl: z.string(),
    imageUrl: z.string(),
    mode: modeSchema,
    /** The space's empty version: the same room or yard with none of its pieces (its id ends in EMPTY_SPACE_ID_SUFFIX). */
    empty: z.optional(z.boolean()),
  }),
);
export type Space = z.infer<typeof spaceSchema>;

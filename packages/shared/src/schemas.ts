import { z } from 'zod';
import {
  CAPTION_MAX_LENGTH,
  COMMENT_NAME_MAX_LENGTH,
  COMMENT_TEXT_MAX_LENGTH,
  FEED_PAGE_SIZE,
  MODES,
  NOTES_MAX_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from './constants';

/* ---------- primitives ---------- */

export const modeSchema = z.enum(MODES);
export type Mode = z.infer<typeof modeSchema>;

/** Ids are opaque server-made strings (uuids for new rows, readable slugs for seeded rows). */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, "-" and "_"');

/** Every image the app shows is served by our own server under /media/. */
export const mediaUrlSchema = z
  .string()
  .max(300)
  .regex(/^\/media\/[A-Za-z0-9_-][A-Za-z0-9/_.-]*$/, 'must be a /media/ URL of this server')
  .refine((url) => !url.includes('..'), 'must not contain ".."');

/** Postgres text cannot hold NUL: text that is stored or searched refuses it here (a 400, never a 500). */
const storableText = () => z.string().refine((s) => !s.includes('\u0000'), 'must not contain NUL characters');

const nonBlank = (max: number) =>
  storableText()
    .max(max)
    .refine((s) => s.trim().length > 0, 'must not be blank');

export const isoDateSchema = z.string();

export const errorResponseSchema = z.object({
  error: z.string(),
  message: z.string().optional(),
  details: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });

/* ---------- gate ---------- */

export const gateBodySchema = z.object({ password: z.string().min(1).max(200) });
export type GateBody = z.infer<typeof gateBodySchema>;

/* ---------- users ---------- */

export const userSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string(),
  isVerified: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userSchema = userSummarySchema.extend({
  bio: z.string(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  postCount: z.number().int(),
  /** Currency string, e.g. "$1,245.50" (SPEC §3). */
  commissionEarned: z.string(),
  isCurrentUser: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z.object({ viewerId: z.string(), currentUser: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const userIdParamsSchema = z.object({ id: idSchema });

/* ---------- catalogue ---------- */

export const brandSchema = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  description: z.string(),
  category: z.string(),
  modes: z.array(modeSchema),
  isDatabaseBrand: z.boolean(),
});
export type Brand = z.infer<typeof brandSchema>;

export const productSchema = z.object({
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
});
export type Product = z.infer<typeof productSchema>;

export const modeQuerySchema = z.object({ mode: modeSchema });
export const productsQuerySchema = z.object({ mode: modeSchema, brand: idSchema.optional() });
export const idParamsSchema = z.object({ id: idSchema });

export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/* ---------- create-flow data ---------- */

export const questionSchema = z.object({
  id: z.string(),
  questionText: z.string(),
  type: z.enum(['buttons', 'select']),
  options: z.array(z.string()),
  mode: modeSchema,
});
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

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  thumbnailUrl: z.string(),
  imageUrl: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  mode: modeSchema,
});
export type Template = z.infer<typeof templateSchema>;

export const spaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  thumbnailUrl: z.string(),
  imageUrl: z.string(),
  mode: modeSchema,
});
export type Space = z.infer<typeof spaceSchema>;

/* ---------- designs ---------- */

export const selectedProductSchema = z.object({
  id: storableText().min(1).max(80),
  name: storableText().min(1).max(200),
  price: z.number().min(0).max(1_000_000),
  brandId: storableText().max(80),
  imageUrl: storableText().max(300),
  quantity: z.number().int().min(1).max(99).default(1),
});
export type SelectedProduct = z.infer<typeof selectedProductSchema>;

export const userAnswersSchema = z.record(storableText().max(64), storableText().max(200));

export const designSchema = z.object({
  id: z.string(),
  title: z.string(),
  caption: z.string(),
  beforeImageUrl: z.string().nullable(),
  afterImageUrl: z.string(),
  selectedProducts: z.array(selectedProductSchema),
  userAnswers: userAnswersSchema,
  spaceType: z.string(),
  mode: modeSchema,
  isPublic: z.boolean(),
  createdAt: isoDateSchema,
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  userId: z.string(),
  author: userSummarySchema,
  originalDesignId: z.string().nullable(),
  originalCreatorId: z.string().nullable(),
  originalCreator: userSummarySchema.nullable(),
  isRegenerated: z.boolean(),
  videoUrl: z.string().nullable(),
  remixCount: z.number().int(),
  likedByViewer: z.boolean(),
});
export type Design = z.infer<typeof designSchema>;

export const feedQuerySchema = z.object({
  mode: modeSchema,
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_SIZE).default(FEED_PAGE_SIZE),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor returned by this API')
    .optional(),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

export const feedResponseSchema = z.object({
  items: z.array(designSchema),
  nextCursor: z.string().nullable(),
});
export type FeedResponse = z.infer<typeof feedResponseSchema>;

export const publishDesignBodySchema = z.object({
  title: nonBlank(TITLE_MAX_LENGTH),
  caption: storableText().max(CAPTION_MAX_LENGTH).default(''),
  beforeImageUrl: mediaUrlSchema.nullable().default(null),
  afterImageUrl: mediaUrlSchema,
  selectedProducts: z.array(selectedProductSchema).max(50).default([]),
  userAnswers: userAnswersSchema.default({}),
  spaceType: storableText().max(60).default(''),
  mode: modeSchema,
  originalDesignId: idSchema.nullable().optional(),
  isRegenerated: z.boolean().default(false),
  videoUrl: mediaUrlSchema.nullable().optional(),
});
export type PublishDesignBody = z.input<typeof publishDesignBodySchema>;

export const likeResponseSchema = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type LikeResponse = z.infer<typeof likeResponseSchema>;

/** The public remixes of a design (designs published with it as their original), newest first. */
export const remixesResponseSchema = listOf(designSchema);
export type RemixesResponse = z.infer<typeof remixesResponseSchema>;

export const liveQuerySchema = z.object({ mode: modeSchema });

/* ---------- comments ---------- */

export const commentSchema = z.object({
  id: z.string(),
  designId: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  text: z.string(),
  /** SPEC §3: the commenter's name, a colon, then the text. */
  content: z.string(),
  createdAt: isoDateSchema,
  author: userSummarySchema.nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

export const addCommentBodySchema = z.object({
  name: nonBlank(COMMENT_NAME_MAX_LENGTH).optional(),
  text: nonBlank(COMMENT_TEXT_MAX_LENGTH),
});
export type AddCommentBody = z.infer<typeof addCommentBodySchema>;

export const addCommentResponseSchema = z.object({
  comment: commentSchema,
  commentsCount: z.number().int(),
});
export type AddCommentResponse = z.infer<typeof addCommentResponseSchema>;

/* ---------- notifications ---------- */

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(['like', 'follow', 'comment', 'commission']),
  actor: userSummarySchema.nullable(),
  message: z.string(),
  designId: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  amount: z.string().nullable(),
  createdAt: isoDateSchema,
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/* ---------- search ---------- */

export const searchQuerySchema = z.object({
  q: storableText().max(SEARCH_QUERY_MAX_LENGTH),
  mode: modeSchema,
});
export const searchResponseSchema = z.object({
  designs: z.array(designSchema),
  products: z.array(productSchema),
  users: z.array(userSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/* ---------- uploads ---------- */

export const uploadResponseSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/* ---------- AI engines (SPEC §7) ---------- */

export const aiSpaceTypeSchema = z.enum(['outdoor', 'interior']);

export const improveNotesBodySchema = z.object({
  notes: nonBlank(NOTES_MAX_LENGTH),
  spaceType: aiSpaceTypeSchema,
});
export const improveNotesResponseSchema = z.object({ refinedNotes: z.string() });

export const improveCaptionBodySchema = z.object({
  caption: nonBlank(CAPTION_MAX_LENGTH),
  spaceType: aiSpaceTypeSchema,
});
export const improveCaptionResponseSchema = z.object({ improvedCaption: z.string() });

/** Multipart form fields of generate-design-image (the file travels as `image`). */
export const uploadedProductImageSchema = z.object({
  id: z.string().max(80),
  url: mediaUrlSchema,
  name: z.string().max(200).default(''),
  price: z.number().min(0).default(0),
});
export type UploadedProductImage = z.infer<typeof uploadedProductImageSchema>;

export const generateDesignFieldsSchema = z.object({
  selectedProducts: z.array(selectedProductSchema).max(50),
  uploadedProductImages: z.array(uploadedProductImageSchema).max(20),
  userAnswers: userAnswersSchema,
  spaceType: z.string().max(60),
  mode: modeSchema,
  userNotes: z.string().max(NOTES_MAX_LENGTH).optional(),
  refinedNotes: z.string().max(NOTES_MAX_LENGTH).optional(),
  /** A stored space photo, used when no `image` file is sent (a preset space). */
  spaceImageUrl: mediaUrlSchema.optional(),
});
export type GenerateDesignFields = z.infer<typeof generateDesignFieldsSchema>;

export const generateDesignResponseSchema = z.object({
  success: z.boolean(),
  imageUrl: z.string().nullable(),
  error: z.string().nullable(),
});
export type GenerateDesignResponse = z.infer<typeof generateDesignResponseSchema>;

/** The see-in-space JSON form. */
export const generateFromPromptBodySchema = z.object({
  prompt: z.string().max(NOTES_MAX_LENGTH),
  spaceImage: mediaUrlSchema,
  additionalPhotos: z.array(mediaUrlSchema).max(20).default([]),
});
export const generateFromPromptResponseSchema = z.object({ imageUrl: z.string() });

// zod/mini, as schemas.ts. The uploads', AI engines' and render jobs' schemas: a module of their own, so the app's
// start after the password builds them in a task of their own (apps/web/src/main.tsx, issue #17)
import { z } from 'zod/mini';
import {
  CAPTION_MAX_LENGTH,
  NOTES_MAX_LENGTH,
  RENDER_VARIATIONS_DEFAULT,
  RENDER_VARIATIONS_MAX,
  RENDER_VARIATIONS_MIN,
} from './constants';
import {
  DESIGN_PRODUCTS_MAX,
  fidelityReceiptSchema,
  selectedProductSchema,
  userAnswersInputSchema,
} from './design-schemas';
import { mediaUrlSchema, modeSchema } from './schemas';
import { nonBlank } from './text-schemas';

/* ---------- uploads ---------- */

export const uploadResponseSchema = z.object({
  url: z.string(),
  width: z.int(),
  height: z.int(),
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
  id: z.string().check(z.maxLength(80)),
  url: mediaUrlSchema,
  name: z._default(z.string().check(z.maxLength(200)), ''),
  price: z._default(z.number().check(z.minimum(0)), 0),
});
export type UploadedProductImage = z.infer<typeof uploadedProductImageSchema>;

export const generateDesignFieldsSchema = z.object({
  selectedProducts: z.array(selectedProductSchema).check(z.maxLength(DESIGN_PRODUCTS_MAX)),
  uploadedProductImages: z.array(uploadedProductImageSchema).check(z.maxLength(20)),
  // bounded as a publish's are: the answers travel into the prompt and the job's stored input
  userAnswers: userAnswersInputSchema,
  spaceType: z.string().check(z.maxLength(60)),
  mode: modeSchema,
  userNotes: z.optional(z.string().check(z.maxLength(NOTES_MAX_LENGTH))),
  refinedNotes: z.optional(z.string().check(z.maxLength(NOTES_MAX_LENGTH))),
  /** A stored space photo, used when no `image` file is sent (a preset space). */
  spaceImageUrl: z.optional(mediaUrlSchema),
});
export type GenerateDesignFields = z.infer<typeof generateDesignFieldsSchema>;

/** Where a render drew one product, in the render's pixels; `replaced` names the room's own piece it took the place of. */
export const renderPlacementSchema = z.object({
  productId: z.string().check(z.minLength(1), z.maxLength(80)),
  box: z.object({
    x: z.int().check(z.minimum(0), z.maximum(20_000)),
    y: z.int().check(z.minimum(0), z.maximum(20_000)),
    width: z.int().check(z.minimum(1), z.maximum(20_000)),
    height: z.int().check(z.minimum(1), z.maximum(20_000)),
  }),
  replaced: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
});
export type RenderPlacement = z.infer<typeof renderPlacementSchema>;

/* ---------- erasing part of the room (decision 0044) ---------- */

/** Most brush strokes one erase may hold; a stroke is one press of the finger or the mouse. */
export const ERASE_STROKES_MAX = 40;
/** Most points one stroke may hold (the brush's path, thinned as it is drawn). */
export const ERASE_STROKE_POINTS_MAX = 400;
/** Most found pieces one erase may name. */
export const ERASE_PIECES_MAX = 12;
/** Most corners of a piece's outline. */
export const ERASE_PIECE_POINTS_MAX = 200;
/** The brush's diameter, as a share of the picture's width. */
export const ERASE_BRUSH_MIN = 0.01;
export const ERASE_BRUSH_MAX = 0.2;
/** An erase may cover at most this share of the picture: past it there is too little room left to fill it from. */
export const ERASE_SHARE_MAX = 0.5;

/** A point in fractions of the picture: 0–1 across, 0–1 down. */
export const erasePointSchema = z.object({
  x: z.number().check(z.minimum(0), z.maximum(1)),
  y: z.number().check(z.minimum(0), z.maximum(1)),
});

export const eraseStrokeSchema = z.object({
  size: z.number().check(z.minimum(ERASE_BRUSH_MIN), z.maximum(ERASE_BRUSH_MAX)),
  points: z.array(erasePointSchema).check(z.minLength(1), z.maxLength(ERASE_STROKE_POINTS_MAX)),
});

/** A piece of the room to erase: its outline, and the geometry's name for it when it found it. */
export const erasePieceSchema = z.object({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
  polygon: z.array(erasePointSchema).check(z.minLength(3), z.maxLength(ERASE_PIECE_POINTS_MAX)),
});

/** What to erase from the photo before the products are drawn: brush strokes and found pieces. */
export const eraseInputSchema = z.object({
  strokes: z._default(z.array(eraseStrokeSchema).check(z.maxLength(ERASE_STROKES_MAX)), []),
  pieces: z._default(z.array(erasePieceSchema).check(z.maxLength(ERASE_PIECES_MAX)), []),
});
export type EraseInputBody = z.infer<typeof eraseInputSchema>;

/** A piece of the room a render's geometry found (fractions of the picture); `erased` when a product replaced it. */
export const foundPieceSchema = z.object({
  id: z.string(),
  polygon: z.array(erasePointSchema),
  erased: z.boolean(),
});
export type FoundPiece = z.infer<typeof foundPieceSchema>;

export const renderSizeSchema = z.object({ width: z.int(), height: z.int() });
export type RenderSize = z.infer<typeof renderSizeSchema>;

export const generateDesignResponseSchema = z.object({
  success: z.boolean(),
  imageUrl: z.nullable(z.string()),
  error: z.nullable(z.string()),
  /** Beyond SPEC §7: the render's fidelity receipt. */
  receipt: z.optional(z.nullable(fidelityReceiptSchema)),
  /** The local engine's placements (a remote engine does not say where it put things). */
  placements: z.optional(z.array(renderPlacementSchema)),
  /** The render's size in pixels, the frame the placements are in (given with them). */
  renderSize: z.optional(renderSizeSchema),
  /** An uploaded photo's pieces, as its geometry found them: what the erase tool offers to tap. */
  pieces: z.optional(z.array(foundPieceSchema)),
});
export type GenerateDesignResponse = z.infer<typeof generateDesignResponseSchema>;

/**
 * Re-compositing a render with placements a person adjusted (moved, scaled, removed): the render's own inputs, the
 * space photo as a stored URL, and where each product now goes. Same body, same bytes.
 */
export const recompositeDesignBodySchema = z.object({
  selectedProducts: z.array(selectedProductSchema).check(z.maxLength(50)),
  uploadedProductImages: z._default(z.array(uploadedProductImageSchema).check(z.maxLength(20)), []),
  userAnswers: z._default(userAnswersInputSchema, {}),
  spaceType: z._default(z.string().check(z.maxLength(60)), ''),
  mode: modeSchema,
  userNotes: z.optional(z.string().check(z.maxLength(NOTES_MAX_LENGTH))),
  refinedNotes: z.optional(z.string().check(z.maxLength(NOTES_MAX_LENGTH))),
  spaceImageUrl: mediaUrlSchema,
  placements: z.array(renderPlacementSchema).check(z.maxLength(70)),
  /** What to erase from the photo, filled from the rest of it; the pieces products replaced belong here too. */
  erase: z.optional(eraseInputSchema),
});
export type RecompositeDesignBody = z.infer<typeof recompositeDesignBodySchema>;

export const recompositeDesignResponseSchema = z.object({
  imageUrl: z.string(),
  placements: z.array(renderPlacementSchema),
  renderSize: renderSizeSchema,
  /** The fidelity receipt of the picture drawn again. */
  receipt: z.optional(z.nullable(fidelityReceiptSchema)),
});
export type RecompositeDesignResponse = z.infer<typeof recompositeDesignResponseSchema>;

/** The see-in-space JSON form. */
export const generateFromPromptBodySchema = z.object({
  prompt: z.string().check(z.maxLength(NOTES_MAX_LENGTH)),
  spaceImage: mediaUrlSchema,
  additionalPhotos: z._default(z.array(mediaUrlSchema).check(z.maxLength(20)), []),
});
export const generateFromPromptResponseSchema = z.object({
  imageUrl: z.string(),
  receipt: z.optional(z.nullable(fidelityReceiptSchema)),
});

/* ---------- render jobs ---------- */

export const renderVariationCountSchema = z
  .int()
  .check(z.minimum(RENDER_VARIATIONS_MIN), z.maximum(RENDER_VARIATIONS_MAX));

/** The see-in-space form as a job: the JSON body plus how many variations. */
export const createPromptRenderJobBodySchema = z.object({
  prompt: z.string().check(z.maxLength(NOTES_MAX_LENGTH)),
  spaceImage: mediaUrlSchema,
  additionalPhotos: z._default(z.array(mediaUrlSchema).check(z.maxLength(20)), []),
  variations: z._default(renderVariationCountSchema, RENDER_VARIATIONS_DEFAULT),
});

export const renderJobStatusSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export type RenderJobStatus = z.infer<typeof renderJobStatusSchema>;

/**
 * One finished variation: the stored picture, plus whatever else the engine tells of it (where it placed each product,
 * the fidelity receipt), carried as the engine gave it.
 */
export const renderVariationSchema = z.looseObject({
  imageUrl: z.string(),
  width: z.number(),
  height: z.number(),
  receipt: z.optional(z.nullable(fidelityReceiptSchema)),
  /** The local engine's placements by product id, in this picture's pixels (width × height); a remote engine gives none. */
  placements: z.optional(z.array(renderPlacementSchema)),
  /** An uploaded photo's pieces, as its geometry found them (fractions of the picture). */
  pieces: z.optional(z.array(foundPieceSchema)),
});
export type RenderVariation = z.infer<typeof renderVariationSchema>;

export const renderJobSchema = z.object({
  id: z.string(),
  status: renderJobStatusSchema,
  /** While queued: how many jobs are ahead of it, plus one (1 = next). */
  position: z.nullable(z.number()),
  /** 0–100: how far the render is. */
  progress: z.number(),
  variationCount: z.number(),
  /** Every variation, once done; empty before. */
  variations: z.array(renderVariationSchema),
  /** SPEC §8's message, when it failed. */
  error: z.nullable(z.string()),
  createdAt: z.string(),
});
export type RenderJob = z.infer<typeof renderJobSchema>;

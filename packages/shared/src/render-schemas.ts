// zod/mini, as schemas.ts. The uploads', AI engines' and render jobs' schemas: a module of their own, so the app's
// start after the password builds them in a task of their own (apps/web/src/main.tsx, bench/README.md)
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import {
  CAPTION_MAX_LENGTH,
  NOTES_MAX_LENGTH,
  RENDER_VARIATIONS_DEFAULT,
  RENDER_VARIATIONS_MAX,
  RENDER_VARIATIONS_MIN,
} from './constants';
import {
  ownItemCostSchema,
  DESIGN_PRODUCTS_MAX,
  fidelityReceiptSchema,
  selectedProductSchema,
  userAnswersInputSchema,
} from './design-schemas';
import { mediaUrlSchema, modeSchema } from './schemas';
import { nonBlank } from './text-schemas';

/* ---------- uploads ---------- */

export const uploadResponseSchema = lazySchema(() =>
  z.object({
    url: z.string(),
    width: z.int(),
    height: z.int(),
  }),
);
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/* ---------- AI engines (docs/product.md §7) ---------- */

export const aiSpaceTypeSchema = lazySchema(() => z.enum(['outdoor', 'interior']));

export const improveNotesBodySchema = lazySchema(() =>
  z.object({
    notes: nonBlank(NOTES_MAX_LENGTH),
    spaceType: aiSpaceTypeSchema,
  }),
);
export const improveNotesResponseSchema = lazySchema(() => z.object({ refinedNotes: z.string() }));

export const improveCaptionBodySchema = lazySchema(() =>
  z.object({
    caption: nonBlank(CAPTION_MAX_LENGTH),
    spaceType: aiSpaceTypeSchema,
  }),
);
export const improveCaptionResponseSchema = lazySchema(() => z.object({ improvedCaption: z.string() }));

/* ---------- own items: a kind and a real size the person can see and change ---------- */

/** Bounds of an own item's size: a thumb-sized vase up to a pergola or a string of lights. */
export const SIZE_CM_MIN = 1;
export const SIZE_CM_MAX = { width: 1500, depth: 1500, height: 600 } as const;
export type SizeDimension = keyof typeof SIZE_CM_MAX;

const dimensionCm = (name: SizeDimension) => z.int().check(z.minimum(SIZE_CM_MIN), z.maximum(SIZE_CM_MAX[name]));

/** A thing's real size in whole centimetres: across its front, front to back, floor to top. */
export const sizeCmSchema = lazySchema(() =>
  z.object({
    width: dimensionCm('width'),
    depth: dimensionCm('depth'),
    height: dimensionCm('height'),
  }),
);
export type SizeCm = z.infer<typeof sizeCmSchema>;

export interface OwnItemKind {
  /** As the catalogue names its categories, so the engines read an own item as they read a product. */
  category: string;
  mode: 'interior' | 'landscape';
  sizeCm: SizeCm;
}

/**
 * The kinds a person's own item can be, each with the size a thing of that kind usually has (the compositor's sizes of
 * its kinds, packages/compositor place-on-geometry.ts): the size an own item starts with until the person changes it.
 */
export const OWN_ITEM_KINDS: readonly OwnItemKind[] = [
  { category: 'Sofa', mode: 'interior', sizeCm: { width: 210, depth: 92, height: 82 } },
  { category: 'Armchair', mode: 'interior', sizeCm: { width: 82, depth: 82, height: 80 } },
  { category: 'Coffee Table', mode: 'interior', sizeCm: { width: 110, depth: 60, height: 42 } },
  { category: 'Dining Table', mode: 'interior', sizeCm: { width: 180, depth: 90, height: 75 } },
  { category: 'Dining Chair', mode: 'interior', sizeCm: { width: 50, depth: 52, height: 80 } },
  { category: 'Floor Lamp', mode: 'interior', sizeCm: { width: 45, depth: 45, height: 160 } },
  { category: 'Table Lamp', mode: 'interior', sizeCm: { width: 30, depth: 30, height: 55 } },
  { category: 'Pendant Light', mode: 'interior', sizeCm: { width: 45, depth: 45, height: 35 } },
  { category: 'Rug', mode: 'interior', sizeCm: { width: 230, depth: 160, height: 1 } },
  { category: 'Bookshelf', mode: 'interior', sizeCm: { width: 90, depth: 35, height: 180 } },
  { category: 'Bed', mode: 'interior', sizeCm: { width: 165, depth: 215, height: 100 } },
  { category: 'Nightstand', mode: 'interior', sizeCm: { width: 48, depth: 40, height: 55 } },
  { category: 'Dresser', mode: 'interior', sizeCm: { width: 150, depth: 48, height: 82 } },
  { category: 'Mirror', mode: 'interior', sizeCm: { width: 70, depth: 3, height: 100 } },
  { category: 'Wall Art', mode: 'interior', sizeCm: { width: 60, depth: 3, height: 80 } },
  { category: 'Vase', mode: 'interior', sizeCm: { width: 25, depth: 25, height: 40 } },
  { category: 'Indoor Plant', mode: 'interior', sizeCm: { width: 60, depth: 60, height: 120 } },
  { category: 'Planter', mode: 'landscape', sizeCm: { width: 45, depth: 45, height: 60 } },
  { category: 'Shrub', mode: 'landscape', sizeCm: { width: 70, depth: 70, height: 80 } },
  { category: 'Tree', mode: 'landscape', sizeCm: { width: 120, depth: 120, height: 250 } },
  { category: 'Outdoor Sofa', mode: 'landscape', sizeCm: { width: 195, depth: 85, height: 78 } },
  { category: 'Lounge Chair', mode: 'landscape', sizeCm: { width: 70, depth: 90, height: 90 } },
  { category: 'Outdoor Dining Set', mode: 'landscape', sizeCm: { width: 180, depth: 150, height: 76 } },
  { category: 'Bench', mode: 'landscape', sizeCm: { width: 150, depth: 55, height: 85 } },
  { category: 'Fire Pit', mode: 'landscape', sizeCm: { width: 95, depth: 95, height: 40 } },
  { category: 'Umbrella', mode: 'landscape', sizeCm: { width: 270, depth: 270, height: 245 } },
  { category: 'Lantern', mode: 'landscape', sizeCm: { width: 25, depth: 25, height: 50 } },
  { category: 'Fountain', mode: 'landscape', sizeCm: { width: 80, depth: 80, height: 110 } },
  { category: 'Raised Garden Bed', mode: 'landscape', sizeCm: { width: 150, depth: 75, height: 40 } },
  { category: 'Grill', mode: 'landscape', sizeCm: { width: 110, depth: 60, height: 110 } },
  { category: 'Hammock', mode: 'landscape', sizeCm: { width: 300, depth: 120, height: 110 } },
];

/** Multipart form fields of generate-design-image (the file travels as `image`). */
export const uploadedProductImageSchema = lazySchema(() =>
  z.object({
    id: z.string().check(z.maxLength(80)),
    url: mediaUrlSchema,
    name: z._default(z.string().check(z.maxLength(200)), ''),
    price: z._default(z.number().check(z.minimum(0)), 0),
    /** What the person says it cost them, in dollars; absent when they did not say. Never charged. */
    cost: z.optional(ownItemCostSchema),
    /** What the item is, as a catalogue category ('Sofa', 'Planter'); absent when the person did not say. */
    category: z.optional(z.string().check(z.minLength(1), z.maxLength(60))),
    /** Its real size, as the person confirmed or changed it; placement stands it at this size. */
    sizeCm: z.optional(sizeCmSchema),
  }),
);
export type UploadedProductImage = z.infer<typeof uploadedProductImageSchema>;

export const generateDesignFieldsSchema = lazySchema(() =>
  z.object({
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
  }),
);
export type GenerateDesignFields = z.infer<typeof generateDesignFieldsSchema>;

/** A standing product's drawing: from its front, or its left or right three-quarter view. */
const productViewSchema = z.enum(['front', 'left', 'right']);

/** How far from 0 a receding view's vanishing point or horizon may lie, in the render's pixels: far, but finite. */
export const DRAWN_VIEW_REACH = 1_000_000;

/**
 * The picture a render drew a standing product from (decision 0045): its front, or turned to show its side on the
 * picture's left or right; and, for a product whose front runs along a wall seen at an angle, the warp that makes its
 * rows run to that wall's vanishing point (`vanishingX`, the horizon's row `horizonY`, the render's pixels). Sent back
 * with an adjustment, the picture drawn again draws the same view with the same warp.
 */
export const drawnViewSchema = z.object({
  view: productViewSchema,
  recede: z.optional(
    z.object({
      vanishingX: z.number().check(z.minimum(-DRAWN_VIEW_REACH), z.maximum(DRAWN_VIEW_REACH)),
      horizonY: z.number().check(z.minimum(-DRAWN_VIEW_REACH), z.maximum(DRAWN_VIEW_REACH)),
    }),
  ),
});
export type DrawnView = z.infer<typeof drawnViewSchema>;

/** Where a render drew one product, in the render's pixels; `replaced` names the room's own piece it took the place of. */
const placementSchema = z.object({
  productId: z.string().check(z.minLength(1), z.maxLength(80)),
  box: z.object({
    x: z.int().check(z.minimum(0), z.maximum(20_000)),
    y: z.int().check(z.minimum(0), z.maximum(20_000)),
    width: z.int().check(z.minimum(1), z.maximum(20_000)),
    height: z.int().check(z.minimum(1), z.maximum(20_000)),
  }),
  replaced: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
  /** How it stands (the local engine says): on the floor, flat on it, hung on a wall or from the ceiling. */
  pose: z.optional(z.enum(['standing', 'flat', 'hung', 'suspended'])),
  /**
   * A standing product's view as the render drew it (a variation's turn or the one the wall behind it gave, with its
   * warp): sent back with an adjustment, the picture drawn again keeps it; absent on placements saved before renders
   * said it (drawn from the front).
   */
  view: z.optional(drawnViewSchema),
});

/**
 * A render placement says its drawn view once (`view`). One saved before then may say the view a variation turned
 * it to (`turned`, drawn whatever any `view` beside it said): it is read as that view, and never written again. A
 * codec, so that a response checked backward (the server's serializer) writes the placement as it is.
 */
export const renderPlacementSchema = z.codec(
  z.extend(placementSchema, { turned: z.optional(productViewSchema) }),
  placementSchema,
  {
    decode: ({ turned, ...placement }) => (turned ? { ...placement, view: { view: turned } } : placement),
    encode: (placement) => placement,
  },
);
export type RenderPlacement = z.infer<typeof renderPlacementSchema>;

/* ---------- erasing part of the room (decision 0047) ---------- */

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
export const erasePointSchema = lazySchema(() =>
  z.object({
    x: z.number().check(z.minimum(0), z.maximum(1)),
    y: z.number().check(z.minimum(0), z.maximum(1)),
  }),
);

export const eraseStrokeSchema = lazySchema(() =>
  z.object({
    size: z.number().check(z.minimum(ERASE_BRUSH_MIN), z.maximum(ERASE_BRUSH_MAX)),
    points: z.array(erasePointSchema).check(z.minLength(1), z.maxLength(ERASE_STROKE_POINTS_MAX)),
  }),
);

/** A piece of the room to erase: its outline, and the geometry's name for it when it found it. */
export const erasePieceSchema = lazySchema(() =>
  z.object({
    id: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
    polygon: z.array(erasePointSchema).check(z.minLength(3), z.maxLength(ERASE_PIECE_POINTS_MAX)),
  }),
);

/** What to erase from the photo before the products are drawn: brush strokes and found pieces. */
export const eraseInputSchema = lazySchema(() =>
  z.object({
    strokes: z._default(z.array(eraseStrokeSchema).check(z.maxLength(ERASE_STROKES_MAX)), []),
    pieces: z._default(z.array(erasePieceSchema).check(z.maxLength(ERASE_PIECES_MAX)), []),
  }),
);
export type EraseInputBody = z.infer<typeof eraseInputSchema>;

/** A piece of the room a render's geometry found (fractions of the picture); `erased` when a product replaced it. */
export const foundPieceSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    polygon: z.array(erasePointSchema),
    erased: z.boolean(),
  }),
);
export type FoundPiece = z.infer<typeof foundPieceSchema>;

export const renderSizeSchema = lazySchema(() => z.object({ width: z.int(), height: z.int() }));
export type RenderSize = z.infer<typeof renderSizeSchema>;

const planeCoordinate = lazySchema(() => z.number().check(z.minimum(-20_000), z.maximum(20_000)));
const planePointSchema = lazySchema(() => z.tuple([planeCoordinate, planeCoordinate]));

/**
 * The floor (or ground) a render stood its products on, in the render's pixels (floor-plane.ts, decision 0046):
 * four corners of a rectangle on the floor, near left, near right, far right, far left.
 */
export const floorPlaneSchema = lazySchema(() =>
  z.object({
    corners: z.tuple([planePointSchema, planePointSchema, planePointSchema, planePointSchema]),
  }),
);
export type FloorPlane = z.infer<typeof floorPlaneSchema>;

/**
 * What the result step draws live while a person adjusts (decision 0046): the render with every product taken out,
 * and each product as drawn (its light, its shadows) on a transparent picture, with where that picture lies in the
 * render's pixels. WebP files with alpha.
 */
export const renderLayersSchema = lazySchema(() =>
  z.object({
    base: z.string(),
    products: z.array(
      z.object({
        productId: z.string(),
        url: z.string(),
        x: z.int(),
        y: z.int(),
        width: z.int(),
        height: z.int(),
      }),
    ),
  }),
);
export type RenderLayers = z.infer<typeof renderLayersSchema>;

export const generateDesignResponseSchema = lazySchema(() =>
  z.object({
    success: z.boolean(),
    imageUrl: z.nullable(z.string()),
    error: z.nullable(z.string()),
    /** Beyond docs/product.md §7: the render's fidelity receipt. */
    receipt: z.optional(z.nullable(fidelityReceiptSchema)),
    /** The local engine's placements (a remote engine does not say where it put things). */
    placements: z.optional(z.array(renderPlacementSchema)),
    /** The render's size in pixels, the frame the placements are in (given with them). */
    renderSize: z.optional(renderSizeSchema),
    /** The floor the products stand on and the pictures to adjust them live (the local engine). */
    plane: z.optional(floorPlaneSchema),
    layers: z.optional(renderLayersSchema),
    /** An uploaded photo's pieces, as its geometry found them: what the erase tool offers to tap. */
    pieces: z.optional(z.array(foundPieceSchema)),
  }),
);
export type GenerateDesignResponse = z.infer<typeof generateDesignResponseSchema>;

/**
 * Re-compositing a render with placements a person adjusted (moved, scaled, removed): the render's own inputs, the
 * space photo as a stored URL, and where each product now goes. Same body, same bytes.
 */
export const recompositeDesignBodySchema = lazySchema(() =>
  z.object({
    selectedProducts: z.array(selectedProductSchema).check(z.maxLength(50)),
    uploadedProductImages: z._default(z.array(uploadedProductImageSchema).check(z.maxLength(20)), []),
    userAnswers: z._default(userAnswersInputSchema, {}),
    spaceType: z._default(z.string().check(z.maxLength(60)), ''),
    mode: modeSchema,
    userNotes: z.optional(z.string().check(z.maxLength(NOTES_MAX_LENGTH))),
    refinedNotes: z.optional(z.string().check(z.maxLength(NOTES_MAX_LENGTH))),
    spaceImageUrl: mediaUrlSchema,
    placements: z.array(renderPlacementSchema).check(z.maxLength(70)),
    /** The floor the placements stand on, as the render (or an earlier correction) gave it. */
    plane: z.optional(floorPlaneSchema),
    /**
     * The floor as the person set it: the standing products re-flow from `plane` onto it, the receipt says the floor
     * was set by them, and the answer's `plane` is this one. Needs `plane`.
     */
    floor: z.optional(floorPlaneSchema),
    /**
     * With `floor`: the products the render left out (chosen, without a placement), by id, to place on the floor the
     * person set; what finds no room there stays out, and the receipt says why.
     */
    leftOut: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(80))).check(z.maxLength(70))),
    /**
     * Among `placements`: the products the render left out that the person placed by hand (by id). Drawn in the box
     * the person gave (which must lie inside the picture), not checked against the room's furniture; the receipt counts
     * them ('5 of 5 products · 1 placed by you').
     */
    placedByYou: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(80))).check(z.maxLength(70))),
    /** What to erase from the photo, filled from the rest of it; the pieces products replaced belong here too. */
    erase: z.optional(eraseInputSchema),
    /**
     * The products the person removed (by id, not among `placements` or `leftOut`): not drawn, and the receipt counts
     * them as removed by the person rather than left out.
     */
    removed: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(80))).check(z.maxLength(70))),
    /**
     * The picture being adjusted (a render of the asker's): the new picture's receipt keeps what that render found of
     * the floor (`renderedLayout`), so the design says the same lines as the render step.
     */
    drawnFrom: z.optional(mediaUrlSchema),
  }),
);
export type RecompositeDesignBody = z.infer<typeof recompositeDesignBodySchema>;

export const recompositeDesignResponseSchema = lazySchema(() =>
  z.object({
    imageUrl: z.string(),
    placements: z.array(renderPlacementSchema),
    renderSize: renderSizeSchema,
    /** The fidelity receipt of the picture drawn again. */
    receipt: z.optional(z.nullable(fidelityReceiptSchema)),
    plane: z.optional(floorPlaneSchema),
    layers: z.optional(renderLayersSchema),
  }),
);
export type RecompositeDesignResponse = z.infer<typeof recompositeDesignResponseSchema>;

/** The see-in-space JSON form. */
export const generateFromPromptBodySchema = lazySchema(() =>
  z.object({
    prompt: z.string().check(z.maxLength(NOTES_MAX_LENGTH)),
    spaceImage: mediaUrlSchema,
    additionalPhotos: z._default(z.array(mediaUrlSchema).check(z.maxLength(20)), []),
  }),
);
export const generateFromPromptResponseSchema = lazySchema(() =>
  z.object({
    imageUrl: z.string(),
    receipt: z.optional(z.nullable(fidelityReceiptSchema)),
  }),
);

/* ---------- render jobs ---------- */

export const renderVariationCountSchema = lazySchema(() =>
  z.int().check(z.minimum(RENDER_VARIATIONS_MIN), z.maximum(RENDER_VARIATIONS_MAX)),
);

/** The see-in-space form as a job: the JSON body plus how many variations. */
export const createPromptRenderJobBodySchema = lazySchema(() =>
  z.object({
    prompt: z.string().check(z.maxLength(NOTES_MAX_LENGTH)),
    spaceImage: mediaUrlSchema,
    additionalPhotos: z._default(z.array(mediaUrlSchema).check(z.maxLength(20)), []),
    variations: z._default(renderVariationCountSchema, RENDER_VARIATIONS_DEFAULT),
  }),
);

export const renderJobStatusSchema = lazySchema(() => z.enum(['queued', 'running', 'done', 'failed', 'cancelled']));
export type RenderJobStatus = z.infer<typeof renderJobStatusSchema>;

/**
 * One finished variation: the stored picture, plus whatever else the engine tells of it (where it placed each product,
 * the fidelity receipt), carried as the engine gave it.
 */
export const renderVariationSchema = lazySchema(() =>
  z.looseObject({
    imageUrl: z.string(),
    width: z.number(),
    height: z.number(),
    receipt: z.optional(z.nullable(fidelityReceiptSchema)),
    /** The local engine's placements by product id, in this picture's pixels (width × height); a remote engine gives none. */
    placements: z.optional(z.array(renderPlacementSchema)),
    /**
     * What this variation's arrangement changes from the job's first ('Sofa by the window', 'Rug turned'), in a few
     * words; the first's says where its main product stands. The local engine's; a remote engine gives none.
     */
    label: z.optional(z.string().check(z.maxLength(120))),
    /** The floor the local engine stood the products on, and the pictures to adjust them live (decision 0046). */
    plane: z.optional(floorPlaneSchema),
    layers: z.optional(renderLayersSchema),
    /** An uploaded photo's pieces, as its geometry found them (fractions of the picture). */
    pieces: z.optional(z.array(foundPieceSchema)),
  }),
);
export type RenderVariation = z.infer<typeof renderVariationSchema>;

export const renderJobSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    status: renderJobStatusSchema,
    /** While queued: how many jobs are ahead of it, plus one (1 = next). */
    position: z.nullable(z.number()),
    /** 0–100: how far the render is. */
    progress: z.number(),
    variationCount: z.number(),
    /** Every variation, once done; empty before. */
    variations: z.array(renderVariationSchema),
    /** docs/product.md §8's message, when it failed. */
    error: z.nullable(z.string()),
    createdAt: z.string(),
  }),
);
export type RenderJob = z.infer<typeof renderJobSchema>;

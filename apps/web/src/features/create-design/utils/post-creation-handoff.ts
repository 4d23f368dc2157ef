import {
  DESIGN_OWN_ITEMS_MAX,
  DESIGN_PRODUCTS_MAX,
  idSchema,
  mediaUrlSchema,
  modeSchema,
  ownItemChoiceSchema,
  designProductSchema,
  userAnswersSchema,
  type DesignProduct,
  type OwnItemChoice,
  type ShownDesign,
  toOwnItemChoice,
} from '@dwellscape/shared';
import { z } from 'zod/mini';

/**
 * The navigation state post-creation accepts (docs/product.md §4 "takes the image from navigation state").
 * The render step sends `generatedImage` (null while still rendering) with its `designSessionId`.
 * Shop-design's 'Publish to Community' sends a remix: the image, the chosen catalogue products, the
 * person's own items, the original post, the regenerated flag, and no session id.
 */
export const postCreationHandoffSchema = z.object({
  generatedImage: z.nullable(mediaUrlSchema),
  designSessionId: z.optional(z.string().check(z.minLength(1))),
  beforeImage: z.optional(z.nullable(mediaUrlSchema)),
  selectedProducts: z.optional(z.array(designProductSchema).check(z.maxLength(DESIGN_PRODUCTS_MAX))),
  ownItems: z.optional(z.array(ownItemChoiceSchema).check(z.maxLength(DESIGN_OWN_ITEMS_MAX))),
  originalPostId: z.optional(idSchema),
  originalCreatorId: z.optional(z.string()),
  isRegenerated: z.optional(z.boolean()),
  mode: z.optional(modeSchema),
  spaceType: z.optional(z.string().check(z.maxLength(60))),
  userAnswers: z.optional(userAnswersSchema),
});
export type PostCreationHandoff = z.infer<typeof postCreationHandoffSchema>;

/** Anything else in history state (a stale entry, another screen's state) counts as no handoff. */
export function readPostCreationHandoff(state: unknown): PostCreationHandoff | null {
  const parsed = postCreationHandoffSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** A remix from shop-design brings its own image and needs none of steps 1–4. */
export function isRemixHandoff(
  handoff: PostCreationHandoff | null,
): handoff is PostCreationHandoff & { generatedImage: string } {
  return Boolean(handoff && handoff.generatedImage && !handoff.designSessionId);
}

/**
 * The navigation state post-creation accepts for a remix: the new image, the catalogue products,
 * the person's own items, and the original post so the server credits its creator.
 */
export function remixHandoff(
  design: ShownDesign,
  generatedImage: string,
  spaceImage: string,
  products: readonly DesignProduct[],
  own: readonly OwnItemChoice[] = [],
): PostCreationHandoff {
  return {
    generatedImage,
    beforeImage: spaceImage,
    selectedProducts: products.filter((product) => !product.ownItem),
    ownItems: own.map(toOwnItemChoice),
    originalPostId: design.id,
    originalCreatorId: design.userId,
    isRegenerated: true,
    mode: design.mode,
    spaceType: design.spaceType,
    userAnswers: design.userAnswers,
  };
}

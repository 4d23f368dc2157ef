import { idSchema, mediaUrlSchema, modeSchema, selectedProductSchema, userAnswersSchema } from '@dwellscape/shared';
import { z } from 'zod';

/**
 * The navigation state post-creation accepts (SPEC §4 "takes the image from navigation state").
 * The render step sends `generatedImage` (null while still rendering) with its `designSessionId`.
 * Shop-design's 'Publish to Community' sends a remix: the image, the chosen products, the original
 * post, the regenerated flag, and no session id.
 */
export const postCreationHandoffSchema = z.object({
  generatedImage: mediaUrlSchema.nullable(),
  designSessionId: z.string().min(1).optional(),
  beforeImage: mediaUrlSchema.nullable().optional(),
  selectedProducts: z.array(selectedProductSchema).max(50).optional(),
  originalPostId: idSchema.optional(),
  originalCreatorId: z.string().optional(),
  isRegenerated: z.boolean().optional(),
  mode: modeSchema.optional(),
  spaceType: z.string().max(60).optional(),
  userAnswers: userAnswersSchema.optional(),
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

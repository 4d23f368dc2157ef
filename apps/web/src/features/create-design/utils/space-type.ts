import type { aiSpaceTypeSchema, Mode } from '@dwellscape/shared';
import type { z } from 'zod';

/** The text engine's words for the two modes (docs/product.md §7: 'outdoor' or 'interior'). */
export const aiSpaceTypeOf = (mode: Mode): z.infer<typeof aiSpaceTypeSchema> =>
  mode === 'landscape' ? 'outdoor' : 'interior';

/** An uploaded photo has no category of its own; the engines read these as "a room" or "an outdoor space". */
export const uploadedSpaceTypeOf = (mode: Mode): string => aiSpaceTypeOf(mode);

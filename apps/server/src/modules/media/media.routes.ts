import fastifyStatic from '@fastify/static';
import {
  MEDIA_VARIANT_PREFIX,
  RESPONSIVE_IMAGE_WIDTHS,
  errorResponseSchema,
  type ResponsiveImageWidth,
} from '@dwellscape/shared';
import { z } from 'zod';
import { createResponsiveImages } from '../../media/responsive-images';
import { STORED_FILE_CACHE_CONTROL, sendStoredFile } from '../../media/serve-stored-file';
import type { AppInstance } from '../../types';

const widthNames = RESPONSIVE_IMAGE_WIDTHS.map(String) as [string, ...string[]];

const variantParamsSchema = z.object({
  width: z.enum(widthNames).transform((width) => Number(width) as ResponsiveImageWidth),
  '*': z.string(),
});

/**
 * GET /media/w/<width>/<key>: a stored image at one of the fixed widths, made on first request and
 * served from the store afterwards. Public like the rest of /media/ (an <img> sends no gate header of its own).
 */
export default async function mediaRoutes(app: AppInstance) {
  const images = createResponsiveImages({ storage: app.storage });

  // sendFile only, scoped to this plugin: conditional requests, HEAD and ranges as for every other file
  await app.register(fastifyStatic, { serve: false, cacheControl: false, dotfiles: 'deny', index: false });

  app.get(
    `${MEDIA_VARIANT_PREFIX}:width/*`,
    {
      schema: {
        params: variantParamsSchema,
        response: { 400: errorResponseSchema, 404: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const outcome = await images.variantOf(request.params['*'], request.params.width);
      // the original stands in while the server is busy; the next view should still get the variant
      const cacheControl = outcome.kind === 'variant' ? STORED_FILE_CACHE_CONTROL : 'no-store';
      return sendStoredFile(request, reply, app.storage, outcome.key, cacheControl);
    },
  );
}

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths, errorResponseSchema } from '@dwellscape/shared';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../types';
import { withLinkPreview } from './link-preview-html';
import { findLinkPreview, readPreviewPicture } from './previews.service';

const previewFileSchema = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.png$/, 'must be a design id followed by .png'),
});

/** The web app's route of a design's page (apps/web/src/config/paths.ts: paths.post). */
const POST_PAGE_ROUTE = '/post/:postId';

/** A preview is redrawn under a new version when its design changes; the URL names the version, so crawlers refetch. */
const PREVIEW_MAX_AGE_S = 24 * 60 * 60;

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Link previews (docs/decisions/0048): outside the gate, since a crawler has no session. They show a
 * public design's title, after picture, author and product count, and nothing else of it.
 */
export default async function previewsRoutes(app: AppInstance) {
  app.get(
    '/media/previews/:file',
    {
      schema: {
        params: previewFileSchema,
        response: { 200: z.instanceof(Buffer), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const id = request.params.file.slice(0, -'.png'.length);
      const bytes = await readPreviewPicture(app, id);
      if (bytes === null) return reply.code(404).send({ error: 'Design not found' });
      return reply
        .header('Cache-Control', `public, max-age=${PREVIEW_MAX_AGE_S}`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .type('image/png')
        .send(bytes);
    },
  );

  const indexPath = path.join(app.config.webDistDir, 'index.html');
  // without a built app, /post/… is the not-found handler's as before
  if (!existsSync(indexPath)) return;
  let indexHtml: Promise<string> | null = null;

  app.get(POST_PAGE_ROUTE, async (request: FastifyRequest<{ Params: { postId: string } }>, reply) => {
    indexHtml ??= readFile(indexPath, 'utf8');
    const html = await indexHtml;
    const { postId } = request.params;
    const facts = await findLinkPreview(app.db, postId);
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (!facts) return reply.send(html);
    const origin = originOf(request);
    return reply.send(
      withLinkPreview(html, {
        title: facts.title,
        description: facts.byline,
        url: `${origin}/post/${encodeURIComponent(facts.id)}`,
        imageUrl: `${origin}${apiPaths.designPreview(facts.id)}?v=${facts.version}`,
      }),
    );
  });
}

import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { UPLOAD_CACHE_MAX_AGE_S } from '@dwellscape/shared';
import fp from 'fastify-plugin';
import type { AppInstance } from '../types';
import { isApiLikePath } from './auth';

/** What /media/ may serve as an image; SVG is left out because it can carry script. */
const RASTER_IMAGE_EXTENSIONS = new Set(['.webp', '.png', '.jpg', '.jpeg']);

/**
 * The files the server answers with: stored media under /media/ (DATA_DIR/media), the built SPA (WEB_DIST_DIR)
 * when there is one, and the not-found handler, which gives the SPA every path that is not the API's and answers
 * the rest with a JSON 404. Registered after the routes, so the responsive sizes' /media/w/… route stays theirs.
 */
export default fp(
  async (app: AppInstance) => {
    const { config } = app;
    const mediaRoot = path.join(config.dataDir, 'media');
    // the file server checks its root at start-up, before the first upload creates it
    mkdirSync(mediaRoot, { recursive: true });
    await app.register(fastifyStatic, {
      root: mediaRoot,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(res, filePath) {
        res.header('Cache-Control', `public, max-age=${UPLOAD_CACHE_MAX_AGE_S}, immutable`);
        res.header('X-Content-Type-Options', 'nosniff');
        res.header('Content-Security-Policy', "default-src 'none'; sandbox");
        // only raster images are stored here: anything else (planted by hand or by a bug) downloads, never renders as a page
        if (!RASTER_IMAGE_EXTENSIONS.has(path.extname(filePath).toLowerCase())) {
          res.header('Content-Type', 'application/octet-stream');
          res.header('Content-Disposition', 'attachment');
        }
      },
    });

    const hasWeb = existsSync(path.join(config.webDistDir, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: config.webDistDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // the build writes .br and .gz copies beside its text files (apps/web/vite.config.ts)
        preCompressed: true,
        setHeaders(res, filePath) {
          // hashed assets never change; index.html must always be revalidated
          res.header(
            'Cache-Control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      if (!isApiLikePath(request.url) && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
        // the SPA owns every other path, including its own 404 page
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html', config.webDistDir);
      }
      return reply.code(404).send({ error: 'Not Found', message: `No route for ${request.method} ${url}` });
    });
  },
  { name: 'static-files' },
);

import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { sendBucketObject, setStoredFileHeaders } from '../media/serve-stored-file';
import type { AppInstance } from '../types';
import { isApiLikePath } from './auth';

/**
 * The files the server answers with: stored media under /media/ (DATA_DIR/media or the bucket), the built SPA (WEB_DIST_DIR)
 * when there is one, and the not-found handler, which gives the SPA every path that is not the API's and answers
 * the rest with a JSON 404. Registered after the routes, so the responsive sizes' /media/w/… route stays theirs.
 */
export default fp(
  async (app: AppInstance) => {
    const { config } = app;
    const { storage } = app;
    if (storage.kind === 'disk') {
      // the file server checks its root at start-up, before the first upload creates it
      mkdirSync(storage.root, { recursive: true });
      await app.register(fastifyStatic, {
        root: storage.root,
        prefix: '/media/',
        decorateReply: false,
        index: false,
        dotfiles: 'deny',
        cacheControl: false,
        setHeaders(reply, filePath) {
          setStoredFileHeaders(reply, filePath);
        },
      });
    } else {
      // streamed from the bucket through this server, with the same headers (docs/decisions/0050)
      app.route<{ Params: { '*': string } }>({
        method: ['GET', 'HEAD'],
        url: '/media/*',
        handler: (request, reply) => sendBucketObject(request, reply, storage, request.params['*']),
      });
    }

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

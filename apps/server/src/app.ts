import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { UPLOAD_CACHE_MAX_AGE_S } from '@dwellscape/shared';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { AppError, statusOfKind } from './errors';
import { createEngines } from './engines';
import accountsRoutes from './modules/accounts/accounts.routes';
import aiRoutes from './modules/ai/ai.routes';
import { listenToRenderJobs } from './modules/render-jobs/render-job-events';
import { createRenderJobRunner } from './modules/render-jobs/render-job-runner';
import renderJobsRoutes from './modules/render-jobs/render-jobs.routes';
import catalogueRoutes from './modules/catalogue/catalogue.routes';
import commissionRoutes from './modules/commission/commission.routes';
import designsRoutes from './modules/designs/designs.routes';
import flowRoutes from './modules/flow/flow.routes';
import followsRoutes from './modules/follows/follows.routes';
import gateRoutes from './modules/gate/gate.routes';
import mediaRoutes from './modules/media/media.routes';
import notificationsRoutes from './modules/notifications/notifications.routes';
import ordersRoutes from './modules/orders/orders.routes';
import { betaPaymentProvider } from './modules/orders/payment-provider';
import savedRoutes from './modules/saved/saved.routes';
import searchRoutes from './modules/search/search.routes';
import uploadsRoutes from './modules/uploads/uploads.routes';
import usersRoutes from './modules/users/users.routes';
import authPlugin, { isApiLikePath } from './plugins/auth';
import compressionPlugin from './plugins/compression';
import feedCachePlugin from './plugins/feed-cache';
import securityHeadersPlugin from './plugins/security-headers';
import { responseSerializerCompiler } from './response-serializer';
import liveRoutes from './realtime/live.routes';
import notificationsLivePlugin from './realtime/notifications-live';
import realtimePlugin from './realtime/realtime';
import { createLocalDiskStorage, type FileStorage } from './storage/file-storage';
import type { AppInstance, RouteEntry } from './types';

/** What /media/ may serve as an image; SVG is left out because it can carry script. */
const RASTER_IMAGE_EXTENSIONS = new Set(['.webp', '.png', '.jpg', '.jpeg']);

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 trusts nothing for a bare hop count (so every client
 * behind the proxy would share one address, and one guesser would lock them all out of the gate);
 * a hop count means the server is reachable only through that many proxies, so trust that many.
 */
function trustProxyOption(value: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to local disk under DATA_DIR/media. */
  storage?: FileStorage;
  logger?: boolean;
}

/** Builds the server with its plugins in a fixed order: config → database → storage/engines → auth → routes. */
export async function buildApp(options: BuildAppOptions): Promise<AppInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // a client gets this long for its headers and for its whole request; a response (a live
    // stream) is never cut by them, only by connectionTimeout when no byte moves either way
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      // Node checks both time-outs on this beat (30 s by default, far too coarse for a 10 s limit)
      connectionsCheckingInterval: Math.min(1000, config.timeouts.headersMs),
    },
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionTimeout: config.timeouts.connectionMs,
    return503OnClosing: true,
    // one line per request (below), not Fastify's two: half the logging cost of every request
    logController: new LogController({ disableRequestLogging: true }),
    // errors Fastify raises before routing (a path with broken %-encoding) get the same JSON as every other
    frameworkErrors: (error, request, reply) => handleError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();

  // every route as registered, so tests can walk the whole table (a route added later is covered)
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request completed',
    );
  });

  // once closing, every answer asks its client to hang up: a keep-alive socket of a request
  // that finishes during shutdown would otherwise hold the server open until it idles out
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.setErrorHandler((error: FastifyError, request, reply) => handleError(error, request, reply));

  const storage = options.storage ?? createLocalDiskStorage(path.join(config.dataDir, 'media'));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('storage', storage);
  app.decorate('engines', createEngines(config, storage));
  app.decorate('renderJobEvents', await listenToRenderJobs(database));
  const renderJobRunner = config.renderJobs.workerInProcess
    ? createRenderJobRunner({
        deps: { db: database.db, storage, engines: app.engines },
        events: app.renderJobEvents,
        log: app.log.child({ module: 'render-jobs' }),
        ...config.renderJobs,
      })
    : null;
  // close lets the running render jobs finish, then stops the render workers
  app.addHook('onClose', async () => {
    await renderJobRunner?.stop();
    await app.renderJobEvents.close();
    await app.engines.close();
  });
  // the embedded database is this process's alone: a job it shows running was running when the process last stopped
  app.addHook('onReady', async () => {
    await renderJobRunner?.start({ releaseOrphans: database.kind === 'pglite' });
  });

  await app.register(securityHeadersPlugin);
  await app.register(cookie, { secret: config.sessionSecret });
  // before every route: it attaches to each route as it is added (JSON ≥ 1 kB only)
  await app.register(compressionPlugin);
  await app.register(realtimePlugin);
  await app.register(notificationsLivePlugin);
  await app.register(feedCachePlugin);
  await app.register(authPlugin);

  app.get('/api/health', async () => ({ status: 'ok' as const }));
  await app.register(gateRoutes);
  await app.register(accountsRoutes);
  await app.register(usersRoutes);
  await app.register(designsRoutes);
  await app.register(followsRoutes);
  await app.register(savedRoutes);
  await app.register(liveRoutes);
  await app.register(catalogueRoutes);
  await app.register(flowRoutes);
  await app.register(notificationsRoutes);
  await app.register(ordersRoutes, { paymentProvider: betaPaymentProvider });
  await app.register(commissionRoutes);
  await app.register(searchRoutes);
  await app.register(uploadsRoutes);
  await app.register(aiRoutes);
  await app.register(renderJobsRoutes);

  const mediaRoot = path.join(config.dataDir, 'media');
  // the file server checks its root at start-up, before the first upload creates it
  mkdirSync(mediaRoot, { recursive: true });
  // /media/w/<width>/<key>: stored images in responsive sizes (a more specific route than the file server's /media/*)
  await app.register(mediaRoutes);
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

  return app as unknown as AppInstance;
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    // a path whose %-encoding cannot be decoded (overlong UTF-8, a lone %) names no route
    return reply.code(404).send({ error: 'Not Found', message: 'No route for this path.' });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      field: [error.validationContext, ...(v.instancePath ? v.instancePath.split('/').filter(Boolean) : [])].join('.'),
      message: v.message ?? 'is invalid',
    }));
    const first = issues[0];
    return reply.code(400).send({
      error: 'Bad Request',
      message: first ? `Invalid ${first.field}: ${first.message}` : 'Invalid request',
      details: issues,
    });
  }
  if (error instanceof AppError) {
    const status = statusOfKind[error.kind];
    if (status >= 500) request.log.warn({ err: error }, 'engine failure');
    return reply.code(status).send({
      error: error.message,
      ...(error.explanation ? { message: error.explanation } : {}),
      ...(error.details ? { details: error.details } : {}),
    });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
    return reply.code(500).send({ error: 'Internal Server Error' });
  }
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  if (status < 500) {
    // fastify's own 4xx (bad JSON, unsupported content type, body too large…) carry a useful message
    return reply.code(status).send({ error: httpReason(status), message: error.message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ error: 'Internal Server Error' });
}

function httpReason(status: number): string {
  const reasons: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    406: 'Not Acceptable',
    408: 'Request Timeout',
    409: 'Conflict',
    413: 'Payload Too Large',
    414: 'URI Too Long',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
  };
  return reasons[status] ?? 'Request Error';
}

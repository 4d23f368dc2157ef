import cookie from '@fastify/cookie';
import Fastify, { LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
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
import previewsRoutes from './modules/previews/previews.routes';
import notificationsRoutes from './modules/notifications/notifications.routes';
import ordersRoutes from './modules/orders/orders.routes';
import { WriteLimiter } from './modules/rate-limits/write-limits';
import { betaPaymentProvider } from './modules/orders/payment-provider';
import savedRoutes from './modules/saved/saved.routes';
import searchRoutes from './modules/search/search.routes';
import uploadsRoutes from './modules/uploads/uploads.routes';
import usersRoutes from './modules/users/users.routes';
import authPlugin from './plugins/auth';
import compressionPlugin from './plugins/compression';
import errorHandlerPlugin, { handleError } from './plugins/error-handler';
import feedCachePlugin from './plugins/feed-cache';
import securityHeadersPlugin from './plugins/security-headers';
import staticFilesPlugin from './plugins/static-files';
import { responseSerializerCompiler } from './response-serializer';
import liveRoutes from './realtime/live.routes';
import notificationsLivePlugin from './realtime/notifications-live';
import openStreamsPlugin from './realtime/open-streams';
import realtimePlugin from './realtime/realtime';
import { startOrphanSweeps } from './media/orphan-sweep';
import type { FileStorage } from './storage/file-storage';
import { openFileStorage } from './storage/open-file-storage';
import type { AppInstance, RouteEntry } from './types';

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
  /** Defaults to the store STORAGE names (DATA_DIR/media, or a bucket); one given here is the caller's to close. */
  storage?: FileStorage;
  logger?: boolean;
}

/**
 * Builds the server with its plugins in a fixed order: config → database → storage/engines → error handler →
 * security headers → cookies, compression, live, feed cache → auth → routes → static files (media, the SPA and
 * the not-found handler).
 */
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
    const contracts = route.config?.contracts ?? [];
    const limits = route.config?.limits ?? [];
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, contracts, limits });
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

  const storage = options.storage ?? (await openFileStorage(config.storage));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate<FileStorage>('storage', storage);
  app.decorate('writeLimiter', new WriteLimiter(database.db));
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
  // files a process left without their rows when it died (media/orphan-sweep.ts)
  let orphanSweeps: ReturnType<typeof startOrphanSweeps> | undefined;
  app.addHook('onReady', async () => {
    orphanSweeps = startOrphanSweeps({ db: database.db, storage, log: app.log.child({ module: 'media' }) });
  });
  app.addHook('onClose', async () => {
    await renderJobRunner?.stop();
    await orphanSweeps?.stop();
    await app.renderJobEvents.close();
    await app.engines.close();
    if (!options.storage) storage.close();
  });
  // the embedded database is this process's alone: a job it shows running was running when the process last stopped
  app.addHook('onReady', async () => {
    await renderJobRunner?.start({ releaseOrphans: database.kind === 'pglite' });
  });

  // before every route: a route keeps the error handler in force when it is added
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie, { secret: config.sessionSecret });
  // before every route: it attaches to each route as it is added (JSON ≥ 1 kB only)
  await app.register(compressionPlugin);
  await app.register(realtimePlugin);
  await app.register(notificationsLivePlugin);
  await app.register(openStreamsPlugin);
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

  // /media/w/<width>/<key>: stored images in responsive sizes (a more specific route than the file server's /media/*)
  await app.register(mediaRoutes);
  await app.register(previewsRoutes);
  await app.register(staticFilesPlugin);

  return app as unknown as AppInstance;
}

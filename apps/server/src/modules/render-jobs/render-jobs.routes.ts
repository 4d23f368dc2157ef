import multipart from '@fastify/multipart';
import { contracts, errorResponseSchema } from '@dwellscape/shared';
import type { FastifyRequest } from 'fastify';
import { route, writerOf } from '../../contract-route';
import { readMultipartForm } from '../../media/multipart-form';
import { startEventStream } from '../../realtime/live-stream';
import type { AppInstance } from '../../types';
import { acceptPromptInput, parseGenerateDesignFields, prepareDesignRender } from '../ai/ai.service';
import {
  cancelOwnRenderJob,
  findOwnRenderJob,
  forgetOldRenderLayers,
  getRenderJob,
  parseJsonBody,
  parseVariationCount,
  RENDER_LAYERS_KEPT_MS,
  requesterOf,
  startRenderJob,
  streamRenderJob,
} from './render-jobs.service';

const errorResponses = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
};

/** How often every instance forgets the layers of jobs past RENDER_LAYERS_KEPT_MS. */
export const RENDER_LAYERS_SWEEP_MS = 60 * 60_000;

export default async function renderJobsRoutes(app: AppInstance) {
  await app.register(multipart, { throwFileSizeLimit: false });
  scheduleLayerCleanup(app);
  // the space photo a form sends is stored as the asker's upload (decision 0023)
  const deps = (request: FastifyRequest) => ({
    db: app.db,
    storage: app.storage,
    engines: app.engines,
    owner: request.viewer,
  });

  // both forms of docs/product.md §7's generate-design-image, plus `variations` (1–4, 2 unless sent): answered at once with the job
  route(
    app,
    contracts.startRenderJob,
    { alsoServes: [contracts.startPromptRenderJob], responses: errorResponses },
    async (request, reply) => {
      if (!request.isMultipart()) {
        const body = parseJsonBody(contracts.startPromptRenderJob.body, request.body);
        const { variations, ...prompt } = body;
        await acceptPromptInput(deps(request), prompt);
        const job = await startRenderJob(
          app.db,
          requesterOf(writerOf(request)),
          { kind: 'prompt', body: prompt },
          variations,
          app.config.renderJobs,
        );
        return reply.code(202).send(job);
      }
      const form = await readMultipartForm(request, { fileFields: ['image'] });
      const fields = parseGenerateDesignFields(form.fields);
      const variations = parseVariationCount(form.fields.get('variations'));
      const spaceFile = form.files.get('image');
      const prepared = await prepareDesignRender(deps(request), {
        spaceFile: spaceFile?.length ? spaceFile : undefined,
        fields,
      });
      const job = await startRenderJob(
        app.db,
        requesterOf(writerOf(request)),
        { kind: 'design', fields: prepared },
        variations,
        app.config.renderJobs,
      );
      return reply.code(202).send(job);
    },
  );

  route(app, contracts.getRenderJob, { responses: { 404: errorResponseSchema } }, async (request) =>
    getRenderJob(app.db, request.viewer, request.params.id, request.log),
  );

  route(app, contracts.cancelRenderJob, { responses: { 404: errorResponseSchema } }, async (request) =>
    cancelOwnRenderJob(app.db, request.viewer, request.params.id),
  );

  // server-sent events: the job as it is now, then each change (its place in the line, its progress) until it ends
  route(
    app,
    contracts.renderJobEvents,
    { responses: { 404: errorResponseSchema, 429: errorResponseSchema } },
    async (request, reply) => {
      const row = await findOwnRenderJob(app.db, request.viewer, request.params.id);
      const stream = startEventStream(reply, app.openStreams, {
        events: contracts.renderJobEvents.events,
        heartbeatMs: app.config.liveHeartbeatMs,
        log: request.log,
      });
      streamRenderJob({ db: app.db, events: app.renderJobEvents, jobId: row.id, stream, log: request.log });
    },
  );
}

/**
 * Forgets old jobs' live-adjusting layers once the server is ready and every RENDER_LAYERS_SWEEP_MS after, in every
 * instance: a job cleaned twice at once loses nothing more (its result is written without layers either way, and a
 * file already forgotten is not found again). A failed sweep is logged and the next one tries again.
 */
function scheduleLayerCleanup(app: AppInstance) {
  const log = app.log.child({ module: 'render-jobs' });
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= forgetOldRenderLayers(app, { now: new Date(), keptMs: RENDER_LAYERS_KEPT_MS })
      .then((cleaned) => {
        if (cleaned > 0) log.info({ cleaned }, 'forgot the layers of old render jobs');
      })
      .catch((err: unknown) => log.error({ err }, 'render layer sweep failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), RENDER_LAYERS_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

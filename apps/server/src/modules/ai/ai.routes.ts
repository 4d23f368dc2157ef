import multipart from '@fastify/multipart';
import { contracts, errorResponseSchema } from '@dwellscape/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { route, writerOf } from '../../contract-route';
import { AppError, invalidIssues } from '../../errors';
import { readMultipartForm } from '../../media/multipart-form';
import type { WriteLimit } from '../rate-limits/write-limits';
import type { AppInstance } from '../../types';
import { renderAndWait, requesterOf, type RenderJobInput } from '../render-jobs/render-jobs.service';
import {
  acceptPromptInput,
  improveCaption,
  improveDesignNotes,
  parseGenerateDesignFields,
  prepareDesignRender,
  prepareRecomposite,
  RENDER_DEADLINE_MS,
} from './ai.service';

/**
 * AI calls may be paid: each person (account, or gate session signed out) gets this many a minute across the AI
 * routes, and each client address `config.aiRequestsPerAddressPerMinute` (60 by default), whoever is behind it:
 * opening gate sessions mints no AI budget.
 */
export const AI_REQUESTS_PER_MINUTE = 20;

export const aiCallsLimit = (perAddress: number): WriteLimit => ({
  name: 'ai',
  max: AI_REQUESTS_PER_MINUTE,
  perAddress,
  windowMs: 60_000,
  message: 'Too many AI requests. Please wait a moment and try again.',
});

const errorResponses = {
  400: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
};

export default async function aiRoutes(app: AppInstance) {
  // registered here, not app-wide: only the routes that take files parse multipart bodies
  await app.register(multipart, { throwFileSizeLimit: false });
  const AI_CALLS_LIMIT = aiCallsLimit(app.config.aiRequestsPerAddressPerMinute);

  const deps = (request: FastifyRequest) => ({
    db: app.db,
    storage: app.storage,
    engines: app.engines,
    owner: request.viewer,
  });

  route(app, contracts.improveDesignNotes, { limits: [AI_CALLS_LIMIT], responses: errorResponses }, async (request) =>
    improveDesignNotes(app.engines, request.body),
  );

  route(app, contracts.improveCaption, { limits: [AI_CALLS_LIMIT], responses: errorResponses }, async (request) =>
    improveCaption(app.engines, request.body),
  );

  /**
   * One render through the queue, waited for: no render runs outside the queue and the person's limits, and a busy
   * render pool makes it wait its turn rather than fail. The caller gone (the request closed before the answer): its
   * job is cancelled.
   */
  const renderThroughQueue = (request: FastifyRequest, reply: FastifyReply, input: RenderJobInput) => {
    const gone = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    return renderAndWait({
      db: app.db,
      events: app.renderJobEvents,
      requester: requesterOf(writerOf(request)),
      input,
      limits: app.config.renderJobs,
      timeoutMs: RENDER_DEADLINE_MS,
      signal: gone.signal,
    });
  };

  // a render's products moved, scaled or removed by the person: drawn again as a job of its own, the same body the
  // same bytes
  route(
    app,
    contracts.recompositeDesign,
    { limits: [AI_CALLS_LIMIT], responses: errorResponses },
    async (request, reply) => {
      await prepareRecomposite(deps(request), request.body);
      const rendered = await renderThroughQueue(request, reply, { kind: 'recomposite', body: request.body });
      return {
        imageUrl: rendered.imageUrl,
        placements: rendered.placements ?? [],
        renderSize: { width: rendered.width, height: rendered.height },
        receipt: rendered.receipt ?? null,
        ...(rendered.plane ? { plane: rendered.plane } : {}),
        ...(rendered.layers ? { layers: rendered.layers } : {}),
      };
    },
  );

  // two forms on one path (docs/product.md §7): the create flow's multipart form and see-in-space's JSON body. Either is one
  // render job of one variation, waited for here
  route(
    app,
    contracts.generateDesignImage,
    { alsoServes: [contracts.generateDesignImageFromPrompt], limits: [AI_CALLS_LIMIT], responses: errorResponses },
    async (request, reply) => {
      if (!request.isMultipart()) {
        const body = contracts.generateDesignImageFromPrompt.body.safeParse(request.body ?? {});
        if (!body.success) throw invalidIssues(body.error.issues, 'body');
        // a picture that is not stored is a 400 naming its field, before anything is queued
        await acceptPromptInput(deps(request), body.data);
        const rendered = await renderThroughQueue(request, reply, { kind: 'prompt', body: body.data });
        return { imageUrl: rendered.imageUrl, receipt: rendered.receipt ?? null };
      }

      const form = await readMultipartForm(request, { fileFields: ['image'] });
      const fields = parseGenerateDesignFields(form.fields);
      const spaceFile = form.files.get('image');
      const prepared = await prepareDesignRender(deps(request), {
        spaceFile: spaceFile?.length ? spaceFile : undefined,
        fields,
      });
      try {
        const rendered = await renderThroughQueue(request, reply, { kind: 'design', fields: prepared });
        return {
          success: true,
          imageUrl: rendered.imageUrl,
          error: null,
          receipt: rendered.receipt ?? null,
          ...(rendered.placements
            ? { placements: rendered.placements, renderSize: { width: rendered.width, height: rendered.height } }
            : {}),
          ...(rendered.plane ? { plane: rendered.plane } : {}),
          ...(rendered.layers ? { layers: rendered.layers } : {}),
          ...(rendered.pieces ? { pieces: rendered.pieces } : {}),
        };
      } catch (err) {
        // the create flow reads engine trouble from the body's `error` (docs/product.md §7, §8)
        if (err instanceof AppError && (err.kind === 'engine_timeout' || err.kind === 'engine_unavailable')) {
          request.log.warn({ err }, 'render failed');
          const status = err.kind === 'engine_timeout' ? 504 : 503;
          // no schema for 503/504 on this route (the error handler answers them too): this body goes out unchecked
          return (reply as FastifyReply).code(status).send({ success: false, imageUrl: null, error: err.message });
        }
        throw err;
      }
    },
  );
}

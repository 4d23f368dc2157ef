import {
  addCommentBodySchema,
  addCommentResponseSchema,
  apiPaths,
  commentSchema,
  designSchema,
  errorResponseSchema,
  feedQuerySchema,
  feedResponseSchema,
  idParamsSchema,
  likeResponseSchema,
  listOf,
  publishDesignBodySchema,
  remixesResponseSchema,
} from '@dwellscape/shared';
import { asResponse } from '../../response-serializer';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import type { AppInstance } from '../../types';
import {
  addComment,
  getDesign,
  likeDesign,
  listComments,
  listFeed,
  listRemixes,
  publishDesign,
  unlikeDesign,
} from './designs.service';

// apiPaths builders encode their argument, so route patterns are spelled from the base path
const designPath = `${apiPaths.designs}/:id`;

export default async function designsRoutes(app: AppInstance) {
  app.get(
    apiPaths.designs,
    { schema: { querystring: feedQuerySchema, response: { 200: feedResponseSchema } } },
    async (request) =>
      asResponse(await listFeed(app.db, request.viewer, request.query, app.feedCache, app.viewerCaches)),
  );

  app.post(
    apiPaths.designs,
    { schema: { body: publishDesignBodySchema, response: { 201: designSchema, ...signInRequiredResponse } } },
    async (request, reply) => {
      const viewer = { ...request.viewer, accountId: requireAccount(request) };
      const design = await publishDesign(app.db, app.storage, viewer, request.body);
      return reply.code(201).send(design);
    },
  );

  app.get(designPath, { schema: { params: idParamsSchema, response: { 200: designSchema } } }, async (request) =>
    getDesign(app.db, request.params.id, request.viewer),
  );

  app.get(
    `${designPath}/remixes`,
    {
      schema: {
        params: idParamsSchema,
        response: { 200: remixesResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ items: await listRemixes(app.db, request.params.id, request.viewer) }),
  );

  app.put(
    `${designPath}/like`,
    { schema: { params: idParamsSchema, response: { 200: likeResponseSchema } } },
    async (request) => likeDesign(app.db, request.params.id, request.viewer),
  );

  app.delete(
    `${designPath}/like`,
    { schema: { params: idParamsSchema, response: { 200: likeResponseSchema } } },
    async (request) => unlikeDesign(app.db, request.params.id, request.viewer),
  );

  app.get(
    `${designPath}/comments`,
    { schema: { params: idParamsSchema, response: { 200: listOf(commentSchema) } } },
    async (request) => ({ items: await listComments(app.db, request.params.id) }),
  );

  app.post(
    `${designPath}/comments`,
    {
      schema: {
        params: idParamsSchema,
        body: addCommentBodySchema,
        response: { 201: addCommentResponseSchema, ...signInRequiredResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addComment(app.db, request.params.id, requireAccount(request), request.body)),
  );
}

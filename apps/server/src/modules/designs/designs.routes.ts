import { contracts, errorResponseSchema } from '@dwellscape/shared';
import { route } from '../../contract-route';
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

export default async function designsRoutes(app: AppInstance) {
  route(app, contracts.listFeed, {}, async (request) =>
    asResponse(await listFeed(app.db, request.viewer, request.query, app.feedCache, app.viewerCaches)),
  );

  route(app, contracts.publishDesign, { responses: signInRequiredResponse }, async (request, reply) => {
    const viewer = { ...request.viewer, accountId: requireAccount(request) };
    const design = await publishDesign(app.db, app.storage, viewer, request.body);
    return reply.code(201).send(design);
  });

  route(app, contracts.getDesign, {}, async (request) => getDesign(app.db, request.params.id, request.viewer));

  route(
    app,
    contracts.listRemixes,
    { responses: { 400: errorResponseSchema, 404: errorResponseSchema } },
    async (request) => ({ items: await listRemixes(app.db, request.params.id, request.viewer) }),
  );

  route(app, contracts.likeDesign, {}, async (request) => likeDesign(app.db, request.params.id, request.viewer));

  route(app, contracts.unlikeDesign, {}, async (request) => unlikeDesign(app.db, request.params.id, request.viewer));

  route(app, contracts.listComments, {}, async (request) => ({
    items: await listComments(app.db, request.params.id),
  }));

  route(app, contracts.addComment, { responses: signInRequiredResponse }, async (request, reply) =>
    reply.code(201).send(await addComment(app.db, request.params.id, requireAccount(request), request.body)),
  );
}

import { contracts, errorResponseSchema } from '@dwellscape/shared';
import { route } from '../../contract-route';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import type { AppInstance } from '../../types';
import { COMMENT_LIMIT, DESIGN_EDIT_LIMIT, LIKE_LIMIT, PUBLISH_LIMIT } from './design-write-limits';
import {
  addComment,
  deleteDesign,
  getDesign,
  likeDesign,
  listComments,
  listFeed,
  listRemixes,
  publishDesign,
  unlikeDesign,
  updateDesign,
} from './designs.service';
import { feedPageResponse } from './feed-response';

export default async function designsRoutes(app: AppInstance) {
  route(app, contracts.listFeed, {}, async (request) =>
    feedPageResponse(await listFeed(app.db, request.viewer, request.query, app.feedCache, app.viewerCaches)),
  );

  // a limited write's answers: what it answers besides, and 429 past its limit
  const limited = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

  route(
    app,
    contracts.publishDesign,
    { limits: [PUBLISH_LIMIT], responses: { ...limited, ...signInRequiredResponse } },
    async (request, reply) => {
      const viewer = { ...request.viewer, accountId: requireAccount(request) };
      const design = await publishDesign(app.db, app.storage, viewer, request.body);
      return reply.code(201).send(design);
    },
  );

  route(app, contracts.getDesign, {}, async (request) => getDesign(app.db, request.params.id, request.viewer));

  route(
    app,
    contracts.listRemixes,
    { responses: { 400: errorResponseSchema, 404: errorResponseSchema } },
    async (request) => ({ items: await listRemixes(app.db, request.params.id, request.viewer) }),
  );

  route(app, contracts.likeDesign, { limits: [LIKE_LIMIT], responses: limited }, async (request) =>
    likeDesign(app.db, request.params.id, request.viewer),
  );

  route(app, contracts.unlikeDesign, { limits: [LIKE_LIMIT], responses: limited }, async (request) =>
    unlikeDesign(app.db, request.params.id, request.viewer),
  );

  route(
    app,
    contracts.listComments,
    { responses: { 400: errorResponseSchema, 404: errorResponseSchema } },
    async (request) => listComments(app.db, request.params.id, request.viewer, request.query),
  );

  route(
    app,
    contracts.addComment,
    { limits: [COMMENT_LIMIT], responses: { ...limited, ...signInRequiredResponse } },
    async (request, reply) =>
      reply.code(201).send(await addComment(app.db, request.params.id, requireAccount(request), request.body)),
  );

  // the author's own writes: 403 for another account's design it can see
  const ownWrite = { ...limited, 403: errorResponseSchema, ...signInRequiredResponse };

  route(app, contracts.updateDesign, { limits: [DESIGN_EDIT_LIMIT], responses: ownWrite }, async (request) => {
    const viewer = { ...request.viewer, accountId: requireAccount(request) };
    return updateDesign(app.db, app.storage, request.params.id, viewer, request.body);
  });

  route(app, contracts.deleteDesign, { limits: [DESIGN_EDIT_LIMIT], responses: ownWrite }, async (request, reply) => {
    await deleteDesign(app.db, app.storage, request.params.id, requireAccount(request));
    return reply.code(204).send();
  });
}

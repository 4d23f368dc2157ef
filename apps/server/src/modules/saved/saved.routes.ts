import {
  apiPaths,
  designPageQuerySchema,
  designPageResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  saveResponseSchema,
} from '@dwellscape/shared';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import type { AppInstance } from '../../types';
import { listSavedDesigns, saveDesign, unsaveDesign } from './saved.service';

// apiPaths builders encode their argument, so route patterns are spelled from the base path
const savePath = `${apiPaths.designs}/:id/save`;

const saveSchema = {
  params: idParamsSchema,
  response: { 200: saveResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, ...signInRequiredResponse },
};

export default async function savedRoutes(app: AppInstance) {
  app.put(savePath, { schema: saveSchema }, async (request) =>
    saveDesign(app.db, requireAccount(request), request.params.id),
  );

  app.delete(savePath, { schema: saveSchema }, async (request) =>
    unsaveDesign(app.db, requireAccount(request), request.params.id),
  );

  app.get(
    apiPaths.meSaved,
    {
      schema: {
        querystring: designPageQuerySchema,
        response: { 200: designPageResponseSchema, 400: errorResponseSchema, ...signInRequiredResponse },
      },
    },
    async (request) => {
      const accountId = requireAccount(request);
      return listSavedDesigns(app.db, { ...request.viewer, accountId }, request.query);
    },
  );
}

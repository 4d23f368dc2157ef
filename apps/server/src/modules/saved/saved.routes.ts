import { contracts, errorResponseSchema } from '@dwellscape/shared';
import { route } from '../../contract-route';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import type { AppInstance } from '../../types';
import { SAVE_LIMIT } from '../designs/design-write-limits';
import { listSavedDesigns, saveDesign, unsaveDesign } from './saved.service';

const saveResponses = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  ...signInRequiredResponse,
};

export default async function savedRoutes(app: AppInstance) {
  route(app, contracts.saveDesign, { limits: [SAVE_LIMIT], responses: saveResponses }, async (request) =>
    saveDesign(app.db, requireAccount(request), request.params.id),
  );

  route(app, contracts.unsaveDesign, { limits: [SAVE_LIMIT], responses: saveResponses }, async (request) =>
    unsaveDesign(app.db, requireAccount(request), request.params.id),
  );

  route(
    app,
    contracts.listSaved,
    { responses: { 400: errorResponseSchema, ...signInRequiredResponse } },
    async (request) => {
      const accountId = requireAccount(request);
      return listSavedDesigns(app.db, { ...request.viewer, accountId }, request.query);
    },
  );
}

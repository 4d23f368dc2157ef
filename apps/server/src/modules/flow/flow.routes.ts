import { contracts, errorResponseSchema } from '@dwellscape/shared';
import { route } from '../../contract-route';
import type { AppInstance } from '../../types';
import { listQuestions, listSpaces, listTemplates } from './flow.service';

const responses = { 400: errorResponseSchema };

export default async function flowRoutes(app: AppInstance) {
  route(app, contracts.listQuestions, { responses }, async (request) => ({
    items: await listQuestions(app.db, request.query.mode),
  }));

  route(app, contracts.listTemplates, { responses }, async (request) => ({
    items: await listTemplates(app.db, request.query.mode),
  }));

  route(app, contracts.listSpaces, { responses }, async (request) => ({
    items: await listSpaces(app.db, request.query.mode, (key) => app.storage.urlFor(key)),
  }));
}

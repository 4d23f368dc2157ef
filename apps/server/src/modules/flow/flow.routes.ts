import {
  errorResponseSchema,
  listOf,
  modeQuerySchema,
  questionSchema,
  spaceSchema,
  templateSchema,
} from '@dwellscape/shared';
import type { AppInstance } from '../../types';
import { listQuestions, listSpaces, listTemplates } from './flow.service';

export default async function flowRoutes(app: AppInstance) {
  app.get(
    '/api/questions',
    { schema: { querystring: modeQuerySchema, response: { 200: listOf(questionSchema), 400: errorResponseSchema } } },
    async (request) => ({ items: await listQuestions(app.db, request.query.mode) }),
  );

  app.get(
    '/api/templates',
    { schema: { querystring: modeQuerySchema, response: { 200: listOf(templateSchema), 400: errorResponseSchema } } },
    async (request) => ({ items: await listTemplates(app.db, request.query.mode) }),
  );

  app.get(
    '/api/spaces',
    { schema: { querystring: modeQuerySchema, response: { 200: listOf(spaceSchema), 400: errorResponseSchema } } },
    async (request) => ({ items: await listSpaces(app.db, request.query.mode) }),
  );
}

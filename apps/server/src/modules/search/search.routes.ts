import { errorResponseSchema, searchQuerySchema, searchResponseSchema } from '@dwellscape/shared';
import type { AppInstance } from '../../types';
import { searchEverything } from './search.service';

export default async function searchRoutes(app: AppInstance) {
  app.get(
    '/api/search',
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema, 400: errorResponseSchema } } },
    async (request) => searchEverything(app.db, request.query.q, request.query.mode, request.viewer.viewerId),
  );
}

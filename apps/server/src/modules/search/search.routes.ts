import {
  apiPaths,
  errorResponseSchema,
  searchPageQuerySchema,
  searchPageSchemas,
  searchQuerySchema,
  searchResponseSchema,
  type SearchList,
} from '@dwellscape/shared';
import type { AppInstance } from '../../types';
import { searchEverything, searchList } from './search.service';

export default async function searchRoutes(app: AppInstance) {
  app.get(
    apiPaths.search,
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema, 400: errorResponseSchema } } },
    async (request) => searchEverything(app.db, request.query.q, request.query.mode, request.viewer),
  );

  // 'Show more' on a tab: one route per list, each answering its own item shape
  const pageSchema = <List extends SearchList>(list: List) => ({
    querystring: searchPageQuerySchema,
    response: { 200: searchPageSchemas[list], 400: errorResponseSchema },
  });
  app.get(apiPaths.searchList('designs'), { schema: pageSchema('designs') }, async (request) =>
    searchList(app.db, 'designs', request.query, request.viewer),
  );
  app.get(apiPaths.searchList('products'), { schema: pageSchema('products') }, async (request) =>
    searchList(app.db, 'products', request.query, request.viewer),
  );
  app.get(apiPaths.searchList('users'), { schema: pageSchema('users') }, async (request) =>
    searchList(app.db, 'users', request.query, request.viewer),
  );
}

import { contracts, errorResponseSchema } from '@dwellscape/shared';
import { route } from '../../contract-route';
import type { AppInstance } from '../../types';
import { searchEverything, searchList } from './search.service';

const responses = { 400: errorResponseSchema };

export default async function searchRoutes(app: AppInstance) {
  route(app, contracts.search, { responses }, async (request) =>
    searchEverything(app.db, request.query.q, request.query.mode, request.viewer),
  );

  // 'Show more' on a tab: one route per list, each answering its own item shape
  route(app, contracts.searchDesigns, { responses }, async (request) =>
    searchList(app.db, 'designs', request.query, request.viewer),
  );
  route(app, contracts.searchProducts, { responses }, async (request) =>
    searchList(app.db, 'products', request.query, request.viewer),
  );
  route(app, contracts.searchUsers, { responses }, async (request) =>
    searchList(app.db, 'users', request.query, request.viewer),
  );
}

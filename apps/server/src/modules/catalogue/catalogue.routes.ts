import { contracts, errorResponseSchema } from '@dwellscape/shared';
import { route } from '../../contract-route';
import type { AppInstance } from '../../types';
import { getProduct, listBrands, listProducts } from './catalogue.service';

export default async function catalogueRoutes(app: AppInstance) {
  route(app, contracts.listBrands, { responses: { 400: errorResponseSchema } }, async (request) => ({
    items: await listBrands(app.db, request.query.mode),
  }));

  route(app, contracts.listProducts, { responses: { 400: errorResponseSchema } }, async (request) => ({
    items: await listProducts(app.db, request.query.mode, request.query.brand),
  }));

  route(
    app,
    contracts.getProduct,
    { responses: { 400: errorResponseSchema, 404: errorResponseSchema } },
    async (request) => getProduct(app.db, request.params.id),
  );
}

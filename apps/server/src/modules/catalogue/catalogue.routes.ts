import {
  brandSchema,
  errorResponseSchema,
  idParamsSchema,
  listOf,
  modeQuerySchema,
  productSchema,
  productsQuerySchema,
} from '@dwellscape/shared';
import type { AppInstance } from '../../types';
import { getProduct, listBrands, listProducts } from './catalogue.service';

export default async function catalogueRoutes(app: AppInstance) {
  app.get(
    '/api/brands',
    { schema: { querystring: modeQuerySchema, response: { 200: listOf(brandSchema), 400: errorResponseSchema } } },
    async (request) => ({ items: await listBrands(app.db, request.query.mode) }),
  );

  app.get(
    '/api/products',
    {
      schema: { querystring: productsQuerySchema, response: { 200: listOf(productSchema), 400: errorResponseSchema } },
    },
    async (request) => ({ items: await listProducts(app.db, request.query.mode, request.query.brand) }),
  );

  app.get(
    '/api/products/:id',
    {
      schema: {
        params: idParamsSchema,
        response: { 200: productSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getProduct(app.db, request.params.id),
  );
}

import {
  apiPaths,
  errorResponseSchema,
  orderIdParamsSchema,
  orderSchema,
  ordersResponseSchema,
  placeOrderBodySchema,
  placeOrderResponseSchema,
} from '@dwellscape/shared';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import type { AppInstance } from '../../types';
import { cancelOrder, listOrders, placeOrder } from './orders.service';
import type { PaymentProvider } from './payment-provider';

// apiPaths builders encode their argument, so route patterns are spelled from the base path
const cancelPath = `${apiPaths.orders}/:id/cancel`;

export default async function ordersRoutes(app: AppInstance, options: { paymentProvider: PaymentProvider }) {
  app.post(
    apiPaths.orders,
    {
      schema: {
        body: placeOrderBodySchema,
        response: {
          200: placeOrderResponseSchema,
          201: placeOrderResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          ...signInRequiredResponse,
        },
      },
    },
    async (request, reply) => {
      const placed = await placeOrder(app.db, options.paymentProvider, requireAccount(request), request.body);
      // 201 for the order this request made, 200 for one its key made before
      return reply.code(placed.created ? 201 : 200).send(placed);
    },
  );

  app.get(
    apiPaths.orders,
    { schema: { response: { 200: ordersResponseSchema, ...signInRequiredResponse } } },
    async (request) => listOrders(app.db, requireAccount(request)),
  );

  app.post(
    cancelPath,
    {
      schema: {
        params: orderIdParamsSchema,
        response: {
          200: orderSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...signInRequiredResponse,
        },
      },
    },
    async (request) => cancelOrder(app.db, requireAccount(request), request.params.id),
  );
}

import { contracts, errorResponseSchema, placeOrderResponseSchema } from '@dwellscape/shared';
import { route } from '../../contract-route';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import type { AppInstance } from '../../types';
import { cancelOrder, listOrders, placeOrder } from './orders.service';
import type { PaymentProvider } from './payment-provider';

export default async function ordersRoutes(app: AppInstance, options: { paymentProvider: PaymentProvider }) {
  route(
    app,
    contracts.placeOrder,
    {
      responses: {
        // the order a key placed before, answered again
        200: placeOrderResponseSchema,
        400: errorResponseSchema,
        409: errorResponseSchema,
        ...signInRequiredResponse,
      },
    },
    async (request, reply) => {
      const placed = await placeOrder(app.db, options.paymentProvider, requireAccount(request), request.body);
      // 201 for the order this request made, 200 for one its key made before
      return reply.code(placed.created ? 201 : 200).send(placed);
    },
  );

  route(app, contracts.listOrders, { responses: signInRequiredResponse }, async (request) =>
    listOrders(app.db, requireAccount(request)),
  );

  route(
    app,
    contracts.cancelOrder,
    {
      responses: {
        400: errorResponseSchema,
        404: errorResponseSchema,
        409: errorResponseSchema,
        ...signInRequiredResponse,
      },
    },
    async (request) => cancelOrder(app.db, requireAccount(request), request.params.id),
  );
}

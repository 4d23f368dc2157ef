import { contracts, errorResponseSchema, placeOrderResponseSchema } from '@dwellscape/shared';
import { route } from '../../contract-route';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import type { AppInstance } from '../../types';
import { cancelOrder, expireUnpaidOrders, listOrders, placeOrder } from './orders.service';
import type { PaymentProvider } from './payment-provider';

/** How often each instance looks for orders past their payment window, besides once at start-up. */
export const ORDER_EXPIRY_SWEEP_MS = 10 * 60_000;

export default async function ordersRoutes(app: AppInstance, options: { paymentProvider: PaymentProvider }) {
  scheduleOrderExpiry(app);

  route(
    app,
    contracts.placeOrder,
    {
      responses: {
        // the order a key placed before, answered again
        200: placeOrderResponseSchema,
        400: errorResponseSchema,
        409: errorResponseSchema,
        // the buyer's unpaid orders of the last 24 hours are at a cap (docs/security.md)
        429: errorResponseSchema,
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

/**
 * Expires unpaid orders past ORDER_PAYMENT_WINDOW (docs/security.md) once the server is ready and every
 * ORDER_EXPIRY_SWEEP_MS after, in every instance: the sweep takes its orders with SKIP LOCKED, so
 * instances sweeping together expire each order once. A failed sweep is logged and the next one
 * tries again; an order is at most one interval late.
 */
function scheduleOrderExpiry(app: AppInstance) {
  const log = app.log.child({ module: 'orders' });
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= expireUnpaidOrders(app.db, { now: new Date(), paymentWindowMs: app.config.orderPaymentWindowMs })
      .then((expired) => {
        if (expired > 0) log.info({ expired }, 'expired unpaid orders');
      })
      .catch((err: unknown) => log.error({ err }, 'order expiry sweep failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), ORDER_EXPIRY_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

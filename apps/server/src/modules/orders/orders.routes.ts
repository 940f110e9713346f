import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderRequestSchema, orderResponseSchema, purchaseSchema, quoteRequestSchema, quoteSchema } from '@souq/shared/api/orders';
import { errorBodySchema, idParamSchema, pageQuerySchema } from '@souq/shared/api/common';
import { principalOf, requireUser } from '../../platform/auth.js';
import { badRequest, serviceUnavailable } from '../../platform/errors.js';
import { MSG } from '@souq/shared/messages';
import type { PaymentState } from '@souq/shared/api/payments';
import type { PurchaseToPay } from '../payments/payments.service.js';
import type { OrdersService } from './orders.service.js';
import { sendPage } from '../../platform/paging.js';
import { readerOf } from '../../platform/request-locale.js';

const idempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(200).optional(),
}).passthrough();

/** Starts a card purchase's payment at the provider (the payments module, wired in app.ts). */
type StartPayment = (purchase: PurchaseToPay, lang: 'en' | 'ar', opts?: { fresh?: boolean }) => Promise<PaymentState & { token: string }>;

/** Checkout's cash-on-delivery rule (the cod module, decision 0140): 422 for a shopper with too many refused deliveries. */
type CodRule = { assertCodAllowed: (who: { userId: number | null; email: string | null }) => Promise<void> };

export function ordersRoutes(deps: { orders: OrdersService; payments: { begin: StartPayment }; cod: CodRule }) {
  const { orders } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/api/orders', {
      schema: {
        tags: ['orders'],
        summary: 'Place an order (no sign-in needed; a customer token links it). Honours Idempotency-Key.',
        headers: idempotencyHeaders,
        body: orderRequestSchema,
        response: {
          200: orderResponseSchema, 201: orderResponseSchema,
          400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 503: errorBodySchema,
        },
      },
    }, async (req, reply) => {
      const key = req.headers['idempotency-key'];
      if (Array.isArray(key)) throw badRequest('Send one Idempotency-Key header');
      // checkout sends no auth header (spec §6); a customer token, when sent, links the order to the account.
      // An expired token does not block a purchase: the order is placed as a guest order.
      const userId = req.principal?.kind === 'user' ? req.principal.userId : null;
      const reader = readerOf(req);
      // a shopper whose deliveries were refused too often pays by card (decision 0140)
      if (req.body.payment_method === 'cod') await deps.cod.assertCodAllowed({ userId, email: req.body.customer_info.email });
      const { order, replayed, confirmationQueued } = await orders.placeOrder(req.body, { userId, idempotencyKey: key ?? null, reader, holdForPayment: true });
      // a card purchase waits on hold for its payment: the provider's payment is created now (once per purchase, so a
      // repeated request gets the same one) and the shopper is sent to pay (decision 0137)
      let payment: (PaymentState & { token: string }) | null = null;
      // only what store credit did not pay goes to the provider; a purchase the credit covers needs no payment (0141)
      if (order.payment_method === 'card' && order.amount_due > 0) {
        try {
          payment = await deps.payments.begin({ ...order, total_amount: order.amount_due, user_id: userId }, reader.locale === 'ar' ? 'ar' : 'en', { fresh: !replayed });
        } catch (err) {
          req.log.error({ err }, 'payments: the provider did not create the payment');
          throw serviceUnavailable(MSG.paymentProviderUnavailable);
        }
      }
      if (replayed) void reply.header('idempotent-replayed', 'true');
      return reply.status(replayed ? 200 : 201).send({ order, order_number: order.order_number, confirmation_email_queued: confirmationQueued, payment });
    });

    r.post('/api/orders/quote', {
      schema: {
        tags: ['orders'],
        summary: 'Price a cart before paying: one part per seller with its own shipping and, given the emirate, its delivery promise; and the totals (no sign-in needed; nothing is written)',
        body: quoteRequestSchema,
        response: { 200: quoteSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema },
      },
    }, async (req) => orders.quote(req.body.items, req.body.emirate, {
      couponCode: req.body.coupon_code, userId: req.principal?.kind === 'user' ? req.principal.userId : null,
    }));

    r.get('/api/my/orders/:id', {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: "One of the signed-in customer's purchases with its sub-orders (one per seller)",
        params: idParamSchema,
        response: { 200: purchaseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    }, async (req) => orders.getForUser(principalOf(req).userId, req.params.id));

    r.get('/api/my/orders', {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: "The signed-in customer's purchases with their sub-orders, newest first (bounded; total in X-Total-Count)",
        querystring: pageQuerySchema,
        response: { 200: z.array(purchaseSchema), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async (req, reply) => {
      return sendPage(reply, await orders.listForUser(principalOf(req).userId, req.query));
    });
  };
}

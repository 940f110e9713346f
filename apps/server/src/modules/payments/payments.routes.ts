import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@souq/shared/api/common';
import { cardIssuesSchema, paymentStateQuerySchema, paymentStateSchema, purchaseNumberParamSchema, webhookAnswerSchema } from '@souq/shared/api/payments';
import { requireAdmin } from '../../platform/auth.js';
import { readerOf } from '../../platform/request-locale.js';
import type { PaymentsService } from './payments.service.js';

export function paymentsRoutes(deps: { payments: PaymentsService }) {
  const { payments } = deps;
  return async function plugin(app: FastifyInstance) {
    // a webhook's signature is over its exact bytes: in this plugin JSON bodies stay the raw string they arrived as
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/api/payments/webhooks/:provider', {
      schema: {
        tags: ['payments'],
        summary: "A payment provider's signed event (Stripe-Signature / Cko-Signature over the raw body); stored once, acted on after reading the object back",
        params: z.object({ provider: z.enum(['stripe', 'checkout']) }),
        response: { 200: webhookAnswerSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    }, async (req) => payments.webhook(req.params.provider, typeof req.body === 'string' ? req.body : '', req.headers));

    r.get('/api/payments/purchases/:number', {
      schema: {
        tags: ['payments'],
        summary: "A card purchase's payment, read back from the provider: where to pay now, or paid, or expired (its owner, or the token its checkout was given)",
        params: purchaseNumberParamSchema,
        querystring: paymentStateQuerySchema,
        response: { 200: paymentStateSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    }, async (req) => {
      const userId = req.principal?.kind === 'user' ? req.principal.userId : null;
      return payments.state(req.params.number, { userId, token: req.query.token ?? null }, readerOf(req).locale === 'ar' ? 'ar' : 'en');
    });

    r.get('/api/admin/finance/card-issues', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Card disputes the provider reported (open first: what each holds, its fee, what was lost) and refunds to a card that failed (owed to the shopper again)',
        response: { 200: cardIssuesSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async () => payments.cardIssues());
  };
}

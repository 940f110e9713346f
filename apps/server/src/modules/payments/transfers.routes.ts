import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@souq/shared/api/common';
import { onboardingLinkSchema, sellerAccountStateSchema, sellerTransferSchema, transfersQuerySchema } from '@souq/shared/api/transfers';
import { actorOf } from '../../platform/audit.js';
import { principalOf, requireAdmin, requireVendor } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import { sendPage } from '../../platform/paging.js';
import type { PaymentsService } from './payments.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The vendor of the session (never from the request). */
function vendorIdOf(req: FastifyRequest): number {
  const { vendorId } = principalOf(req);
  if (vendorId === null) throw forbidden();
  return vendorId;
}

/**
 * Sellers paid by transfer (issue 36 item 5, decision 0147): the vendor's connected account at the payment provider
 * and its transfers (Vendor › Earnings), every transfer for the admin (Finance). A vendor reaches only its own.
 */
export function transfersRoutes(deps: { payments: PaymentsService }) {
  const { transfers } = deps.payments;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/vendor/earnings/provider-account', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "The vendor's connected account at the payment provider as last read back (null without one), the provider fees behind its transfers, and what it owes on refunds after a transfer",
        response: { 200: sellerAccountStateSchema, ...errors },
      },
    }, async (req) => transfers.state(vendorIdOf(req)));

    r.post('/api/vendor/earnings/provider-account/onboarding', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "Connect (or update) a payout account with the payment provider: its account created once, and the provider's onboarding page to go to (409 when the provider has none)",
        response: { 200: onboardingLinkSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
      },
    }, async (req) => transfers.onboarding(vendorIdOf(req), actorOf(req)));

    r.post('/api/vendor/earnings/provider-account/refresh', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "Back from the provider's page: the connected account read back from the provider and stored (404 without one)",
        response: { 200: sellerAccountStateSchema, ...errors, 404: errorBodySchema },
      },
    }, async (req) => transfers.refresh(vendorIdOf(req), actorOf(req)));

    r.get('/api/vendor/earnings/transfers', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "The vendor's transfers to its connected account, newest first (date, sub-order, amount, reversed, status); total in X-Total-Count",
        querystring: transfersQuerySchema,
        response: { 200: z.array(sellerTransferSchema), ...errors },
      },
    }, async (req, reply) => {
      const { limit, offset, status } = req.query;
      return sendPage(reply, await transfers.list({ vendorId: vendorIdOf(req), ...(status ? { status } : {}) }, { limit, offset }));
    });

    r.get('/api/admin/finance/transfers', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Every transfer to sellers' connected accounts, newest first, by status (failed and reversed ones say why); total in X-Total-Count",
        querystring: transfersQuerySchema,
        response: { 200: z.array(sellerTransferSchema), ...errors },
      },
    }, async (req, reply) => {
      const { limit, offset, status } = req.query;
      return sendPage(reply, await transfers.list(status ? { status } : {}, { limit, offset }));
    });
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema, pageQuerySchema } from '@souq/shared/api/common';
import {
  ledgerEntrySchema, payoutAccountSchema, payoutAccountUpdateSchema, payoutSchema, statementQuerySchema, vendorBalanceSchema, vendorEntriesQuerySchema,
} from '@souq/shared/api/payouts';
import { MSG } from '@souq/shared/messages';
import { principalOf, requireVendor, requireVendorOrAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { sendPage } from '../../platform/paging.js';
import type { FinanceQueries } from './finance.queries.js';
import type { PayoutsService } from './payouts.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The vendor of the session (never from the request). */
function vendorIdOf(req: FastifyRequest): number {
  const { vendorId } = principalOf(req);
  if (vendorId === null) throw forbidden();
  return vendorId;
}

/** An admin reaches any vendor's payout account; a vendor only its own, another's is as absent as a missing one. */
function assertOwnOrAdmin(req: FastifyRequest, vendorId: number) {
  const p = principalOf(req);
  if (p.kind === 'admin') return;
  if (p.kind === 'vendor' && p.vendorId === vendorId) return;
  throw notFound(MSG.vendorNotFound);
}

/** The vendor's Earnings tab (issue 24 item 5, decision 0095) and its payout account. */
export function earningsRoutes(deps: { payouts: PayoutsService; finance: FinanceQueries }) {
  const { payouts, finance } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/vendors/:id/payout-account', {
      preHandler: requireVendorOrAdmin,
      schema: {
        tags: ['vendors'],
        summary: "The vendor's payout account (UAE IBAN and account holder); a vendor reads only its own (404 otherwise)",
        params: idParamSchema,
        response: { 200: payoutAccountSchema, ...errors, 404: errorBodySchema },
      },
    }, async (req) => {
      assertOwnOrAdmin(req, req.params.id);
      return payouts.payoutAccount(req.params.id);
    });

    r.put('/api/vendors/:id/payout-account', {
      preHandler: requireVendorOrAdmin,
      schema: {
        tags: ['vendors'],
        summary: 'Set the payout account: a UAE IBAN (AE + 21 digits, ISO 13616 mod-97 checksum) and the account holder. Audited (IBAN masked)',
        params: idParamSchema,
        body: payoutAccountUpdateSchema,
        response: { 200: payoutAccountSchema, ...errors, 404: errorBodySchema },
      },
    }, async (req) => {
      assertOwnOrAdmin(req, req.params.id);
      return payouts.setPayoutAccount(req.params.id, req.body, actorOf(req));
    });

    r.get('/api/vendor/earnings', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "The vendor's balance from the ledger: held (sub-orders within their return window), available, paid out",
        response: { 200: vendorBalanceSchema, ...errors },
      },
    }, async (req) => finance.balance(vendorIdOf(req)));

    r.get('/api/vendor/earnings/entries', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "The ledger rows behind the vendor's balance, newest first, by kind and day range; total in X-Total-Count",
        querystring: vendorEntriesQuerySchema,
        response: { 200: z.array(ledgerEntrySchema), ...errors },
      },
    }, async (req, reply) => {
      const { limit, offset, ...f } = req.query;
      return sendPage(reply, await finance.vendorEntries(vendorIdOf(req), f, { limit, offset }));
    });

    r.get('/api/vendor/earnings/payouts', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "The vendor's payouts, newest first (pending, paid, failed); total in X-Total-Count",
        querystring: pageQuerySchema,
        response: { 200: z.array(payoutSchema), ...errors },
      },
    }, async (req, reply) => sendPage(reply, await payouts.vendorPayouts(vendorIdOf(req), req.query)));

    r.get('/api/vendor/earnings/statement', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "The vendor's statement over a day range as CSV: balance brought forward, every entry with the running balance, closing balance",
        querystring: statementQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    }, async (req, reply) => {
      const { csv, rows } = await finance.statementCsv(vendorIdOf(req), req.query.from, req.query.to);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${req.query.from}-${req.query.to}.csv"`)
        .header('cache-control', 'private, no-store')
        .header('x-export-lines', String(rows))
        .send(csv);
    });
  };
}

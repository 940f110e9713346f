import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema, pageQuerySchema } from '@souq/shared/api/common';
import {
  adjustmentCreateSchema, financeRevenueSchema, payoutAccountSchema, ledgerEntrySchema, ledgerQuerySchema, payoutBatchCreateSchema, payoutBatchSchema, payoutFailSchema,
  payoutSchema, revenueQuerySchema, vendorBalanceRowSchema,
} from '@souq/shared/api/payouts';
import { requireAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { sendPage } from '../../platform/paging.js';
import type { FinanceQueries } from './finance.queries.js';
import type { PayoutsService } from './payouts.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['admin'];

/** The admin Finance section (issue 24 item 7, decision 0095): revenue, balances, payouts, adjustments, the ledger. */
export function financeRoutes(deps: { payouts: PayoutsService; finance: FinanceQueries }) {
  const { payouts, finance } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/admin/finance/revenue', {
      preHandler: requireAdmin,
      schema: {
        tags, summary: "The marketplace's revenue per UTC day: commission earned, reversed and net, from the ledger's commission_revenue account",
        querystring: revenueQuerySchema, response: { 200: financeRevenueSchema, ...errors },
      },
    }, async (req) => finance.revenue(req.query));

    r.get('/api/admin/finance/balances', {
      preHandler: requireAdmin,
      schema: { tags, summary: "Every vendor's balance (held, available, paid) from the ledger, and whether it has a payout account", response: { 200: z.array(vendorBalanceRowSchema), ...errors } },
    }, async () => finance.balances());

    r.get('/api/admin/finance/ledger', {
      preHandler: requireAdmin,
      schema: {
        tags, summary: 'The ledger, newest first, by account, kind, vendor and day range; total in X-Total-Count',
        querystring: ledgerQuerySchema, response: { 200: z.array(ledgerEntrySchema), ...errors },
      },
    }, async (req, reply) => {
      const { limit, offset, ...f } = req.query;
      return sendPage(reply, await finance.ledger(f, { limit, offset }));
    });

    r.get('/api/admin/finance/payout-batches', {
      preHandler: requireAdmin,
      schema: { tags, summary: 'Payout batches, newest first, with their payouts; total in X-Total-Count', querystring: pageQuerySchema, response: { 200: z.array(payoutBatchSchema), ...errors } },
    }, async (req, reply) => sendPage(reply, await payouts.batches(req.query)));

    r.post('/api/admin/finance/payout-batches', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Create a payout batch: every vendor with an available balance at or above the minimum and a payout account is paid all of it (posted, audited); vendors without an IBAN are listed as skipped. 422 when no one is to be paid',
        body: payoutBatchCreateSchema,
        response: { 201: payoutBatchSchema, ...errors, 422: errorBodySchema },
      },
    }, async (req, reply) => reply.code(201).send(await payouts.createBatch(req.body.minimum_cents, actorOf(req))));

    r.get('/api/admin/finance/payout-batches/:id', {
      preHandler: requireAdmin,
      schema: { tags, summary: 'One payout batch with its payouts', params: idParamSchema, response: { 200: payoutBatchSchema, ...errors, 404: errorBodySchema } },
    }, async (req) => payouts.batch(req.params.id));

    r.get('/api/admin/finance/payout-batches/:id/transfers.csv', {
      preHandler: requireAdmin,
      schema: {
        tags, summary: "A batch's bank-transfer file (CSV: vendor, IBAN, account holder, amount, currency, reference); failed payouts left out",
        params: idParamSchema, response: { 200: z.string().describe('text/csv'), ...errors, 404: errorBodySchema },
      },
    }, async (req, reply) => {
      const csv = await payouts.batchCsv(req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payout-batch-${req.params.id}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    });

    r.post('/api/admin/finance/payouts/:id/paid', {
      preHandler: requireAdmin,
      schema: {
        tags, summary: 'Mark a pending payout paid (the bank sent it): clearing → bank, audited; 409 when it is not pending',
        params: idParamSchema, response: { 200: payoutSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
      },
    }, async (req) => payouts.markPaid(req.params.id, actorOf(req)));

    r.post('/api/admin/finance/payouts/:id/failed', {
      preHandler: requireAdmin,
      schema: {
        tags, summary: "Mark a pending payout failed with the bank's reason and its code: the money returns to the vendor's available balance; an account code (account_closed, invalid_account, holder_mismatch) marks the vendor's account failed until its details change. Audited; 409 when it is not pending",
        params: idParamSchema, body: payoutFailSchema, response: { 200: payoutSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
      },
    }, async (req) => payouts.markFailed(req.params.id, req.body.reason, actorOf(req), req.body.code));

    r.post('/api/admin/finance/payout-accounts/:id/verify', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Verify a vendor's payout account waiting for verification (decision 0125): batches pay it once its waiting days are over. Audited; 409 when it is not waiting, 422 without an account",
        params: idParamSchema, response: { 200: payoutAccountSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema },
      },
    }, async (req) => payouts.verifyPayoutAccount(req.params.id, actorOf(req)));

    r.post('/api/admin/finance/adjustments', {
      preHandler: requireAdmin,
      schema: {
        tags, summary: "A manual credit (amount > 0) or debit (< 0) of a vendor's balance against the marketplace, with a required reason; posted and audited",
        body: adjustmentCreateSchema, response: { 201: z.array(ledgerEntrySchema), ...errors, 404: errorBodySchema },
      },
    }, async (req, reply) => reply.code(201).send(await payouts.adjust(req.body, actorOf(req))));
  };
}

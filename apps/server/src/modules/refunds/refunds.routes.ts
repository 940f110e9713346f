import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema, pageQuerySchema } from '@souq/shared/api/common';
import {
  adminBankRefundsQuerySchema, bankRefundFailSchema, bankRefundSchema, myStoreCreditSchema, refundBankAccountSchema, refundBatchSchema,
} from '@souq/shared/api/refunds';
import { principalOf, requireAdmin, requireUser } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { sendPage } from '../../platform/paging.js';
import type { RefundsService } from './refunds.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** Store credit and bank-transfer refunds (decision 0141): the shopper's own, and the admin's refunds batches. */
export function refundsRoutes(deps: { refunds: RefundsService }) {
  const { refunds } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/my/store-credit', {
      preHandler: requireUser,
      schema: {
        tags: ['orders'], summary: "The customer's own store credit: the balance (minus the sum of their ledger rows) and its latest movements",
        response: { 200: myStoreCreditSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async (req) => refunds.myStoreCredit(principalOf(req).userId));

    r.get('/api/my/refunds', {
      preHandler: requireUser,
      schema: {
        tags: ['orders'], summary: "The customer's own bank-transfer refunds and their transfers' state (a failed one says why and asks for new details)",
        response: { 200: z.array(bankRefundSchema), 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async (req) => refunds.myRefunds(principalOf(req).userId));

    r.put('/api/my/refunds/:id/account', {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: "New bank details for the customer's own failed (or not yet sent) bank-transfer refund: a checked UAE IBAN and the holder's name; it is owed again and the next batch sends it. Another's refund is a 404, a sent or paid one a 409",
        params: idParamSchema, body: refundBankAccountSchema,
        response: { 200: bankRefundSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
      },
    }, async (req) => refunds.updateMyAccount(principalOf(req).userId, req.params.id, req.body, actorOf(req)));

    r.get('/api/admin/refunds', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'], summary: 'Bank-transfer refunds owed to shoppers, newest first, by state and batch; total in X-Total-Count',
        querystring: adminBankRefundsQuerySchema, response: { 200: z.array(bankRefundSchema), ...errors },
      },
    }, async (req, reply) => sendPage(reply, await refunds.list(req.query)));

    r.get('/api/admin/refund-batches', {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: 'Refunds batches, newest first, with their counts and totals; total in X-Total-Count', querystring: pageQuerySchema, response: { 200: z.array(refundBatchSchema), ...errors } },
    }, async (req, reply) => sendPage(reply, await refunds.batches(req.query)));

    r.post('/api/admin/refund-batches', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Create a refunds batch: every bank-transfer refund owed is sent (posted from the refunds payable to the clearing, audited); 409 when none is owed',
        response: { 201: refundBatchSchema, ...errors, 409: errorBodySchema },
      },
    }, async (req, reply) => reply.code(201).send(await refunds.createBatch(actorOf(req))));

    r.get('/api/admin/refund-batches/:id/transfers.csv', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'], summary: "A refunds batch's bank-transfer file (CSV: account holder, IBAN, amount, currency, reference); failed refunds left out",
        params: idParamSchema, response: { 200: z.string().describe('text/csv'), ...errors, 404: errorBodySchema },
      },
    }, async (req, reply) => {
      const csv = await refunds.batchCsv(req.params.id);
      return reply.header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="refund-batch-${req.params.id}.csv"`)
        .send(csv);
    });

    r.post('/api/admin/refunds/:id/paid', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'], summary: 'The bank paid a sent refund (clearing → bank, audited); 409 unless sent',
        params: idParamSchema, response: { 200: bankRefundSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
      },
    }, async (req) => refunds.markPaid(req.params.id, actorOf(req)));

    r.post('/api/admin/refunds/:id/failed', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "A sent refund's transfer failed, with the bank's reason: the money is owed to the shopper again (clearing → refunds payable, audited) and they are asked for new details; 409 unless sent",
        params: idParamSchema, body: bankRefundFailSchema, response: { 200: bankRefundSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
      },
    }, async (req) => refunds.markFailed(req.params.id, req.body.reason, actorOf(req)));
  };
}

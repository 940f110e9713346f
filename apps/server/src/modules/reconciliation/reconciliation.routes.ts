import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@souq/shared/api/common';
import { BANK_STATEMENT_MAX_CHARS, bankStatementImportSchema, bankStatementSchema, reconciliationRunSchema, reconciliationSummarySchema } from '@souq/shared/api/reconciliation';
import { requireAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import type { ReconciliationService } from './reconciliation.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['admin'];

/** Admin › Finance › Reconciliation (issue 36 item 7, decision 0143). */
export function reconciliationRoutes(deps: { reconciliation: ReconciliationService }) {
  const { reconciliation } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/admin/finance/reconciliation', {
      preHandler: requireAdmin,
      schema: {
        tags, summary: 'The last reconciliation run (provider clearing against the provider balance transactions, bank against the imported statements): its totals and first 200 differences with their causes',
        response: { 200: reconciliationSummarySchema, ...errors },
      },
    }, async () => reconciliation.summary());

    r.post('/api/admin/finance/reconciliation/runs', {
      preHandler: requireAdmin,
      schema: {
        tags, summary: 'Run the reconciliation now (the daily job runs it too); a run already under way is joined. Audited',
        response: { 201: reconciliationRunSchema, ...errors },
      },
    }, async (req, reply) => reply.code(201).send(await reconciliation.runNow(actorOf(req))));

    r.get('/api/admin/finance/reconciliation/bank-statements', {
      preHandler: requireAdmin,
      schema: { tags, summary: 'The imported bank statements, newest first (at most 100)', response: { 200: z.array(bankStatementSchema), ...errors } },
    }, async () => reconciliation.statements());

    r.post('/api/admin/finance/reconciliation/bank-statements', {
      preHandler: requireAdmin,
      bodyLimit: BANK_STATEMENT_MAX_CHARS * 2 + 4096,
      schema: {
        tags,
        summary: 'Import a bank statement: CSV with the header date,amount,currency,reference,description (YYYY-MM-DD, amount negative for money out, payouts named by their SOUQ-PO-… reference). 400 names the first bad line; 409 when the same file was imported before. Audited',
        body: bankStatementImportSchema,
        response: { 201: bankStatementSchema, ...errors, 409: errorBodySchema },
      },
    }, async (req, reply) => reply.code(201).send(await reconciliation.importStatement(req.body, actorOf(req))));
  };
}

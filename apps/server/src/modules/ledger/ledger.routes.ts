import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@souq/shared/api/common';
import {
  commissionRateDeleteSchema, commissionRateSchema, commissionRatesSchema, commissionRateUpdateSchema, ledgerCheckSchema,
} from '@souq/shared/api/ledger';
import { requireAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import type { LedgerService } from './ledger.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** Commission rates and the ledger check, for admins (decision 0087). */
export function ledgerRoutes(deps: { ledger: LedgerService }) {
  const { ledger } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/admin/commission', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Commission rates: the default in force and every category and vendor rate set (most specific wins: vendor, category, default)',
        response: { 200: commissionRatesSchema, ...errors },
      },
    }, async () => ledger.rates());

    r.put('/api/admin/commission', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Set the default, a category\'s or a vendor\'s commission rate in basis points (audited); it applies to orders placed from now on',
        body: commissionRateUpdateSchema,
        response: { 200: commissionRateSchema, ...errors, 404: errorBodySchema },
      },
    }, async (req) => ledger.setRate(req.body, actorOf(req)));

    r.delete('/api/admin/commission', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Remove a category's or a vendor's commission rate (audited); the next less specific rate applies. Answers the rates left",
        querystring: commissionRateDeleteSchema,
        response: { 200: commissionRatesSchema, ...errors, 404: errorBodySchema },
      },
    }, async (req) => {
      await ledger.deleteRate(req.query, actorOf(req));
      return ledger.rates();
    });

    r.get('/api/admin/finance/ledger-check', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "The ledger adds up: its total per currency (zero when balanced), the number of entries and every account's balance (sums of entries)",
        response: { 200: ledgerCheckSchema, ...errors },
      },
    }, async () => ledger.check());
  };
}

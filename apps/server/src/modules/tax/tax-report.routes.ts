import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@souq/shared/api/common';
import { vatReportQuerySchema, vatReportSchema, type VatReport } from '@souq/shared/api/vat-report';
import { principalOf, requireAdmin, requireVendor } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import type { VatReportService } from './tax.report.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const csvResponse = { 200: z.string().describe('text/csv'), ...errors };

function vendorIdOf(req: FastifyRequest): number {
  const { vendorId } = principalOf(req);
  if (vendorId === null) throw forbidden();
  return vendorId;
}

const sendCsv = (reply: FastifyReply, csv: string, name: string) => reply
  .header('content-type', 'text/csv; charset=utf-8')
  .header('content-disposition', `attachment; filename="${name}"`)
  .header('cache-control', 'private, no-store')
  .send(csv);
const fileName = (r: VatReport, who: string) => `vat-${who}-${r.from}-to-${r.to}.csv`;

/** The VAT report (admin, every issuer) and a vendor's own VAT summary, as JSON and CSV (issue 25 item 7, decision 0109). */
export function taxReportRoutes(deps: { vatReport: VatReportService }) {
  const { vatReport } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const adminSummary = "The VAT report for a period of UAE days (both inclusive, at most 366): per issuer (each vendor, the marketplace's own sales) and in total, output tax by category, the VAT 201 boxes 1, 4, 5 and 8 net of credit notes, and the documents' VAT reconciled against the ledger";

    r.get('/api/admin/reports/vat', {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: adminSummary, querystring: vatReportQuerySchema, response: { 200: vatReportSchema, ...errors } },
    }, async (req) => vatReport.forAdmin(req.query));

    r.get('/api/admin/reports/vat.csv', {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: 'The same VAT report as CSV (one row per issuer and figure, amounts in AED)', querystring: vatReportQuerySchema, response: csvResponse },
    }, async (req, reply) => {
      const report = await vatReport.forAdmin(req.query);
      return sendCsv(reply, vatReport.csv(report), fileName(report, 'report'));
    });

    r.get('/api/vendor/vat-summary', {
      preHandler: requireVendor,
      schema: { tags: ['vendor'], summary: "The vendor's own VAT summary for a period: its documents by category, its VAT 201 boxes and their reconciliation against the ledger (no other vendor's data)", querystring: vatReportQuerySchema, response: { 200: vatReportSchema, ...errors } },
    }, async (req) => vatReport.forVendor(req.query, vendorIdOf(req)));

    r.get('/api/vendor/vat-summary.csv', {
      preHandler: requireVendor,
      schema: { tags: ['vendor'], summary: "The vendor's own VAT summary as CSV", querystring: vatReportQuerySchema, response: csvResponse },
    }, async (req, reply) => {
      const vendorId = vendorIdOf(req);
      const report = await vatReport.forVendor(req.query, vendorId);
      return sendCsv(reply, vatReport.csv(report), fileName(report, `vendor-${vendorId}`));
    });
  };
}

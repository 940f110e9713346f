import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import { commissionIssueResultSchema, commissionIssueSchema, commissionListQuerySchema, pintExportQuerySchema, taxDocumentSchema, taxSettingsSchema, taxSettingsUpdateSchema, vendorTaxProfileSchema, vendorTaxProfileUpdateSchema } from '@souq/shared/api/tax';
import { principalOf, requireAdmin, requireUser, requireVendor } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { forbidden } from '../../platform/errors.js';
import type { TaxService } from './tax.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const pdfResponse = { 200: z.string().describe('application/pdf'), ...errors, 404: errorBodySchema };

function vendorIdOf(req: FastifyRequest): number {
  const { vendorId } = principalOf(req);
  if (vendorId === null) throw forbidden();
  return vendorId;
}

const sendPdf = (reply: FastifyReply, file: { bytes: Buffer; filename: string }) =>
  reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.bytes);
const sendFile = (reply: FastifyReply, type: string, file: { bytes: Buffer; filename: string }) =>
  reply.header('content-type', type).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.bytes);
const xmlResponse = { 200: z.string().describe('application/xml: UBL 2.1, PINT AE'), ...errors, 404: errorBodySchema, 422: errorBodySchema };

/** Tax settings (admin), a vendor's tax profile, and tax documents for the shopper, the vendor and the admin (decisions 0098, 0099). */
export function taxRoutes(deps: { tax: TaxService }) {
  const { tax } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/admin/tax-settings', {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: "The shop's VAT settings: price mode (inclusive/exclusive), when invoices are issued, the marketplace's legal name, address and TRN", response: { 200: taxSettingsSchema, ...errors } },
    }, async () => tax.settings());

    r.put('/api/admin/tax-settings', {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: "Set the shop's VAT settings (audited); prices and invoices follow from the next order", body: taxSettingsUpdateSchema, response: { 200: taxSettingsSchema, ...errors } },
    }, async (req) => tax.setSettings(req.body, actorOf(req)));

    r.get('/api/vendor/tax-profile', {
      preHandler: requireVendor,
      schema: { tags: ['vendor'], summary: "The vendor's VAT registration and TRN, whether an admin has verified it and whether VAT is charged on its sales", response: { 200: vendorTaxProfileSchema, ...errors, 404: errorBodySchema } },
    }, async (req) => tax.vendorProfile(vendorIdOf(req)));

    r.put('/api/vendor/tax-profile', {
      preHandler: requireVendor,
      schema: { tags: ['vendor'], summary: 'Declare VAT registration and the TRN (15 digits starting with 100, required when registered; audited). A new TRN waits for an admin to verify it', body: vendorTaxProfileUpdateSchema, response: { 200: vendorTaxProfileSchema, ...errors, 404: errorBodySchema } },
    }, async (req) => tax.setVendorProfile(vendorIdOf(req), req.body, actorOf(req)));

    r.get('/api/admin/vendors/:id/tax-profile', {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: "A vendor's declared VAT registration and TRN, for the KYC review: verifying the vendor verifies the TRN with its documents", params: idParamSchema, response: { 200: vendorTaxProfileSchema, ...errors, 404: errorBodySchema } },
    }, async (req) => tax.vendorProfile(req.params.id));

    r.get('/api/my/tax-documents', {
      preHandler: requireUser,
      schema: { tags: ['customer'], summary: "The signed-in shopper's tax invoices and credit notes, newest first", response: { 200: z.array(taxDocumentSchema), ...errors } },
    }, async (req) => tax.listForUser(principalOf(req).userId));

    r.get('/api/my/tax-documents/:id/pdf', {
      preHandler: requireUser,
      schema: { tags: ['customer'], summary: "One of the shopper's own tax documents as PDF (404 for anyone else's)", params: idParamSchema, response: pdfResponse },
    }, async (req, reply) => sendPdf(reply, await tax.pdf(req.params.id, { userId: principalOf(req).userId })));

    r.get('/api/vendor/orders/:id/tax-documents', {
      preHandler: requireVendor,
      schema: { tags: ['vendor'], summary: "The tax documents of one of the vendor's own sub-orders (404 for another vendor's)", params: idParamSchema, response: { 200: z.array(taxDocumentSchema), ...errors, 404: errorBodySchema } },
    }, async (req) => tax.listForOrder(req.params.id, { vendorId: vendorIdOf(req) }));

    r.get('/api/vendor/tax-documents/:id/pdf', {
      preHandler: requireVendor,
      schema: { tags: ['vendor'], summary: "A tax document of one of the vendor's own sub-orders as PDF (404 for another vendor's)", params: idParamSchema, response: pdfResponse },
    }, async (req, reply) => sendPdf(reply, await tax.pdf(req.params.id, { vendorId: vendorIdOf(req) })));

    r.get('/api/admin/orders/:id/tax-documents', {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: "A sub-order's tax invoice and credit notes", params: idParamSchema, response: { 200: z.array(taxDocumentSchema), ...errors, 404: errorBodySchema } },
    }, async (req) => tax.listForOrder(req.params.id, 'admin'));

    // commission invoices and credit notes (decision 0108)
    r.get('/api/vendor/commission-documents', {
      preHandler: requireVendor,
      schema: { tags: ['vendor'], summary: "The marketplace's commission invoices and credit notes to the signed-in vendor, newest first", response: { 200: z.array(taxDocumentSchema), ...errors } },
    }, async (req) => tax.listCommissionForVendor(vendorIdOf(req)));

    r.get('/api/admin/commission-documents', {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: 'Commission invoices and credit notes, of one month and/or one vendor', querystring: commissionListQuerySchema, response: { 200: z.array(taxDocumentSchema), ...errors } },
    }, async (req) => tax.listCommission(req.query));

    r.post('/api/admin/commission-documents/issue', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Issue a month's commission invoices and credit notes now (every vendor or one), from the ledger; idempotent: a second run issues nothing new (audited)",
        body: commissionIssueSchema, response: { 200: commissionIssueResultSchema, ...errors, 404: errorBodySchema, 422: errorBodySchema },
      },
    }, async (req) => tax.issueCommission(req.body, actorOf(req)));

    // PINT AE export (decision 0108): per document as its reader may see it, and in bulk for the admin
    r.get('/api/my/tax-documents/:id/pint-ae', {
      preHandler: requireUser,
      schema: { tags: ['customer'], summary: "One of the shopper's own business-to-business documents as PINT AE UBL XML (404 for anyone else's, 422 without both TRNs)", params: idParamSchema, response: xmlResponse },
    }, async (req, reply) => sendFile(reply, 'application/xml; charset=utf-8', await tax.pintAe(req.params.id, { userId: principalOf(req).userId })));

    r.get('/api/vendor/tax-documents/:id/pint-ae', {
      preHandler: requireVendor,
      schema: { tags: ['vendor'], summary: "A business-to-business document of the vendor's own sub-orders, or a commission document to it, as PINT AE UBL XML", params: idParamSchema, response: xmlResponse },
    }, async (req, reply) => sendFile(reply, 'application/xml; charset=utf-8', await tax.pintAe(req.params.id, { vendorId: vendorIdOf(req) })));

    r.get('/api/admin/tax-documents/:id/pint-ae', {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: 'Any business-to-business document as PINT AE UBL XML (422 without both TRNs)', params: idParamSchema, response: xmlResponse },
    }, async (req, reply) => sendFile(reply, 'application/xml; charset=utf-8', await tax.pintAe(req.params.id, 'admin')));

    r.get('/api/admin/pint-ae/export', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'], summary: 'Every business-to-business document issued from one day to another (UTC) as a ZIP of PINT AE UBL XML files',
        querystring: pintExportQuerySchema, response: { 200: z.string().describe('application/zip'), ...errors },
      },
    }, async (req, reply) => {
      const file = await tax.pintAeExport(req.query);
      return sendFile(reply.header('x-document-count', String(file.count)), 'application/zip', file);
    });

    r.get('/api/admin/tax-documents/:id/pdf', {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: 'Any tax document as PDF', params: idParamSchema, response: pdfResponse },
    }, async (req, reply) => sendPdf(reply, await tax.pdf(req.params.id, 'admin')));
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@souq/shared/messages';
import { VENDOR_DOCUMENT_MAX_BYTES } from '@souq/shared/constants';
import { vendorSchema } from '@souq/shared/api/auth';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import {
  VENDOR_DOCUMENT_FIELDS, VENDOR_DOCUMENT_LABELS, VENDOR_DOCUMENT_MIME, adminVendorsQuerySchema, vendorDocumentParamSchema,
  vendorOnboardingSchema, vendorProfileUpdateSchema, vendorStatsSchema, vendorVerifySchema, type VendorDocumentField,
} from '@souq/shared/api/vendors';
import { principalOf, requireAdmin, requireVendorOrAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { badRequest, forbidden, say } from '../../platform/errors.js';
import { partsOf, readUpload, type Upload, type UploadRule } from '../../platform/uploads.js';
import type { DocumentUploads, VendorsService } from './vendors.service.js';
import { sendPage } from '../../platform/paging.js';

const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const uploadErrors = { ...errors, 413: errorBodySchema, 415: errorBodySchema };

/** Each document's rule: 10 MB cut off while streaming, type by magic bytes (vendor §5, §9). */
const DOCUMENT_RULES: Record<VendorDocumentField, UploadRule> = {
  trade_license: { maxBytes: VENDOR_DOCUMENT_MAX_BYTES, accept: VENDOR_DOCUMENT_MIME.trade_license, tooLarge: MSG.fileTooLarge, wrongType: MSG.tradeLicenseType },
  emirates_id_front: { maxBytes: VENDOR_DOCUMENT_MAX_BYTES, accept: VENDOR_DOCUMENT_MIME.emirates_id_front, tooLarge: MSG.fileTooLarge, wrongType: MSG.emiratesIdType },
  emirates_id_back: { maxBytes: VENDOR_DOCUMENT_MAX_BYTES, accept: VENDOR_DOCUMENT_MIME.emirates_id_back, tooLarge: MSG.fileTooLarge, wrongType: MSG.emiratesIdType },
};
const isDocumentField = (f: string): f is VendorDocumentField => (VENDOR_DOCUMENT_FIELDS as readonly string[]).includes(f);

/** Documents read from a multipart request, kept beside it until the handler stores them (nothing is stored before). */
const uploadsOf = new WeakMap<FastifyRequest, DocumentUploads>();

/** Reads one document part under its field's rule (a second file for the same field is refused). */
async function readDocument(part: MultipartFile, into: DocumentUploads): Promise<void> {
  const field = part.fieldname;
  if (!isDocumentField(field)) {
    part.file.resume();
    throw badRequest(MSG.validationFailed, { [field]: say.documentUnknownField(field) });
  }
  if (into[field]) {
    part.file.resume();
    throw badRequest(MSG.validationFailed, { [field]: `Send one file for ${VENDOR_DOCUMENT_LABELS[field]}` });
  }
  into[field] = await readUpload(part, DOCUMENT_RULES[field]);
}

/**
 * POST /api/vendors/onboarding is multipart (vendor §7: "all fields, address as JSON, files"): text fields become the
 * body the route's schema validates (address parsed from its JSON), files are read and checked here, before
 * validation, so a wrong type or size answers before anything is written.
 */
async function readOnboardingForm(req: FastifyRequest) {
  if (!req.isMultipart()) return;
  const body: Record<string, unknown> = {};
  const uploads: DocumentUploads = {};
  for await (const part of partsOf(req)) {
    if (part.type === 'file') {
      await readDocument(part, uploads);
    } else if (part.fieldname === 'address') {
      try {
        body.address = JSON.parse(String(part.value));
      } catch {
        throw badRequest(MSG.validationFailed, { address: 'Address must be JSON' });
      }
    } else {
      body[part.fieldname] = part.value;
    }
  }
  req.body = body;
  uploadsOf.set(req, uploads);
}

/** PUT /api/admin/vendors/{id}/documents/{type}: one file in the field `file`. */
async function readOneDocument(req: FastifyRequest): Promise<Upload> {
  const type = (req.params as { type: VendorDocumentField }).type;
  if (!req.isMultipart()) throw badRequest(MSG.validationFailed, { file: say.documentRequired(VENDOR_DOCUMENT_LABELS[type]) });
  let upload: Upload | null = null;
  for await (const part of partsOf(req)) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || upload) {
      part.file.resume();
      throw badRequest(MSG.validationFailed, { [part.fieldname]: 'Send exactly one file in the field "file"' });
    }
    upload = await readUpload(part, DOCUMENT_RULES[type]);
  }
  if (!upload) throw badRequest(MSG.validationFailed, { file: say.documentRequired(VENDOR_DOCUMENT_LABELS[type]) });
  return upload;
}

/** A vendor reads and edits only its own record; an admin any (the spec's "fixed vendor id 1" made real). */
function assertOwnOrAdmin(req: FastifyRequest, vendorId: number) {
  const p = principalOf(req);
  if (p.kind === 'admin') return;
  if (p.kind === 'vendor' && p.vendorId === vendorId) return;
  throw forbidden();
}

export function vendorsRoutes(deps: { vendors: VendorsService }) {
  const { vendors } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/vendors/:id', {
      preHandler: requireVendorOrAdmin,
      schema: { tags: ['vendors'], summary: 'A vendor (own record, or any for admins)', security, params: idParamSchema, response: { 200: vendorSchema, ...errors } },
    }, async (req) => {
      assertOwnOrAdmin(req, req.params.id);
      return vendors.getDto(req.params.id);
    });

    r.get('/api/vendors/:id/profile', {
      preHandler: requireVendorOrAdmin,
      schema: { tags: ['vendors'], summary: 'The vendor profile (company, address, business data, documents)', security, params: idParamSchema, response: { 200: vendorSchema, ...errors } },
    }, async (req) => {
      assertOwnOrAdmin(req, req.params.id);
      return vendors.getDto(req.params.id);
    });

    r.put('/api/vendors/:id/profile', {
      preHandler: requireVendorOrAdmin,
      schema: {
        tags: ['vendors'],
        summary: 'Update the vendor profile; absent fields keep their value, verification is not changed here. Audited',
        security,
        params: idParamSchema,
        body: vendorProfileUpdateSchema,
        response: { 200: vendorSchema, ...errors },
      },
    }, async (req) => {
      assertOwnOrAdmin(req, req.params.id);
      return vendors.updateProfile(req.params.id, req.body, actorOf(req));
    });

    r.post('/api/vendors/onboarding', {
      preHandler: requireVendorOrAdmin,
      preValidation: readOnboardingForm,
      schema: {
        tags: ['vendors'],
        summary:
          'Submit the onboarding wizard (multipart: the fields, address as JSON, files trade_license (PDF/JPG/PNG) and emirates_id_front/back (JPG/PNG), 10 MB each, types by their bytes). ' +
          'A vendor onboards itself; an admin onboards the vendor in vendor_id. Documents already on file may be left out; sent ones replace them (old files deleted). Audited',
        security,
        consumes: ['multipart/form-data'],
        body: vendorOnboardingSchema,
        response: { 200: vendorSchema, ...uploadErrors, 409: errorBodySchema },
      },
    }, async (req) => {
      const p = principalOf(req);
      const vendorId = p.kind === 'vendor' ? p.vendorId : req.body.vendor_id;
      if (!vendorId) throw badRequest(MSG.validationFailed, { vendor_id: MSG.vendorIdRequired });
      return vendors.submitOnboarding(vendorId, req.body, uploadsOf.get(req) ?? {}, actorOf(req));
    });

    // ---- admin vendor management (admin §2 "Vendor verification"); /api/admin/ is also guarded centrally ----

    r.get('/api/admin/vendors', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Vendors, newest first: search (company, contact, e-mail), derived status (verified, pending, incomplete, rejected); limit/offset, total in X-Total-Count',
        security,
        querystring: adminVendorsQuerySchema,
        response: { 200: z.array(vendorSchema), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async (req, reply) => {
      return sendPage(reply, await vendors.list(req.query));
    });

    r.get('/api/admin/vendors/stats', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The Vendors section stat cards: vendors by derived status',
        security,
        response: { 200: vendorStatsSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async () => vendors.stats());

    r.put('/api/admin/vendors/:id/verify', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Verify (is_verified true) or reject (false) a vendor with notes, only while Pending Review (409 otherwise); records the acting admin and the date. Audited',
        security,
        params: idParamSchema,
        body: vendorVerifySchema,
        response: { 200: vendorSchema, ...errors, 409: errorBodySchema },
      },
    }, async (req) => vendors.verify(req.params.id, req.body, actorOf(req)));

    r.put('/api/admin/vendors/:id/documents/:type', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Replace one of a vendor's documents (multipart, the file in \"file\"; the onboarding rules: 10 MB, types by their bytes). The old file is deleted. Audited",
        security,
        consumes: ['multipart/form-data'],
        params: vendorDocumentParamSchema,
        response: { 200: vendorSchema, ...uploadErrors, 409: errorBodySchema },
      },
    }, async (req) => vendors.replaceDocument(req.params.id, req.params.type, await readOneDocument(req), actorOf(req)));
  };
}

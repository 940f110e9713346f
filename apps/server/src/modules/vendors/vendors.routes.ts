import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { vendorSchema } from '@souq/shared/api/auth';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import { vendorProfileUpdateSchema } from '@souq/shared/api/vendors';
import { principalOf, requireVendorOrAdmin } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import type { VendorsService } from './vendors.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

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
    const security = [{ bearer: [] }];

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
        summary: 'Update the vendor profile; absent fields keep their value, verification is not changed here',
        security,
        params: idParamSchema,
        body: vendorProfileUpdateSchema,
        response: { 200: vendorSchema, ...errors },
      },
    }, async (req) => {
      assertOwnOrAdmin(req, req.params.id);
      return vendors.updateProfile(req.params.id, req.body);
    });
  };
}

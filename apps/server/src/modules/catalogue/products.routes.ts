import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@souq/shared/messages';
import { PRODUCT_IMAGES_MAX, PRODUCT_PHOTO_MAX_BYTES, PRODUCT_PHOTO_TYPES } from '@souq/shared/constants';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import {
  managedProductSchema, productCreateSchema, productDeleteResponseSchema, productUpdateSchema,
  productWriteResponseSchema, vendorProductsQuerySchema,
} from '@souq/shared/api/products';
import { principalOf, requireVendor, requireVendorOrAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { readJsonWithPhotos } from '../../platform/uploads.js';
import type { NewFile } from '../files/files.service.js';
import type { CatalogueService } from './catalogue.service.js';
import { sendPage } from '../../platform/paging.js';

const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const uploadErrors = { ...errors, 413: errorBodySchema, 415: errorBodySchema, 422: errorBodySchema };

const PHOTO_RULE = { maxBytes: PRODUCT_PHOTO_MAX_BYTES, accept: PRODUCT_PHOTO_TYPES, tooLarge: MSG.fileTooLarge, wrongType: MSG.productPhotoType };
/** The multipart field names: the product's JSON and its photo files. */
export const PRODUCT_FIELD = 'product';
export const PHOTOS_FIELD = 'photos';

/** Photos read from a multipart product write, kept beside the request until the handler stores them. */
const photosOf = new WeakMap<FastifyRequest, NewFile[]>();

/**
 * A product write may come as JSON or as multipart/form-data: the same JSON object in a `product` field, and up to
 * ten photos in `photos` (JPEG, PNG or WebP by their bytes, 10 MB each, cut off while streaming, re-encoded to WebP).
 * Runs before validation, so the JSON is checked by the route's schema like any JSON body.
 */
async function readMultipartProduct(req: FastifyRequest) {
  if (!req.isMultipart()) return;
  const { body, photos } = await readJsonWithPhotos(req, {
    jsonField: PRODUCT_FIELD, photosField: PHOTOS_FIELD, maxPhotos: PRODUCT_IMAGES_MAX,
    tooMany: MSG.productImagesTooMany(PRODUCT_IMAGES_MAX), rule: PHOTO_RULE, ownerUserId: principalOf(req).userId,
  });
  req.body = body;
  photosOf.set(req, photos);
}

/** The product write API (vendor §7, admin §7) and the managed lists of the Products tab and the product manager. */
export function productWriteRoutes(deps: { catalogue: CatalogueService }) {
  const { catalogue } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const multipartToo = ['application/json', 'multipart/form-data'];

    r.post('/api/products', {
      preHandler: requireVendorOrAdmin,
      preValidation: readMultipartProduct,
      schema: {
        tags: ['products'],
        summary: 'Create a product (vendor: its own; admin: for the vendor in vendor_id). JSON, or multipart with the JSON in "product" and photo files in "photos"',
        security,
        consumes: multipartToo,
        body: productCreateSchema,
        response: { 201: productWriteResponseSchema, ...uploadErrors },
      },
    }, async (req, reply) => {
      const p = principalOf(req);
      const vendorId = p.kind === 'vendor' ? p.vendorId : (req.body.vendor_id ?? null);
      const product = await catalogue.createManaged(req.body, { actor: actorOf(req), vendorId, photos: photosOf.get(req) });
      return reply.status(201).send({ product });
    });

    r.put('/api/products/:id', {
      preHandler: requireVendorOrAdmin,
      preValidation: readMultipartProduct,
      schema: {
        tags: ['products'],
        summary: 'Edit a product (vendor: its own only; admin: any). Absent fields keep their value; variants are replaced; photos in multipart are added',
        security,
        consumes: multipartToo,
        params: idParamSchema,
        body: productUpdateSchema,
        response: { 200: productWriteResponseSchema, ...uploadErrors },
      },
    }, async (req) => {
      const product = await catalogue.updateManaged(req.params.id, req.body, { actor: actorOf(req), ownerVendorId: ownerScope(req), photos: photosOf.get(req) });
      return { product };
    });

    r.delete('/api/products/:id', {
      preHandler: requireVendorOrAdmin,
      schema: {
        tags: ['products'],
        summary: 'Delete a product (vendor: its own only; admin: any). A product that orders hold is archived instead, so order history stays whole',
        security,
        params: idParamSchema,
        response: { 200: productDeleteResponseSchema, ...errors },
      },
    }, async (req) => {
      const outcome = await catalogue.removeProduct(req.params.id, { actor: actorOf(req), ownerVendorId: ownerScope(req) });
      return { success: true as const, outcome };
    });

    r.get('/api/vendor/products', {
      preHandler: requireVendor,
      schema: {
        tags: ['products'],
        summary: "The signed-in vendor's products, every status, newest first; search matches name, SKU, brand, tag or category. Total in X-Total-Count",
        security,
        querystring: vendorProductsQuerySchema,
        response: { 200: z.array(managedProductSchema), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async (req, reply) => {
      return sendPage(reply, await catalogue.listManaged({ ...req.query, vendorId: principalOf(req).vendorId! }));
    });

    r.get('/api/vendor/products/:id', {
      preHandler: requireVendor,
      schema: {
        tags: ['products'],
        summary: "One of the signed-in vendor's products with every field (404 for another vendor's product)",
        security,
        params: idParamSchema,
        response: { 200: managedProductSchema, ...errors },
      },
    }, async (req) => catalogue.getManaged(req.params.id, { ownerVendorId: principalOf(req).vendorId! }));
    // GET /api/admin/products (the admin Products section and the product manager) is served by the admin module:
    // the managed product with its order figures (decision 0042)
  };
}

/** A vendor works on its own products only; an admin on any (undefined: no owner scope). */
function ownerScope(req: FastifyRequest): number | undefined {
  const p = principalOf(req);
  return p.kind === 'vendor' ? p.vendorId! : undefined;
}

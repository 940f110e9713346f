import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import {
  adminProductCategoriesSchema, adminProductDetailSchema, adminProductRowSchema, adminProductUpdateSchema, productRemovedSchema, productStatsSchema,
} from '@souq/shared/api/admin';
import { adminProductFiltersSchema, adminProductsQuerySchema } from '@souq/shared/api/products';
import { requireAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { ReportsService } from '../reports/reports.service.js';
import type { AdminService } from './admin.service.js';
import { sendPage } from '../../platform/paging.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const oneErrors = { ...errors, 404: errorBodySchema };

/** The dashboard's Products section (admin §2, §5, §7). */
export function adminProductsRoutes(deps: { admin: AdminService; reports: ReportsService; catalogue: CatalogueService; currency: string }) {
  const { admin, reports, catalogue } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/admin/products', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Products as managed (the Products section and the product manager) with order figures: search (name, slug, SKU, brand, description, tag, category), category, status (archived only when asked), vendor, price range, tags; sort; total in X-Total-Count',
        querystring: adminProductsQuerySchema,
        response: { 200: z.array(adminProductRowSchema), ...errors },
      },
    }, async (req, reply) => {
      return sendPage(reply, await reports.products.list(req.query));
    });

    r.get('/api/admin/products/stats', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "The Products section's stat cards over the list's filters: total, active, low stock (under 10), revenue and orders from order lines",
        querystring: adminProductFiltersSchema,
        response: { 200: productStatsSchema, ...errors },
      },
    }, async (req) => reports.products.stats(req.query, deps.currency));

    r.get('/api/admin/products/categories', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The categories in use with their product counts, most used first (the category filter)',
        response: { 200: adminProductCategoriesSchema, ...errors },
      },
    }, async () => reports.products.categories());

    r.get('/api/admin/products/:id', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'One product with vendor, performance metrics and its latest orders',
        params: idParamSchema,
        response: { 200: adminProductDetailSchema, ...oneErrors },
      },
    }, async (req) => reports.products.detail(req.params.id));

    r.put('/api/admin/products/:id', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Edit name, description, price (cents), stock, Active/Inactive and vendor (or none); audited',
        params: idParamSchema,
        body: adminProductUpdateSchema,
        response: { 200: adminProductDetailSchema, ...oneErrors },
      },
    }, async (req) => admin.editProduct(req.params.id, req.body, actorOf(req)));

    r.delete('/api/admin/products/:id', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Delete a product; one that orders hold is archived instead (outcome), so order history stays whole',
        params: idParamSchema,
        response: { 200: productRemovedSchema, ...oneErrors },
      },
    }, async (req) => ({ success: true as const, outcome: await catalogue.removeProduct(req.params.id, { actor: actorOf(req) }) }));
  };
}

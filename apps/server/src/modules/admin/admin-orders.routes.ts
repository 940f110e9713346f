import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import {
  adminOrderDetailSchema, adminOrderFiltersSchema, adminOrderRowSchema, adminOrdersQuerySchema, assignVendorResponseSchema,
  assignVendorSchema, orderStatsSchema, orderStatusUpdateSchema,
} from '@souq/shared/api/admin';
import { requireAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import type { ReportsService } from '../reports/reports.service.js';
import type { AdminService } from './admin.service.js';
import { sendPage } from '../../platform/paging.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const oneErrors = { ...errors, 404: errorBodySchema };

/** The dashboard's Orders section (admin §2, §7). */
export function adminOrdersRoutes(deps: { admin: AdminService; reports: ReportsService; currency: string }) {
  const { admin, reports } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/admin/orders', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Orders, newest first by default: search (order number, customer e-mail or name), exact status and assigned vendor; sort; total in X-Total-Count',
        querystring: adminOrdersQuerySchema,
        response: { 200: z.array(adminOrderRowSchema), ...errors },
      },
    }, async (req, reply) => {
      return sendPage(reply, await reports.orders.list(req.query));
    });

    r.get('/api/admin/orders/stats', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "The Orders section's stat cards over the list's filters: total, pending, processing, revenue (not cancelled or refunded)",
        querystring: adminOrderFiltersSchema,
        response: { 200: orderStatsSchema, ...errors },
      },
    }, async (req) => reports.orders.stats(req.query, deps.currency));

    r.get('/api/admin/orders/:id', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'One order with customer, amounts, addresses, items and its status history',
        params: idParamSchema,
        response: { 200: adminOrderDetailSchema, ...oneErrors },
      },
    }, async (req) => reports.orders.detail(req.params.id));

    r.put('/api/admin/orders/:id/status', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Set any status with optional notes: stored in the status history with the admin, audited; the customer is told (order.statusChanged)',
        params: idParamSchema,
        body: orderStatusUpdateSchema,
        response: { 200: adminOrderDetailSchema, ...oneErrors, 409: errorBodySchema },
      },
    }, async (req) => admin.setOrderStatus(req.params.id, req.body, actorOf(req)));

    r.put('/api/admin/orders/:id/assign-vendor', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Assign the order to a vendor (or take it back with null); answers the vendor and the updated row',
        params: idParamSchema,
        body: assignVendorSchema,
        response: { 200: assignVendorResponseSchema, ...oneErrors },
      },
    }, async (req) => admin.assignVendor(req.params.id, req.body, actorOf(req)));
  };
}

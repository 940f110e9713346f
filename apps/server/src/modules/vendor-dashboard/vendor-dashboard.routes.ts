import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import {
  shipRequestSchema, vendorAnalyticsQuerySchema, vendorAnalyticsSchema, vendorDashboardStatsSchema, vendorOrderActivitySchema, vendorOrderFiltersSchema, vendorOrderSchema,
  vendorOrdersQuerySchema, vendorOrderStatsSchema, vendorSettingsSchema, vendorSettingsUpdateSchema, type VendorOrderAction,
} from '@souq/shared/api/vendor-dashboard';
import { principalOf, requireVendor } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { forbidden } from '../../platform/errors.js';
import type { VendorDashboardService } from './vendor-dashboard.service.js';
import { sendPage } from '../../platform/paging.js';
import { readerOf } from '../../platform/request-locale.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The vendor of the session: never from the body, the query or a fixed id (vendor §6 hard-codes id 1; we do not). */
function vendorIdOf(req: FastifyRequest): number {
  const { vendorId } = principalOf(req);
  if (vendorId === null) throw forbidden();
  return vendorId;
}

/** The vendor dashboard's business data (vendor §2 stat cards, Orders, Analytics, Settings; §3 analytics). */
export function vendorDashboardRoutes(deps: { dashboard: VendorDashboardService }) {
  const { dashboard } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/vendor/dashboard/stats', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "The dashboard's stat cards: the vendor's products (total, active), orders holding its lines, its revenue (from the ledger: goods and shipping sold, less refunds, before commission)",
        response: { 200: vendorDashboardStatsSchema, ...errors },
      },
    }, async (req) => dashboard.stats(vendorIdOf(req)));

    r.get('/api/vendor/orders', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "The vendor's orders, newest first: its own lines only, customer name and shipping address; search and status; total in X-Total-Count",
        querystring: vendorOrdersQuerySchema,
        response: { 200: z.array(vendorOrderSchema), ...errors },
      },
    }, async (req, reply) => {
      return sendPage(reply, await dashboard.orders(vendorIdOf(req), req.query));
    });

    r.get('/api/vendor/orders/stats', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "The Orders tab's stat cards: total, pending and shipped orders, and the vendor's revenue",
        response: { 200: vendorOrderStatsSchema, ...errors },
      },
    }, async (req) => dashboard.orderStats(vendorIdOf(req)));

    r.get('/api/vendor/orders/activity', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "Recent Activity: the latest status changes of the vendor's orders (placed, confirmed, shipped, …), newest first",
        response: { 200: vendorOrderActivitySchema, ...errors },
      },
    }, async (req) => dashboard.activity(vendorIdOf(req)));

    r.get('/api/vendor/orders/export', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "Export Orders: the vendor's order lines matching the filters as CSV (text/csv; cells that look like formulas are defused)",
        querystring: vendorOrderFiltersSchema,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    }, async (req, reply) => {
      const { csv, lines } = await dashboard.exportCsv(vendorIdOf(req), req.query, readerOf(req).locale);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .header('x-export-lines', String(lines))
        .send(csv);
    });

    // a vendor runs its own sub-order (decision 0086): each move a route, the same rules in orders.setStatus
    const moves: { action: Exclude<VendorOrderAction, 'ship'>; summary: string }[] = [
      { action: 'confirm', summary: "Confirm the vendor's own sub-order: pending → confirmed (history, audit, the customer told); 404 for another vendor's, 409 from another status" },
      { action: 'deliver', summary: "Mark the vendor's own sub-order delivered: shipped → delivered; 404 for another vendor's, 409 from another status" },
      { action: 'cancel', summary: "Cancel the vendor's own sub-order before it ships (pending, confirmed or processing); its stock comes back; 404 for another vendor's, 409 otherwise" },
    ];
    for (const m of moves) {
      r.post(`/api/vendor/orders/:id/${m.action}`, {
        preHandler: requireVendor,
        schema: { tags: ['vendor'], summary: m.summary, params: idParamSchema, response: { 200: vendorOrderSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema } },
      }, async (req) => dashboard.act(vendorIdOf(req), req.params.id, m.action, actorOf(req)));
    }

    r.post('/api/vendor/orders/:id/ship', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "Ship the vendor's own sub-order with its tracking number and carrier (both required): confirmed or processing → shipped; the customer is told live and by push; 404 for another vendor's, 409 from another status",
        params: idParamSchema,
        body: shipRequestSchema,
        response: { 200: vendorOrderSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
      },
    }, async (req) => dashboard.act(vendorIdOf(req), req.params.id, 'ship', actorOf(req), req.body));

    r.get('/api/analytics/vendor', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "vendor §3 analytics of the signed-in vendor (overview, categories, tags, recent products, sales per day over from–to) and the AI Insights summary",
        querystring: vendorAnalyticsQuerySchema,
        response: { 200: vendorAnalyticsSchema, ...errors },
      },
    }, async (req) => dashboard.analytics(vendorIdOf(req), req.query, readerOf(req)));

    r.get('/api/vendor/settings', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "The vendor's dashboard settings (low-stock threshold, the Analytics chart's default range)",
        response: { 200: vendorSettingsSchema, ...errors },
      },
    }, async (req) => dashboard.getSettings(vendorIdOf(req)));

    r.put('/api/vendor/settings', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: 'Change some of the dashboard settings (audited); answers all of them',
        body: vendorSettingsUpdateSchema,
        response: { 200: vendorSettingsSchema, ...errors },
      },
    }, async (req) => dashboard.updateSettings(vendorIdOf(req), req.body, actorOf(req)));
  };
}

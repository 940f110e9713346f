import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@souq/shared/api/common';
import { adminOverviewSchema, chatbotStatsSchema, paymentsSummarySchema, salesAnalyticsSchema, salesQuerySchema } from '@souq/shared/api/reports';
import { requireAdmin } from '../../platform/auth.js';
import { readerOf } from '../../platform/request-locale.js';
import type { ReportsService } from './reports.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The admin area's read-only figures (decision 0040). Admin only, including /api/analytics/sales. */
export function reportsRoutes(deps: { reports: ReportsService }) {
  const { reports } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/admin/overview', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "The overview's cards (products, active, inventory, inventory value), order figures and the AI summary written from them",
        response: { 200: adminOverviewSchema, ...errors },
      },
    }, async (req) => reports.overview(readerOf(req)));

    r.get('/api/analytics/sales', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Sales analytics over a range of UTC days (default the last 30): top categories and products, price and cart value buckets, revenue per day',
        querystring: salesQuerySchema,
        response: { 200: salesAnalyticsSchema, ...errors },
      },
    }, async (req) => reports.sales(req.query));

    r.get('/api/admin/payments', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Totals by payment method (orders not cancelled or refunded), cash on delivery still to collect, refunds',
        response: { 200: paymentsSummarySchema, ...errors },
      },
    }, async () => reports.payments());

    r.get('/api/admin/chatbot', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The AI chatbot figures of the last 24 hours from the stored assistant conversations: chats, messages per chat, add-to-cart share, most asked topics',
        response: { 200: chatbotStatsSchema, ...errors },
      },
    }, async (req) => reports.chatbot(readerOf(req).locale));
  };
}

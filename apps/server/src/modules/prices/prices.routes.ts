import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@souq/shared/api/common';
import {
  priceAlertCreateSchema, priceAlertIdParamSchema, priceAlertListSchema, priceAlertSchema, priceHistoryParamSchema, priceHistorySchema,
} from '@souq/shared/api/prices';
import { okSchema } from '@souq/shared/api/notifications';
import { MSG } from '@souq/shared/messages';
import { principalOf, requireUser } from '../../platform/auth.js';
import type { PricesService } from './prices.service.js';

const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** Price history (anyone) and a shopper's price alerts (their own only): issue 28, decision 0101. */
export function pricesRoutes(deps: { prices: PricesService }) {
  const { prices } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['prices'];

    r.get('/api/price-history/:id', {
      schema: {
        tags, operationId: 'getProductPriceHistory', params: priceHistoryParamSchema,
        summary: "An active product's prices over the last 90 days, from the price log: the price at the window's start, every change, the lowest and the highest",
        response: { 200: priceHistorySchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    }, async (req) => prices.history(req.params.id));

    r.get('/api/price-alerts', {
      preHandler: requireUser,
      schema: {
        tags, operationId: 'listPriceAlerts', security,
        summary: "The caller's price alerts (waiting and fired), newest first",
        response: { 200: priceAlertListSchema, ...errors },
      },
    }, async (req) => ({ items: await prices.listAlerts(principalOf(req).userId) }));

    r.post('/api/price-alerts', {
      preHandler: requireUser,
      schema: {
        tags, operationId: 'setPriceAlert', security, body: priceAlertCreateSchema,
        summary: "Tell the caller (push and in-app) once when the product's price drops below the amount; replaces their alert on that product. 422 when the price is already below it",
        response: { 200: priceAlertSchema, 404: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    }, async (req) => prices.setAlert(principalOf(req).userId, req.body.product_id, req.body.below_cents));

    r.delete('/api/price-alerts/:id', {
      preHandler: requireUser,
      schema: {
        tags, operationId: 'removePriceAlert', security, params: priceAlertIdParamSchema,
        summary: "Remove one of the caller's price alerts (another person's is a 404)",
        response: { 200: okSchema, 404: errorBodySchema, ...errors },
      },
    }, async (req) => {
      await prices.removeAlert(principalOf(req).userId, req.params.id);
      return { success: true as const, message: MSG.priceAlertRemoved };
    });
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  historyQuerySchema, historyResponseSchema, personalizeEventsRequestSchema, personalizeEventsResponseSchema,
  recommendationsQuerySchema, recommendationsResponseSchema, similarResponseSchema,
} from '@souq/shared/api/personalize';
import { errorBodySchema } from '@souq/shared/api/common';
import { HISTORY_DEFAULT_LIMIT, RECOMMENDATIONS_DEFAULT_COUNT, SIMILAR_DEFAULT_COUNT } from '@souq/shared/constants';
import type { RecommendationsService } from './recommendations.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };
const idParam = z.string().trim().min(1).max(100);

/** The personalization API (customer spec §7): recommendations, events, history, similar items. */
export function recommendationsRoutes(deps: { recommendations: RecommendationsService }) {
  const { recommendations } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/personalize/recommendations/:userId', {
      schema: {
        tags: ['personalize'],
        summary: 'Recommendations for a user (own account, or an anonymous id); itemId steers them towards an item',
        params: z.object({ userId: idParam }),
        querystring: recommendationsQuerySchema,
        response: { 200: recommendationsResponseSchema, ...errors },
      },
    }, async (req) => ({
      success: true,
      recommendations: await recommendations.recommendations(
        req.params.userId,
        { numResults: req.query.numResults ?? RECOMMENDATIONS_DEFAULT_COUNT, itemId: req.query.itemId },
        req.principal,
      ),
    }));

    r.post('/api/personalize/events', {
      // the tracker batches events; a generous per-client budget still stops floods
      config: { rateLimit: { max: 240, timeWindow: '1 minute' } },
      schema: {
        tags: ['personalize'],
        summary: 'Record one interaction event or a batch ({events: [...]})',
        body: personalizeEventsRequestSchema,
        response: { 200: personalizeEventsResponseSchema, ...errors },
      },
    }, async (req) => {
      const events = 'events' in req.body ? req.body.events : [req.body];
      return { success: true as const, recorded: await recommendations.recordEvents(events, req.principal) };
    });

    r.get('/api/personalize/history/:userId', {
      schema: {
        tags: ['personalize'],
        summary: "A user's interactions, newest first",
        params: z.object({ userId: idParam }),
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema, ...errors },
      },
    }, async (req) => ({
      success: true,
      interactions: await recommendations.history(req.params.userId, req.query.limit ?? HISTORY_DEFAULT_LIMIT, req.principal),
    }));

    r.get('/api/personalize/similar/:itemId', {
      schema: {
        tags: ['personalize'],
        summary: 'Items similar to an item (bought or viewed together, alike in content)',
        params: z.object({ itemId: idParam }),
        querystring: recommendationsQuerySchema.pick({ numResults: true }),
        response: { 200: similarResponseSchema, ...errors },
      },
    }, async (req) => ({
      success: true,
      similarItems: await recommendations.similar(req.params.itemId, req.query.numResults ?? SIMILAR_DEFAULT_COUNT),
    }));
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatRequestSchema, chatResponseSchema } from '@souq/shared/api/assistant';
import { errorBodySchema } from '@souq/shared/api/common';
import type { AssistantService } from './assistant.service.js';
import { readerLocale } from '../../platform/page-locale.js';

export function assistantRoutes(deps: { assistant: AssistantService }) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/api/ai/chat', {
      schema: {
        tags: ['assistant'],
        summary: 'The shopping assistant: a grounded answer, the products it names (with focus/add_to_cart/compare) and a search to run',
        body: chatRequestSchema,
        response: { 200: chatResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
      // a model server costs per message: bound each client then (the built-in assistant costs milliseconds)
      config: deps.assistant.usesModel ? { rateLimit: { max: 60, timeWindow: '1 minute' } } : {},
    }, async (req) => deps.assistant.chat(req.body, req.principal?.userId ?? null, readerLocale(req)));
  };
}

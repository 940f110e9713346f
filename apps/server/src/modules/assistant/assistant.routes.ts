import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatRequestSchema, chatResponseSchema } from '@souq/shared/api/assistant';
import { errorBodySchema } from '@souq/shared/api/common';
import type { AssistantService } from './assistant.service.js';
import { actorOf, SYSTEM_ACTOR } from '../../platform/audit.js';
import { readerLocale } from '../../platform/page-locale.js';
import { shopperCodeKeys, type CodeTries } from '../promotions/promotions.guessing.js';

export function assistantRoutes(deps: { assistant: AssistantService; codeTries?: CodeTries }) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/api/ai/chat', {
      schema: {
        tags: ['assistant'],
        summary: "The shopping assistant: a grounded answer, the products it names (with focus/add_to_cart/compare) and a search to run; for the signed-in shopper also where each sub-order is, returns, cancelling and a person, each action only after the shopper's explicit yes",
        security: [{}, { bearer: [] }],
        body: chatRequestSchema,
        response: { 200: chatResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
      // a model server costs per message: bound each client then (the built-in assistant costs milliseconds)
      config: deps.assistant.usesModel ? { rateLimit: { max: 60, timeWindow: '1 minute' } } : {},
    }, async (req) => deps.assistant.chat(req.body, req.principal?.userId ?? null, {
      // after-sales answers in the shopper's language (decision 0107); actions are audited as the shopper
      locale: readerLocale(req),
      actor: req.principal ? actorOf(req) : SYSTEM_ACTOR,
      // a code typed in the chat spends the code box's tries: guessing through the chat is no cheaper
      ...(deps.codeTries ? { spendCodeTry: () => deps.codeTries!(req, shopperCodeKeys(req)) } : {}),
    }));
  };
}

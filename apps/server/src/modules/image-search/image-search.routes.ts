import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imageSearchRequestSchema, imageSearchResponseSchema } from '@souq/shared/api/image-search';
import { errorBodySchema } from '@souq/shared/api/common';
import { MSG } from '@souq/shared/messages';
import type { ImageSearchService } from './image-search.service.js';

/**
 * Room for the JSON of a base64 image well above 5 MB, so an oversized image gets the spec's 413 text from the
 * decoded-size check instead of the generic body-limit error (base64 of 5 MB is ≈ 6.7 MB of text).
 */
const IMAGE_SEARCH_BODY_LIMIT = 16 * 1024 * 1024;

export function imageSearchRoutes(deps: { imageSearch: ImageSearchService; rateLimitPerMinute?: number }) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // the inference worker goes with the app
    app.addHook('onClose', async () => deps.imageSearch.close());
    r.post('/api/image-search', {
      bodyLimit: IMAGE_SEARCH_BODY_LIMIT,
      // decoding and describing an image costs CPU: a moderate per-client budget
      config: { rateLimit: { max: deps.rateLimitPerMinute ?? 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['image-search'],
        summary: 'Products that look like an image (reverse image search)',
        body: imageSearchRequestSchema,
        response: {
          200: imageSearchResponseSchema,
          400: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema,
        },
      },
      // even a body beyond the route's limit is answered in the spec's words; everything else goes to the app's handler
      errorHandler: (err: FastifyError, _req, reply) => {
        if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ error: MSG.imageTooLarge });
        throw err;
      },
    }, async (req) => deps.imageSearch.search({ image: req.body.image, limit: req.body.limit }));
  };
}

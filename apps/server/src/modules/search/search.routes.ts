import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productSchema } from '@souq/shared/api/catalogue';
import { errorBodySchema, pageQuerySchema } from '@souq/shared/api/common';
import { embeddedProductSchema, searchParamsSchema, searchQuerySchema } from '@souq/shared/api/search';
import type { SearchService } from './search.service.js';
import { sendPage } from '../../platform/paging.js';

const errors = { 400: errorBodySchema };

/**
 * The search answers are the catalogue's typed DTOs (toProductDto); re-validating 50 of them with zod on every
 * keystroke costs more than the search itself. The schemas stay declared for the API docs; bodies are plain JSON.
 */
const jsonOf = new WeakMap<object, string>();
const plainJson = () => (data: unknown) => {
  if (!Array.isArray(data)) return JSON.stringify(data);
  // the cached product objects are reused between answers, so is their JSON
  return `[${data
    .map((item: object) => {
      let text = jsonOf.get(item);
      if (text === undefined) jsonOf.set(item, (text = JSON.stringify(item)));
      return text;
    })
    .join(',')}]`;
};

export function searchRoutes(deps: { search: SearchService }) {
  const { search } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/products/search/:query', {
      serializerCompiler: plainJson,
      schema: {
        tags: ['search'],
        summary: 'Ranked product search (typos, synonyms, plurals, prefix; filters in the query string; total in X-Total-Count)',
        params: searchParamsSchema,
        querystring: searchQuerySchema,
        response: { 200: z.array(productSchema), ...errors },
      },
    }, async (req, reply) => {
      const { limit, offset, ...filters } = req.query;
      const { json, total } = await search.searchJson(req.params.query, { limit, offset, filters });
      // already JSON text (the product records joined, each the catalogue's DTO): sent as it is, so the typed reply
      // (which expects the array) is used untyped here
      const untyped: FastifyReply = reply;
      return untyped.header('x-total-count', String(total)).type('application/json; charset=utf-8').send(json);
    });

    r.get('/api/embedded-products/search/:query', {
      serializerCompiler: plainJson,
      schema: {
        tags: ['search'],
        summary: 'The same search over the whole catalogue, each product with its embed record merged on (embed_code null when none)',
        params: searchParamsSchema,
        querystring: searchQuerySchema,
        response: { 200: z.array(embeddedProductSchema), ...errors },
      },
    }, async (req, reply) => {
      const { limit, offset, ...filters } = req.query;
      return sendPage(reply, await search.searchEmbedded(req.params.query, { limit, offset, filters }));
    });

    r.get('/api/embedded-products/detailed', {
      schema: {
        tags: ['search'],
        summary: 'Active products, newest first, each with its embed record merged on when it has one; bounded',
        querystring: pageQuerySchema,
        response: { 200: z.array(embeddedProductSchema), ...errors },
      },
    }, async (req, reply) => {
      return sendPage(reply, await search.embeddedDetailed(req.query.limit, req.query.offset));
    });
  };
}

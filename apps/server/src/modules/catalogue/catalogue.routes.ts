import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryNameSchema, productFiltersSchema, productSchema, shelfSchema } from '@souq/shared/api/catalogue';
import { errorBodySchema, idParamSchema, pageQuerySchema } from '@souq/shared/api/common';
import type { CatalogueService } from './catalogue.service.js';

/**
 * Sends JSON the service already serialised (and cached). Fastify sends a string with a JSON content type as it is,
 * so the response schema documents the shape but is not re-checked on every request.
 */
const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json as never);

export function catalogueRoutes(deps: { catalogue: CatalogueService }) {
  const { catalogue } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/products', {
      schema: {
        tags: ['catalogue'],
        summary: 'Active products, newest first (bounded; total in X-Total-Count)',
        querystring: pageQuerySchema.extend(productFiltersSchema.shape),
        response: { 200: z.array(productSchema), 400: errorBodySchema },
      },
    }, async (req, reply) => {
      const { limit, offset, ...filters } = req.query;
      const { json, total } = await catalogue.publicListJson({ limit, offset, filters });
      return sendJson(reply.header('x-total-count', String(total)), json);
    });

    r.get('/api/products/:id', {
      schema: {
        tags: ['catalogue'],
        summary: 'One active product',
        params: idParamSchema,
        response: { 200: productSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    }, async (req, reply) => sendJson(reply, await catalogue.publicProductJson(req.params.id)));

    r.get('/api/shelves', {
      schema: { tags: ['catalogue'], summary: "The storefront's product shelves", response: { 200: z.array(shelfSchema) } },
    }, async (_req, reply) => sendJson(reply, await catalogue.publicShelvesJson()));

    r.get('/api/categories/names', {
      schema: {
        tags: ['catalogue'],
        summary: "The categories' (departments') Arabic names, by the English name products carry: a page in Arabic shows them",
        response: { 200: z.array(categoryNameSchema) },
      },
    }, async () => [...(await catalogue.categoryNamesAr())].map(([name, nameAr]) => ({ name, name_ar: nameAr })));
  };
}

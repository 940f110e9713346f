import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productFiltersSchema, productSchema, shelfSchema } from '@souq/shared/api/catalogue';
import { errorBodySchema, idParamSchema, pageQuerySchema } from '@souq/shared/api/common';
import type { CatalogueService } from './catalogue.service.js';

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
      const { items, total } = await catalogue.listProducts({ limit, offset, filters });
      void reply.header('x-total-count', String(total));
      return items;
    });

    r.get('/api/products/:id', {
      schema: {
        tags: ['catalogue'],
        summary: 'One active product',
        params: idParamSchema,
        response: { 200: productSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    }, async (req) => catalogue.getProduct(req.params.id));

    r.get('/api/shelves', {
      schema: { tags: ['catalogue'], summary: "The storefront's product shelves", response: { 200: z.array(shelfSchema) } },
    }, async () => catalogue.listShelves());
  };
}

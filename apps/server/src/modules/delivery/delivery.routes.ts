import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { holidayDateParamSchema, holidayInputSchema, holidaySchema } from '@souq/shared/api/delivery';
import { errorBodySchema, successSchema } from '@souq/shared/api/common';
import { requireAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import type { DeliveryService } from './delivery.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** Admin: the public holidays the delivery promise skips (decision 0151); every change audited. */
export function deliveryRoutes(deps: { delivery: DeliveryService }) {
  const { delivery } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/admin/holidays', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The UAE public holidays the delivery promise skips, by date (Islamic-calendar dates marked estimated)',
        response: { 200: z.array(holidaySchema), ...errors },
      },
    }, async () => delivery.list());
    r.post('/api/admin/holidays', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Add a public holiday (audited); promises quoted from now on skip it, placed orders keep theirs',
        body: holidayInputSchema,
        response: { 201: holidaySchema, ...errors, 409: errorBodySchema },
      },
    }, async (req, reply) => reply.status(201).send(await delivery.add(req.body, actorOf(req))));
    r.delete('/api/admin/holidays/:date', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Remove a public holiday (audited)',
        params: holidayDateParamSchema,
        response: { 200: successSchema, ...errors, 404: errorBodySchema },
      },
    }, async (req) => {
      await delivery.remove(req.params.date, actorOf(req));
      return { success: true as const };
    });
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@souq/shared/api/common';
import {
  activityEntrySchema, appliedActivitySchema, optimiserSettingsSchema, optimiserSettingsUpdateSchema, optimiserStateSchema,
  performanceSampleInputSchema, performanceSampleSchema, productResultSchema, runResponseSchema,
} from '@souq/shared/api/optimisation';
import { LIST_MAX_LIMIT } from '@souq/shared/constants';
import { z } from 'zod';
import { principalOf, requireVendor } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { readerOf } from '../../platform/request-locale.js';
import type { OptimisationService } from './optimisation.service.js';

const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The AI optimisation dashboard (vendor §2, §9): the signed-in vendor's own settings, runs and history only. */
export function optimisationRoutes(deps: { optimisation: OptimisationService }) {
  const { optimisation } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const vendorOf = (req: Parameters<typeof principalOf>[0]) => principalOf(req).vendorId!;

    r.get('/api/vendor/optimisation', {
      preHandler: requireVendor,
      schema: {
        tags: ['optimisation'], summary: 'Settings, run history (10), activity log (20) and performance history (10) of the optimiser', security,
        response: { 200: optimiserStateSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async (req) => optimisation.state(vendorOf(req), readerOf(req)));

    r.get('/api/vendor/optimisation/results', {
      preHandler: requireVendor,
      schema: {
        tags: ['optimisation'],
        summary: "Every product of the vendor scored now (SEO, performance, conversion, overall) with recommendations and optimised texts, lowest first; not recorded. Total in X-Total-Count",
        security,
        response: { 200: z.array(productResultSchema), 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async (req, reply) => {
      const results = await optimisation.score(vendorOf(req), readerOf(req).locale);
      void reply.header('x-total-count', String(results.length));
      return results.slice(0, LIST_MAX_LIMIT);
    });

    r.put('/api/vendor/optimisation/settings', {
      preHandler: requireVendor,
      schema: {
        tags: ['optimisation'], summary: "Change the optimiser's settings (absent fields keep their value)", security,
        body: optimiserSettingsUpdateSchema, response: { 200: optimiserSettingsSchema, ...errors },
      },
    }, async (req) => optimisation.updateSettings(vendorOf(req), req.body, actorOf(req)));

    r.post('/api/vendor/optimisation/runs', {
      preHandler: requireVendor,
      schema: {
        tags: ['optimisation'],
        summary: "Score every product of the vendor (SEO, performance, conversion, overall) with recommendations and optimised texts; kept in the run history",
        security,
        response: { 201: runResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async (req, reply) => reply.status(201).send(await optimisation.run(vendorOf(req), actorOf(req), readerOf(req).locale)));

    r.post('/api/vendor/optimisation/performance', {
      preHandler: requireVendor,
      schema: {
        tags: ['optimisation'], summary: 'Keep a performance monitor reading (load, render, memory, latency) in the history', security,
        body: performanceSampleInputSchema, response: { 201: performanceSampleSchema, ...errors },
      },
    }, async (req, reply) => reply.status(201).send(await optimisation.recordPerformance(vendorOf(req), req.body, actorOf(req))));

    r.post('/api/vendor/optimisation/activity', {
      preHandler: requireVendor,
      schema: {
        tags: ['optimisation'], summary: 'Log that an optimised title, description or keywords were applied to one of the vendor\'s products', security,
        body: appliedActivitySchema, response: { 201: activityEntrySchema, ...errors, 404: errorBodySchema },
      },
    }, async (req, reply) => reply.status(201).send(await optimisation.recordApplied(vendorOf(req), req.body, actorOf(req), readerOf(req))));
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import { performanceLiftSchema, performanceThresholdsSchema, performanceThresholdsShape, sellerPerformanceSchema } from '@souq/shared/api/seller-performance';
import { principalOf, requireAdmin, requireVendor } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { forbidden } from '../../platform/errors.js';
import type { SellerPerformanceService } from './seller-performance.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const thresholdsResponse = performanceThresholdsShape;

/** The vendor of the session, never from the URL: a vendor sees only its own figures. */
function vendorIdOf(req: FastifyRequest): number {
  const { vendorId } = principalOf(req);
  if (vendorId === null) throw forbidden();
  return vendorId;
}

/** Sellers held to their promises (issue 40 item 7, decision 0154): the vendor's own figures, the admin's review. */
export function sellerPerformanceRoutes(deps: { performance: SellerPerformanceService }) {
  const { performance } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/vendor/performance', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "The signed-in vendor's late shipment, cancellation, valid tracking, on-time delivery and return rates over 30 and 90 days (each a numerator over a denominator), the thresholds and its state (fine, warned, paused)",
        response: { 200: sellerPerformanceSchema, ...errors },
      },
    }, async (req) => performance.read(vendorIdOf(req)));

    r.get('/api/admin/vendors/:id/performance', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'], summary: "A vendor's performance rates, thresholds and state", params: idParamSchema,
        response: { 200: sellerPerformanceSchema, ...errors, 404: errorBodySchema },
      },
    }, async (req) => performance.read(req.params.id));

    r.post('/api/admin/vendors/:id/performance/evaluate', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Evaluate a vendor now (as the hourly run does): warned past a warn level, listings paused past a pause level. Idempotent; audited",
        params: idParamSchema, response: { 200: sellerPerformanceSchema, ...errors, 404: errorBodySchema },
      },
    }, async (req) => {
      await performance.evaluate(req.params.id, actorOf(req), { auditAlways: true });
      return performance.read(req.params.id);
    });

    r.post('/api/admin/vendors/:id/performance/lift', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Lift a vendor's pause after review (a note says what was reviewed): its paused listings go back on sale; it is judged on orders from now on. Audited; 409 when not paused",
        params: idParamSchema, body: performanceLiftSchema,
        response: { 200: sellerPerformanceSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
      },
    }, async (req) => performance.lift(req.params.id, req.body.note, actorOf(req)));

    r.get('/api/admin/seller-performance/settings', {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: 'The seller performance thresholds: a warn and a pause level per rate (basis points), and the orders a rate needs before it is judged', response: { 200: thresholdsResponse, ...errors } },
    }, async () => performance.thresholds());

    r.put('/api/admin/seller-performance/settings', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'], summary: 'Set the seller performance thresholds (audited); the next evaluation judges by them',
        body: performanceThresholdsSchema, response: { 200: thresholdsResponse, ...errors },
      },
    }, async (req) => performance.saveThresholds(req.body, actorOf(req)));
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import { adminParcelsQuerySchema, adminParcelsSchema, bookShipmentSchema, carrierParamSchema, orderTrackingSchema, shipmentSchema, shippingWebhookAnswerSchema } from '@souq/shared/api/shipping';
import { principalOf, requireAdmin, requireSignedIn, requireVendor, requireVendorOrAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { forbidden } from '../../platform/errors.js';
import type { ShippingService } from './shipping.service.js';
import type { ParcelsOverview } from './shipping.admin.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

function vendorIdOf(req: FastifyRequest): number {
  const { vendorId } = principalOf(req);
  if (vendorId === null) throw forbidden();
  return vendorId;
}

/** Carriers, labels and tracking (decision 0150). */
export function shippingRoutes(deps: { shipping: ShippingService; parcels: ParcelsOverview }) {
  const { shipping, parcels } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/api/vendor/orders/:id/shipment', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "Book a carrier for the vendor's own sub-order (confirmed or processing): the carrier's waybill becomes its tracking number, a pickup is requested, the label is ready; the sub-order is shipped. 404 for another vendor's, 409 from another status or when one is booked, 502 when the carrier refuses",
        params: idParamSchema,
        body: bookShipmentSchema,
        response: { 201: shipmentSchema, ...errors, 409: errorBodySchema, 502: errorBodySchema },
      },
    }, async (req, reply) => reply.code(201).send(await shipping.book(vendorIdOf(req), req.params.id, req.body, actorOf(req))));

    r.post('/api/vendor/returns/:id/pickup', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "Book a carrier to collect an approved return from the shopper (a return label); the return is received when the carrier delivers it to the seller. 404 for another vendor's, 409 unless approved or when one is booked, 502 when the carrier refuses",
        params: idParamSchema,
        body: bookShipmentSchema,
        response: { 201: shipmentSchema, ...errors, 409: errorBodySchema, 502: errorBodySchema },
      },
    }, async (req, reply) => reply.code(201).send(await shipping.bookReturnPickup(vendorIdOf(req), req.params.id, req.body, actorOf(req))));

    r.get('/api/shipping/shipments/:id/label.pdf', {
      preHandler: requireVendorOrAdmin,
      schema: {
        tags: ['vendor'],
        summary: "A booked parcel's label, 4×6 in PDF (its seller or an admin; anyone else 404)",
        params: idParamSchema,
        response: { 200: z.string().describe('application/pdf'), ...errors },
      },
    }, async (req, reply) => {
      const p = principalOf(req);
      const { pdf, waybill } = await shipping.labelPdf(req.params.id, { vendorId: p.vendorId, admin: p.kind === 'admin' });
      return (reply as FastifyReply).type('application/pdf').header('content-disposition', `inline; filename="label-${waybill}.pdf"`).send(pdf);
    });

    r.get('/api/admin/shipping/parcels', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every booked parcel across sellers, newest first (or those in one state, or with one carrier), with the number in each state',
        querystring: adminParcelsQuerySchema,
        response: { 200: adminParcelsSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async (req) => parcels.list(req.query));

    r.get('/api/orders/:id/tracking', {
      preHandler: requireSignedIn,
      schema: {
        tags: ['orders'],
        summary: "A sub-order's tracking: the booked parcel and its events, or the carrier and number typed by hand (not verified); its shopper, its seller or an admin",
        params: idParamSchema,
        response: { 200: orderTrackingSchema, ...errors },
      },
    }, async (req) => {
      const p = principalOf(req);
      return shipping.trackingFor(req.params.id, { userId: p.kind === 'user' ? p.userId : null, vendorId: p.vendorId, admin: p.kind === 'admin' });
    });

    // a webhook's signature is over its exact bytes: in this inner plugin JSON bodies stay the raw string they arrived as
    await app.register(async (inner) => {
      inner.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
      inner.withTypeProvider<ZodTypeProvider>().post('/api/shipping/webhooks/:carrier', {
      schema: {
        tags: ['shipping'],
        summary: "A carrier's signed tracking event (Quiqup: X-Quiqup-Signature, HMAC-SHA256 over the timestamp and the raw body); 400 and nothing written when unsigned or badly signed; stored once per carrier and event id",
        params: carrierParamSchema,
        response: { 200: shippingWebhookAnswerSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
      }, async (req) => shipping.webhook(req.params.carrier, typeof req.body === 'string' ? req.body : '', req.headers));
    });
  };
}

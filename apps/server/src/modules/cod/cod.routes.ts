import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import {
  cashToCollectSchema, codEligibilitySchema, codSettingsSchema, courierCreateSchema, courierRemittanceSchema, courierSchema,
  courierTokenSchema, refusalSchema, remittanceImportSchema, remittanceResultSchema, type Courier,
} from '@souq/shared/api/cod';
import { orderSchema } from '@souq/shared/api/orders';
import { bearerToken, requireAdmin } from '../../platform/auth.js';
import { actorOf, type Actor } from '../../platform/audit.js';
import { unauthorized } from '../../platform/errors.js';
import { remittanceRecordsFromCsv } from './cod.csv.js';
import type { CodService } from './cod.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['admin'];
const courierTags = ['couriers'];
/** The courier routes' own bearer token (one per courier, stored hashed), not a session. */
const courierSecurity = [{ bearer: [] }];

const orderNumberSchema = z.object({ order_number: z.string().trim().min(1).max(60), notes: z.string().trim().max(500).default('') });

/** Cash on delivery settled (issue 36 item 6, decision 0140): the admin's Finance part, the couriers' API, checkout's rule. */
export function codRoutes(deps: { cod: CodService }) {
  const { cod } = deps;

  /** The courier whose token the request carries; 401 otherwise (before the body is read). */
  async function courierOf(req: FastifyRequest): Promise<Courier> {
    const token = bearerToken(req);
    const courier = token ? await cod.courierByToken(token) : null;
    if (!courier) throw unauthorized();
    return courier;
  }
  const courierActor = (req: FastifyRequest, c: Courier): Actor => ({ userId: null, role: 'system', name: `courier:${c.code}`, ip: req.ip });

  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/admin/cod/cash', {
      preHandler: requireAdmin,
      schema: { tags, summary: 'Cash on delivery still to collect: the courier_cash balance per courier, aged by days since delivery (0–7, 8–30, 31+), the remittance differences and the card-only setting', response: { 200: cashToCollectSchema, ...errors } },
    }, async () => cod.cashToCollect());

    r.get('/api/admin/cod/couriers', {
      preHandler: requireAdmin,
      schema: { tags, summary: 'The couriers who carry cash-on-delivery sub-orders', response: { 200: z.array(courierSchema), ...errors } },
    }, async () => cod.listCouriers());

    r.post('/api/admin/cod/couriers', {
      preHandler: requireAdmin,
      schema: { tags, summary: 'Add a courier (audited); 409 when its code is taken', body: courierCreateSchema, response: { 201: courierSchema, ...errors, 409: errorBodySchema } },
    }, async (req, reply) => reply.code(201).send(await cod.createCourier(req.body, actorOf(req))));

    r.post('/api/admin/cod/couriers/:id/token', {
      preHandler: requireAdmin,
      schema: {
        tags, summary: "Issue a courier's API token (shown once, stored hashed; the previous one stops working). Audited",
        params: idParamSchema, response: { 201: courierTokenSchema, ...errors, 404: errorBodySchema },
      },
    }, async (req, reply) => reply.code(201).send(await cod.issueToken(req.params.id, actorOf(req))));

    r.put('/api/admin/cod/settings', {
      preHandler: requireAdmin,
      schema: { tags, summary: 'The refused deliveries after which checkout offers card only (0: never). Audited', body: codSettingsSchema, response: { 200: codSettingsSchema, ...errors } },
    }, async (req) => cod.saveSettings(req.body, actorOf(req)));

    r.post('/api/admin/cod/remittances', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Import a courier's remittance (CSV: order number, amount collected in AED, date; header optional). Every row is checked first: any error rejects the whole file (422, each error under row_<line>), nothing written. Each delivered cash sub-order is remitted once: records remitted before post nothing (the same file twice posts once); a short or over amount is posted as a difference. Audited",
        body: remittanceImportSchema, response: { 200: remittanceResultSchema, ...errors, 404: errorBodySchema, 422: errorBodySchema },
      },
    }, async (req) => cod.remit(remittanceRecordsFromCsv(req.body.csv), { courierId: req.body.courier_id, source: 'csv', actor: actorOf(req) }));

    r.post('/api/admin/cod/orders/:id/refused', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'A shipped cash-on-delivery sub-order refused at the door: cancelled with its stock back and its sale reversed (its invoice credited), the refusal counted for the shopper. 409 when it is not a shipped cash sub-order',
        params: idParamSchema, body: refusalSchema, response: { 200: orderSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
      },
    }, async (req) => cod.refuse(req.params.id, { actor: actorOf(req), notes: req.body.notes }));

    r.post('/api/courier/remittances', {
      onRequest: async (req) => { (req as FastifyRequest & { courier?: Courier }).courier = await courierOf(req); },
      schema: {
        tags: courierTags, security: courierSecurity,
        summary: "A courier pushes its remittance (the courier's own API token): the same records and rules as the admin's CSV import, each sub-order only the courier's own (row error otherwise)",
        body: courierRemittanceSchema, response: { 200: remittanceResultSchema, 400: errorBodySchema, 401: errorBodySchema, 422: errorBodySchema },
      },
    }, async (req) => {
      const courier = (req as FastifyRequest & { courier?: Courier }).courier!;
      const records = req.body.records.map((x, i) => ({ ...x, amount: x.amount, row: i + 1, columns: 3 }));
      return cod.remit(records, { courierId: courier.id, source: 'api', actor: courierActor(req, courier) });
    });

    r.post('/api/courier/refusals', {
      onRequest: async (req) => { (req as FastifyRequest & { courier?: Courier }).courier = await courierOf(req); },
      schema: {
        tags: courierTags, security: courierSecurity,
        summary: "A courier reports a delivery refused at the door (one of its own shipped cash sub-orders): cancelled with its stock back and its sale reversed",
        body: orderNumberSchema, response: { 200: orderSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    }, async (req) => {
      const courier = (req as FastifyRequest & { courier?: Courier }).courier!;
      return cod.refuse(await cod.orderIdOf(req.body.order_number), { actor: courierActor(req, courier), notes: req.body.notes, courierId: courier.id });
    });

    r.get('/api/cod/eligibility', {
      schema: {
        tags: ['orders'],
        summary: "Whether checkout may offer cash on delivery: the signed-in shopper's refused deliveries against the admin's threshold (a guest's are checked when the order is placed, never answered for an e-mail)",
        response: { 200: codEligibilitySchema },
      },
    }, async (req) => cod.eligibility({ userId: req.principal?.kind === 'user' ? req.principal.userId : null, email: null }));
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import {
  adminReturnsQuerySchema, vendorReturnsQuerySchema, myReturnsSchema, returnApproveSchema, returnCreateSchema, returnReceiveSchema, returnRejectSchema, returnRequestSchema,
} from '@souq/shared/api/returns';
import { principalOf, requireAdmin, requireUser, requireVendor } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { forbidden } from '../../platform/errors.js';
import { sendPage } from '../../platform/paging.js';
import type { ReturnScope, ReturnsService } from './returns.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const stepErrors = { ...errors, 409: errorBodySchema };

/** The signed-in vendor (its own sub-orders only); never an id from the request. */
function vendorIdOf(req: FastifyRequest): number {
  const { vendorId } = principalOf(req);
  if (vendorId === null) throw forbidden();
  return vendorId;
}
const vendorScope = (req: FastifyRequest): ReturnScope => ({ vendorId: vendorIdOf(req) });
const adminScope = (): ReturnScope => ({ admin: true });

/** Returns and refunds per line (decision 0094): the shopper asks; the seller or an admin approves, rejects, receives. */
export function returnsRoutes(deps: { returns: ReturnsService }) {
  const { returns } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/api/my/returns', {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: "Ask to return some units of a delivered line of one of the customer's own sub-orders, within its seller's return window (cash on delivery: choose store credit or bank transfer); 404 for another's order or line, 422 outside the window or for more units than are left",
        body: returnCreateSchema,
        response: { 201: returnRequestSchema, ...errors, 422: errorBodySchema },
      },
    }, async (req, reply) => reply.status(201).send(await returns.request(principalOf(req).userId, req.body, actorOf(req))));

    r.get('/api/my/returns', {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: "The customer's return requests with their refunds, the delivered lines they can still return, and their store-credit balance (a sum of ledger entries)",
        response: { 200: myReturnsSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async (req) => returns.mine(principalOf(req).userId));

    // the seller's and the admin's actions are the same steps under two scopes
    const areas = [
      { prefix: '/api/vendor', tag: 'vendor', guard: requireVendor, scope: vendorScope, who: "the vendor's own sub-order (another vendor's is a 404)" },
      { prefix: '/api/admin', tag: 'admin', guard: requireAdmin, scope: adminScope, who: 'any sub-order' },
    ] as const;
    for (const a of areas) {
      r.get(`${a.prefix}/orders/:id/returns`, {
        preHandler: a.guard,
        schema: {
          tags: [a.tag],
          summary: `The return requests on ${a.who}, newest first, with their refunds`,
          params: idParamSchema,
          response: { 200: z.array(returnRequestSchema), ...errors },
        },
      }, async (req) => returns.forOrder(req.params.id, a.scope(req)));

      r.post(`${a.prefix}/returns/:id/approve`, {
        preHandler: a.guard,
        schema: {
          tags: [a.tag],
          summary: `Approve a requested return on ${a.who}, with an optional note to the shopper (history, audit, the shopper told); 409 unless requested`,
          params: idParamSchema,
          body: returnApproveSchema,
          response: { 200: returnRequestSchema, ...stepErrors },
        },
      }, async (req) => returns.approve(req.params.id, a.scope(req), req.body.note, actorOf(req)));

      r.post(`${a.prefix}/returns/:id/reject`, {
        preHandler: a.guard,
        schema: {
          tags: [a.tag],
          summary: `Reject a requested return on ${a.who} with a note saying why (history, audit, the shopper told); 409 unless requested`,
          params: idParamSchema,
          body: returnRejectSchema,
          response: { 200: returnRequestSchema, ...stepErrors },
        },
      }, async (req) => returns.reject(req.params.id, a.scope(req), req.body.note, actorOf(req)));

      r.post(`${a.prefix}/returns/:id/receive`, {
        preHandler: a.guard,
        schema: {
          tags: [a.tag],
          summary: `Mark an approved return on ${a.who} received: the refund for its units is posted to the ledger (refund and commission reversal), the units go back in stock when restock is true, in one transaction; 409 unless approved, 422 when the refund is more than what was paid and not yet refunded`,
          params: idParamSchema,
          body: returnReceiveSchema,
          response: { 200: returnRequestSchema, ...stepErrors, 422: errorBodySchema },
        },
      }, async (req) => returns.receive(req.params.id, a.scope(req), req.body.restock, actorOf(req)));
    }

    r.get('/api/vendor/returns', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "The vendor's own returns, newest first, filtered by status (or open: requested or approved), sub-order and refund day, paged (total in X-Total-Count)",
        querystring: vendorReturnsQuerySchema,
        response: { 200: z.array(returnRequestSchema), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async (req, reply) => {
      return sendPage(reply, await returns.list({ ...req.query, vendor_id: vendorIdOf(req) }));
    });

    r.get('/api/admin/returns', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every return and refund, newest first, filtered by status, seller, sub-order and refund day (from–to), paged (total in X-Total-Count)',
        querystring: adminReturnsQuerySchema,
        response: { 200: z.array(returnRequestSchema), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async (req, reply) => sendPage(reply, await returns.list(req.query)));
  };
}

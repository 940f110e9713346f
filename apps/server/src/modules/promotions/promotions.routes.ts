import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@souq/shared/messages';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import {
  campaignRequestSchema, couponCheckRequestSchema, offersQuerySchema, offersSchema, couponCheckSchema, dealsQuoteRequestSchema, dealsQuoteSchema, issueCodeRequestSchema, optInRequestSchema, promotionCodeSchema,
  promotionSchema, promotionStatusRequestSchema, stackingSchema, vendorPromotionCostSchema, vendorPromotionRequestSchema,
} from '@souq/shared/api/promotions';
import { principalOf, requireAdmin, requireVendor } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { AppError, forbidden, textIn } from '../../platform/errors.js';
import { readerOf } from '../../platform/request-locale.js';
import type { PromotionsService } from './promotions.service.js';
import { shopperCodeKeys, type CodeTries } from './promotions.guessing.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const vendorSecurity = [{ bearer: [] }];

/** The signed-in vendor (its own promotions only); never an id from the request. */
function vendorIdOf(req: FastifyRequest): number {
  const { vendorId } = principalOf(req);
  if (vendorId === null) throw forbidden();
  return vendorId;
}

/**
 * Promotions (issue 39, decision 0148): checkout's code box (rate limited per client and per shopper against code
 * guessing), the vendor's own promotions and campaign opt-ins, the admin's campaigns, codes and stacking setting.
 */
export function promotionsRoutes(deps: { promotions: PromotionsService; codeTries: CodeTries }) {
  const { promotions } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // the client's and the shopper's counters (shopperCodeKeys); agents' discount codes spend the same shopper's counter
    const codeGuessing = async (req: FastifyRequest, reply: FastifyReply) => {
      const wait = await deps.codeTries(req, shopperCodeKeys(req));
      if (wait === null) return;
      void reply.header('retry-after', String(wait));
      throw new AppError(429, MSG.promoTooManyTries);
    };

    r.post('/api/promotions/check', {
      onRequest: codeGuessing,
      schema: {
        tags: ['orders'], operationId: 'checkCouponCode', security: [{}, { bearer: [] }],
        summary: 'Check a coupon code against a cart at database prices: the discount per seller and who funds it, or why it does not apply (reason and message in the reader\'s language). Nothing is written; rate limited per client and per shopper.',
        body: couponCheckRequestSchema,
        response: { 200: couponCheckSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    }, async (req) => {
      const userId = req.principal?.kind === 'user' ? req.principal.userId : null;
      const out = await promotions.checkCoupon(req.body.code, req.body.items, userId);
      return { ...out, message: out.message === null ? null : textIn(out.message, readerOf(req).locale) };
    });

    r.post('/api/promotions/deals', {
      schema: {
        tags: ['orders'], operationId: 'quoteCartDeals', security: [{}, { bearer: [] }],
        summary: 'The running deals on a cart at database prices, before any code: what the order takes off each seller\'s part unasked, and who funds it. Nothing is written.',
        body: dealsQuoteRequestSchema,
        response: { 200: dealsQuoteSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema },
      },
    }, async (req) => promotions.quoteDeals(req.body.items, req.principal?.kind === 'user' ? req.principal.userId : null));

    r.get('/api/promotions/offers', {
      schema: {
        tags: ['catalogue'], operationId: 'listProductOffers', security: [{}, { bearer: [] }],
        summary: 'What one unit of each active product costs now (up to 100 ids): the running deal by the checkout\'s own rule and when it ends, and the honest "was" price — the lowest price of the 30 days before the reduction, deals included — or none (decision 0158). For a signed-in shopper, a deal limited per shopper is left out once their own uses reach it (decision 0163). Unknown or inactive products are left out.',
        querystring: offersQuerySchema,
        response: { 200: offersSchema, 400: errorBodySchema },
      },
    }, async (req, reply) => {
      const userId = req.principal?.kind === 'user' ? req.principal.userId : null;
      // half a minute's shared cache for guests: a deal's end is in the answer, and the cards refetch when a countdown
      // reaches it; a shopper's own answer (their limited deals) is theirs alone and never reused
      void reply.header('vary', 'authorization').header('cache-control', userId === null ? 'public, max-age=30' : 'private, no-store');
      return promotions.offers(req.query.ids, new Date(), userId);
    });

    // the vendor's own promotions
    r.get('/api/vendor/promotions', {
      preHandler: requireVendor,
      schema: { tags: ['vendor'], operationId: 'listVendorPromotions', security: vendorSecurity, summary: "The vendor's own coupons and deals with their uses and cost (fils)", response: { 200: z.array(promotionSchema), ...errors } },
    }, async (req) => promotions.listForVendor(vendorIdOf(req)));

    r.get('/api/vendor/promotions/cost', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'], operationId: 'vendorPromotionCost', security: vendorSecurity,
        summary: "What promotions cost the vendor on its sales: its own share and the marketplace's, per promotion (fils), from the redemptions of its sub-orders not cancelled",
        response: { 200: vendorPromotionCostSchema, ...errors },
      },
    }, async (req) => promotions.costForVendor(vendorIdOf(req)));

    r.post('/api/vendor/promotions', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'], operationId: 'createVendorPromotion', security: vendorSecurity,
        summary: 'Create a coupon or deal funded by the vendor, on its own products only (422 for another seller\'s product, 409 for a taken code)',
        body: vendorPromotionRequestSchema, response: { 201: promotionSchema, ...errors, 409: errorBodySchema, 422: errorBodySchema },
      },
    }, async (req, reply) => reply.status(201).send(await promotions.createForVendor(vendorIdOf(req), req.body, actorOf(req))));

    r.post('/api/vendor/promotions/:id/status', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'], operationId: 'setVendorPromotionStatus', security: vendorSecurity, summary: 'Pause or resume one of the vendor\'s own promotions (404 for another\'s)',
        params: idParamSchema, body: promotionStatusRequestSchema, response: { 200: promotionSchema, ...errors },
      },
    }, async (req) => promotions.setStatus(req.params.id, req.body.status, actorOf(req), vendorIdOf(req)));

    r.post('/api/vendor/promotions/:id/codes', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'], operationId: 'issueVendorPromotionCode', security: vendorSecurity, summary: 'Issue a one-time code of one of the vendor\'s own one-time coupons to a shopper',
        params: idParamSchema, body: issueCodeRequestSchema, response: { 201: promotionCodeSchema, ...errors, 422: errorBodySchema },
      },
    }, async (req, reply) => reply.status(201).send(await promotions.issueCode(req.params.id, req.body.user_id, actorOf(req), vendorIdOf(req))));

    r.get('/api/vendor/campaigns', {
      preHandler: requireVendor,
      schema: { tags: ['vendor'], operationId: 'listVendorCampaigns', security: vendorSecurity, summary: 'The marketplace campaigns still running, with the vendor\'s own opted-in products and its own cost', response: { 200: z.array(promotionSchema), ...errors } },
    }, async (req) => promotions.campaignsForVendor(vendorIdOf(req)));

    r.post('/api/vendor/campaigns/:id/opt-in', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'], operationId: 'optInToCampaign', security: vendorSecurity, summary: 'Opt the vendor\'s own products in to a marketplace campaign (its share of a split is its cost)',
        params: idParamSchema, body: optInRequestSchema, response: { 200: promotionSchema, ...errors, 422: errorBodySchema },
      },
    }, async (req) => promotions.optIn(vendorIdOf(req), req.params.id, req.body.product_ids, actorOf(req)));

    // the admin's campaigns, every promotion's usage and cost, codes and the stacking rule
    r.get('/api/admin/promotions', {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], operationId: 'listAllPromotions', security: vendorSecurity, summary: 'Every campaign and seller promotion with uses and cost to the marketplace and to each seller (fils)', response: { 200: z.array(promotionSchema), ...errors } },
    }, async () => promotions.listAll());

    r.post('/api/admin/promotions', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'], operationId: 'createCampaign', security: vendorSecurity, summary: 'Create a marketplace campaign funded by the marketplace or split with the sellers who opt in',
        body: campaignRequestSchema, response: { 201: promotionSchema, ...errors, 409: errorBodySchema },
      },
    }, async (req, reply) => reply.status(201).send(await promotions.createCampaign(req.body, actorOf(req))));

    r.post('/api/admin/promotions/:id/status', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'], operationId: 'setPromotionStatus', security: vendorSecurity, summary: 'Pause or resume any promotion',
        params: idParamSchema, body: promotionStatusRequestSchema, response: { 200: promotionSchema, ...errors },
      },
    }, async (req) => promotions.setStatus(req.params.id, req.body.status, actorOf(req), null));

    r.post('/api/admin/promotions/:id/codes', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'], operationId: 'issuePromotionCode', security: vendorSecurity, summary: 'Issue a one-time code of a one-time coupon to a shopper',
        params: idParamSchema, body: issueCodeRequestSchema, response: { 201: promotionCodeSchema, ...errors, 422: errorBodySchema },
      },
    }, async (req, reply) => reply.status(201).send(await promotions.issueCode(req.params.id, req.body.user_id, actorOf(req), null)));

    r.put('/api/admin/promotions/stacking', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'], operationId: 'setPromotionStacking', security: vendorSecurity, summary: 'Whether running deals and a coupon apply to the same line (at most one coupon always)',
        body: stackingSchema, response: { 200: stackingSchema, ...errors },
      },
    }, async (req) => promotions.setStacking(req.body.deals_stack_with_coupons, actorOf(req)));
  };
}

import { z } from 'zod';
import { MSG } from '../messages.js';
import { OFFERS_MAX_IDS } from '../rules/reference-price.js';
import { COUPON_REFUSALS, PROMOTION_CODE_PATTERN, PROMOTION_FUNDERS, PROMOTION_KINDS, PROMOTION_STATUSES } from '../rules/promotions.js';

// Promotions (issue 39, decision 0148): what sellers and admins send to create coupons, deals and campaigns, and
// what the lists and checkout answer. Amounts are integer fils (`_cents`), percentages basis points (1500 = 15 %).

/** A row id: a positive 32-bit integer (the database's serial). */
const idSchema = z.number().int().min(1).max(2_147_483_647);
const codeSchema = z.string().trim().regex(PROMOTION_CODE_PATTERN, { error: MSG.promoCodeShape });

const promotionBase = z.object({
  kind: z.enum(PROMOTION_KINDS),
  name: z.string().trim().min(1, { error: MSG.nameRequired }).max(120),
  /** A coupon's shared code; leave it out for a deal, or for a coupon whose codes are issued one per shopper. */
  code: codeSchema.optional(),
  one_time: z.boolean().optional().default(false),
  percent_bps: z.number().int().min(1).max(10_000).optional(),
  amount_cents: z.number().int().min(1).max(100_000_000).optional(),
  min_spend_cents: z.number().int().min(0).max(100_000_000).optional().default(0),
  per_shopper_limit: z.number().int().min(1).max(1000).nullable().optional().default(null),
  total_limit: z.number().int().min(1).max(10_000_000).nullable().optional().default(null),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  product_ids: z.array(idSchema).max(500).optional().default([]),
});

/** The checks every create request passes (one value, dates in order, a code exactly when a shared coupon). */
function refineBase<T extends z.infer<typeof promotionBase>>(v: T, ctx: z.RefinementCtx) {
  if ((v.percent_bps === undefined) === (v.amount_cents === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['percent_bps'], message: MSG.promoValueOne });
  }
  if (Date.parse(v.ends_at) <= Date.parse(v.starts_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: MSG.promoEndAfterStart });
  if (v.kind === 'deal' && (v.code || v.one_time)) ctx.addIssue({ code: 'custom', path: ['code'], message: MSG.promoDealNoCode });
  if (v.kind === 'coupon' && !v.code && !v.one_time) ctx.addIssue({ code: 'custom', path: ['code'], message: MSG.promoCouponNeedsCode });
  if (v.one_time && v.code) ctx.addIssue({ code: 'custom', path: ['code'], message: MSG.promoOneTimeNoCode });
}

/** A seller's own promotion: always funded by the seller, on its own products only. */
export const vendorPromotionRequestSchema = promotionBase.superRefine(refineBase);
export type VendorPromotionRequest = z.infer<typeof vendorPromotionRequestSchema>;

/** A marketplace campaign: funded by the marketplace, or split with the sellers who opt in. */
export const campaignRequestSchema = promotionBase.extend({
  funder: z.enum(['marketplace', 'split']),
  /** The sellers' share in percent when split (1–99). */
  seller_percent: z.number().int().min(1).max(99).optional(),
}).superRefine((v, ctx) => {
  refineBase(v, ctx);
  if (v.funder === 'split' && v.seller_percent === undefined) ctx.addIssue({ code: 'custom', path: ['seller_percent'], message: MSG.promoSplitPercent });
  if (v.funder === 'split' && v.product_ids.length) ctx.addIssue({ code: 'custom', path: ['product_ids'], message: MSG.promoSplitOptIn });
});
export type CampaignRequest = z.infer<typeof campaignRequestSchema>;

export const promotionStatusRequestSchema = z.object({ status: z.enum(PROMOTION_STATUSES) });
export const optInRequestSchema = z.object({ product_ids: z.array(idSchema).min(1).max(500) });
export const issueCodeRequestSchema = z.object({ user_id: idSchema });
export const stackingSchema = z.object({ deals_stack_with_coupons: z.boolean() });

export const promotionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PROMOTION_KINDS),
  name: z.string(),
  code: z.string().nullable(),
  one_time: z.boolean(),
  percent_bps: z.number().int().nullable(),
  amount_cents: z.number().int().nullable(),
  min_spend_cents: z.number().int(),
  per_shopper_limit: z.number().int().nullable(),
  total_limit: z.number().int().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  funder: z.enum(PROMOTION_FUNDERS),
  seller_percent: z.number().int(),
  owner_vendor_id: z.number().int().nullable(),
  status: z.enum(PROMOTION_STATUSES),
  product_ids: z.array(z.number().int()),
  /** Live uses (purchases) and what they cost so far, in fils: the whole discount, the sellers' part, the marketplace's. */
  uses: z.number().int(),
  discount_cents: z.number().int(),
  seller_cost_cents: z.number().int(),
  marketplace_cost_cents: z.number().int(),
  /** The cost per seller (admin lists), in fils. */
  sellers: z.array(z.object({ vendor_id: z.number().int().nullable(), seller_cost_cents: z.number().int(), marketplace_cost_cents: z.number().int() })),
});
export type PromotionDto = z.infer<typeof promotionSchema>;

export const promotionCodeSchema = z.object({ id: z.number().int(), code: z.string(), user_id: z.number().int() });

/** A coupon checked against a cart (checkout's code box). */
export const couponCheckRequestSchema = z.object({
  code: z.string().trim().min(1).max(64),
  items: z.array(z.object({
    product_id: z.coerce.number().int().min(1).max(2_147_483_647),
    quantity: z.coerce.number().int().min(1).max(999),
    variants: z.record(z.string().trim().max(40), z.string().trim().max(100)).optional().default({}),
  })).min(1).max(100),
});

/** What promotions take off one seller's part of a cart, in fils (the seller's and the marketplace's shares). */
export const sellerDiscountSchema = z.object({
  vendor_id: z.number().int().nullable(),
  discount_cents: z.number().int(),
  seller_cents: z.number().int(),
  marketplace_cents: z.number().int(),
});
export const couponCheckSchema = z.object({
  code: z.string(),
  applies: z.boolean(),
  /** Why not, as a key and in the reader's language. */
  reason: z.enum(COUPON_REFUSALS).nullable(),
  message: z.string().nullable(),
  discount_cents: z.number().int(),
  sellers: z.array(sellerDiscountSchema),
});
export type CouponCheck = z.infer<typeof couponCheckSchema>;

/** POST /api/promotions/deals: the cart as checkout shows it before any code, the running deals taken off. */
export const dealsQuoteRequestSchema = couponCheckRequestSchema.pick({ items: true });
export const dealsQuoteSchema = z.object({
  discount_cents: z.number().int(),
  sellers: z.array(sellerDiscountSchema),
});
export type DealsQuote = z.infer<typeof dealsQuoteSchema>;

/**
 * What promotions cost a seller on its sales (decision 0152), from the recorded redemptions of its sub-orders not
 * cancelled: its own share (taken off its lines) and the marketplace's (paid toward them), per promotion, in fils.
 */
export const vendorPromotionCostSchema = z.object({
  seller_cost_cents: z.number().int(),
  marketplace_cost_cents: z.number().int(),
  promotions: z.array(z.object({
    id: z.number().int(), name: z.string(), uses: z.number().int(), seller_cost_cents: z.number().int(), marketplace_cost_cents: z.number().int(),
  })),
});
export type VendorPromotionCost = z.infer<typeof vendorPromotionCostSchema>;


/** GET /api/promotions/offers?ids=1,2,3: the products' prices as a shopper is charged now (decision 0158). */
export const offersQuerySchema = z.object({
  ids: z.string().trim().regex(/^\d{1,10}(,\d{1,10})*$/, { error: MSG.validationFailed })
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.length <= OFFERS_MAX_IDS && ids.every((id) => id >= 1 && id <= 2_147_483_647), { error: MSG.validationFailed }),
});

export const offerSchema = z.object({
  product_id: z.number().int(),
  /** The list price (fils), before any deal, for the product without options. */
  price_cents: z.number().int(),
  /** The running deal on one unit, as checkout takes it off (the same rule); null when none runs. */
  deal: z.object({
    promotion_id: z.number().int(),
    /** One unit's price with the deal. */
    price_cents: z.number().int(),
    /** Its value, for a product with options (each option's price has it taken off at checkout). */
    percent_bps: z.number().int().nullable(),
    amount_cents: z.number().int().nullable(),
    starts_at: z.string(),
    /** When the deal ends (ISO): the price returns to `price_cents` then. */
    ends_at: z.string(),
    /** Purchases at the deal's price per signed-in shopper; null: for everyone, guests too. */
    per_shopper_limit: z.number().int().nullable(),
  }).nullable(),
  /**
   * The honest "was" price to strike through (fils): the lowest price the product was sold at in the `was_days` days
   * before the reduction (a running deal's start, else the current list price's), only when above the price asked
   * now. Null: no strike-through (a vendor's typed compare-at price is never shown by itself).
   */
  was_cents: z.number().int().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offersSchema = z.object({
  /** The server's clock when answering, so a countdown is right on a device whose clock is off. */
  now: z.string(),
  was_days: z.number().int(),
  offers: z.array(offerSchema),
});
export type Offers = z.infer<typeof offersSchema>;

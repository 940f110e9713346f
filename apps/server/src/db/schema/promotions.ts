import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products } from './catalogue.js';
import { orderItems, orders, purchases } from './orders.js';
import { vendors } from './vendors.js';

// Promotions (issue 39, decision 0148): coupons and deals, who funds them, the products they cover, one-time codes,
// and what each purchase redeemed. The limits hold under concurrency by the promotion row's lock and by unique
// indexes on the redemptions; the money itself lives in the orders' lines and the ledger.

/**
 * A coupon (a code) or a deal (automatic, no code). `ownerVendorId` null is a marketplace campaign; a seller's own
 * promotion is always funded by that seller. `sellerPercent` is the seller's share of the discount: 100 (seller),
 * 0 (marketplace) or 1–99 (split). A percentage is in basis points (1500 = 15 %), a fixed amount in fils.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['coupon', 'deal'] }).notNull(),
    /** A coupon's shared code as typed (matched without case); null for a deal and for one-time codes (promotion_codes). */
    code: text('code'),
    name: text('name').notNull(),
    percentBps: integer('percent_bps'),
    amountCents: integer('amount_cents'),
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    perShopperLimit: integer('per_shopper_limit'),
    totalLimit: integer('total_limit'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    funder: text('funder', { enum: ['seller', 'marketplace', 'split'] }).notNull(),
    sellerPercent: integer('seller_percent').notNull(),
    ownerVendorId: integer('owner_vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    /** Codes issued one per shopper (promotion_codes) instead of one shared code. */
    oneTime: boolean('one_time').notNull().default(false),
    status: text('status', { enum: ['active', 'paused'] }).notNull().default('active'),
    /** Redemptions counted against `totalLimit`: raised and lowered only under the row's lock. */
    redeemedCount: integer('redeemed_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotions_code_key').on(sql`upper(${t.code})`).where(sql`${t.code} is not null`),
    index('promotions_owner_idx').on(t.ownerVendorId, t.createdAt),
    index('promotions_running_idx').on(t.kind, t.status, t.endsAt),
    check('promotions_one_value', sql`(${t.percentBps} is null) <> (${t.amountCents} is null)`),
    check('promotions_percent_range', sql`${t.percentBps} is null or (${t.percentBps} between 1 and 10000)`),
    check('promotions_amount_positive', sql`${t.amountCents} is null or ${t.amountCents} > 0`),
    check('promotions_dates', sql`${t.endsAt} > ${t.startsAt}`),
    check('promotions_limits', sql`coalesce(${t.perShopperLimit}, 1) > 0 and coalesce(${t.totalLimit}, 1) > 0 and ${t.minSpendCents} >= 0`),
    check('promotions_funder_percent', sql`(${t.funder} = 'seller' and ${t.sellerPercent} = 100) or (${t.funder} = 'marketplace' and ${t.sellerPercent} = 0)
      or (${t.funder} = 'split' and ${t.sellerPercent} between 1 and 99)`),
    // a seller cannot make the marketplace pay for its own promotion
    check('promotions_seller_funds_own', sql`${t.ownerVendorId} is null or ${t.funder} = 'seller'`),
    check('promotions_coupon_code', sql`(${t.kind} = 'coupon') = (${t.code} is not null or ${t.oneTime})`),
    check('promotions_redeemed_within', sql`${t.redeemedCount} >= 0 and (${t.totalLimit} is null or ${t.redeemedCount} <= ${t.totalLimit})`),
  ],
);

/**
 * The products a promotion covers, each with its seller. A seller's promotion covers only its own products; a
 * campaign covers what sellers opted in (`optedIn`), and, when the marketplace funds all of it, what an admin added.
 */
export const promotionProducts = pgTable(
  'promotion_products',
  {
    promotionId: integer('promotion_id').notNull().references(() => promotions.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'cascade' }),
    /** Added by the product's own seller (an opt-in to a campaign, or its own promotion). */
    optedIn: boolean('opted_in').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.productId] }), index('promotion_products_product_idx').on(t.productId)],
);

/** One-time codes: each issued to one shopper, used once (a live redemption holds it). */
export const promotionCodes = pgTable(
  'promotion_codes',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id').notNull().references(() => promotions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promotion_codes_code_key').on(sql`upper(${t.code})`), index('promotion_codes_promotion_idx').on(t.promotionId)],
);

/**
 * A promotion used by a purchase, per sub-order: the discount it gave there and who funded it (the seller's share
 * reduced the sub-order's supply; the marketplace's was paid toward it). `returned` once the sub-order was cancelled
 * (the use counts no more). A one-time code has at most one live redemption: a unique index, so 64 checkouts racing
 * with it place one purchase with the discount.
 */
export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id').notNull().references(() => promotions.id, { onDelete: 'restrict' }),
    codeId: integer('code_id').references(() => promotionCodes.id, { onDelete: 'restrict' }),
    purchaseId: integer('purchase_id').notNull().references(() => purchases.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The first sub-order of the purchase using it: the one use that counts against the limits. */
    counted: boolean('counted').notNull(),
    discountCents: integer('discount_cents').notNull(),
    sellerCents: integer('seller_cents').notNull(),
    marketplaceCents: integer('marketplace_cents').notNull(),
    status: text('status', { enum: ['live', 'returned'] }).notNull().default('live'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // sub-order first: a cancellation's release reads its sub-order's redemptions by it (decision 0167), and the
    // vendor's cost joins by both
    uniqueIndex('promotion_redemptions_order_key').on(t.orderId, t.promotionId),
    uniqueIndex('promotion_redemptions_code_live_key').on(t.codeId).where(sql`${t.status} = 'live' and ${t.counted}`),
    index('promotion_redemptions_promotion_idx').on(t.promotionId, t.createdAt),
    index('promotion_redemptions_user_idx').on(t.userId, t.promotionId),
    check('promotion_redemptions_split', sql`${t.sellerCents} >= 0 and ${t.marketplaceCents} >= 0 and ${t.sellerCents} + ${t.marketplaceCents} = ${t.discountCents}`),
  ],
);

/** Each order line's part of each promotion it had (the allocation, decision 0148), for the documents and returns. */
export const orderItemDiscounts = pgTable(
  'order_item_discounts',
  {
    orderItemId: integer('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
    promotionId: integer('promotion_id').notNull().references(() => promotions.id, { onDelete: 'restrict' }),
    discountCents: integer('discount_cents').notNull(),
    sellerCents: integer('seller_cents').notNull(),
    marketplaceCents: integer('marketplace_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.promotionId] }),
    check('order_item_discounts_split', sql`${t.sellerCents} >= 0 and ${t.marketplaceCents} >= 0 and ${t.sellerCents} + ${t.marketplaceCents} = ${t.discountCents}`),
  ],
);

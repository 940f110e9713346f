import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UaeAddress } from '@souq/shared/rules/uae-address';
import { users } from './accounts.js';
import { products } from './catalogue.js';
import { vendors } from './vendors.js';

export type AddressJson = { address: string; city: string; country: string; zip: string };

/** Who bought, where it goes, how it is paid and the amounts: on a purchase and, copied, on each of its sub-orders. */
const buyerAndAmounts = () => ({
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    shippingAddress: jsonb('shipping_address').$type<AddressJson>().notNull(),
    billingAddress: jsonb('billing_address').$type<AddressJson>().notNull(),
    /** The structured UAE address shipped to, as it was at the purchase (decision 0151); null on older orders (their free text stays). */
    deliveryAddress: jsonb('delivery_address').$type<UaeAddress>(),
    /** As chosen at checkout, or store_credit when the shopper's store credit paid all of it (decision 0157). */
    paymentMethod: text('payment_method', { enum: ['card', 'cod', 'store_credit'] }).notNull(),
    currency: text('currency').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The part of the total paid with store credit at checkout (decision 0141); the rest is due by card or cash. */
    storeCreditCents: integer('store_credit_cents').notNull().default(0),
    /**
     * The marketplace's share of the promotions on it (decision 0152): paid toward the total on the shopper's behalf
     * (the marketplace's promotion expense), so the shopper pays the total less it; the seller's own share already
     * reduced the lines.
     */
    promotionPaidCents: integer('promotion_paid_cents').notNull().default(0),
    /** Prices included VAT (decision 0098); false on orders placed before it, whose tax was added on top. */
    taxIncluded: boolean('tax_included').notNull().default(false),
    /** The buyer's company and TRN, when given at checkout (a registrant may need a full tax invoice, decision 0099). */
    buyerCompany: text('buyer_company'),
    buyerTrn: text('buyer_trn'),
});

/**
 * One checkout (decision 0086): the number, the payment and the total the shopper sees. Its sub-orders are `orders`
 * rows, one per seller, each with its own lines, shipping, status and history.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    purchaseNumber: text('purchase_number').notNull(),
    ...buyerAndAmounts(),
    notes: text('notes').notNull().default(''),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchases_number_key').on(t.purchaseNumber),
    uniqueIndex('purchases_idempotency_key').on(t.idempotencyKey),
    index('purchases_user_created_idx').on(t.userId, t.createdAt),
    check('purchases_amounts_nonnegative', sql`${t.totalCents} >= 0 and ${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0`),
  ],
);

/** A sub-order: one seller's part of a purchase (decision 0086); the order routes' unit. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    ...buyerAndAmounts(),
    status: text('status', {
      enum: ['awaiting_payment', 'pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'],
    }).notNull().default('pending'),
    /** The vendor an admin assigned the order to (spec: assign vendor). */
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    /** The purchase this sub-order is part of (null only for orders placed before decision 0086). */
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'cascade' }),
    /** Who sells this sub-order's lines and runs it: a vendor, or null for the marketplace's own products. */
    sellerVendorId: integer('seller_vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    /** Set when the sub-order ships (both required then). */
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    /** When the sub-order shipped / was delivered (the return window and the held money count from delivery). */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** The delivery promise shown at checkout, frozen at the purchase (decision 0151): Dubai calendar days; null before it or without an emirate. */
    promiseEarliest: date('promise_earliest', { mode: 'string' }),
    promiseLatest: date('promise_latest', { mode: 'string' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * When the sub-order was handed to its seller (decision 0137): at placement for cash on delivery, when the provider
     * authorised the payment for a card purchase; null while it awaits payment or when the payment never came. Sellers'
     * lists and figures show only released sub-orders.
     */
    releasedAt: timestamp('released_at', { withTimezone: true }).defaultNow(),
    notes: text('notes').notNull().default(''),
    idempotencyKey: text('idempotency_key'),
    /** Hash of the request body that used the idempotency key, to refuse a different body with the same key. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.orderNumber),
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    index('orders_user_idx').on(t.userId),
    index('orders_created_idx').on(t.createdAt),
    // admin order list (0042): status and assigned-vendor filters in the list's order, search by number/customer
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_vendor_created_idx').on(t.vendorId, t.createdAt),
    index('orders_purchase_idx').on(t.purchaseId),
    index('orders_seller_created_idx').on(t.sellerVendorId, t.createdAt),
    index('orders_admin_search_trgm').using('gin', sql`lower(${t.orderNumber} || ' ' || ${t.customerName} || ' ' || ${t.customerEmail}) gin_trgm_ops`),
    check('orders_amounts_nonnegative', sql`${t.totalCents} >= 0 and ${t.subtotalCents} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    variants: jsonb('variants').$type<Record<string, string>>().notNull().default({}),
    /** The product_variants rows the line was priced and stocked from (ids as at the order; an edit replaces variants). */
    variantIds: integer('variant_ids').array().notNull().default(sql`'{}'::int[]`),
    /** How the options read at the order ('Size: XL'), kept as they were when bought. */
    variantLabel: text('variant_label').notNull().default(''),
    /** The commission rate in force when the order was placed, frozen (basis points; decision 0087). */
    commissionBps: integer('commission_bps').notNull().default(0),
    /** The line's VAT as frozen at the order (decision 0098): category, rate (bps, 0 when the seller is unregistered), tax in fils. */
    taxCategory: text('tax_category', { enum: ['standard', 'zero', 'exempt'] }).notNull().default('standard'),
    taxRateBps: integer('tax_rate_bps').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    index('order_items_vendor_idx').on(t.vendorId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    notes: text('notes').notNull().default(''),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

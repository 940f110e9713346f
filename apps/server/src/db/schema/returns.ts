import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { orderItems, orders } from './orders.js';
import { vendors } from './vendors.js';

/**
 * A shopper's request to return some units of one delivered line (decision 0094): requested → approved | rejected;
 * approved → received, which issues the refund (its ledger posting named here; the money itself lives only in
 * ledger_entries). Rows are the workflow's state, never a balance.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
    orderItemId: integer('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'restrict' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    /** The sub-order's seller when asked (null: the marketplace's own products). */
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    units: integer('units').notNull(),
    reason: text('reason', { enum: ['damaged', 'wrong_item', 'not_as_described', 'no_longer_needed', 'other'] }).notNull(),
    reasonText: text('reason_text').notNull().default(''),
    refundMethod: text('refund_method', { enum: ['original', 'store_credit', 'bank_transfer'] }).notNull(),
    /** A bank-transfer refund's account, as the shopper gave it (normalised, checked; decision 0141). */
    refundIban: text('refund_iban'),
    refundAccountHolder: text('refund_account_holder'),
    status: text('status', { enum: ['requested', 'approved', 'rejected', 'received'] }).notNull().default('requested'),
    decisionNote: text('decision_note').notNull().default(''),
    restock: boolean('restock'),
    /** The refund's ledger posting and its parts as posted (for showing; the balances are sums of the entries). */
    refundPosting: text('refund_posting'),
    refundGoodsCents: integer('refund_goods_cents'),
    refundTaxCents: integer('refund_tax_cents'),
    refundShippingCents: integer('refund_shipping_cents'),
    /** The marketplace's share of a promotion on the units (decision 0152): part of their supply the shopper never paid, given back to the marketplace. */
    refundPromotionCents: integer('refund_promotion_cents').notNull().default(0),
    commissionReversedCents: integer('commission_reversed_cents'),
    commissionVatReversedCents: integer('commission_vat_reversed_cents'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    index('return_requests_item_idx').on(t.orderItemId),
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_user_idx').on(t.userId, t.createdAt),
    index('return_requests_vendor_idx').on(t.vendorId, t.createdAt),
    index('return_requests_status_idx').on(t.status, t.createdAt),
    check('return_requests_units_positive', sql`${t.units} > 0`),
    check('return_requests_received_refund', sql`(${t.status} = 'received') = (${t.refundPosting} is not null)`),
  ],
);

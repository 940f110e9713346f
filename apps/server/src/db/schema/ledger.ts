import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BankRefundStatus, LedgerAccount, LedgerKind, PayoutFailureCode, PayoutSkipReason, PayoutStatus } from '@souq/shared/constants';

// The lists as in packages/shared/constants (drizzle-kit cannot load the shared package, so they are repeated here;
// `satisfies` keeps them from naming anything the shared lists do not have).
const LEDGER_ACCOUNTS = [
  'shopper_receivable', 'vendor_payable', 'marketplace_sales', 'shipping_revenue', 'sales_tax_payable', 'commission_revenue',
  'commission_vat_payable', 'payouts_clearing', 'bank', 'marketplace_adjustments', 'shopper_store_credit',
  'provider_clearing', 'provider_fees', 'provider_disputes', 'dispute_losses',
  'provider_clearing', 'provider_fees', 'shopper_refunds_payable', 'refunds_clearing',
  'provider_clearing', 'provider_fees', 'courier_cash', 'cod_differences', 'marketplace_promotions',
] as const satisfies readonly LedgerAccount[];
const LEDGER_KINDS = [
  'sale', 'shipping', 'sales_tax', 'commission', 'commission_vat', 'refund', 'commission_reversal',
  'payout', 'payout_paid', 'payout_reversal', 'adjustment', 'payment_received', 'provider_fee', 'card_refund',
  'dispute_withdrawn', 'dispute_reinstated', 'dispute_lost', 'dispute_fee',
  'credit_spent', 'credit_returned', 'cash_collected', 'refund_sent', 'refund_paid', 'refund_reversal',
  'cod_collected', 'cod_remitted', 'cod_difference', 'transfer', 'transfer_reversal', 'promotion_paid', 'promotion_returned',
] as const satisfies readonly LedgerKind[];
const BANK_REFUND_STATUSES = ['owed', 'sent', 'paid', 'failed'] as const satisfies readonly BankRefundStatus[];
const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const satisfies readonly PayoutStatus[];
const PAYOUT_FAILURE_CODES = ['account_closed', 'invalid_account', 'holder_mismatch', 'bank_rejected', 'other'] as const satisfies readonly PayoutFailureCode[];
import { users } from './accounts.js';
import { orders, purchases } from './orders.js';
import { vendors } from './vendors.js';

/**
 * Commission rates (decision 0087): `key` is 'default', 'category:{name}' or 'vendor:{id}'; the most specific one in
 * force when an order is placed is frozen on each of its lines (order_items.commission_bps).
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    key: text('key').primaryKey(),
    /** Basis points: 1000 = 10 %. */
    rateBps: integer('rate_bps').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('commission_rates_bps_range', sql`${t.rateBps} between 0 and 10000`),
    check('commission_rates_key_shape', sql`${t.key} = 'default' or ${t.key} ~ '^(category:.+|vendor:[0-9]+)$'`),
  ],
);

/**
 * The double-entry ledger (decision 0087): append-only (a trigger refuses UPDATE, DELETE and TRUNCATE), integer minor
 * units, debits positive and credits negative, so every posting — the rows sharing a `posting` — sums to zero per
 * currency. Balances are SUMs of these rows, never counters.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The rows written together for one event (one sub-order's sale, its cancellation, …). */
    posting: text('posting').notNull(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    /** The vendor of a vendor_payable row (null on every other account). */
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    /** The shopper of a shopper_store_credit or shopper_refunds_payable row (null on every other account). */
    shopperId: integer('shopper_id').references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** The payout a payout row moves (decision 0095). */
    payoutId: integer('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    /** Why: an adjustment's reason, a failed payout's bank answer. */
    memo: text('memo'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_posting_idx').on(t.posting),
    index('ledger_entries_order_idx').on(t.orderId),
    index('ledger_entries_account_vendor_idx').on(t.account, t.vendorId, t.createdAt),
    // a vendor's balance and statement (decision 0096): only vendor_payable rows, keyed by vendor then id, with the
    // amount and currency in the index so the balance is an index-only scan and a statement page a short range scan
    index('ledger_entries_vendor_statement_idx').on(t.vendorId, t.id, t.currency, t.amountCents).where(sql`${t.account} = 'vendor_payable'`),
    check('ledger_entries_vendor_account', sql`(${t.account} = 'vendor_payable') = (${t.vendorId} is not null)`),
    index('ledger_entries_vendor_kind_idx').on(t.vendorId, t.kind, t.createdAt),
    check('ledger_entries_shopper_account', sql`(${t.account} in ('shopper_store_credit', 'shopper_refunds_payable')) = (${t.shopperId} is not null)`),
    index('ledger_entries_shopper_idx').on(t.shopperId).where(sql`${t.shopperId} is not null`),
  ],
);

/** A payout batch (decision 0095): one admin's run over every vendor with enough available money. */
export const payoutBatches = pgTable('payout_batches', {
  id: serial('id').primaryKey(),
  currency: text('currency').notNull(),
  minimumCents: bigint('minimum_cents', { mode: 'number' }).notNull(),
  /** Vendors that reached the minimum whose account may not be paid (none, unverified, waiting, failed; decision 0125). */
  skipped: jsonb('skipped').$type<{ vendor_id: number; vendor_name: string; available_cents: number; reason: PayoutSkipReason }[]>().notNull().default([]),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One vendor's transfer in a batch. The money is in the ledger (payout, payout_paid, payout_reversal rows); this row
 * holds the bank details as they were sent and the transfer's state.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull().references(() => payoutBatches.id, { onDelete: 'restrict' }),
    vendorId: integer('vendor_id').notNull().references(() => vendors.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    iban: text('iban').notNull(),
    accountHolder: text('account_holder').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    /** The kind of failure (PAYOUT_FAILURE_CODES): an account reason marks the vendor's account failed (decision 0125). */
    failureCode: text('failure_code', { enum: PAYOUT_FAILURE_CODES }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: integer('settled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payouts_batch_idx').on(t.batchId),
    index('payouts_vendor_idx').on(t.vendorId, t.createdAt),
    uniqueIndex('payouts_one_per_vendor_per_batch').on(t.batchId, t.vendorId),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
    check('payouts_status_known', sql`${t.status} in ('pending', 'paid', 'failed')`),
  ],
);

/** A refunds batch (decision 0141): one admin's run over every bank-transfer refund owed, like a payout batch. */
export const refundBatches = pgTable('refund_batches', {
  id: serial('id').primaryKey(),
  currency: text('currency').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A refund owed to a shopper by bank transfer (decision 0141): from a cash-on-delivery return or cancellation. The
 * money is in the ledger (shopper_refunds_payable, refunds_clearing); this row holds the bank details the shopper gave
 * and the transfer's state. Written only by the refunds module.
 */
export const bankRefunds = pgTable(
  'bank_refunds',
  {
    id: serial('id').primaryKey(),
    shopperId: integer('shopper_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
    /** The return it pays (null: a cancellation). */
    returnId: integer('return_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    iban: text('iban').notNull(),
    accountHolder: text('account_holder').notNull(),
    status: text('status', { enum: BANK_REFUND_STATUSES }).notNull().default('owed'),
    batchId: integer('batch_id').references(() => refundBatches.id, { onDelete: 'restrict' }),
    failureReason: text('failure_reason'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: integer('settled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_refunds_shopper_idx').on(t.shopperId, t.createdAt),
    index('bank_refunds_status_idx').on(t.status),
    index('bank_refunds_batch_idx').on(t.batchId),
    check('bank_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('bank_refunds_status_known', sql`${t.status} in ('owed', 'sent', 'paid', 'failed')`),
  ],
);

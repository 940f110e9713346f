import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    account: text('account', {
      enum: ['shopper_receivable', 'vendor_payable', 'marketplace_sales', 'shipping_revenue', 'sales_tax_payable', 'commission_revenue', 'commission_vat_payable'],
    }).notNull(),
    /** The vendor of a vendor_payable row (null on every other account). */
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['sale', 'shipping', 'sales_tax', 'commission', 'commission_vat', 'refund', 'commission_reversal'] }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
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
  ],
);

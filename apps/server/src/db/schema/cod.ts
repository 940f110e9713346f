import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { orders } from './orders.js';

// The cod module's tables (decision 0140): the couriers who carry cash-on-delivery sub-orders, which courier carries
// each, the remittances couriers hand in and the sub-orders each settles. The sub-orders stay the orders module's and
// the money the ledger's: these rows say who and when, the ledger says how much.

/** A courier (Aramex, Emirates Post…): its API token is stored only as a SHA-256 hash, shown once when it is made. */
export const couriers = pgTable(
  'couriers',
  {
    id: serial('id').primaryKey(),
    /** A short code, also matched against the carrier a seller types when shipping. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    tokenHash: text('token_hash'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('couriers_code_key').on(sql`lower(${t.code})`),
    uniqueIndex('couriers_token_key').on(t.tokenHash),
  ],
);

/**
 * A cash-on-delivery sub-order in a courier's hands: assigned when it ships (or is delivered with none recorded), the
 * moment its cash was collected (delivered, posted to courier_cash) or it was refused at the door, and the remittance
 * line that brought its cash in. One row per sub-order.
 */
export const codShipments = pgTable(
  'cod_shipments',
  {
    orderId: integer('order_id').primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
    courierId: integer('courier_id').references(() => couriers.id, { onDelete: 'restrict' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    remittedAt: timestamp('remitted_at', { withTimezone: true }),
  },
  (t) => [
    index('cod_shipments_courier_idx').on(t.courierId),
    index('cod_shipments_refused_idx').on(t.orderId).where(sql`${t.refusedAt} is not null`),
  ],
);

/** One remittance a courier handed in: an admin's CSV import or the courier's own API push. */
export const codRemittances = pgTable(
  'cod_remittances',
  {
    id: serial('id').primaryKey(),
    courierId: integer('courier_id').references(() => couriers.id, { onDelete: 'restrict' }),
    source: text('source', { enum: ['csv', 'api'] }).notNull(),
    /** SHA-256 of the records as sent (order numbers, amounts, dates): the same remittance sent again is recognised. */
    contentHash: text('content_hash').notNull(),
    expectedCents: bigint('expected_cents', { mode: 'number' }).notNull(),
    collectedCents: bigint('collected_cents', { mode: 'number' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cod_remittances_content_key').on(t.contentHash)],
);

/** A sub-order's cash in a remittance: once per sub-order (the unique order), with what was expected and collected. */
export const codRemittanceLines = pgTable(
  'cod_remittance_lines',
  {
    id: serial('id').primaryKey(),
    remittanceId: integer('remittance_id').notNull().references(() => codRemittances.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
    expectedCents: bigint('expected_cents', { mode: 'number' }).notNull(),
    collectedCents: bigint('collected_cents', { mode: 'number' }).notNull(),
    collectedOn: date('collected_on').notNull(),
  },
  (t) => [
    uniqueIndex('cod_remittance_lines_order_key').on(t.orderId),
    index('cod_remittance_lines_remittance_idx').on(t.remittanceId),
    check('cod_remittance_lines_amounts', sql`${t.expectedCents} > 0 and ${t.collectedCents} >= 0`),
  ],
);

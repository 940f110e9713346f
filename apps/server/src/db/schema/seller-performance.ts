import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { vendors } from './vendors.js';

// spelled out: drizzle-kit reads this file without the shared package's runtime
const STATES = ['fine', 'warned', 'paused'] as const;

/**
 * A seller's standing against its promises (decision 0154): the state the last evaluation left, when it was warned or
 * paused, the listings a pause hid (put back on sale by the lift) and the admin's lift. The rates themselves are never
 * stored: they are counted from the sub-orders each time.
 */
export const sellerPerformance = pgTable('seller_performance', {
  vendorId: integer('vendor_id').primaryKey().references(() => vendors.id, { onDelete: 'cascade' }),
  state: text('state', { enum: STATES }).notNull().default('fine'),
  /** The rates past a level at the last change of state: [{ rate, window, level }]. */
  reasons: jsonb('reasons').$type<{ rate: string; window: number | null; level: string }[]>().notNull().default([]),
  /** The products the pause took off sale (active then); the lift puts back those still inactive. */
  pausedProductIds: integer('paused_product_ids').array().notNull().default(sql`'{}'::int[]`),
  evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
  warnedAt: timestamp('warned_at', { withTimezone: true }),
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  /** After a lift the seller is judged only on sub-orders handed to it since (the admin reviewed the rest). */
  liftedAt: timestamp('lifted_at', { withTimezone: true }),
  liftedBy: integer('lifted_by'),
  liftNote: text('lift_note').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { vendors } from './vendors.js';

/** The AI optimisation dashboard's settings, one row per vendor. */
export const optimiserSettings = pgTable('optimiser_settings', {
  vendorId: integer('vendor_id').primaryKey().references(() => vendors.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The optimiser's history per vendor: runs (10 kept), activity (20) and performance readings (10), vendor §9. Older
 * entries are pruned when a new one is written.
 */
export const optimiserEntries = pgTable(
  'optimiser_entries',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id').notNull().references(() => vendors.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['run', 'activity', 'performance'] }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('optimiser_entries_vendor_kind_idx').on(t.vendorId, t.kind, t.id)],
);

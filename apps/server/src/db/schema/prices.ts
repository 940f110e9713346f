import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products } from './catalogue.js';

/**
 * Every price a product has had (issue 28, decision 0101): one row per change, written in the same transaction as the
 * change itself, so the history can never disagree with the catalogue. `old_cents` is null for a product's first price.
 * Append-only; a product's rows go with the product.
 */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    oldCents: integer('old_cents'),
    newCents: integer('new_cents').notNull(),
    /** what changed it: 'create' (a new product), 'edit' (a vendor or an admin), 'seed' (the demo's history) */
    source: text('source', { enum: ['create', 'edit', 'seed'] }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_changes_product_idx').on(t.productId, t.changedAt), check('price_changes_new_cents_check', sql`${t.newCents} >= 0`)],
);

/**
 * A shopper's "tell me when it drops below": one per shopper and product (setting it again replaces it). It fires once
 * — `fired_at` is set by the same statement that finds it crossed — and a fired alert stays listed until removed.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    belowCents: integer('below_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    firedCents: integer('fired_cents'),
  },
  (t) => [
    uniqueIndex('price_alerts_user_product_key').on(t.userId, t.productId),
    // the alerts a price change may fire: the product's unfired ones
    index('price_alerts_pending_idx').on(t.productId).where(sql`${t.firedAt} is null`),
    check('price_alerts_below_cents_check', sql`${t.belowCents} > 0`),
  ],
);

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products } from './catalogue.js';
import { orderItems } from './orders.js';
import { vendors } from './vendors.js';

/**
 * Verified reviews (decision 0092): one per delivered purchase line (the unique order_item_id), written by the
 * line's buyer. Hidden reviews stay for the record and leave the product's rating; products.rating and
 * review_count are recomputed from the visible ones in the transaction of every change.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    // the purchase line it verifies; kept as null if the order is ever erased, so the words outlive it
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    stars: smallint('stars').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['visible', 'hidden'] }).notNull().default('visible'),
    hiddenReason: text('hidden_reason'),
    // maintained beside the votes in the same transaction: the "most helpful" sort reads it without a join
    helpfulCount: integer('helpful_count').notNull().default(0),
    replyBody: text('reply_body'),
    replyVendorId: integer('reply_vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    replyVendorName: text('reply_vendor_name'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_order_item_key').on(t.orderItemId),
    index('reviews_product_created_idx').on(t.productId, t.status, t.createdAt),
    index('reviews_user_idx').on(t.userId),
    check('reviews_stars_range', sql`${t.stars} between 1 and 5`),
  ],
);

/** One helpful vote per person and review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id').notNull().references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** Reports from signed-in people; one per person and review, for the admin's moderation list. */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: integer('review_id').notNull().references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

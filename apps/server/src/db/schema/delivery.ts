import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Emirate } from '@souq/shared/rules/uae-address';
import { users } from './accounts.js';

/**
 * A shopper's saved UAE addresses (decision 0151): one of them may be the default (a partial unique index). Orders
 * copy the address they ship to (`delivery_address`), so editing or deleting one never changes an order.
 */
export const shopperAddresses = pgTable(
  'shopper_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    name: text('name').notNull(),
    /** E.164: +9715XXXXXXXX. */
    phone: text('phone').notNull(),
    emirate: text('emirate').$type<Emirate>().notNull(),
    area: text('area').notNull(),
    street: text('street').notNull(),
    flat: text('flat').notNull().default(''),
    landmark: text('landmark').notNull().default(''),
    /** Ten digits, or null. */
    makani: text('makani'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shopper_addresses_user_idx').on(t.userId, t.id),
    uniqueIndex('shopper_addresses_one_default').on(t.userId).where(sql`${t.isDefault}`),
    check('shopper_addresses_pin_pair', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ],
);

/** The UAE public holidays the delivery promise skips (decision 0151): a table the admin keeps, seeded for 2026 and 2027. */
export const publicHolidays = pgTable('public_holidays', {
  date: date('date', { mode: 'string' }).primaryKey(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  /** An Islamic-calendar date not yet confirmed by the moon sighting. */
  estimated: boolean('estimated').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

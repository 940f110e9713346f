import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['user', 'vendor', 'admin']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(), // stored lower-cased
    name: text('name').notNull(),
    passwordHash: text('password_hash'), // null for the built-in admin principal (it signs in with the access code)
    role: userRole('role').notNull().default('user'),
    /** Set when an admin deactivates the account: sign-in and every session are refused, orders are kept. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * The language the person chose ('en' | 'ar'; null: not chosen, the browser's decides) and, in Arabic, the digits
     * ('latn' | 'arab'; decision 0105): their pages, the API's error texts, e-mails and push texts follow it.
     */
    locale: text('locale'),
    digits: text('digits'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // admin user list: newest first, searched by name or e-mail (substring, trigram)
    index('users_created_idx').on(t.createdAt),
    index('users_admin_search_trgm').using('gin', sql`lower(${t.name} || ' ' || ${t.email}) gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(), // SHA-256 of the opaque token; the token itself is never stored
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: userRole('kind').notNull(), // which door the session came through: user, vendor or admin
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where the session was opened from (shown in the admin Security section's session list). */
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const profiles = pgTable('profiles', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  dob: text('dob'), // YYYY-MM-DD, validated on the way in
  gender: text('gender'),
  phone: text('phone'),
  addressLine1: text('address_line1').notNull().default(''),
  addressLine2: text('address_line2').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  country: text('country').notNull().default(''),
  onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

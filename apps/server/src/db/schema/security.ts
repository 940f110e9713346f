import { bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * Named admins' personal access codes (issue 13, decision 0050). Each code belongs to one admin principal (a users
 * row with role 'admin'); only its SHA-256 is kept, the code itself is shown once. Revoking sets `revokedAt` and ends
 * that admin's sessions; the row stays so the trail keeps its name.
 */
export const adminCodes = pgTable(
  'admin_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdByName: text('created_by_name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('admin_codes_code_hash_key').on(t.codeHash), index('admin_codes_user_idx').on(t.userId)],
);

/**
 * Wrong admin access codes and refused (rate-limited) attempts, for the Security section. The code that was tried is
 * never stored (it may be a near miss of the real one).
 */
export const adminAccessAttempts = pgTable(
  'admin_access_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** True when the attempt was refused by the limiter (429) without checking the code. */
    limited: boolean('limited').notNull().default(false),
  },
  (t) => [index('admin_access_attempts_created_idx').on(t.createdAt)],
);

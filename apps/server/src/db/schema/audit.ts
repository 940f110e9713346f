import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type AuditChangesJson = Record<string, { before: unknown; after: unknown }>;

/**
 * Every write by an admin or a vendor, append-only: a trigger (migration 0003) refuses UPDATE, DELETE and TRUNCATE.
 * The actor is copied (id, role, name) rather than referenced, so an entry outlives the account that made it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorRole: text('actor_role').notNull(),
    actorName: text('actor_name').notNull(),
    ip: text('ip'),
    /** What was done, as `<domain>.<verb>`: product.update, order.status, vendor.verify, … */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The changed fields, before → after; secrets and file contents never appear here. */
    changes: jsonb('changes').$type<AuditChangesJson>().notNull().default({}),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

import type { FastifyRequest } from 'fastify';
import { and, desc, eq, gte, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { auditLog, type AuditChangesJson } from '../db/schema/audit.js';
import type { Db, Tx } from './db.js';
import { principalOf } from './auth.js';
import { containsPattern } from './like.js';

/** Who did something: copied into each audit entry so the entry outlives the account. */
export type Actor = { userId: number | null; role: 'admin' | 'vendor' | 'user' | 'system'; name: string; ip: string | null };

export type AuditEntry = {
  actor: Actor;
  /** `<domain>.<verb>`, e.g. product.update, order.status, vendor.verify. */
  action: string;
  target: { type: string; id: string | number };
  /** Changed fields, before → after (see `changesBetween`). Empty for creations described by their target alone. */
  changes?: AuditChangesJson;
};

/**
 * The signed-in caller of a guarded route as an audit actor: the session's own account, so a named admin's name
 * (issue 13) reaches every audit entry, status-history entry and verified_by that takes the actor.
 */
export function actorOf(req: FastifyRequest): Actor {
  const p = principalOf(req);
  return { userId: p.userId, role: p.kind, name: p.name, ip: req.ip ?? null };
}

export const SYSTEM_ACTOR: Actor = { userId: null, role: 'system', name: 'system', ip: null };

/** Field names whose values never enter the trail (secrets); their change is recorded as '[redacted]'. */
const SECRET = /password|token|secret|hash|access_?code|p256dh|auth_?key/i;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const redact = (key: string, v: unknown) => (SECRET.test(key) && v !== undefined && v !== null ? '[redacted]' : v);

/**
 * The fields that differ between two snapshots of a record, as { field: { before, after } }. Only keys present in
 * `after` are compared (a patch names what it touched); dates compare by their ISO text; secrets are redacted.
 * Pass `before = null` for a creation and `after = null` for a deletion.
 */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields?: readonly string[],
): AuditChangesJson {
  const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);
  const keys = fields ?? Object.keys(after ?? before ?? {});
  const out: AuditChangesJson = {};
  for (const key of keys) {
    if (after && !(key in after) && before) continue;
    const b = norm(before?.[key]);
    const a = norm(after?.[key]);
    if (before && after && same(a, b)) continue;
    out[key] = { before: redact(key, b), after: redact(key, a) };
  }
  return out;
}

export type AuditFilters = {
  actorUserId?: number;
  /** Part of the actor's name, case-insensitive. */
  actorName?: string;
  actorRole?: string;
  /** An action (`order.status`), or a domain without a dot (`order`) matching all its actions. */
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
};

export type AuditLog = ReturnType<typeof createAuditLog>;

/**
 * The append-only audit trail. `record` takes the executor of the write it describes (the service's transaction),
 * so the entry and the change commit or roll back together: no change without its entry, no entry for a change
 * that did not happen.
 */
export function createAuditLog(deps: { db: Db }) {
  return {
    async record(exec: Db | Tx, entry: AuditEntry): Promise<void> {
      await exec.insert(auditLog).values({
        actorUserId: entry.actor.userId,
        actorRole: entry.actor.role,
        actorName: entry.actor.name,
        ip: entry.actor.ip,
        action: entry.action,
        targetType: entry.target.type,
        targetId: String(entry.target.id),
        changes: entry.changes ?? {},
      });
    },

    /** Newest first, bounded; the total for X-Total-Count. */
    async list(filters: AuditFilters, page: { limit: number; offset: number }) {
      const conds: (SQL | undefined)[] = [
        filters.actorUserId !== undefined ? eq(auditLog.actorUserId, filters.actorUserId) : undefined,
        filters.actorRole ? eq(auditLog.actorRole, filters.actorRole) : undefined,
        filters.actorName ? sql`lower(${auditLog.actorName}) like ${containsPattern(filters.actorName)}` : undefined,
        filters.action
          ? filters.action.includes('.')
            ? eq(auditLog.action, filters.action)
            : or(eq(auditLog.action, filters.action), like(auditLog.action, `${filters.action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`))
          : undefined,
        filters.targetType ? eq(auditLog.targetType, filters.targetType) : undefined,
        filters.targetId ? eq(auditLog.targetId, filters.targetId) : undefined,
        filters.from ? gte(auditLog.createdAt, filters.from) : undefined,
        filters.to ? lte(auditLog.createdAt, filters.to) : undefined,
      ];
      const where = and(...conds);
      const [items, [{ n } = { n: 0 }]] = await Promise.all([
        deps.db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(page.limit).offset(page.offset),
        deps.db.$count(auditLog, where).then((n) => [{ n }]),
      ]);
      return { items, total: n };
    },
  };
}

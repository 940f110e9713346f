import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { MSG } from '@souq/shared/messages';
import { ADMIN_SESSION_TTL_MS } from '@souq/shared/constants';
import type { AccessAlert, AccessAttempt, AdminCode, AdminCodeCreated, AdminSession, AuditEntryDto, AuditQuery } from '@souq/shared/api/security';
import type { PageQuery } from '@souq/shared/api/common';
import { sessions, users } from '../../db/schema/accounts.js';
import { adminAccessAttempts, adminCodes } from '../../db/schema/security.js';
import type { Db, Tx } from '../../platform/db.js';
import type { SessionStore } from '../../platform/auth.js';
import { AppError, conflict, notFound, say } from '../../platform/errors.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import { hashToken } from '../../platform/tokens.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { AccessLimiter } from './access-limiter.js';

export type Client = { ip: string; userAgent: string };

/** A personal admin code: 24 URL-safe random characters (18 bytes). */
export const newAdminCode = () => randomBytes(18).toString('base64url');

/** "4 minutes", "30 seconds": the wait in the lock-out message. */
export function waitText(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 90) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

/** 429 with how long to wait; the route turns `retryAfterSeconds` into the Retry-After header. */
export class AccessLockedError extends AppError {
  constructor(readonly retryAfterMs: number) {
    super(429, say.adminAccessLocked(waitText(retryAfterMs)));
  }
  get retryAfterSeconds() {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000));
  }
}

export type SecurityService = ReturnType<typeof createSecurityService>;

/**
 * The admin access gate and the Security section (issue 13, decision 0050): the owner's bootstrap code and named
 * admins' personal codes (stored as SHA-256, shown once) exchanged for admin sessions, behind the access limiter;
 * admin sessions listed and revoked; failed attempts kept for review; the audit trail read with filters.
 */
export function createSecurityService(deps: {
  db: Db;
  sessions: SessionStore;
  accounts: AccountsService;
  audit: AuditLog;
  limiter: AccessLimiter;
  now?: () => Date;
}) {
  const { db, accounts, audit, limiter } = deps;
  const now = deps.now ?? (() => new Date());

  async function noteFailure(client: Client, limited: boolean) {
    await db.insert(adminAccessAttempts).values({ ip: client.ip, userAgent: client.userAgent.slice(0, 300), limited });
  }

  /** The admin a code opens: the owner for the bootstrap code, else the named admin whose unrevoked code it is. */
  async function adminForCode(code: string): Promise<{ userId: number; codeId: number | null } | null> {
    if (!code) return null;
    if (await accounts.ownerCodeMatches(code)) return { userId: (await accounts.ownerAdmin()).id, codeId: null };
    const [row] = await db
      .select({ id: adminCodes.id, userId: adminCodes.userId })
      .from(adminCodes)
      .innerJoin(users, eq(users.id, adminCodes.userId))
      .where(and(eq(adminCodes.codeHash, hashToken(code)), isNull(adminCodes.revokedAt), isNull(users.deactivatedAt)));
    return row ? { userId: row.userId, codeId: row.id } : null;
  }

  const codeSelect = {
    id: adminCodes.id,
    userId: adminCodes.userId,
    name: users.name,
    createdAt: adminCodes.createdAt,
    createdByName: adminCodes.createdByName,
    lastUsedAt: adminCodes.lastUsedAt,
    revokedAt: adminCodes.revokedAt,
  };
  type CodeRow = { id: number; userId: number; name: string; createdAt: Date; createdByName: string; lastUsedAt: Date | null; revokedAt: Date | null };

  const liveAdminSessions = () => deps.sessions.liveAdmin();

  async function sessionCounts(userIds: number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({ userId: sessions.userId, n: count() })
      .from(sessions)
      .where(and(liveAdminSessions(), inArray(sessions.userId, userIds)))
      .groupBy(sessions.userId);
    return new Map(rows.map((r) => [r.userId, r.n]));
  }

  const toCode = (r: CodeRow, sessionsOpen: number): AdminCode => ({
    id: r.id,
    admin_id: r.userId,
    name: r.name,
    created_at: r.createdAt.toISOString(),
    created_by: r.createdByName,
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    revoked_at: r.revokedAt?.toISOString() ?? null,
    active_sessions: sessionsOpen,
  });

  /** A named admin's code, created inside the caller's transaction with its audit entry (the code never enters it). */
  async function createCodeIn(tx: Tx, name: string, actor: Actor) {
    const [taken] = await tx
      .select({ id: adminCodes.id })
      .from(adminCodes)
      .innerJoin(users, eq(users.id, adminCodes.userId))
      .where(and(eq(users.name, name), isNull(adminCodes.revokedAt)))
      .limit(1);
    if (taken) throw conflict(MSG.adminNameTaken);
    const admin = await accounts.createAdminUser(tx, name);
    const code = newAdminCode();
    const [row] = await tx.insert(adminCodes).values({ userId: admin.id, codeHash: hashToken(code), createdByName: actor.name, createdAt: now() }).returning();
    await audit.record(tx, {
      actor,
      action: 'admin_code.create',
      target: { type: 'admin_code', id: row!.id },
      changes: { name: { before: null, after: name }, admin_id: { before: null, after: admin.id } },
    });
    return { code, row: { ...row!, name } };
  }

  return {
    /**
     * POST /api/admin/access: a locked-out client is refused before its code is looked at; a wrong code counts
     * (client and global) and is kept for the Security section; a correct one opens an admin session for its admin.
     */
    async exchange(rawCode: string, client: Client): Promise<{ token: string }> {
      const wait = await limiter.wait(client.ip);
      if (wait > 0) {
        if (await limiter.firstRefusal(client.ip, wait)) await noteFailure(client, true);
        throw new AccessLockedError(wait);
      }
      const match = await adminForCode(rawCode.trim());
      if (!match) {
        await noteFailure(client, false);
        // the attempt that reaches the limit is still answered as a wrong code; the next one waits
        await limiter.failed(client.ip);
        throw new AppError(401, MSG.invalidAccessCode);
      }
      await limiter.succeeded(client.ip);
      if (match.codeId !== null) await db.update(adminCodes).set({ lastUsedAt: now() }).where(eq(adminCodes.id, match.codeId));
      return { token: await deps.sessions.create(match.userId, 'admin', ADMIN_SESSION_TTL_MS, client) };
    },

    /** `npm run admin:add` and the Security section: a named admin and their personal code, shown this once. */
    async createCode(name: string, actor: Actor): Promise<AdminCodeCreated> {
      const { code, row } = await db.transaction((tx) => createCodeIn(tx, name.trim(), actor));
      return { ...toCode({ ...row, name: row.name }, 0), code };
    },

    /** Named admins' codes, newest first (revoked ones stay listed with their date); the owner's code is not here. */
    async listCodes(page: PageQuery): Promise<{ items: AdminCode[]; total: number }> {
      const [rows, total] = await Promise.all([
        db.select(codeSelect).from(adminCodes).innerJoin(users, eq(users.id, adminCodes.userId)).orderBy(desc(adminCodes.createdAt), desc(adminCodes.id)).limit(page.limit).offset(page.offset),
        db.$count(adminCodes),
      ]);
      const counts = await sessionCounts(rows.map((r) => r.userId));
      return { items: rows.map((r) => toCode(r, counts.get(r.userId) ?? 0)), total };
    },

    /** Revokes a code and ends its admin's sessions, in one transaction with the audit entry. */
    async revokeCode(id: number, actor: Actor): Promise<AdminCode> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select(codeSelect).from(adminCodes).innerJoin(users, eq(users.id, adminCodes.userId)).where(eq(adminCodes.id, id)).for('update', { of: adminCodes });
        if (!before) throw notFound(MSG.adminCodeNotFound);
        if (before.revokedAt) throw conflict(MSG.adminCodeAlreadyRevoked);
        const at = now();
        await tx.update(adminCodes).set({ revokedAt: at }).where(eq(adminCodes.id, id));
        const ended = await tx.delete(sessions).where(and(eq(sessions.userId, before.userId), eq(sessions.kind, 'admin'))).returning({ id: sessions.id });
        await audit.record(tx, {
          actor,
          action: 'admin_code.revoke',
          target: { type: 'admin_code', id },
          changes: {
            name: { before: before.name, after: before.name },
            revoked_at: { before: null, after: at.toISOString() },
            sessions_ended: { before: null, after: ended.length },
          },
        });
        return toCode({ ...before, revokedAt: at }, 0);
      });
    },

    /** Live admin sessions (not expired, not idle past the limit), most recently used first. */
    async listSessions(currentSessionId: number | null, page: PageQuery): Promise<{ items: AdminSession[]; total: number }> {
      const where = liveAdminSessions();
      const [rows, total] = await Promise.all([
        db
          .select({
            id: sessions.id, userId: sessions.userId, name: users.name, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt,
            ip: sessions.ip, userAgent: sessions.userAgent,
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(where)
          .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
          .limit(page.limit)
          .offset(page.offset),
        db.$count(sessions, where),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          admin_id: r.userId,
          name: r.name,
          created_at: r.createdAt.toISOString(),
          last_seen_at: r.lastSeenAt.toISOString(),
          expires_at: deps.sessions.adminEnd(r.createdAt, r.lastSeenAt).toISOString(),
          ip: r.ip,
          user_agent: r.userAgent,
          current: r.id === currentSessionId,
        })),
        total,
      };
    },

    async revokeSession(id: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(sessions)
          .where(and(eq(sessions.id, id), eq(sessions.kind, 'admin')))
          .returning({ userId: sessions.userId });
        if (!row) throw notFound(MSG.adminSessionNotFound);
        const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, row.userId));
        await audit.record(tx, {
          actor,
          action: 'admin_session.revoke',
          target: { type: 'admin_session', id },
          changes: { admin: { before: owner?.name ?? null, after: null } },
        });
      });
    },

    /** The global count of wrong codes against its warning threshold (the Security section's alert). */
    async accessAlert(): Promise<AccessAlert> {
      const { count: failures, resetsInMs } = await limiter.globalFailures();
      return {
        alert: failures >= limiter.limits.globalLimit,
        failures,
        threshold: limiter.limits.globalLimit,
        window_minutes: Math.round(limiter.limits.globalWindowMs / 60_000),
        resets_at: resetsInMs > 0 ? new Date(now().getTime() + resetsInMs).toISOString() : null,
      };
    },

    /** Wrong codes and refused attempts, newest first. */
    async listAttempts(page: PageQuery): Promise<{ items: AccessAttempt[]; total: number }> {
      const [rows, total] = await Promise.all([
        db.select().from(adminAccessAttempts).orderBy(desc(adminAccessAttempts.id)).limit(page.limit).offset(page.offset),
        db.$count(adminAccessAttempts),
      ]);
      return {
        items: rows.map((r) => ({ id: r.id, created_at: r.createdAt.toISOString(), ip: r.ip, user_agent: r.userAgent, limited: r.limited })),
        total,
      };
    },

    /** The trail with the section's filters; a bare `to` date includes that whole day. */
    async listAudit(q: AuditQuery): Promise<{ items: AuditEntryDto[]; total: number }> {
      const bareDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
      const to = q.to ? new Date(bareDate(q.to) ? Date.parse(`${q.to}T00:00:00Z`) + 86_400_000 - 1 : Date.parse(q.to)) : undefined;
      const { items, total } = await audit.list(
        {
          actorUserId: q.actor_id,
          actorName: q.actor,
          actorRole: q.role,
          action: q.action,
          targetType: q.target_type,
          targetId: q.target_id,
          from: q.from ? new Date(Date.parse(bareDate(q.from) ? `${q.from}T00:00:00Z` : q.from)) : undefined,
          to,
        },
        { limit: q.limit, offset: q.offset },
      );
      return {
        items: items.map((e) => ({
          id: e.id,
          created_at: e.createdAt.toISOString(),
          actor_id: e.actorUserId,
          actor_name: e.actorName,
          actor_role: e.actorRole,
          ip: e.ip,
          action: e.action,
          target_type: e.targetType,
          target_id: e.targetId,
          changes: e.changes,
        })),
        total,
      };
    },
  };
}

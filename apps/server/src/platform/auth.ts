import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import { ADMIN_SESSION_TTL_MS } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import type { UserRole } from '@souq/shared/api/auth';
import { sessions, users } from '../db/schema/accounts.js';
import { vendors } from '../db/schema/vendors.js';
import type { Db, Tx } from './db.js';
import { forbidden, unauthorized } from './errors.js';
import { hashToken, newToken } from './tokens.js';

export type Principal = {
  sessionId: number;
  userId: number;
  name: string;
  email: string;
  /** The door the session was opened through; route groups check this. */
  kind: UserRole;
  /** Set for vendor sessions. */
  vendorId: number | null;
  /** The language and digits the person saved (null: not chosen); the API answers and their e-mails follow them. */
  locale?: string | null;
  digits?: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** True when a bearer token was sent but is unknown or expired. */
    staleToken: boolean;
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** An admin session ends after this long without a request (issue 13); each use moves its end. */
export const ADMIN_IDLE_MS = ADMIN_SESSION_TTL_MS;
/** Last-seen is written at most this often per admin session, not on every request. */
const TOUCH_EVERY_MS = 60_000;

/** The default absolute lifetime of an admin session (ADMIN_SESSION_MAX_HOURS, decision 0084). */
export const ADMIN_MAX_MS = 12 * 60 * 60 * 1000;

/**
 * Opaque bearer sessions: the token goes to the client once, the database keeps its SHA-256 and an expiry.
 * Admin sessions also end when idle for ADMIN_IDLE_MS: the lookup refuses one whose last-seen is older, and moves
 * last-seen (and the expiry with it) forward when it is used, but never past `adminMaxMs` after the session was
 * opened: a stolen admin token that is kept busy still dies (decision 0084).
 */
export function createSessionStore(db: Db, now: () => Date = () => new Date(), adminMaxMs = ADMIN_MAX_MS) {
  /** Where an admin session opened at `createdAt` and last used at `lastSeenAt` ends. */
  const adminEnd = (createdAt: Date, lastSeenAt: Date) =>
    new Date(Math.min(lastSeenAt.getTime() + ADMIN_IDLE_MS, createdAt.getTime() + adminMaxMs));
  return {
    adminEnd,
    /** The condition of a live admin session (not expired, not idle, not past its lifetime), for lists and counts. */
    liveAdmin() {
      const at = now().getTime();
      return and(
        eq(sessions.kind, 'admin'),
        gt(sessions.expiresAt, new Date(at)),
        gt(sessions.lastSeenAt, new Date(at - ADMIN_IDLE_MS)),
        gt(sessions.createdAt, new Date(at - adminMaxMs)),
      );
    },

    async create(userId: number, kind: UserRole, ttlMs: number, client: { ip?: string | null; userAgent?: string | null } = {}): Promise<string> {
      const token = newToken();
      const at = now();
      await db.insert(sessions).values({
        tokenHash: hashToken(token), userId, kind, expiresAt: new Date(at.getTime() + (kind === 'admin' ? Math.min(ttlMs, adminMaxMs) : ttlMs)), createdAt: at, lastSeenAt: at,
        ip: client.ip ?? null, userAgent: client.userAgent?.slice(0, 300) ?? null,
      });
      return token;
    },

    async lookup(token: string): Promise<Principal | null> {
      const [row] = await db
        .select({
          sessionId: sessions.id,
          userId: users.id,
          name: users.name,
          email: users.email,
          kind: sessions.kind,
          vendorId: vendors.id,
          locale: users.locale,
          digits: users.digits,
          lastSeenAt: sessions.lastSeenAt,
          createdAt: sessions.createdAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(vendors, eq(vendors.userId, users.id))
        // a deactivated account's sessions are refused even if one escaped the revocation (decision 0041)
        .where(and(
          eq(sessions.tokenHash, hashToken(token)),
          gt(sessions.expiresAt, now()),
          isNull(users.deactivatedAt),
          or(ne(sessions.kind, 'admin'), and(
            gt(sessions.lastSeenAt, new Date(now().getTime() - ADMIN_IDLE_MS)),
            gt(sessions.createdAt, new Date(now().getTime() - adminMaxMs)),
          )),
        ))
        .limit(1);
      if (!row) return null;
      const { lastSeenAt, createdAt, ...principal } = row;
      if (row.kind === 'admin' && now().getTime() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        const at = now();
        await db.update(sessions).set({ lastSeenAt: at, expiresAt: adminEnd(createdAt, at) }).where(eq(sessions.id, row.sessionId));
      }
      return { ...principal, vendorId: row.kind === 'vendor' ? row.vendorId : null };
    },

    async revoke(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    /**
     * Ends a user's sessions inside the caller's transaction (deactivation; a role change keeps the sessions of the
     * new role's door with `keepKind`). Returns how many ended.
     */
    async revokeForUser(exec: Db | Tx, userId: number, opts: { keepKind?: UserRole } = {}): Promise<number> {
      const ended = await exec
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), opts.keepKind ? ne(sessions.kind, opts.keepKind) : undefined))
        .returning({ id: sessions.id });
      return ended.length;
    },

    async purgeExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now()));
    },
  };
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The doors into the admin area that must stay open to non-admins. */
const ADMIN_PUBLIC = new Set(['/api/admin/access', '/api/admin/logout']);

/**
 * Resolves the bearer token of every request into req.principal (or null), and guards the whole /api/admin/
 * prefix in one place, before any validation runs: a route added there later cannot forget its guard.
 */
export function registerAuth(app: FastifyInstance, store: SessionStore) {
  app.decorateRequest('principal', null);
  app.decorateRequest('staleToken', false);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req);
    if (token) {
      req.principal = await store.lookup(token);
      req.staleToken = req.principal === null;
    }
    const path = req.url.split('?')[0]!;
    if (path.startsWith('/api/admin/') && !ADMIN_PUBLIC.has(path)) await requireAdmin.call(app, req, undefined as never);
  });
  // Routes declare their guard as `preHandler: requireX`; Fastify would run that after body validation, so an
  // anonymous caller would learn the schema from a 400. Guards are moved to onRequest: 401/403 come first.
  app.addHook('onRoute', (route) => {
    const pre = [route.preHandler ?? []].flat();
    const guards = pre.filter((h) => GUARDS.has(h as never));
    if (guards.length === 0) return;
    route.preHandler = pre.filter((h) => !GUARDS.has(h as never)) as never;
    route.onRequest = [...[route.onRequest ?? []].flat(), ...guards] as never;
  });
}

/** Each guard and the session kinds it lets through (route introspection: docs, the audit-coverage test). */
const GUARD_KINDS = new Map<unknown, UserRole[]>();

function requireKind(kinds: UserRole[]): preHandlerAsyncHookHandler {
  const guard = async function guard(req: FastifyRequest, _reply: FastifyReply) {
    if (!req.principal) throw unauthorized(req.staleToken ? MSG.sessionExpired : MSG.authRequired);
    if (!kinds.includes(req.principal.kind)) throw forbidden();
  };
  GUARD_KINDS.set(guard, kinds);
  return guard;
}

/** Route guards by group: the session kind must match; a customer token on a vendor or admin route is a 403. */
export const requireUser = requireKind(['user']);
export const requireSignedIn = requireKind(['user', 'vendor', 'admin']);
export const requireVendor = requireKind(['vendor']);
export const requireAdmin = requireKind(['admin']);
export const requireVendorOrAdmin = requireKind(['vendor', 'admin']);

const GUARDS = new Set([requireUser, requireSignedIn, requireVendor, requireAdmin, requireVendorOrAdmin]);

/**
 * The session kinds a route admits: the admin prefix's central guard, else its own guards' kinds; null for a public
 * route. Read at registration time (before or after the guards move to onRequest).
 */
export function routeAccess(route: { url: string; onRequest?: unknown; preHandler?: unknown }): UserRole[] | null {
  if (route.url.startsWith('/api/admin/') && !ADMIN_PUBLIC.has(route.url)) return ['admin'];
  const kinds = [route.onRequest ?? [], route.preHandler ?? []].flat().flatMap((h) => GUARD_KINDS.get(h) ?? []);
  return kinds.length ? [...new Set(kinds)] : null;
}

/** Whether a route needs a session: a guard among its hooks, or a path under the centrally guarded admin prefix. */
export function isGuardedRoute(route: { url: string; onRequest?: unknown; preHandler?: unknown }): boolean {
  if (route.url.startsWith('/api/admin/') && !ADMIN_PUBLIC.has(route.url)) return true;
  return [route.onRequest ?? [], route.preHandler ?? []].flat().some((h) => GUARDS.has(h as never));
}

/** The principal of a guarded route (the guard has already refused anonymous requests). */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}

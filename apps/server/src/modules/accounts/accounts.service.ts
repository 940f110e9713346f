import { count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { MSG } from '@souq/shared/messages';
import { DEFAULT_MAP_POINT, DEFAULT_VENDOR_COUNTRY, SESSION_TTL_MS } from '@souq/shared/constants';
import type { Language, LanguageChoice, PublicUser, SignupRequest, UserRole, VendorSignupRequest } from '@souq/shared/api/auth';
import { isDigits, isLocale } from '@souq/shared/rules/locale';
import type { PageQuery } from '@souq/shared/api/common';
import type { AdminUser, AdminUserUpdate } from '@souq/shared/api/admin';
import { settings, users } from '../../db/schema/accounts.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db, Tx } from '../../platform/db.js';
import type { SessionStore } from '../../platform/auth.js';
import { conflict, forbidden, notFound, unauthorized, unprocessable } from '../../platform/errors.js';
import { changesBetween, type Actor, type AuditLog } from '../../platform/audit.js';
import { hashToken, safeEqual } from '../../platform/tokens.js';
import { containsPattern } from '../../platform/like.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';
import type { VendorsService } from '../vendors/vendors.service.js';
import { isUniqueViolation } from '../../platform/pg-errors.js';

type UserRow = typeof users.$inferSelect;

export const toPublicUser = (u: UserRow): PublicUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  created_at: u.createdAt.toISOString(),
});

export const toAdminUser = (u: UserRow): AdminUser => ({ ...toPublicUser(u), deactivated_at: u.deactivatedAt?.toISOString() ?? null });

const ROLES: UserRole[] = ['user', 'vendor', 'admin'];

const ADMIN_EMAIL = 'admin@souq.internal';
const ADMIN_CODE_SETTING = 'admin_access_code_sha256';

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(deps: {
  db: Db;
  sessions: SessionStore;
  vendors: VendorsService;
  adminAccessCode: string | undefined;
  log: (msg: string) => void;
  audit: AuditLog;
}) {
  const { db, sessions } = deps;

  async function createUser(input: { name: string; email: string; password: string; role: UserRole }, tx: Db = db) {
    const passwordHash = await hashPassword(input.password);
    try {
      const [row] = await tx.insert(users).values({ name: input.name, email: input.email, passwordHash, role: input.role }).returning();
      return row!;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(input.role === 'vendor' ? MSG.vendorEmailTaken : MSG.emailTaken);
      throw err;
    }
  }

  /** Same answer and about the same time for an unknown e-mail and a wrong password. */
  async function checkCredentials(email: string, password: string, role: UserRole): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
    const ok = row?.passwordHash ? await verifyPassword(row.passwordHash, password) : (await verifyPassword(await decoyHash(), password), false);
    if (!row || !ok || row.role !== role) throw unauthorized(MSG.invalidCredentials);
    // said only to whoever knows the password, so it does not reveal which e-mails have accounts
    if (row.deactivatedAt) throw forbidden(MSG.accountDeactivated);
    return row;
  }

  /** The admin access code: from ADMIN_ACCESS_CODE, else generated at first start, printed once, stored hashed. */
  async function ensureAdminCode(): Promise<void> {
    if (deps.adminAccessCode) return;
    const [row] = await db.select().from(settings).where(eq(settings.key, ADMIN_CODE_SETTING));
    if (row) return;
    // 18 random bytes: 24 characters, comfortably above the 16 the gate asks of a generated code
    const code = randomBytes(18).toString('base64url');
    await db.insert(settings).values({ key: ADMIN_CODE_SETTING, value: hashToken(code) }).onConflictDoNothing();
    deps.log(`Admin access code (shown once; set ADMIN_ACCESS_CODE to choose your own): ${code}`);
  }

  async function adminCodeMatches(code: string): Promise<boolean> {
    if (deps.adminAccessCode) return safeEqual(code, deps.adminAccessCode);
    const [row] = await db.select().from(settings).where(eq(settings.key, ADMIN_CODE_SETTING));
    return row ? safeEqual(hashToken(code), row.value) : false;
  }

  async function adminPrincipal(): Promise<UserRow> {
    await db.insert(users).values({ email: ADMIN_EMAIL, name: 'Admin User', role: 'admin' }).onConflictDoNothing();
    const [row] = await db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    return row!;
  }

  return {
    createUser,
    ensureAdminCode,

    async signup(input: SignupRequest) {
      const user = await createUser({ ...input, role: 'user' });
      const token = await sessions.create(user.id, 'user', SESSION_TTL_MS);
      return { token, user: toPublicUser(user) };
    },

    async login(email: string, password: string) {
      const user = await checkCredentials(email, password, 'user');
      const token = await sessions.create(user.id, 'user', SESSION_TTL_MS);
      return { token, user: toPublicUser(user) };
    },

    /** The person's saved language and digits (decision 0105). */
    async language(userId: number): Promise<Language> {
      const [row] = await db.select({ locale: users.locale, digits: users.digits }).from(users).where(eq(users.id, userId)).limit(1);
      if (!row) throw notFound(MSG.userNotFound);
      return { locale: isLocale(row.locale) ? row.locale : null, digits: isDigits(row.digits) ? row.digits : 'latn' };
    },

    /** Saves a person's language (and digits, when given): what their pages, errors, e-mails and push use. */
    async setLanguage(userId: number, choice: LanguageChoice): Promise<Language> {
      const [row] = await db
        .update(users)
        .set({ locale: choice.locale, ...(choice.digits ? { digits: choice.digits } : {}), updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ locale: users.locale, digits: users.digits });
      if (!row) throw notFound(MSG.userNotFound);
      return { locale: isLocale(row.locale) ? row.locale : null, digits: isDigits(row.digits) ? row.digits : 'latn' };
    },

    async vendorSignup(input: VendorSignupRequest) {
      const address =
        typeof input.address === 'string' ? { street: input.address } : (input.address ?? {});
      // user and vendor rows together or not at all
      const { user, vendorId } = await db.transaction(async (tx) => {
        const user = await createUser({ name: input.contact_name, email: input.email, password: input.password, role: 'vendor' }, tx as unknown as Db);
        const [vendor] = await tx
          .insert(vendors)
          .values({
            userId: user.id,
            companyName: input.company_name,
            contactName: input.contact_name,
            email: input.email,
            phone: input.phone ?? '',
            address: {
              street: address.street ?? '',
              city: address.city ?? '',
              state: address.state ?? '',
              postal_code: address.postal_code ?? '',
              country: address.country || DEFAULT_VENDOR_COUNTRY,
              coordinates: { ...DEFAULT_MAP_POINT },
            },
          })
          .returning({ id: vendors.id });
        return { user, vendorId: vendor!.id };
      });
      const token = await sessions.create(user.id, 'vendor', SESSION_TTL_MS);
      return { token, vendor: await deps.vendors.getDto(vendorId) };
    },

    async vendorLogin(email: string, password: string) {
      const user = await checkCredentials(email, password, 'vendor');
      const vendorId = await deps.vendors.idForUser(user.id);
      if (vendorId === null) throw unauthorized(MSG.invalidCredentials);
      const token = await sessions.create(user.id, 'vendor', SESSION_TTL_MS);
      return { token, vendor: await deps.vendors.getDto(vendorId) };
    },

    /** Whether a code is the owner's bootstrap code (ADMIN_ACCESS_CODE, or the generated one), in constant time. */
    ownerCodeMatches: (code: string) => adminCodeMatches(code),

    /** The owner's admin principal ('Admin User'), created on first use. */
    ownerAdmin: () => adminPrincipal(),

    /**
     * A named admin's principal (issue 13): an admin account without a password (admins sign in with their code), in
     * the caller's transaction. Its e-mail is internal and unique; the name is what sessions and the trail show.
     */
    async createAdminUser(exec: Db | Tx, name: string): Promise<UserRow> {
      const email = `admin-${randomBytes(6).toString('hex')}@souq.internal`;
      const [row] = await exec.insert(users).values({ email, name, role: 'admin' }).returning();
      return row!;
    },

    logout: (token: string) => sessions.revoke(token),

    /**
     * Admin user list: newest first, bounded; `search` matches name, e-mail or role (admin §5), case-insensitive.
     * Name and e-mail through one trigram index (users_admin_search_trgm); the role by the roles whose name holds
     * the term, so the whole condition stays indexable.
     */
    async listUsers(query: PageQuery & { search?: string }) {
      const term = query.search?.trim().toLowerCase();
      const roles = term ? ROLES.filter((r) => r.includes(term)) : [];
      const where = term
        ? or(sql`lower(${users.name} || ' ' || ${users.email}) like ${containsPattern(term)}`, roles.length ? inArray(users.role, roles) : undefined)
        : undefined;
      const [rows, [total]] = await Promise.all([
        db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(query.limit).offset(query.offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { items: rows.map(toAdminUser), total: total?.n ?? 0 };
    },

    async adminUser(userId: number): Promise<AdminUser> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      if (!row) throw notFound(MSG.userNotFound);
      return toAdminUser(row);
    },

    /**
     * An admin's edit of a user's name and role (decision 0041). A role must match the account's records: 'vendor'
     * only with a vendor record, never away from 'vendor' while one exists, 'admin' never (admins come in through
     * the access code); the built-in admin and deactivated accounts are not edited. A role change ends the sessions
     * opened through another door. One audit entry, in the same transaction.
     */
    async updateUser(userId: number, patch: AdminUserUpdate, opts: { actor: Actor }): Promise<AdminUser> {
      // asked before the transaction: the vendors module reads on its own connection (one connection on PGlite)
      const hasVendor = patch.role !== undefined && (await deps.vendors.idForUser(userId)) !== null;
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!before) throw notFound(MSG.userNotFound);
        if (before.role === 'admin') throw unprocessable(MSG.adminAccountLocked);
        if (before.deactivatedAt) throw unprocessable(MSG.userDeactivatedNoEdit);
        const role = patch.role ?? before.role;
        if (role !== before.role) {
          if (role === 'admin') throw unprocessable(MSG.roleAdminNotAssignable);
          if (role === 'vendor' && !hasVendor) throw unprocessable(MSG.roleNeedsVendorRecord);
          if (role === 'user' && hasVendor) throw unprocessable(MSG.roleVendorHasRecord);
        }
        const [after] = await tx
          .update(users)
          .set({ ...(patch.name !== undefined && { name: patch.name }), role, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        if (role !== before.role) await sessions.revokeForUser(tx, userId, { keepKind: role });
        const changes = changesBetween(before, after!, ['name', 'role']);
        await deps.audit.record(tx, { actor: opts.actor, action: 'user.update', target: { type: 'user', id: userId }, changes });
        return after!;
      });
      return toAdminUser(row);
    },

    /**
     * "Delete" in the admin list: the account is deactivated, never erased, so its orders and history stay whole.
     * Every session ends in the same transaction; sign-in and session lookup refuse it from then on.
     */
    async deactivateUser(userId: number, opts: { actor: Actor }) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!before) throw notFound(MSG.userNotFound);
        if (before.role === 'admin') throw unprocessable(MSG.adminAccountLocked);
        if (before.deactivatedAt) throw conflict(MSG.userAlreadyDeactivated);
        const now = new Date();
        const [after] = await tx.update(users).set({ deactivatedAt: now, updatedAt: now }).where(eq(users.id, userId)).returning();
        const revoked = await sessions.revokeForUser(tx, userId);
        await deps.audit.record(tx, {
          actor: opts.actor,
          action: 'user.deactivate',
          target: { type: 'user', id: userId },
          changes: { ...changesBetween(before, after!, ['deactivatedAt']), sessions_revoked: { before: null, after: revoked } },
        });
        return { user: toAdminUser(after!), sessionsRevoked: revoked };
      });
    },

    async me(userId: number) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      if (!row) throw unauthorized();
      return toPublicUser(row);
    },

    /** Several users in one query (names for lists of other domains); unknown ids are simply absent. */
    async usersByIds(ids: number[]): Promise<Map<number, PublicUser>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select().from(users).where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, toPublicUser(r)]));
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomInt } from 'node:crypto';
import { MSG } from '@souq/shared/messages';
import { buildApp } from '../../app.js';
import { loadConfig, testConfig } from '../../config.js';
import { openDatabase } from '../../platform/db.js';
import { adminToken, call, createTestApp, signupCustomer, type TestContext } from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import type { App } from '../../app.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
/** The limits a real start uses (ADMIN_ACCESS_MAX_FAILURES 5, ADMIN_ACCESS_GLOBAL_LIMIT 100). */
const REAL_LIMITS = loadConfig({}).adminAccess;

/** POST /api/admin/access from a given client address. */
async function access(app: App, code: string, ip = '127.0.0.1') {
  const res = await app.inject({ method: 'POST', url: '/api/admin/access', payload: { code }, remoteAddress: ip });
  return { status: res.statusCode, json: res.json() as { token?: string; error?: string }, retryAfter: res.headers['retry-after'] };
}
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Runs a command of the repository; resolves with its exit code and output. */
function run(cmd: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(cmd, args, { cwd: repo, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('POST /api/admin/access: the limiter', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ adminAccess: REAL_LIMITS });
  });
  afterAll(() => t.close());

  it('locks a client out after 5 wrong codes (429 with Retry-After, even for the right code); another client still gets in', async () => {
    const guesser = randomIp();
    for (let i = 0; i < 5; i++) expect((await access(t.app, `wrong-code-${i}`, guesser)).status).toBe(401);
    const sixth = await access(t.app, 'wrong-code-6', guesser);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.retryAfter)).toBeGreaterThanOrEqual(59);
    expect(Number(sixth.retryAfter)).toBeLessThanOrEqual(60);
    expect(sixth.json.error).toBe(MSG.adminAccessLocked('60 seconds'));
    // the lock holds even for the right code: a locked client learns nothing about the codes it sends
    expect((await access(t.app, t.config.adminAccessCode!, guesser)).status).toBe(429);
    // kept for review: the 5 wrong codes and the first refusal of the wait (not every refused request)
    const kept = await t.database.query<{ limited: boolean }>('select limited from admin_access_attempts where ip = $1 order by id', [guesser]);
    expect(kept.map((k) => k.limited)).toEqual([false, false, false, false, false, true]);
    const other = await access(t.app, t.config.adminAccessCode!, randomIp());
    expect(other.status).toBe(200);
    expect(other.json.token).toBeTruthy();
  });

  it('never counts a correct code: many sign-ins from one client, then 4 wrong codes, are still answered 401', async () => {
    const admin = randomIp();
    for (let i = 0; i < 12; i++) expect((await access(t.app, t.config.adminAccessCode!, admin)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await access(t.app, 'nope-nope-nope', admin)).status).toBe(401);
    // and a correct code forgets the wrong ones before it
    expect((await access(t.app, t.config.adminAccessCode!, admin)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await access(t.app, 'nope-nope-nope', admin)).status).toBe(401);
    expect((await access(t.app, t.config.adminAccessCode!, admin)).status).toBe(200);
  });

  it('keeps each wrong code and refused attempt for the Security section, without the code tried', async () => {
    const ip = randomIp();
    await access(t.app, 'secret-guess-1', ip);
    const token = await adminToken(t.app, t.config);
    const res = await call(t.app, { url: '/api/admin/security/access-attempts?limit=200', token });
    expect(res.status).toBe(200);
    const mine = (res.json as { ip: string; limited: boolean }[]).filter((a) => a.ip === ip);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ limited: false });
    expect(res.body).not.toContain('secret-guess');
    expect(res.json.some((a: { limited: boolean }) => a.limited)).toBe(true);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(res.json.length);
  });
});

describe('POST /api/admin/access: wrong codes from many addresses (issue 23)', () => {
  it('5 wrong codes from each of 21 addresses lock nobody else out: the owner gets in, admins are warned instead', async () => {
    const t = await createTestApp({ adminAccess: REAL_LIMITS });
    try {
      const owner = await adminToken(t.app, t.config);
      const quiet = (await call(t.app, { url: '/api/admin/security/access-alert', token: owner })).json;
      expect(quiet).toEqual({ alert: false, failures: 0, threshold: 100, window_minutes: 15, resets_at: null });

      const guessers = Array.from({ length: 21 }, (_, i) => `203.0.113.${i + 1}`);
      for (const ip of guessers) for (let i = 0; i < 5; i++) expect((await access(t.app, `spread-guess-${i}`, ip)).status).toBe(401);
      // the correct code from an address that is not itself locked always gets in
      const fresh = await access(t.app, t.config.adminAccessCode!, '198.51.100.7');
      expect(fresh.status).toBe(200);
      expect(fresh.json.token).toBeTruthy();
      // each guessing address keeps its own lock-out
      expect((await access(t.app, t.config.adminAccessCode!, guessers[0])).status).toBe(429);

      const alert = await call(t.app, { url: '/api/admin/security/access-alert', token: fresh.json.token });
      expect(alert.status).toBe(200);
      expect(alert.json).toMatchObject({ alert: true, failures: 105, threshold: 100, window_minutes: 15 });
      expect(Date.parse(alert.json.resets_at) - Date.now()).toBeGreaterThan(14 * 60_000);
      expect((await call(t.app, { url: '/api/admin/security/access-alert' })).status).toBe(401);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe.runIf(process.env.TEST_REDIS_URL)('POST /api/admin/access: shared through Redis', () => {
  it('counts one client\'s wrong codes across two app instances', async () => {
    const redisUrl = `${process.env.TEST_REDIS_URL}`;
    const a = await createTestApp({ adminAccess: { maxFailures: 5, globalLimit: 100_000 }, redisUrl });
    const b = await createTestApp({ adminAccess: { maxFailures: 5, globalLimit: 100_000 }, redisUrl });
    try {
      const ip = randomIp();
      const statuses: number[] = [];
      for (const app of [a.app, b.app, a.app, b.app, a.app, b.app]) statuses.push((await access(app, 'wrong-over-redis', ip)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      expect((await access(a.app, a.config.adminAccessCode!, ip)).status).toBe(429);
      expect((await access(b.app, b.config.adminAccessCode!, randomIp())).status).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('start-up', () => {
  it('refuses an ADMIN_ACCESS_CODE shorter than 12 characters with a readable message', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-short-code-'));
    try {
      const res = await run(process.execPath, ['--conditions=development', '--import', 'tsx', 'apps/server/src/main.ts'], {
        ADMIN_ACCESS_CODE: 'short-code1', DATA_DIR: dataDir, PORT: '0', SEED_DEMO: 'false', LOG_LEVEL: 'silent',
      });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`ADMIN_ACCESS_CODE: ${MSG.adminCodeTooShort(12)}`);
      expect(res.stderr).not.toMatch(/\n\s+at /);
      // nothing was opened
      expect(await fs.readdir(dataDir)).toEqual([]);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('accepts 12 characters and generates at least 16 when none is set', async () => {
    expect(loadConfig({ ADMIN_ACCESS_CODE: 'x'.repeat(12) }).adminAccessCode).toBe('x'.repeat(12));
    const t = await createTestApp({ adminAccessCode: undefined });
    const logged: string[] = [];
    try {
      const { createAccountsService } = await import('../accounts/accounts.service.js');
      const accounts = createAccountsService({
        db: t.database.db, sessions: t.app.services.sessions, vendors: t.app.services.vendors, adminAccessCode: undefined,
        log: (m) => logged.push(m), audit: t.app.services.audit,
      });
      await accounts.ensureAdminCode();
      const code = /: (\S+)$/.exec(logged[0] ?? '')?.[1] ?? '';
      expect(code.length).toBeGreaterThanOrEqual(16);
      expect((await access(t.app, code)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('named admins and their sessions', () => {
  let t: TestContext;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await adminToken(t.app, t.config);
  });
  afterAll(() => t.close());

  const createCode = async (name: string) => {
    const res = await call(t.app, { method: 'POST', url: '/api/admin/security/codes', token: owner, body: { name } });
    expect(res.status, res.body).toBe(201);
    return res.json as { id: number; admin_id: number; name: string; code: string };
  };

  it('creates a code shown once (stored hashed), which opens a session that knows its admin', async () => {
    const created = await createCode('Sara Haddad');
    expect(created.code.length).toBeGreaterThanOrEqual(16);
    const stored = await t.database.query<{ code_hash: string }>('select code_hash from admin_codes where id = $1', [created.id]);
    expect(stored[0]!.code_hash).not.toContain(created.code);
    const list = await call(t.app, { url: '/api/admin/security/codes', token: owner });
    expect(list.body).not.toContain(created.code);
    expect(list.json.find((c: { id: number }) => c.id === created.id)).toMatchObject({ name: 'Sara Haddad', created_by: 'Admin User', revoked_at: null });

    const signedIn = await access(t.app, `  ${created.code} `);
    expect(signedIn.status).toBe(200);
    const me = await call(t.app, { url: '/api/auth/me', token: signedIn.json.token });
    expect(me.json.user).toMatchObject({ name: 'Sara Haddad', role: 'admin' });
    // the same name cannot hold two active codes (the trail's "who" stays unambiguous)
    expect((await call(t.app, { method: 'POST', url: '/api/admin/security/codes', token: owner, body: { name: 'Sara Haddad' } })).status).toBe(409);
    expect((await call(t.app, { method: 'POST', url: '/api/admin/security/codes', token: owner, body: { name: '  ' } })).status).toBe(400);
  });

  it("names the admin in every write's audit entry and in the order's status history", async () => {
    const created = await createCode('Omar Writer');
    const token = (await access(t.app, created.code)).json.token!;
    const customer = await signupCustomer(t.app, 'Renamed Later');
    expect((await call(t.app, { method: 'PUT', url: `/api/admin/users/${customer.user.id}`, token, body: { name: 'Renamed Now' } })).status).toBe(200);
    const product = await makeProduct(t.app, { name: 'History Lamp', priceCents: 1000 });
    const order = await placeOrder(t.app, [{ productId: product.id, quantity: 1 }]);
    expect((await call(t.app, { method: 'PUT', url: `/api/admin/orders/${order.id}/status`, token, body: { status: 'shipped', notes: 'sent' } })).status).toBe(200);

    const trail = await call(t.app, { url: `/api/admin/security/audit?actor=omar%20writer`, token: owner });
    expect(trail.json.map((e: { action: string }) => e.action)).toEqual(['order.status', 'user.update']);
    expect(trail.json[0]).toMatchObject({ actor_name: 'Omar Writer', actor_role: 'admin', actor_id: created.admin_id, target_type: 'order', target_id: String(order.id) });
    const detail = await call(t.app, { url: `/api/admin/orders/${order.id}`, token: owner });
    const history = detail.json.status_history as { changed_by: string | null; notes: string }[];
    expect(history.filter((h) => h.changed_by === 'Omar Writer').map((h) => h.notes)).toEqual(['sent']);
  });

  it('lists live admin sessions and revokes one: its token stops working, with an audit entry', async () => {
    const created = await createCode('Session Holder');
    const token = (await access(t.app, created.code, '10.9.8.7')).json.token!;
    const list = await call(t.app, { url: '/api/admin/security/sessions', token: owner });
    expect(list.status).toBe(200);
    const mine = list.json.find((s: { name: string }) => s.name === 'Session Holder');
    expect(mine).toMatchObject({ admin_id: created.admin_id, ip: '10.9.8.7', current: false });
    expect(list.json.some((s: { current: boolean; name: string }) => s.current && s.name === 'Admin User')).toBe(true);
    expect(Number(list.headers['x-total-count'])).toBe(list.json.length);

    expect((await call(t.app, { method: 'DELETE', url: `/api/admin/security/sessions/${mine.id}`, token: owner })).status).toBe(200);
    expect((await call(t.app, { url: '/api/admin/users', token })).status).toBe(401);
    expect((await call(t.app, { method: 'DELETE', url: `/api/admin/security/sessions/${mine.id}`, token: owner })).status).toBe(404);
    const entries = await call(t.app, { url: `/api/admin/security/audit?action=admin_session.revoke&target_id=${mine.id}`, token: owner });
    expect(entries.json).toHaveLength(1);
    expect(entries.json[0]).toMatchObject({ actor_name: 'Admin User', changes: { admin: { before: 'Session Holder', after: null } } });
    // the code itself still works: a new session
    expect((await access(t.app, created.code)).status).toBe(200);
  });

  it("revoking a code ends all of that admin's sessions and the code stops working", async () => {
    const created = await createCode('Leaving Admin');
    const first = (await access(t.app, created.code)).json.token!;
    const second = (await access(t.app, created.code)).json.token!;
    const revoked = await call(t.app, { method: 'DELETE', url: `/api/admin/security/codes/${created.id}`, token: owner });
    expect(revoked.status).toBe(200);
    expect(revoked.json.revoked_at).toBeTruthy();
    for (const token of [first, second]) expect((await call(t.app, { url: '/api/admin/users', token })).status).toBe(401);
    expect(await access(t.app, created.code)).toMatchObject({ status: 401, json: { error: MSG.invalidAccessCode } });
    expect((await call(t.app, { method: 'DELETE', url: `/api/admin/security/codes/${created.id}`, token: owner })).status).toBe(409);
    const entry = (await call(t.app, { url: `/api/admin/security/audit?action=admin_code&target_id=${created.id}`, token: owner })).json;
    expect(entry.map((e: { action: string }) => e.action)).toEqual(['admin_code.revoke', 'admin_code.create']);
    expect(entry[0].changes.sessions_ended).toEqual({ before: null, after: 2 });
    // the name is free again
    expect((await createCode('Leaving Admin')).name).toBe('Leaving Admin');
  });

  it('ends an admin session after 12 hours idle; a session in use moves its end forward', async () => {
    const token = await adminToken(t.app, t.config);
    const idOf = async () => (await t.database.query<{ id: number }>('select id from sessions order by id desc limit 1'))[0]!.id;
    const id = await idOf();
    await t.database.query(`update sessions set last_seen_at = now() - interval '11 hours' where id = $1`, [id]);
    expect((await call(t.app, { url: '/api/auth/me', token })).status).toBe(200);
    const [moved] = await t.database.query<{ last_seen_at: Date; expires_at: Date }>('select last_seen_at, expires_at from sessions where id = $1', [id]);
    expect(Date.now() - new Date(moved!.last_seen_at).getTime()).toBeLessThan(60_000);
    expect(new Date(moved!.expires_at).getTime()).toBeGreaterThan(Date.now() + 11.9 * 3600_000);

    await t.database.query(`update sessions set last_seen_at = now() - interval '12 hours 1 minute' where id = $1`, [id]);
    const idle = await call(t.app, { url: '/api/admin/users', token });
    expect(idle).toMatchObject({ status: 401, json: { error: MSG.sessionExpired } });
    const sessions = await call(t.app, { url: '/api/admin/security/sessions?limit=200', token: owner });
    expect(sessions.json.some((s: { id: number }) => s.id === id)).toBe(false);
  });
});

describe('admin sessions: an absolute lifetime (issue 23)', () => {
  it('ends a session 12 hours after it was opened however busy it is, and never moves its end past that', async () => {
    const t = await createTestApp({ adminSessionMaxMs: loadConfig({}).adminSessionMaxMs });
    try {
      const token = await adminToken(t.app, t.config);
      const [{ id }] = (await t.database.query<{ id: number }>('select id from sessions order by id desc limit 1')) as [{ id: number }];
      // opened 11 hours ago and used all along: still in, but its end is the 12th hour, not 12 hours from now
      await t.database.query(`update sessions set created_at = now() - interval '11 hours', last_seen_at = now() - interval '2 minutes' where id = $1`, [id]);
      expect((await call(t.app, { url: '/api/auth/me', token })).status).toBe(200);
      const [row] = await t.database.query<{ expires_at: Date }>('select expires_at from sessions where id = $1', [id]);
      expect(new Date(row!.expires_at).getTime() - Date.now()).toBeLessThan(60 * 60_000 + 5_000);
      const listed = (await call(t.app, { url: '/api/admin/security/sessions', token })).json as { id: number; expires_at: string }[];
      expect(Date.parse(listed.find((x) => x.id === id)!.expires_at) - Date.now()).toBeLessThan(60 * 60_000 + 5_000);

      // past the 12th hour: refused even though it was used a minute ago (the idle limit alone would slide on)
      await t.database.query(`update sessions set created_at = now() - interval '12 hours 1 minute', last_seen_at = now() - interval '1 minute', expires_at = now() + interval '11 hours' where id = $1`, [id]);
      expect(await call(t.app, { url: '/api/admin/users', token })).toMatchObject({ status: 401, json: { error: MSG.sessionExpired } });
      const other = await adminToken(t.app, t.config);
      const sessions = (await call(t.app, { url: '/api/admin/security/sessions', token: other })).json as { id: number }[];
      expect(sessions.some((x) => x.id === id)).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('reads its lifetime from ADMIN_SESSION_MAX_HOURS (12 by default)', () => {
    expect(loadConfig({}).adminSessionMaxMs).toBe(12 * 3_600_000);
    expect(loadConfig({ ADMIN_SESSION_MAX_HOURS: '8' }).adminSessionMaxMs).toBe(8 * 3_600_000);
    expect(() => loadConfig({ ADMIN_SESSION_MAX_HOURS: '0' })).toThrow(/ADMIN_SESSION_MAX_HOURS/);
  });
});

describe('the audit trail through the API', () => {
  let t: TestContext;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await adminToken(t.app, t.config);
    const { audit } = t.app.services;
    const base = { userId: 7, role: 'vendor' as const, ip: '10.0.0.7' };
    for (let i = 0; i < 5; i++) {
      await audit.record(t.database.db, { actor: { ...base, name: 'Vera Vendor' }, action: 'product.update', target: { type: 'product', id: 100 + i }, changes: { price_cents: { before: i, after: i + 1 } } });
    }
    await audit.record(t.database.db, { actor: { ...base, userId: 9, name: 'Other 100%_Vendor' }, action: 'embed.save', target: { type: 'product', id: 100 } });
    await t.database.query(`insert into audit_log (created_at, actor_role, actor_name, action, target_type, target_id) values ('2026-01-15T10:00:00Z', 'admin', 'Old Admin', 'order.status', 'order', '5')`);
  });
  afterAll(() => t.close());

  const audit = async (qs: string) => call(t.app, { url: `/api/admin/security/audit${qs}`, token: owner });

  it('filters by who, role, action or its domain, target and date, and pages on the server with X-Total-Count', async () => {
    const byWho = await audit('?actor=vera');
    expect(byWho.json).toHaveLength(5);
    expect(byWho.headers['x-total-count']).toBe('5');
    expect(byWho.json[0]).toMatchObject({ actor_name: 'Vera Vendor', actor_role: 'vendor', ip: '10.0.0.7', action: 'product.update', target_type: 'product', target_id: '104', changes: { price_cents: { before: 4, after: 5 } } });
    expect((await audit('?actor=100%25_')).json.map((e: { actor_name: string }) => e.actor_name)).toEqual(['Other 100%_Vendor']);
    expect((await audit('?actor=0%25')).json).toHaveLength(1);
    expect((await audit('?actor_id=9')).json).toHaveLength(1);
    expect((await audit('?role=admin')).json.every((e: { actor_role: string }) => e.actor_role === 'admin')).toBe(true);
    expect((await audit('?action=product')).json).toHaveLength(5);
    expect((await audit('?action=embed.save')).json).toHaveLength(1);
    expect((await audit('?target_type=product&target_id=100')).json.map((e: { action: string }) => e.action)).toEqual(['embed.save', 'product.update']);
    expect((await audit('?from=2026-01-15&to=2026-01-15')).json.map((e: { actor_name: string }) => e.actor_name)).toEqual(['Old Admin']);
    expect((await audit('?to=2026-01-14')).json).toEqual([]);
    const page = await audit('?actor=vera&limit=2&offset=2');
    expect(page.json.map((e: { target_id: string }) => e.target_id)).toEqual(['102', '101']);
    expect(page.headers['x-total-count']).toBe('5');
    expect((await audit('?from=yesterday')).status).toBe(400);
    expect((await audit('?actor=&action=')).status).toBe(200);
  });

  it('has no route that changes or deletes entries, and the database refuses it', async () => {
    const writes = t.app.routeTable.filter((r) => r.url.includes('audit') && r.method !== 'GET' && r.method !== 'HEAD');
    expect(writes).toEqual([]);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect([404, 405]).toContain((await call(t.app, { method, url: '/api/admin/security/audit/1', token: owner, body: method === 'DELETE' ? undefined : {} })).status);
    }
    await expect(t.database.query(`update audit_log set actor_name = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.database.query(`delete from audit_log`)).rejects.toThrow(/append-only/);
  });

  it('is admin-only', async () => {
    const customer = await signupCustomer(t.app);
    expect((await call(t.app, { url: '/api/admin/security/audit' })).status).toBe(401);
    expect((await call(t.app, { url: '/api/admin/security/audit', token: customer.token })).status).toBe(403);
  });
});

describe('npm run admin:add', () => {
  it('creates a named admin on the configured database and prints a code that opens an admin session', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-admin-add-'));
    try {
      const res = await run('npm', ['run', '-s', 'admin:add', '--', '--name', 'Sara Cli'], { DATA_DIR: dataDir });
      expect(res.code, res.stderr).toBe(0);
      const code = /^\s{2}(\S{16,})$/m.exec(res.stdout)?.[1];
      expect(code, res.stdout).toBeTruthy();
      const missing = await run('npm', ['run', '-s', 'admin:add'], { DATA_DIR: dataDir });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('Usage: npm run admin:add -- --name');

      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      const app = await buildApp({ config: testConfig({ dataDir, webDist: path.join(dataDir, 'no-web') }), database });
      try {
        const signedIn = await access(app, code!);
        expect(signedIn.status).toBe(200);
        expect((await call(app, { url: '/api/auth/me', token: signedIn.json.token })).json.user.name).toBe('Sara Cli');
        const [entry] = await database.query<{ actor_name: string; action: string }>('select actor_name, action from audit_log');
        expect(entry).toEqual({ actor_name: 'command line (admin:add)', action: 'admin_code.create' });
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
    // (a child `npm run` on a busy 2-core machine: a hang guard, not a speed check)
  }, 300_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { MSG } from '@souq/shared/messages';
import { loadConfig } from '../../config.js';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, uniqueEmail, type TestContext } from '../../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('customer accounts', () => {
  it('signs up, answers {token, user}, and the token works until logout', async () => {
    const email = uniqueEmail();
    const res = await call(t.app, { method: 'POST', url: '/api/auth/signup', body: { name: 'Amal', email: email.toUpperCase(), password: 'correct horse' } });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ name: 'Amal', email, role: 'user' });
    expect(res.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json.user).not.toHaveProperty('password_hash');

    const me = await call(t.app, { url: '/api/auth/me', token: res.json.token });
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe(email);

    expect((await call(t.app, { method: 'POST', url: '/api/auth/logout', token: res.json.token })).status).toBe(200);
    const after = await call(t.app, { url: '/api/auth/me', token: res.json.token });
    expect(after.status).toBe(401);
    expect(after.json.error).toBe(MSG.sessionExpired);
  });

  it('stores argon2id hashes and only the SHA-256 of session tokens', async () => {
    const { token, email } = await signupCustomer(t.app);
    const rows = await t.database.query<{ password_hash: string }>('select password_hash from users where email = $1', [email]);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await t.database.query<{ token_hash: string }>('select token_hash from sessions');
    expect(sessions.some((r) => r.token_hash === token)).toBe(false);
    expect(sessions.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses a duplicate e-mail with 409 and a clear message', async () => {
    const { email } = await signupCustomer(t.app);
    const res = await call(t.app, { method: 'POST', url: '/api/auth/signup', body: { name: 'Again', email, password: 'password-123' } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(MSG.emailTaken);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const { email } = await signupCustomer(t.app);
    const wrong = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { name: '', email, password: 'nope-nope' } });
    const unknown = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email: uniqueEmail(), password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.error).toBe(MSG.invalidCredentials);
  });

  it('logs in with the right password', async () => {
    const { email } = await signupCustomer(t.app);
    const res = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email, password: 'password-123' } });
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe(email);
  });

  it('validates input with field messages', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/auth/signup', body: { name: '', email: 'not-an-email', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(MSG.validationFailed);
    expect(Object.keys(res.json.fields)).toEqual(expect.arrayContaining(['name', 'email', 'password']));
  });
});

describe('vendor accounts', () => {
  it('signs up a vendor and answers {token, vendor} with the document fields', async () => {
    const { vendor } = await signupVendor(t.app, 'Desert Rose Trading');
    expect(vendor).toMatchObject({ company_name: 'Desert Rose Trading', license_file: null, emirates_id_front: null, emirates_id_back: null, is_verified: false, verification_status: 'incomplete' });
  });

  it('keeps customer and vendor doors apart', async () => {
    const { email } = await signupVendor(t.app);
    const asCustomer = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email, password: 'password-123' } });
    expect(asCustomer.status).toBe(401);
    const asVendor = await call(t.app, { method: 'POST', url: '/api/vendor/login', body: { email, password: 'password-123' } });
    expect(asVendor.status).toBe(200);
    expect(asVendor.json.vendor.email).toBe(email);
  });
});

describe('admin access', () => {
  it('answers 401 Invalid access code for a wrong code and a token for the right one', async () => {
    const wrong = await call(t.app, { method: 'POST', url: '/api/admin/access', body: { code: 'wrong-code' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toBe('Invalid access code');
    const token = await adminToken(t.app, t.config);
    const me = await call(t.app, { url: '/api/auth/me', token });
    expect(me.json.user.role).toBe('admin');
  });

  it("answers an empty, blank or missing code with the gate's own 'Invalid access code' (admin spec §2)", async () => {
    for (const body of [{ code: '' }, { code: '   ' }, {}]) {
      const res = await call(t.app, { method: 'POST', url: '/api/admin/access', body });
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(res.json, JSON.stringify(body)).toEqual({ error: MSG.invalidAccessCode });
    }
  });

  it('trims the code before comparing', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/admin/access', body: { code: `  ${t.config.adminAccessCode}  ` } });
    expect(res.status).toBe(200);
  });
});

describe('rate limiting', () => {
  it('limits repeated logins', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await call(limited.app, { method: 'POST', url: '/api/auth/login', body: { email: 'a@b.test', password: 'whatever' } })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // the counter is per client and e-mail: another account from the same client is not blocked
      const other = await call(limited.app, { method: 'POST', url: '/api/auth/login', body: { email: 'c@d.test', password: 'whatever' } });
      expect(other.status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

/** POST from a given client address; the status only. */
const from = async (app: TestContext['app'], ip: string, url: string, payload: object) =>
  (await app.inject({ method: 'POST', url, payload, remoteAddress: ip })).statusCode;
const someIp = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
/** The limits a real start uses (LOGIN_CLIENT_RATE_LIMIT 30 per 15 minutes, SIGNUP_RATE_LIMIT 10 per hour). */
const REAL_CLIENT_LIMITS = loadConfig({}).clientRateLimits;

describe('rate limiting per client across accounts (issue 23)', () => {
  let real: TestContext;
  beforeAll(async () => {
    real = await createTestApp({ clientRateLimits: REAL_CLIENT_LIMITS });
  });
  afterAll(() => real.close());

  it('stops password spraying: 40 logins to 40 e-mails from one client meet 429 after 30, whatever the door', async () => {
    const ip = someIp();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const url = i % 2 ? '/api/vendor/login' : '/api/auth/login';
      statuses.push(await from(real.app, ip, url, { email: `spray-${i}@souq.test`, password: 'Summer2026!' }));
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    const refused = await real.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@souq.test', password: 'y' }, remoteAddress: ip });
    expect(refused.json()).toEqual({ error: MSG.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // another client is not held back, nor one in another IPv6 /64; the same /64 is the same client
    expect(await from(real.app, someIp(), '/api/auth/login', { email: 'spray-0@souq.test', password: 'x' })).toBe(401);
    for (let i = 0; i < 30; i++) await from(real.app, `2001:db8:1:2::${i.toString(16)}`, '/api/auth/login', { email: `v6-${i}@souq.test`, password: 'x' });
    expect(await from(real.app, '2001:db8:1:2:ffff::1', '/api/auth/login', { email: 'v6@souq.test', password: 'x' })).toBe(429);
    expect(await from(real.app, '2001:db8:1:3::1', '/api/auth/login', { email: 'v6@souq.test', password: 'x' })).toBe(401);
  }, 120_000);

  it('stops mass sign-up: 10 accounts an hour from one client, customer and vendor doors together', async () => {
    const ip = someIp();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push(i % 4 === 3
        ? await from(real.app, ip, '/api/vendor/signup', { company_name: `Mass ${i}`, contact_name: 'M', email: uniqueEmail('mass'), password: 'password-123', phone: '', address: 'Dubai' })
        : await from(real.app, ip, '/api/auth/signup', { name: `Mass ${i}`, email: uniqueEmail('mass'), password: 'password-123' }));
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual(Array(30).fill(429));
    const [{ n }] = (await real.database.query<{ n: number }>(`select count(*)::int as n from users where email like 'mass-%'`)) as [{ n: number }];
    expect(n).toBe(10);
    expect(await from(real.app, someIp(), '/api/auth/signup', { name: 'Other', email: uniqueEmail('other'), password: 'password-123' })).toBe(201);
  }, 120_000);

  it('reads its limits from LOGIN_CLIENT_RATE_LIMIT and SIGNUP_RATE_LIMIT', () => {
    expect(REAL_CLIENT_LIMITS).toEqual({ login: 30, signup: 10 });
    expect(loadConfig({ LOGIN_CLIENT_RATE_LIMIT: '100', SIGNUP_RATE_LIMIT: '3' }).clientRateLimits).toEqual({ login: 100, signup: 3 });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('rate limiting with Redis', () => {
  it('shares login counters between two app instances through Redis', async () => {
    const ns = `t${Date.now()}`;
    const a = await createTestApp({ loginRateLimit: 3, redisUrl: `${process.env.TEST_REDIS_URL}` });
    const b = await createTestApp({ loginRateLimit: 3, redisUrl: `${process.env.TEST_REDIS_URL}` });
    try {
      const email = `${ns}@rl.test`;
      const statuses: number[] = [];
      for (const app of [a.app, b.app, a.app, b.app]) {
        statuses.push((await call(app, { method: 'POST', url: '/api/auth/login', body: { email, password: 'whatever' } })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('shares the per-client counters across accounts between two instances (issue 23)', async () => {
    const limits = { login: 4, signup: 2 };
    const a = await createTestApp({ clientRateLimits: limits, redisUrl: `${process.env.TEST_REDIS_URL}` });
    const b = await createTestApp({ clientRateLimits: limits, redisUrl: `${process.env.TEST_REDIS_URL}` });
    try {
      const ip = someIp();
      const logins: number[] = [];
      for (const [i, app] of [a.app, b.app, a.app, b.app, a.app, b.app].entries()) logins.push(await from(app, ip, '/api/auth/login', { email: `redis-spray-${i}@souq.test`, password: 'x' }));
      expect(logins).toEqual([401, 401, 401, 401, 429, 429]);
      const signups: number[] = [];
      for (const app of [a.app, b.app, a.app]) signups.push(await from(app, ip, '/api/auth/signup', { name: 'R', email: uniqueEmail('redis'), password: 'password-123' }));
      expect(signups).toEqual([201, 201, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

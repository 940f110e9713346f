import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
});
afterAll(() => t.close());

describe('GET /api/admin/users', () => {
  it('needs an admin session: 401 anonymous, 403 customer and vendor', async () => {
    const customer = await signupCustomer(t.app);
    const vendor = await signupVendor(t.app);
    const anon = await call(t.app, { url: '/api/admin/users' });
    expect(anon.status).toBe(401);
    expect(anon.json.error).toBe(MSG.authRequired);
    expect((await call(t.app, { url: '/api/admin/users', token: customer.token })).status).toBe(403);
    expect((await call(t.app, { url: '/api/admin/users', token: vendor.token })).status).toBe(403);
  });

  it('lists users newest first with id, name, email, role, created_at and the total in X-Total-Count', async () => {
    const a = await signupCustomer(t.app, 'Amira Haddad');
    const v = await signupVendor(t.app, 'Listed Vendor LLC');
    const res = await call(t.app, { url: '/api/admin/users', token: admin });
    expect(res.status).toBe(200);
    const users = res.json as { id: number; name: string; email: string; role: string; created_at: string }[];
    expect(Object.keys(users[0]!).sort()).toEqual(['created_at', 'email', 'id', 'name', 'role']);
    const emails = users.map((u) => u.email);
    expect(emails.indexOf(v.email)).toBeLessThan(emails.indexOf(a.email));
    expect(users.find((u) => u.email === a.email)).toMatchObject({ name: 'Amira Haddad', role: 'user' });
    expect(users.find((u) => u.email === v.email)).toMatchObject({ role: 'vendor' });
    expect(Number(res.headers['x-total-count'])).toBe(users.length);
    expect(res.body).not.toMatch(/password/i);
  });

  it('is bounded: limit and offset page through, the total stays the whole count', async () => {
    for (let i = 0; i < 3; i++) await signupCustomer(t.app, `Pager ${i}`);
    const all = await call(t.app, { url: '/api/admin/users?limit=200', token: admin });
    const total = Number(all.headers['x-total-count']);
    const first = await call(t.app, { url: '/api/admin/users?limit=2', token: admin });
    const second = await call(t.app, { url: '/api/admin/users?limit=2&offset=2', token: admin });
    expect(first.json).toHaveLength(2);
    expect(Number(first.headers['x-total-count'])).toBe(total);
    expect(second.json[0].id).toBe(all.json[2].id);
    expect((await call(t.app, { url: '/api/admin/users?limit=201', token: admin })).status).toBe(400);
    expect((await call(t.app, { url: '/api/admin/users?offset=-1', token: admin })).status).toBe(400);
  });

  it('searches name, e-mail and role, case-insensitively, treating % and _ literally', async () => {
    const z = await signupCustomer(t.app, 'Zainab Quraishi');
    const byName = await call(t.app, { url: '/api/admin/users?search=zainab%20q', token: admin });
    expect(byName.json.map((u: { email: string }) => u.email)).toEqual([z.email]);
    expect(byName.headers['x-total-count']).toBe('1');
    const byEmail = await call(t.app, { url: `/api/admin/users?search=${encodeURIComponent(z.email.toUpperCase())}`, token: admin });
    expect(byEmail.json).toHaveLength(1);
    const byRole = await call(t.app, { url: '/api/admin/users?search=vendor&limit=200', token: admin });
    expect(byRole.json.length).toBeGreaterThan(0);
    expect(byRole.json.every((u: { role: string; email: string; name: string }) => u.role === 'vendor' || /vendor/i.test(u.email + u.name))).toBe(true);
    const wildcard = await call(t.app, { url: '/api/admin/users?search=%25', token: admin });
    expect(wildcard.json).toEqual([]);
  });
});

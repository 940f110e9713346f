import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { expectAdminOnly, makeProduct, placeOrder } from '../../../test/admin-fixtures.js';

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
    expect(Object.keys(users[0]!).sort()).toEqual(['created_at', 'deactivated_at', 'email', 'id', 'name', 'role']);
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

const auditOf = async (type: string, id: number) =>
  (await t.app.services.audit.list({ targetType: type, targetId: String(id) }, { limit: 50, offset: 0 })).items;
const userRow = async (id: number) =>
  (await t.database.query<{ name: string; role: string; deactivated_at: Date | null }>('select name, role, deactivated_at from users where id = $1', [id]))[0]!;
const sessionCount = async (userId: number) =>
  Number((await t.database.query<{ n: number }>('select count(*)::int as n from sessions where user_id = $1', [userId]))[0]!.n);

describe('user administration: authorization', () => {
  it('GET/PUT/DELETE /api/admin/users/{id} and the bell refuse anonymous callers (401), customers and vendors (403)', async () => {
    const customer = await signupCustomer(t.app);
    const vendor = await signupVendor(t.app);
    const id = customer.user.id;
    const failures = await expectAdminOnly(t.app, { customer: customer.token, vendor: vendor.token }, [
      { method: 'GET', url: `/api/admin/users/${id}` },
      { method: 'PUT', url: `/api/admin/users/${id}`, body: { name: 'Hijacked' } },
      { method: 'DELETE', url: `/api/admin/users/${id}` },
      { method: 'GET', url: '/api/admin/notifications/summary' },
    ]);
    expect(failures).toEqual([]);
    expect((await userRow(id)).name).toBe('Test Customer');
    expect((await userRow(id)).deactivated_at).toBeNull();
  });
});

describe('GET /api/admin/users/{id}', () => {
  it("shows the account with its sign-up date, latest orders, order count and what was spent (cancelled orders not)", async () => {
    const c = await signupCustomer(t.app, 'Omar Detail');
    const p = await makeProduct(t.app, { name: 'Detail Lamp', priceCents: 10_000 });
    const first = await placeOrder(t.app, [{ productId: p.id, quantity: 1 }], { userId: c.user.id, email: c.email });
    const second = await placeOrder(t.app, [{ productId: p.id, quantity: 2 }], { userId: c.user.id, email: c.email });
    await t.app.services.orders.setStatus(second.id, 'cancelled');
    const res = await call(t.app, { url: `/api/admin/users/${c.user.id}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ id: c.user.id, name: 'Omar Detail', email: c.email, role: 'user', deactivated_at: null });
    expect(Date.parse(res.json.user.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(res.json.orders.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);
    expect(res.json.orders[0]).toMatchObject({ order_number: second.order_number, status: 'cancelled', item_count: 2, currency: 'AED' });
    expect(res.json.order_count).toBe(2);
    expect(res.json.total_spent).toBe(first.total_amount);
  });

  it('answers 404 for an unknown user and 400 for an id that is not one', async () => {
    expect(await call(t.app, { url: '/api/admin/users/999999', token: admin })).toMatchObject({ status: 404, json: { error: MSG.userNotFound } });
    expect((await call(t.app, { url: '/api/admin/users/abc', token: admin })).status).toBe(400);
  });
});

describe('PUT /api/admin/users/{id}', () => {
  it('renames a user, with one audit entry naming the admin and the change', async () => {
    const c = await signupCustomer(t.app, 'Before Name');
    const res = await call(t.app, { method: 'PUT', url: `/api/admin/users/${c.user.id}`, token: admin, body: { name: '  After Name ' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: c.user.id, name: 'After Name', role: 'user' });
    expect((await userRow(c.user.id)).name).toBe('After Name');
    const entries = await auditOf('user', c.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'user.update', actorRole: 'admin', actorName: 'Admin User', changes: { name: { before: 'Before Name', after: 'After Name' } } });
    // the customer's session still works after a rename
    expect((await call(t.app, { url: '/api/auth/me', token: c.token })).status).toBe(200);
  });

  it('refuses bad input with 400 and a clear message, writing nothing', async () => {
    const c = await signupCustomer(t.app, 'Unchanged Name');
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(121) }, { role: 'superuser' }, { name: 42 }]) {
      const res = await call(t.app, { method: 'PUT', url: `/api/admin/users/${c.user.id}`, token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe(MSG.validationFailed);
      expect(res.json.detail).toBeTruthy();
    }
    expect((await call(t.app, { method: 'PUT', url: `/api/admin/users/${c.user.id}`, token: admin, body: {} })).json.detail).toBe(MSG.nothingToUpdate);
    expect(await userRow(c.user.id)).toMatchObject({ name: 'Unchanged Name', role: 'user' });
    expect(await auditOf('user', c.user.id)).toEqual([]);
  });

  it('keeps roles true to the records: 422 for vendor without a vendor record, user for a vendor, admin for anyone, the built-in admin', async () => {
    const c = await signupCustomer(t.app);
    const v = await signupVendor(t.app);
    const vendorUserId = (await t.database.query<{ user_id: number }>('select user_id from vendors where id = $1', [v.vendor.id]))[0]!.user_id;
    const adminId = (await t.database.query<{ id: number }>("select id from users where role = 'admin'"))[0]!.id;
    const cases: [number, object, string][] = [
      [c.user.id, { role: 'vendor' }, MSG.roleNeedsVendorRecord],
      [c.user.id, { role: 'admin' }, MSG.roleAdminNotAssignable],
      [vendorUserId, { role: 'user' }, MSG.roleVendorHasRecord],
      [adminId, { name: 'Renamed Admin' }, MSG.adminAccountLocked],
    ];
    for (const [id, body, message] of cases) {
      const res = await call(t.app, { method: 'PUT', url: `/api/admin/users/${id}`, token: admin, body });
      expect(res.status, message).toBe(422);
      expect(res.json.error).toBe(message);
      expect(await auditOf('user', id)).toEqual([]);
    }
    expect((await userRow(c.user.id)).role).toBe('user');
    expect((await userRow(vendorUserId)).role).toBe('vendor');
    expect((await userRow(adminId)).name).toBe('Admin User');
  });

  it('repairs a role that does not match the records, ending the sessions of the other door', async () => {
    const email = `drifted-${Date.now()}@example.test`;
    const drifted = await t.app.services.accounts.createUser({ name: 'Drifted', email, password: 'password-123', role: 'vendor' });
    await t.app.services.sessions.create(drifted.id, 'vendor', 60_000);
    expect(await sessionCount(drifted.id)).toBe(1);
    const res = await call(t.app, { method: 'PUT', url: `/api/admin/users/${drifted.id}`, token: admin, body: { role: 'user' } });
    expect(res.status).toBe(200);
    expect(res.json.role).toBe('user');
    expect(await sessionCount(drifted.id)).toBe(0);
    expect((await auditOf('user', drifted.id))[0]!.changes).toEqual({ role: { before: 'vendor', after: 'user' } });
    // and the account signs in through the customer door now
    expect((await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email, password: 'password-123' } })).status).toBe(200);
  });
});

describe('DELETE /api/admin/users/{id} (deactivate)', () => {
  it('ends every session, refuses sign-in with a clear message, keeps the orders; a second time is 409', async () => {
    const c = await signupCustomer(t.app, 'Leaving Customer');
    const login = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email: c.email, password: 'password-123' } });
    const p = await makeProduct(t.app, { name: 'Kept Order Item', priceCents: 2_500 });
    const order = await placeOrder(t.app, [{ productId: p.id, quantity: 1 }], { userId: c.user.id, email: c.email });
    expect(await sessionCount(c.user.id)).toBe(2);

    const res = await call(t.app, { method: 'DELETE', url: `/api/admin/users/${c.user.id}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, sessions_revoked: 2, user: { id: c.user.id, name: 'Leaving Customer' } });
    expect(Date.parse(res.json.user.deactivated_at)).toBeGreaterThan(Date.now() - 60_000);

    expect(await sessionCount(c.user.id)).toBe(0);
    for (const token of [c.token, login.json.token]) {
      expect((await call(t.app, { url: '/api/auth/me', token })).status).toBe(401);
    }
    const again = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email: c.email, password: 'password-123' } });
    expect(again).toMatchObject({ status: 403, json: { error: MSG.accountDeactivated } });
    // a wrong password still gets the plain answer: the message is only for whoever knows the password
    const wrong = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email: c.email, password: 'wrong-password' } });
    expect(wrong).toMatchObject({ status: 401, json: { error: MSG.invalidCredentials } });
    expect((await t.database.query('select id from orders where id = $1 and user_id = $2', [order.id, c.user.id]))).toHaveLength(1);

    const list = await call(t.app, { url: `/api/admin/users?search=${encodeURIComponent(c.email)}`, token: admin });
    expect(list.json[0].deactivated_at).toBe(res.json.user.deactivated_at);
    const entries = await auditOf('user', c.user.id);
    expect(entries.map((e) => e.action)).toEqual(['user.deactivate']);

    expect(await call(t.app, { method: 'DELETE', url: `/api/admin/users/${c.user.id}`, token: admin })).toMatchObject({ status: 409, json: { error: MSG.userAlreadyDeactivated } });
    expect(await call(t.app, { method: 'PUT', url: `/api/admin/users/${c.user.id}`, token: admin, body: { name: 'Back' } })).toMatchObject({ status: 422, json: { error: MSG.userDeactivatedNoEdit } });
    expect(await auditOf('user', c.user.id)).toHaveLength(1);
  });

  it('refuses a vendor sign-in once deactivated, and never deactivates the built-in admin', async () => {
    const v = await signupVendor(t.app);
    const userId = (await t.database.query<{ user_id: number }>('select user_id from vendors where id = $1', [v.vendor.id]))[0]!.user_id;
    expect((await call(t.app, { method: 'DELETE', url: `/api/admin/users/${userId}`, token: admin })).status).toBe(200);
    const login = await call(t.app, { method: 'POST', url: '/api/vendor/login', body: { email: v.email, password: 'password-123' } });
    expect(login).toMatchObject({ status: 403, json: { error: MSG.accountDeactivated } });

    const adminId = (await t.database.query<{ id: number }>("select id from users where role = 'admin'"))[0]!.id;
    expect(await call(t.app, { method: 'DELETE', url: `/api/admin/users/${adminId}`, token: admin })).toMatchObject({ status: 422, json: { error: MSG.adminAccountLocked } });
    expect((await call(t.app, { url: '/api/admin/users?limit=1', token: admin })).status).toBe(200);
    expect(await call(t.app, { method: 'DELETE', url: '/api/admin/users/999999', token: admin })).toMatchObject({ status: 404, json: { error: MSG.userNotFound } });
  });
});

describe('GET /api/admin/notifications/summary', () => {
  it('counts only what the wired modules report (none wired in this build: an empty bell, total 0)', async () => {
    const res = await call(t.app, { url: '/api/admin/notifications/summary', token: admin });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(res.json.items.reduce((n: number, i: { count: number }) => n + i.count, 0));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from './harness.js';

// The authorization matrix over EVERY registered route, so a route added later is checked without a new test.
let t: TestContext;
let customer: string;
let vendor: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  customer = (await signupCustomer(t.app)).token;
  vendor = (await signupVendor(t.app)).token;
  admin = await adminToken(t.app, t.config);
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');
const withBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

function routes(filter: (url: string) => boolean) {
  return t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && filter(r.url));
}

describe('admin routes', () => {
  const isAdmin = (url: string) => url.startsWith('/api/admin/') && !['/api/admin/access', '/api/admin/logout'].includes(url);

  it('exist (the matrix is not empty)', () => {
    expect(routes(isAdmin).length).toBeGreaterThan(0);
  });

  it('answer 401 without a token, 403 to customers and vendors, before any validation', async () => {
    for (const r of routes(isAdmin)) {
      const url = concrete(r.url);
      const body = withBody(r.method) ? {} : undefined;
      const anon = await call(t.app, { method: r.method, url, body });
      expect(anon.status, `${r.method} ${r.url} anonymous`).toBe(401);
      const asCustomer = await call(t.app, { method: r.method, url, body, token: customer });
      expect(asCustomer.status, `${r.method} ${r.url} customer`).toBe(403);
      const asVendor = await call(t.app, { method: r.method, url, body, token: vendor });
      expect(asVendor.status, `${r.method} ${r.url} vendor`).toBe(403);
    }
  });

  it('let the admin session through (never 401/403)', async () => {
    for (const r of routes(isAdmin)) {
      const res = await call(t.app, { method: r.method, url: concrete(r.url), body: withBody(r.method) ? {} : undefined, token: admin });
      expect([401, 403], `${r.method} ${r.url} admin`).not.toContain(res.status);
    }
  });

  it('refuse an unknown or expired token with 401', async () => {
    const res = await call(t.app, { url: '/api/admin/users', token: 'not-a-real-token' });
    expect(res.status).toBe(401);
  });
});

describe('customer routes', () => {
  const customerOnly = ['/api/profile', '/api/my/orders'];
  it('need a customer session', async () => {
    for (const r of routes((u) => customerOnly.includes(u))) {
      const body = withBody(r.method) ? {} : undefined;
      expect((await call(t.app, { method: r.method, url: r.url, body })).status, `${r.method} ${r.url}`).toBe(401);
      expect((await call(t.app, { method: r.method, url: r.url, body, token: vendor })).status, `${r.method} ${r.url} vendor`).toBe(403);
    }
  });
});

describe('errors', () => {
  it('unknown /api paths are JSON 404s', async () => {
    const res = await call(t.app, { url: '/api/definitely-not-here' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'Route not found', detail: 'GET /api/definitely-not-here' });
  });

  it('malformed JSON is a 400 in the one error shape, no stack', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    const body = JSON.parse(res.body);
    expect(Object.keys(body)).toEqual(['error']);
    expect(res.body).not.toMatch(/at .*\.ts:|stack/i);
  });

  it('every route is in the OpenAPI document', async () => {
    const doc = (await call(t.app, { url: '/api/docs/json' })).json;
    const documented = new Set(Object.keys(doc.paths));
    const missing = routes((u) => u.startsWith('/api/') && !u.startsWith('/api/docs'))
      .map((r) => r.url.replace(/:([A-Za-z_]+)/g, '{$1}'))
      .filter((u) => !documented.has(u));
    expect(missing).toEqual([]);
  });
});

describe('guard order', () => {
  it('a guarded route answers 401 to an anonymous caller even when the body is invalid (no schema leaks)', async () => {
    const res = await call(t.app, { method: 'PUT', url: '/api/profile', body: { dob: 'not-a-date', gender: 'robot' } });
    expect(res.status).toBe(401);
    const asVendor = await call(t.app, { method: 'PUT', url: '/api/profile', body: { dob: 'not-a-date' }, token: vendor });
    expect(asVendor.status).toBe(403);
  });
});

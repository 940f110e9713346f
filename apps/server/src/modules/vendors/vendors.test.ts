import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let admin: string;
let own: { token: string; vendor: { id: number }; email: string };
let other: { token: string; vendor: { id: number }; email: string };
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  own = await signupVendor(t.app, 'Own Trading LLC');
  other = await signupVendor(t.app, 'Other Goods LLC');
  customer = (await signupCustomer(t.app)).token;
});
afterAll(() => t.close());

const urls = (id: number) => [`/api/vendors/${id}`, `/api/vendors/${id}/profile`];

describe('vendor ownership', () => {
  it('a vendor reads its own record and profile', async () => {
    for (const url of urls(own.vendor.id)) {
      const res = await call(t.app, { url, token: own.token });
      expect(res.status, url).toBe(200);
      expect(res.json).toMatchObject({ id: own.vendor.id, company_name: 'Own Trading LLC', verification_status: 'incomplete', license_file: null });
    }
  });

  it('refuses another vendor, a customer (403) and an anonymous caller (401), for reads and writes', async () => {
    for (const url of urls(own.vendor.id)) {
      expect((await call(t.app, { url, token: other.token })).status, url).toBe(403);
      expect((await call(t.app, { url, token: customer })).status, url).toBe(403);
      expect((await call(t.app, { url })).status, url).toBe(401);
    }
    const put = (token?: string) => call(t.app, { method: 'PUT', url: `/api/vendors/${own.vendor.id}/profile`, token, body: { company_name: 'Hijacked' } });
    const byOther = await put(other.token);
    expect(byOther.status).toBe(403);
    expect(byOther.json.error).toBe(MSG.forbidden);
    expect((await put(customer)).status).toBe(403);
    expect((await put()).status).toBe(401);
    const after = await call(t.app, { url: `/api/vendors/${own.vendor.id}`, token: own.token });
    expect(after.json.company_name).toBe('Own Trading LLC');
  });

  it('lets an admin read any vendor; an unknown id is 404 for the admin and 403 for a vendor', async () => {
    for (const url of urls(other.vendor.id)) {
      const res = await call(t.app, { url, token: admin });
      expect(res.status).toBe(200);
      expect(res.json.company_name).toBe('Other Goods LLC');
    }
    const missing = await call(t.app, { url: '/api/vendors/999999', token: admin });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Vendor not found');
    expect((await call(t.app, { url: '/api/vendors/999999/profile', token: own.token })).status).toBe(403);
    expect((await call(t.app, { url: '/api/vendors/abc', token: admin })).status).toBe(400);
  });
});

describe('PUT /api/vendors/:id/profile', () => {
  it('updates the given fields, merges the address and keeps the rest', async () => {
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/vendors/${own.vendor.id}/profile`,
      token: own.token,
      body: {
        id: 12345, // echoed by the screen; ignored
        is_verified: true, // verification is not changed through this call
        company_name: '  Own Trading Group  ',
        website: 'https://own.example',
        industry: 'Electronics',
        establishment_date: '2019-04-01',
        address: { city: 'Dubai', state: 'Dubai' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: own.vendor.id,
      company_name: 'Own Trading Group',
      contact_name: 'Vera Vendor',
      website: 'https://own.example',
      industry: 'Electronics',
      establishment_date: '2019-04-01',
      is_verified: false,
      address: { street: 'Dubai', city: 'Dubai', state: 'Dubai', country: 'UAE', coordinates: { latitude: 25.2048, longitude: 55.2708 } },
    });
    const read = await call(t.app, { url: `/api/vendors/${own.vendor.id}/profile`, token: own.token });
    expect(read.json).toEqual(res.json);
  });

  it('lets an admin edit any vendor', async () => {
    const res = await call(t.app, { method: 'PUT', url: `/api/vendors/${other.vendor.id}/profile`, token: admin, body: { phone: '+971 4 000 0000' } });
    expect(res.status).toBe(200);
    expect(res.json.phone).toBe('+971 4 000 0000');
    expect((await call(t.app, { method: 'PUT', url: '/api/vendors/999999/profile', token: admin, body: { phone: '1' } })).status).toBe(404);
  });

  it('validates with field messages', async () => {
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/vendors/${own.vendor.id}/profile`,
      token: own.token,
      body: { company_name: '   ', website: 'not a url', establishment_date: '2019-13-45', address: { coordinates: { latitude: 200, longitude: 0 } } },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(MSG.validationFailed);
    expect(Object.keys(res.json.fields)).toEqual(expect.arrayContaining(['company_name', 'website', 'establishment_date', 'address.coordinates.latitude']));
    const unchanged = await call(t.app, { url: `/api/vendors/${own.vendor.id}`, token: own.token });
    expect(unchanged.json.company_name).toBe('Own Trading Group');
  });
});

describe('the profile e-mail is the login', () => {
  const login = (email: string) => call(t.app, { method: 'POST', url: '/api/vendor/login', body: { email, password: 'password-123' } });

  it('moves the login with an edited e-mail: the new address signs in, the old one no longer does', async () => {
    const mover = await signupVendor(t.app, 'Moving Mail LLC');
    const next = `Moved.${mover.email}`;
    const res = await call(t.app, { method: 'PUT', url: `/api/vendors/${mover.vendor.id}/profile`, token: mover.token, body: { email: next } });
    expect(res.status).toBe(200);
    expect(res.json.email).toBe(next.toLowerCase());
    const signedIn = await login(next.toLowerCase());
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.vendor.id).toBe(mover.vendor.id);
    expect((await login(mover.email)).status).toBe(401);
  });

  it("refuses another account's address with the sign-up message and changes nothing", async () => {
    const res = await call(t.app, { method: 'PUT', url: `/api/vendors/${own.vendor.id}/profile`, token: own.token, body: { email: other.email.toUpperCase(), phone: '+971 4 111 1111' } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(MSG.vendorEmailTaken);
    const read = await call(t.app, { url: `/api/vendors/${own.vendor.id}/profile`, token: own.token });
    expect(read.json.email).toBe(own.email);
    expect(read.json.phone).not.toBe('+971 4 111 1111');
    expect((await login(own.email)).status).toBe(200);
  });
});

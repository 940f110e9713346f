import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VENDOR_SHIPPING_RULE } from '@souq/shared/api/vendor-shipping';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let admin: string;
let vendor: { token: string; vendor: { id: number } };
let other: { token: string; vendor: { id: number } };
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  vendor = await signupVendor(t.app, 'Shipping Rules LLC');
  other = await signupVendor(t.app, 'Other Rules LLC');
  customer = (await signupCustomer(t.app)).token;
});
afterAll(() => t.close());

const get = (token?: string) => call(t.app, { url: '/api/vendor/shipping', token });
const put = (body: unknown, token?: string) => call(t.app, { method: 'PUT', url: '/api/vendor/shipping', token, body });
const rowOf = async (id: number) => (await t.database.query<{ shipping_fee_cents: number | null; free_shipping_above_cents: number | null; return_window_days: number }>(
  'select shipping_fee_cents, free_shipping_above_cents, return_window_days from vendors where id = $1', [id]))[0]!;
const audits = async () => (await t.database.query<{ n: number }>("select count(*)::int as n from audit_log where action = 'vendor.shipping'"))[0]!.n;

describe('vendor shipping settings (decision 0096)', () => {
  it('starts on the default rule and a 14-day return window', async () => {
    const res = await get(vendor.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ shipping_fee_cents: null, free_shipping_above_cents: null, return_window_days: 14, delivery_min_days: null, delivery_max_days: null, handling_days: 1, cutoff_time: '14:00', default_rule: DEFAULT_VENDOR_SHIPPING_RULE });
  });

  it('refuses an anonymous caller (401), a customer and an admin (403: the route is the vendor\'s own)', async () => {
    expect((await get()).status).toBe(401);
    expect((await put({ shipping_fee_cents: 100, free_shipping_above_cents: null, return_window_days: 7 })).status).toBe(401);
    expect((await get(customer)).status).toBe(403);
    expect((await put({ shipping_fee_cents: 100, free_shipping_above_cents: null, return_window_days: 7 }, customer)).status).toBe(403);
    expect((await put({ shipping_fee_cents: 100, free_shipping_above_cents: null, return_window_days: 7 }, admin)).status).toBe(403);
    expect(await rowOf(vendor.vendor.id)).toEqual({ shipping_fee_cents: null, free_shipping_above_cents: null, return_window_days: 14 });
  });

  it('answers 400 for bad input and writes nothing', async () => {
    const auditsBefore = await audits();
    const bad = [
      { shipping_fee_cents: -1, free_shipping_above_cents: null, return_window_days: 14 },
      { shipping_fee_cents: 12.5, free_shipping_above_cents: null, return_window_days: 14 },
      { shipping_fee_cents: '1500', free_shipping_above_cents: null, return_window_days: 14 },
      { shipping_fee_cents: 100_001, free_shipping_above_cents: null, return_window_days: 14 },
      { shipping_fee_cents: 1500, free_shipping_above_cents: -5, return_window_days: 14 },
      { shipping_fee_cents: 1500, free_shipping_above_cents: null, return_window_days: 366 },
      { shipping_fee_cents: 1500, free_shipping_above_cents: null, return_window_days: -1 },
      { shipping_fee_cents: 1500, free_shipping_above_cents: null }, // every field is required
      { shipping_fee_cents: 1500, free_shipping_above_cents: null, return_window_days: 14, vendor_id: other.vendor.id }, // no reaching another vendor
      {},
    ];
    for (const body of bad) {
      const res = await put(body, vendor.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await rowOf(vendor.vendor.id)).toEqual({ shipping_fee_cents: null, free_shipping_above_cents: null, return_window_days: 14 });
    expect(await audits()).toBe(auditsBefore);
  });

  it('saves the vendor\'s own rule, audited, touches no other vendor, and checkout prices its part by it', async () => {
    const res = await put({ shipping_fee_cents: 1500, free_shipping_above_cents: 20000, return_window_days: 30 }, vendor.token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ shipping_fee_cents: 1500, free_shipping_above_cents: 20000, return_window_days: 30 });
    expect((await get(vendor.token)).json).toMatchObject({ shipping_fee_cents: 1500, free_shipping_above_cents: 20000, return_window_days: 30 });
    expect(await rowOf(other.vendor.id)).toEqual({ shipping_fee_cents: null, free_shipping_above_cents: null, return_window_days: 14 });
    const [entry] = await t.database.query<{ actor_role: string; changes: Record<string, { before: unknown; after: unknown }> }>(
      "select actor_role, changes from audit_log where action = 'vendor.shipping' order by id desc limit 1");
    expect(entry!.changes).toMatchObject({ shipping_fee_cents: { before: null, after: 1500 }, return_window_days: { before: 14, after: 30 } });

    // a 60.00 part: above the default's 50.00 (free) but below this vendor's 200.00, so it pays the vendor's 15.00
    const mine = await t.app.services.catalogue.createProduct({ name: 'Shipping Rule Item', priceCents: 6000, stock: 5, status: 'active', categories: ['Test'], vendorId: vendor.vendor.id });
    const theirs = await t.app.services.catalogue.createProduct({ name: 'Default Rule Item', priceCents: 6000, stock: 5, status: 'active', categories: ['Test'], vendorId: other.vendor.id });
    const quote = await call(t.app, { method: 'POST', url: '/api/orders/quote', body: { items: [{ product_id: mine.id, quantity: 1 }, { product_id: theirs.id, quantity: 1 }] } });
    expect(quote.status).toBe(200);
    const part = (id: number) => quote.json.sellers.find((s: { vendor_id: number }) => s.vendor_id === id);
    expect(part(vendor.vendor.id).shipping).toBe(15);
    expect(part(other.vendor.id).shipping).toBe(0);

    // back to the default rule
    const reset = await put({ shipping_fee_cents: null, free_shipping_above_cents: null, return_window_days: 14 }, vendor.token);
    expect(reset.json).toMatchObject({ shipping_fee_cents: null, free_shipping_above_cents: null, return_window_days: 14 });
  });
});

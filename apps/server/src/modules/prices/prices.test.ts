import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { formatMoney } from '@souq/shared/rules/money';
import { priceAlertSchema, priceHistorySchema } from '@souq/shared/api/prices';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { startPushService, type PushService } from '../../../test/push-service.js';

// The price log and price alerts (decision 0101) through the API on a fresh database: every write path logs the price
// in its transaction, an alert fires once when a change crosses it (push, proven by a local push service), and a
// shopper sees and removes only their own alerts.
let t: TestContext;
let push: PushService;
let admin: string;
let vendor: { token: string; id: number };
let alice: Awaited<ReturnType<typeof signupCustomer>>;
let bob: Awaited<ReturnType<typeof signupCustomer>>;
let productId: number;

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ pushAllowPrivateEndpoints: true });
  admin = await adminToken(t.app, t.config);
  const v = await signupVendor(t.app, 'Price Watch Traders');
  vendor = { token: v.token, id: v.vendor.id };
  await t.database.query('update vendors set is_verified = true where id = $1', [vendor.id]);
  alice = await signupCustomer(t.app, 'Alice Alert');
  bob = await signupCustomer(t.app, 'Bob Alert');
  const created = await call(t.app, {
    method: 'POST', url: '/api/products', token: vendor.token,
    body: { name: 'Copper Espresso Pot', description: 'A stovetop pot.', price_cents: 10_000, categories: ['Kitchen'], tags: [] },
  });
  expect(created.status).toBe(201);
  productId = created.json.product.id;
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const log = (id: number) =>
  t.database.query<{ old_cents: number | null; new_cents: number; source: string }>('select old_cents, new_cents, source from price_changes where product_id = $1 order by id', [id]);
const alertsOf = (userId: number) => t.database.query<{ id: number; fired_at: Date | null; fired_cents: number | null }>('select id, fired_at, fired_cents from price_alerts where user_id = $1', [userId]);
const setAlert = (token: string | undefined, body: unknown) => call(t.app, { method: 'POST', url: '/api/price-alerts', token, body });
const reprice = (cents: number) => call(t.app, { method: 'PUT', url: `/api/products/${productId}`, token: vendor.token, body: { price_cents: cents } });

describe('the price log', () => {
  it('has the first price of a new product, and no row for an edit that keeps the price', async () => {
    expect(await log(productId)).toEqual([{ old_cents: null, new_cents: 10_000, source: 'create' }]);
    expect((await call(t.app, { method: 'PUT', url: `/api/products/${productId}`, token: vendor.token, body: { stock_quantity: 12 } })).status).toBe(200);
    expect(await log(productId)).toHaveLength(1);
  });

  it('logs an admin price edit like a vendor one', async () => {
    const other = await call(t.app, { method: 'POST', url: '/api/products', token: vendor.token, body: { name: 'Brass Milk Jug', description: 'Jug.', price_cents: 5_000, categories: ['Kitchen'], tags: [] } });
    const res = await call(t.app, { method: 'PUT', url: `/api/admin/products/${other.json.product.id}`, token: admin, body: { price_cents: 4_500 } });
    expect(res.status).toBe(200);
    expect(await log(other.json.product.id)).toEqual([{ old_cents: null, new_cents: 5_000, source: 'create' }, { old_cents: 5_000, new_cents: 4_500, source: 'edit' }]);
  });
});

describe('price alerts', () => {
  it('need a shopper (401 anonymous, 403 vendor) and a valid amount (400, nothing written)', async () => {
    expect((await setAlert(undefined, { product_id: productId, below_cents: 9_000 })).status).toBe(401);
    expect((await setAlert(vendor.token, { product_id: productId, below_cents: 9_000 })).status).toBe(403);
    for (const body of [{ product_id: productId, below_cents: -5 }, { product_id: productId, below_cents: 'cheap' }, { product_id: productId }, { below_cents: 9_000 }, { product_id: productId, below_cents: 12.5 }]) {
      expect((await setAlert(alice.token, body)).status).toBe(400);
    }
    expect(await alertsOf(alice.user.id)).toEqual([]);
    expect((await call(t.app, { url: '/api/price-alerts' })).status).toBe(401);
  });

  it('are refused for an unknown product (404) and for an amount the price is already below (422)', async () => {
    expect((await setAlert(alice.token, { product_id: 999_999, below_cents: 9_000 })).status).toBe(404);
    const above = await setAlert(alice.token, { product_id: productId, below_cents: 12_000 });
    expect(above.status).toBe(422);
    expect(above.json.error).toBe(MSG.priceAlertNotBelow(formatMoney(100, 'AED')));
    expect(await alertsOf(alice.user.id)).toEqual([]);
  });

  it('are listed and removed by their owner only', async () => {
    const set = await setAlert(alice.token, { product_id: productId, below_cents: 9_000 });
    expect(set.status).toBe(200);
    expect(priceAlertSchema.parse(set.json)).toMatchObject({ product_id: productId, product_name: 'Copper Espresso Pot', below_cents: 9_000, current_cents: 10_000, fired_at: null });
    expect((await call(t.app, { url: '/api/price-alerts', token: alice.token })).json.items.map((a: { id: number }) => a.id)).toEqual([set.json.id]);
    expect((await call(t.app, { url: '/api/price-alerts', token: bob.token })).json.items).toEqual([]);
    // bob cannot remove alice's alert: the same 404 as an alert that does not exist
    expect((await call(t.app, { method: 'DELETE', url: `/api/price-alerts/${set.json.id}`, token: bob.token })).status).toBe(404);
    expect(await alertsOf(alice.user.id)).toHaveLength(1);
    // setting it again replaces it (one per product)
    const again = await setAlert(alice.token, { product_id: productId, below_cents: 8_800 });
    expect(again.json.id).toBe(set.json.id);
    expect(again.json.below_cents).toBe(8_800);
    // bob's own alert, removed by bob
    const bobs = await setAlert(bob.token, { product_id: productId, below_cents: 9_999 });
    const removed = await call(t.app, { method: 'DELETE', url: `/api/price-alerts/${bobs.json.id}`, token: bob.token });
    expect(removed.status).toBe(200);
    expect(await alertsOf(bob.user.id)).toEqual([]);
  });

  it('fire once, by push, when a price change crosses them', async () => {
    const sub = push.subscribe();
    expect((await call(t.app, { method: 'POST', url: '/api/notifications/subscribe', token: alice.token, body: { subscription: sub } })).status).toBe(200);
    // not below 88.00 yet
    expect((await reprice(9_000)).status).toBe(200);
    expect((await alertsOf(alice.user.id))[0]!.fired_at).toBeNull();
    // crosses it
    expect((await reprice(8_500)).status).toBe(200);
    const [got] = await push.waitFor(sub.id);
    expect(JSON.parse(got!.payload)).toMatchObject({
      title: MSG.priceAlertPushTitle('Copper Espresso Pot'), body: MSG.priceAlertPushBody(formatMoney(85, 'AED'), formatMoney(88, 'AED')), url: `/ai-assistant?product=${productId}`,
    });
    const [fired] = await alertsOf(alice.user.id);
    expect(fired!.fired_at).not.toBeNull();
    expect(fired!.fired_cents).toBe(8_500);
    // a further drop does not fire it again
    expect((await reprice(8_000)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await push.waitFor(sub.id)).toHaveLength(1);
    expect((await alertsOf(alice.user.id))[0]!.fired_cents).toBe(8_500);
    const listed = (await call(t.app, { url: '/api/price-alerts', token: alice.token })).json.items[0];
    expect(listed).toMatchObject({ fired_cents: 8_500, current_cents: 8_000 });
  });
});

describe('GET /api/price-history/{id}', () => {
  it('answers the changes in order with the lowest and highest, to anyone', async () => {
    const res = await call(t.app, { url: `/api/price-history/${productId}` });
    expect(res.status).toBe(200);
    const h = priceHistorySchema.parse(res.json);
    expect(h.points.map((p) => p.price_cents)).toEqual([10_000, 9_000, 8_500, 8_000]);
    expect(h).toMatchObject({ current_cents: 8_000, days: 90, currency: 'AED' });
    expect(h.lowest.price_cents).toBe(8_000);
    expect(h.highest.price_cents).toBe(10_000);
  });

  it('carries the price in force at the window start, and only changes inside it', async () => {
    const service = t.app.services.prices;
    const day = 86_400_000;
    const now = Date.now();
    const jug = await call(t.app, { method: 'POST', url: '/api/products', token: vendor.token, body: { name: 'Tin Sugar Bowl', description: 'Bowl.', price_cents: 3_000, categories: ['Kitchen'], tags: [] } });
    await service.seedHistory(jug.json.product.id, [{ at: new Date(now - 200 * day), cents: 2_000 }, { at: new Date(now - 120 * day), cents: 3_500 }, { at: new Date(now - 10 * day), cents: 3_000 }]);
    const h = await service.history(jug.json.product.id);
    expect(h.points.map((p) => p.price_cents)).toEqual([3_500, 3_000]);
    expect(h.lowest.price_cents).toBe(3_000);
    expect((await service.lowestRecent(jug.json.product.id))!.lowest.price_cents).toBe(3_000);
  });

  it('is 404 for an unknown product and 400 for a malformed id', async () => {
    expect((await call(t.app, { url: '/api/price-history/999999' })).status).toBe(404);
    expect((await call(t.app, { url: '/api/price-history/abc' })).status).toBe(400);
  });
});

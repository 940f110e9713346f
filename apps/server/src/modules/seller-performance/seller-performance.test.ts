import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { DEFAULT_TRANSIT_DAYS, deliveryPromise, holidaySet } from '@souq/shared/rules/delivery-promise';
import { DEFAULT_PERFORMANCE_THRESHOLDS } from '@souq/shared/rules/seller-performance';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { testClock, wallClock } from '../payments/local/clock.js';

// Sellers held to their promises (issue 40 item 7, decision 0154), through the routes on a fresh database: orders
// shipped on time, late, by hand, cancelled by the seller and returned give the figures as numerators over
// denominators; passing a pause level takes the seller's listings off the storefront and search until an admin lifts
// it; bad input writes nothing; a vendor sees only its own figures.
let t: TestContext;
let admin: string;
let seller: Awaited<ReturnType<typeof signupVendor>>;
let other: Awaited<ReturnType<typeof signupVendor>>;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const address = { name: 'Huda Ali', phone: '+971 50 123 4567', emirate: 'dubai', area: 'Al Barsha', street: 'Street 5, Villa 12' };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  seller = await signupVendor(t.app, 'Promise Keepers LLC');
  other = await signupVendor(t.app, 'Other Promises LLC');
  shopper = await signupCustomer(t.app, 'Huda Ali');
  await q('update vendors set is_verified = true where id = any($1)', [[seller.vendor.id, other.vendor.id]]);
});
afterAll(() => t.close());

let n = 0;
/** A cash-on-delivery purchase of one of the vendor's products to a Dubai address: its sub-order, with its promise. */
async function order(vendorId: number) {
  const p = await makeProduct(t.app, { name: `Promise lamp ${++n}`, priceCents: 5_000, vendorId });
  const res = await call(t.app, {
    method: 'POST', url: '/api/orders', token: shopper.token,
    body: { items: [{ product_id: p.id, quantity: 1 }], customer_info: { name: 'Huda Ali', email: shopper.email }, shipping_address: { address: 'x' }, payment_method: 'cod', delivery_address: address },
  });
  expect(res.status, res.body).toBe(201);
  return res.json.order.sub_orders[0] as { id: number; delivery_promise: { earliest: string; latest: string } };
}
/** As if the sub-order had been placed `days` ago: its release and the promise it was given then (the seller's rule of one day, 14:00). */
async function placedDaysAgo(id: number, days: number) {
  const at = new Date(Date.now() - days * DAY);
  const holidays = holidaySet((await q<{ d: string }>(`select to_char(date, 'YYYY-MM-DD') as d from public_holidays`)).map((r) => r.d));
  const p = deliveryPromise({ at, handlingDays: 1, cutoff: '14:00', transit: DEFAULT_TRANSIT_DAYS.dubai, holidays });
  await q('update orders set released_at = $2, created_at = $2, promise_earliest = $3, promise_latest = $4 where id = $1', [id, at, p.earliest, p.latest]);
}
const vendorCall = (v: { token: string }, method: string, url: string, body?: unknown) => call(t.app, { method, url, token: v.token, body });
const figures = async (v = seller) => {
  const res = await vendorCall(v, 'GET', '/api/vendor/performance');
  expect(res.status, res.body).toBe(200);
  return res.json;
};
const auditCount = async (action: string) => (await q<{ n: number }>('select count(*)::int as n from audit_log where action = $1', [action]))[0]!.n;

describe('the rates, counted from the sub-orders', () => {
  it('a vendor without orders has "no orders yet": zero denominators and no rate, never 0 %', async () => {
    const f = await figures();
    expect(f.state).toBe('fine');
    for (const w of ['d30', 'd90']) for (const r of ['late_shipment', 'cancellation', 'valid_tracking', 'on_time_delivery', 'return']) {
      expect(f.windows[w][r]).toEqual({ numerator: 0, denominator: 0, rate: null });
    }
    expect(f.thresholds).toEqual(DEFAULT_PERFORMANCE_THRESHOLDS);
  });

  it('on time with a carrier, late by hand, cancelled by the seller, returned: each figure a numerator over a denominator', async () => {
    // 1. booked with the carrier today (its dispatch day is today or later: on time), delivered today (on time)
    const onTime = await order(seller.vendor.id);
    expect((await vendorCall(seller, 'POST', `/api/vendor/orders/${onTime.id}/confirm`)).status).toBe(200);
    const booked = await vendorCall(seller, 'POST', `/api/vendor/orders/${onTime.id}/shipment`, { carrier: 'aramex', weight_grams: 800 });
    expect(booked.status, booked.body).toBe(201);
    expect((await vendorCall(seller, 'POST', `/api/vendor/orders/${onTime.id}/deliver`)).status).toBe(200);
    // 2. placed ten days ago, shipped today with a number typed by hand: late, tracking not verified
    const late = await order(seller.vendor.id);
    await placedDaysAgo(late.id, 10);
    expect((await vendorCall(seller, 'POST', `/api/vendor/orders/${late.id}/confirm`)).status).toBe(200);
    expect((await vendorCall(seller, 'POST', `/api/vendor/orders/${late.id}/ship`, { carrier: 'My van', tracking_number: 'VAN-1' })).status).toBe(200);
    // 3. cancelled by the seller
    const cancelled = await order(seller.vendor.id);
    expect((await vendorCall(seller, 'POST', `/api/vendor/orders/${cancelled.id}/cancel`)).status).toBe(200);
    // 4. placed today, not shipped yet: its dispatch day has not passed, so it is not late
    await order(seller.vendor.id);
    // 5. placed 40 days ago, never shipped: late in the 90-day window, outside the 30-day one
    const forgotten = await order(seller.vendor.id);
    await placedDaysAgo(forgotten.id, 40);

    let f = await figures();
    expect(f.windows.d30.cancellation).toEqual({ numerator: 1, denominator: 4, rate: 0.25 });
    expect(f.windows.d30.late_shipment).toEqual({ numerator: 1, denominator: 2, rate: 0.5 });
    expect(f.windows.d30.valid_tracking).toEqual({ numerator: 1, denominator: 2, rate: 0.5 });
    expect(f.windows.d30.on_time_delivery).toEqual({ numerator: 1, denominator: 2, rate: 0.5 });
    expect(f.windows.d30.return).toEqual({ numerator: 0, denominator: 1, rate: 0 });
    expect(f.windows.d90.cancellation).toEqual({ numerator: 1, denominator: 5, rate: 0.2 });
    expect(f.windows.d90.late_shipment).toEqual({ numerator: 2, denominator: 3, rate: 2 / 3 });
    expect(f.windows.d90.on_time_delivery).toEqual({ numerator: 1, denominator: 3, rate: 1 / 3 });

    // the shopper returns the on-time parcel as damaged: the seller's fault counts
    const [line] = await q<{ id: number }>('select id from order_items where order_id = $1', [onTime.id]);
    const ret = await call(t.app, { method: 'POST', url: '/api/my/returns', token: shopper.token, body: { order_id: onTime.id, line_id: line!.id, units: 1, reason: 'damaged', refund_method: 'store_credit' } });
    expect(ret.status, ret.body).toBe(201);
    f = await figures();
    expect(f.windows.d30.return).toEqual({ numerator: 1, denominator: 1, rate: 1 });

    // the other vendor sees only its own (none), and nobody else's by any route
    const mine = await figures(other);
    expect(mine.vendor_id).toBe(other.vendor.id);
    expect(mine.windows.d30.cancellation.denominator).toBe(0);
    expect((await vendorCall(other, 'GET', `/api/admin/vendors/${seller.vendor.id}/performance`)).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/vendor/performance', token: shopper.token })).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/vendor/performance' })).status).toBe(401);
    const viaAdmin = await call(t.app, { method: 'GET', url: `/api/admin/vendors/${seller.vendor.id}/performance`, token: admin });
    expect(viaAdmin.json.windows).toEqual(f.windows);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/vendors/999999/performance', token: admin })).status).toBe(404);
  });
});

describe('thresholds are settings', () => {
  it('bad thresholds are refused and write nothing; good ones are saved and audited', async () => {
    const bad = [
      { ...DEFAULT_PERFORMANCE_THRESHOLDS, rates: { ...DEFAULT_PERFORMANCE_THRESHOLDS.rates, cancellation: { warn_bps: 600, pause_bps: 500 } } },
      { ...DEFAULT_PERFORMANCE_THRESHOLDS, rates: { ...DEFAULT_PERFORMANCE_THRESHOLDS.rates, valid_tracking: { warn_bps: 8000, pause_bps: 9000 } } },
      { ...DEFAULT_PERFORMANCE_THRESHOLDS, min_orders: 0 },
      { ...DEFAULT_PERFORMANCE_THRESHOLDS, rates: { ...DEFAULT_PERFORMANCE_THRESHOLDS.rates, return: { warn_bps: 500, pause_bps: 10_001 } } },
      { ...DEFAULT_PERFORMANCE_THRESHOLDS, extra: true },
      { min_orders: 3 },
    ];
    for (const body of bad) {
      const res = await call(t.app, { method: 'PUT', url: '/api/admin/seller-performance/settings', token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const first = await call(t.app, { method: 'PUT', url: '/api/admin/seller-performance/settings', token: admin, body: DEFAULT_PERFORMANCE_THRESHOLDS.rates });
    expect(first.status).toBe(400);
    const refused = await call(t.app, { method: 'PUT', url: '/api/admin/seller-performance/settings', token: admin, body: bad[0] });
    expect(JSON.stringify(refused.json)).toContain(MSG.performanceLevelsOrder);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/seller-performance/settings', token: admin })).json).toEqual(DEFAULT_PERFORMANCE_THRESHOLDS);
    expect((await vendorCall(seller, 'PUT', '/api/admin/seller-performance/settings', { ...DEFAULT_PERFORMANCE_THRESHOLDS, min_orders: 1 })).status).toBe(403);

    // judge small sellers too (the test's orders are few)
    const ok = await call(t.app, { method: 'PUT', url: '/api/admin/seller-performance/settings', token: admin, body: { ...DEFAULT_PERFORMANCE_THRESHOLDS, min_orders: 1 } });
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json.min_orders).toBe(1);
    expect(await auditCount('seller_performance.settings')).toBe(1);
    expect((await figures()).thresholds.min_orders).toBe(1);
  });
});

describe('a pause hides the listings until an admin lifts it', () => {
  it('passing a pause level pauses: the products leave the storefront and search, the vendor cannot put them back; the lift brings them back', async () => {
    const listed = await makeProduct(t.app, { name: 'Zanzibarite lantern', priceCents: 7_000, vendorId: seller.vendor.id });
    expect((await call(t.app, { method: 'GET', url: `/api/products/${listed.id}` })).status).toBe(200);
    const found = await call(t.app, { method: 'GET', url: '/api/products/search/zanzibarite' });
    expect(found.json.map((p: { id: number }) => p.id)).toContain(listed.id);

    // evaluate on demand: cancellation 25 % passes 5 %, late shipment 50 % passes 8 %, tracking 50 % below 90 % …
    const ev = await call(t.app, { method: 'POST', url: `/api/admin/vendors/${seller.vendor.id}/performance/evaluate`, token: admin });
    expect(ev.status, ev.body).toBe(200);
    expect(ev.json.state).toBe('paused');
    expect(ev.json.paused_listings).toBeGreaterThanOrEqual(1);
    expect(ev.json.verdict.rates.find((r: { rate: string }) => r.rate === 'cancellation')).toEqual({ rate: 'cancellation', window: 30, level: 'pause' });
    expect((await call(t.app, { method: 'GET', url: `/api/products/${listed.id}` })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: '/api/products/search/zanzibarite' })).json.map((p: { id: number }) => p.id)).not.toContain(listed.id);
    // not deleted: the vendor still has it, inactive, and may not put it on sale
    const mine = await vendorCall(seller, 'PUT', `/api/products/${listed.id}`, { status: 'active' });
    expect(mine.status).toBe(403);
    expect(mine.json.error).toBe(MSG.listingsPaused);
    expect((await q<{ status: string }>('select status from products where id = $1', [listed.id]))[0]!.status).toBe('inactive');
    expect((await figures()).state).toBe('paused');

    // idempotent: evaluating again leaves the same state and pauses nothing more
    const again = await call(t.app, { method: 'POST', url: `/api/admin/vendors/${seller.vendor.id}/performance/evaluate`, token: admin });
    expect(again.json).toMatchObject({ state: 'paused', paused_listings: ev.json.paused_listings, paused_at: ev.json.paused_at });
    await t.app.services.sellerPerformance.evaluateAll();
    expect((await figures()).paused_at).toBe(ev.json.paused_at);

    // the lift: an admin only, with a note; the listings come back; a second lift is a conflict
    const lift = `/api/admin/vendors/${seller.vendor.id}/performance/lift`;
    expect((await vendorCall(seller, 'POST', lift, { note: 'self-service' })).status).toBe(403);
    expect((await call(t.app, { method: 'POST', url: lift, token: admin, body: { note: '   ' } })).status).toBe(400);
    expect((await q<{ state: string }>('select state from seller_performance where vendor_id = $1', [seller.vendor.id]))[0]!.state).toBe('paused');
    const lifted = await call(t.app, { method: 'POST', url: lift, token: admin, body: { note: 'Called the seller: a stock system outage, fixed' } });
    expect(lifted.status, lifted.body).toBe(200);
    expect(lifted.json).toMatchObject({ state: 'fine', paused_listings: 0, lift_note: 'Called the seller: a stock system outage, fixed' });
    expect(lifted.json.judged_since).not.toBeNull();
    expect((await call(t.app, { method: 'GET', url: `/api/products/${listed.id}` })).status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/products/search/zanzibarite' })).json.map((p: { id: number }) => p.id)).toContain(listed.id);
    expect((await call(t.app, { method: 'POST', url: lift, token: admin, body: { note: 'again' } })).status).toBe(409);
    expect(await auditCount('seller_performance.lift')).toBe(1);

    // judged from the lift on: the old orders stay shown but no longer pause it
    const after = await call(t.app, { method: 'POST', url: `/api/admin/vendors/${seller.vendor.id}/performance/evaluate`, token: admin });
    expect(after.json.state).toBe('fine');
    expect(after.json.windows.d30.cancellation.numerator).toBe(1);
  });

  it('passing only a warn level warns the seller (and tells it by push), without touching its listings; the hourly run is idempotent', async () => {
    const notices: unknown[] = [];
    const off = t.app.services.bus.on('sellerPerformance.notice', (e) => { notices.push(e); });
    const kept = await makeProduct(t.app, { name: 'Warned mug', priceCents: 2_000, vendorId: other.vendor.id });
    // one order shipped by hand, on time: valid tracking 0 / 1 is below 95 % (warn) and below 90 % (pause) …
    const o = await order(other.vendor.id);
    expect((await vendorCall(other, 'POST', `/api/vendor/orders/${o.id}/confirm`)).status).toBe(200);
    expect((await vendorCall(other, 'POST', `/api/vendor/orders/${o.id}/ship`, { carrier: 'Bike', tracking_number: 'B-1' })).status).toBe(200);
    // … so the pause level is set to 0 % here: only the warning is passed
    const rates = { ...DEFAULT_PERFORMANCE_THRESHOLDS.rates, valid_tracking: { warn_bps: 9500, pause_bps: 0 } };
    expect((await call(t.app, { method: 'PUT', url: '/api/admin/seller-performance/settings', token: admin, body: { rates, min_orders: 1 } })).status).toBe(200);
    const audits = await auditCount('seller_performance.evaluate');
    expect(await t.app.services.sellerPerformance.job.runOnce()).toBeGreaterThanOrEqual(1);
    const f = await figures(other);
    expect(f.state).toBe('warned');
    expect(f.warned_at).not.toBeNull();
    expect(f.verdict.rates.find((r: { rate: string }) => r.rate === 'valid_tracking').level).toBe('warn');
    expect((await q<{ status: string }>('select status from products where id = $1', [kept.id]))[0]!.status).toBe('active');
    const [owner] = await q<{ user_id: number }>('select user_id from vendors where id = $1', [other.vendor.id]);
    expect(notices).toEqual([{ vendorId: other.vendor.id, userId: owner!.user_id, state: 'warned', rates: ['valid_tracking'] }]);
    const written = await auditCount('seller_performance.evaluate');
    expect(written).toBe(audits + 1);
    // the same figures again: no new state, no new entry, no new notice
    expect(await t.app.services.sellerPerformance.job.runOnce()).toBe(0);
    expect(await auditCount('seller_performance.evaluate')).toBe(written);
    expect(notices).toHaveLength(1);
    expect((await figures(other)).warned_at).toBe(f.warned_at);
    off();
  });
});

describe('the levels are not retroactive', () => {
  it('sub-orders handed over before the levels began to apply are shown, not judged; later ones are', async () => {
    const late = await signupVendor(t.app, 'History Hand Typed LLC');
    await makeProduct(t.app, { name: 'Old mug', priceCents: 2_000, vendorId: late.vendor.id });
    const before = await order(late.vendor.id);
    expect((await vendorCall(late, 'POST', `/api/vendor/orders/${before.id}/confirm`)).status).toBe(200);
    expect((await vendorCall(late, 'POST', `/api/vendor/orders/${before.id}/ship`, { carrier: 'Bike', tracking_number: 'H-1' })).status).toBe(200);
    // the shop's first start with the levels: from now on (kept once written: a second start does not move it)
    await t.app.services.sellerPerformance.beginCounting(new Date(Date.now() + 1_000));
    await t.app.services.sellerPerformance.beginCounting(new Date(Date.now() + 86_400_000));
    const f = await figures(late);
    expect(f.windows.d30.valid_tracking).toMatchObject({ numerator: 0, denominator: 1 });
    expect(f.verdict.rates.every((r: { level: string }) => r.level === 'fine')).toBe(true);
    expect(new Date(f.counted_from).getTime()).toBeLessThan(Date.now() + 60_000);
    await new Promise((r) => setTimeout(r, 1_100));
    const after = await order(late.vendor.id);
    expect((await vendorCall(late, 'POST', `/api/vendor/orders/${after.id}/confirm`)).status).toBe(200);
    expect((await vendorCall(late, 'POST', `/api/vendor/orders/${after.id}/ship`, { carrier: 'Bike', tracking_number: 'H-2' })).status).toBe(200);
    // min_orders is 1 (the test above): the order after the start is judged, the one before is not
    const g = await figures(late);
    expect(g.windows.d30.valid_tracking).toMatchObject({ numerator: 0, denominator: 2 });
    expect(g.verdict.rates.find((r: { rate: string }) => r.rate === 'valid_tracking')).toMatchObject({ level: 'warn' });
  });
});

describe("the carrier's own moments are what is measured (decision 0168)", () => {
  afterAll(() => t.app.services.shipping.useClock(wallClock()));
  const momentsOf = async (id: number) => {
    const [r] = await q<{ shipped_at: Date; delivered_at: Date }>('select shipped_at, delivered_at from orders where id = $1', [id]);
    return { shipped: new Date(r!.shipped_at).getTime(), delivered: new Date(r!.delivered_at).getTime() };
  };
  /** The seller confirms and books Aramex under `clock` (the carrier's); the driver's scans are polled when told. */
  async function bookedUnder(v: { token: string }, id: number, clock: ReturnType<typeof testClock>) {
    t.app.services.shipping.useClock(clock);
    expect((await vendorCall(v, 'POST', `/api/vendor/orders/${id}/confirm`)).status).toBe(200);
    const booked = await vendorCall(v, 'POST', `/api/vendor/orders/${id}/shipment`, { carrier: 'aramex', weight_grams: 700 });
    expect(booked.status, booked.body).toBe(201);
    return booked.json.waybill as string;
  }

  it('a delivery reported to Souq days late keeps the carrier\'s moment: on time stays on time, and the return window counts from it', async () => {
    const v = await signupVendor(t.app, 'Late Reports LLC');
    const o = await order(v.vendor.id);
    await placedDaysAgo(o.id, 16);
    const [placed] = await q<{ released_at: Date }>('select released_at from orders where id = $1', [o.id]);
    // booked an hour after the purchase, delivered two hours later: its dispatch day and promise kept
    const start = new Date(placed!.released_at).getTime() + 3_600_000;
    const clock = testClock(start);
    const waybill = await bookedUnder(v, o.id, clock);
    t.app.services.shipping.local.move(waybill, 'picked_up', { at: start + 3_600_000 });
    t.app.services.shipping.local.move(waybill, 'delivered', { at: start + 2 * 3_600_000 });
    // the carrier's report reaches Souq fifteen days later (a queue stuck, a webhook retried for days)
    clock.advance(15 * DAY);
    expect(await t.app.services.shipping.poll()).toBe(2);
    expect(await momentsOf(o.id)).toEqual({ shipped: start, delivered: start + 2 * 3_600_000 });
    const f = (await figures(v)).windows.d30;
    expect(f.late_shipment).toMatchObject({ numerator: 0, denominator: 1 });
    expect(f.on_time_delivery).toMatchObject({ numerator: 1, denominator: 1 });
    // the 14-day return window ran from the delivery, not from when Souq heard of it: closed
    const [line] = await q<{ id: number }>('select id from order_items where order_id = $1', [o.id]);
    const ret = await call(t.app, { method: 'POST', url: '/api/my/returns', token: shopper.token, body: { order_id: o.id, line_id: line!.id, units: 1, reason: 'damaged', refund_method: 'store_credit' } });
    expect(ret.status, ret.body).toBe(422);
    expect(ret.json.error).toBe(MSG.returnWindowClosed(14));
  });

  it('the carrier\'s clock moved days ahead: the booking ships late and the delivery is late, and the seller\'s figures count both', async () => {
    const v = await signupVendor(t.app, 'Late Parcels LLC');
    const o = await order(v.vendor.id);
    const before = (await figures(v)).windows.d30;
    expect(before.late_shipment).toMatchObject({ numerator: 0, denominator: 0 });
    // the carrier's clock two Dubai days past the promise's last day (its dispatch day is before that)
    const clock = testClock(Date.now());
    const past = Date.parse(`${o.delivery_promise.latest}T00:00:00+04:00`) + 2 * DAY;
    clock.advance(Math.ceil((past - clock.now()) / DAY) * DAY);
    const bookedAt = clock.now();
    const waybill = await bookedUnder(v, o.id, clock);
    t.app.services.shipping.local.move(waybill, 'picked_up');
    t.app.services.shipping.local.move(waybill, 'delivered', { at: bookedAt + 60_000 });
    clock.advance(120_000);
    expect(await t.app.services.shipping.poll()).toBe(2);
    expect(await momentsOf(o.id)).toEqual({ shipped: bookedAt, delivered: bookedAt + 60_000 });
    const f = (await figures(v)).windows.d30;
    expect(f.late_shipment).toMatchObject({ numerator: 1, denominator: 1 });
    expect(f.on_time_delivery).toMatchObject({ numerator: 0, denominator: 1 });
    expect(f.valid_tracking).toMatchObject({ numerator: 1, denominator: 1 });
  });
});

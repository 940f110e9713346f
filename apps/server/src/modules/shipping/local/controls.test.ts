import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../../test/admin-fixtures.js';
import { testConfig } from '../../../config.js';
import { CONTROLS_PREFIX } from './controls.js';

// The local carrier's test controls (decision 0160): off unless the environment asks and a carrier runs locally; on,
// a journey scans parcels, holds and reorders Quiqup's signed webhooks, releases them to Souq and runs the Aramex poll.
let t: TestContext;
let base: string;
let seller: Awaited<ReturnType<typeof signupVendor>>;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;

const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
const control = async (path: string, fields?: Record<string, string>) => {
  const res = await fetch(`${base}${CONTROLS_PREFIX}${path}`, fields ? form(fields) : undefined);
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  const plain = testConfig();
  t = await createTestApp({ shipping: { ...plain.shipping, local: { testControls: true, port: 0 } } });
  seller = await signupVendor(t.app, 'Controlled Parcels LLC');
  shopper = await signupCustomer(t.app, 'Cara Controls');
  // the queue's deliveries reach this app in process (it listens on no port)
  t.app.services.shipping.local.queue.setSender(async (url, headers, body) => (await t.app.inject({
    method: 'POST', url: new URL(url).pathname, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, payload: body,
  })).statusCode);
  base = (await t.app.services.shipping.startControls())!;
});
afterAll(() => t.close());

async function booked(carrier: 'aramex' | 'quiqup') {
  const p = await makeProduct(t.app, { name: `Controlled lamp ${carrier}`, priceCents: 9_000, stock: 5, vendorId: seller.vendor.id });
  const order = await placeOrder(t.app, [{ productId: p.id, quantity: 1 }], { payment: 'cod', userId: shopper.user.id, email: shopper.email, name: 'Cara Controls', phone: '+971501234567' });
  await t.app.services.orders.setStatus(order.id, 'confirmed');
  const res = await call(t.app, { method: 'POST', url: `/api/vendor/orders/${order.id}/shipment`, token: seller.token, body: { carrier } });
  expect(res.status, res.body).toBe(201);
  return { orderId: order.id, waybill: res.json.waybill as string };
}
const tracking = async (orderId: number) => (await call(t.app, { url: `/api/orders/${orderId}/tracking`, token: shopper.token })).json.shipment as { state: string; events: { state: string }[]; failed_attempts: number };

describe('the local carrier controls', () => {
  it('are off by default and with both carriers real', async () => {
    const off = await createTestApp();
    const real = testConfig();
    const realBoth = await createTestApp({
      shipping: {
        aramex: { ...real.shipping.aramex, credentials: { userName: 'real-user', password: 'p', accountNumber: '1234', accountPin: '1234', accountEntity: 'DXB', accountCountryCode: 'AE' } },
        quiqup: { ...real.shipping.quiqup, credentials: { clientId: 'real-client', clientSecret: 'real-secret', webhookSecret: 'real-webhook-secret-123' } },
        local: { testControls: true, port: 0 },
      },
    });
    try {
      expect(await off.app.services.shipping.startControls()).toBeNull();
      expect(await realBoth.app.services.shipping.startControls()).toBeNull();
    } finally {
      await off.close();
      await realBoth.close();
    }
  });

  it('hold, move, reverse and release: Quiqup events reach Souq out of order and the latest by the carrier clock wins', async () => {
    const { orderId, waybill } = await booked('quiqup');
    expect((await control('/queue/hold', {})).status).toBe(200);
    const t0 = Date.now() - 3_600_000;
    for (const [k, state] of (['picked_up', 'in_transit', 'out_for_delivery'] as const).entries()) {
      const moved = await control(`/parcels/${waybill}/move`, { state, at: new Date(t0 + k * 60_000).toISOString() });
      expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    }
    const held = await control(`/parcels/${waybill}`);
    expect((held.json.pending as { state: string }[]).map((d) => d.state)).toEqual(['collected', 'in_transit', 'out_for_delivery']);
    expect((await tracking(orderId)).events).toHaveLength(0);
    await control('/queue/reorder', { order: 'reverse' });
    const released = await control('/queue/release', {});
    expect((released.json.sent as { status: number }[]).map((s) => s.status)).toEqual([200, 200, 200]);
    const s = await tracking(orderId);
    expect(s.state).toBe('out_for_delivery');
    expect(s.events.map((e) => e.state)).toEqual(['picked_up', 'in_transit', 'out_for_delivery']);
    // a duplicate is acknowledged and changes nothing; a dropped scan never arrives
    await control('/queue/hold', {});
    const failed = await control(`/parcels/${waybill}/move`, { state: 'delivery_failed', reason: 'Customer not available', at: new Date(t0 + 4 * 60_000).toISOString() });
    await control('/queue/duplicate', { id: String(failed.json.delivery_id) });
    const lost = await control(`/parcels/${waybill}/move`, { state: 'rescheduled', at: new Date(t0 + 5 * 60_000).toISOString() });
    await control('/queue/drop', { id: String(lost.json.delivery_id) });
    await control('/queue/release', {});
    const after = await tracking(orderId);
    expect(after.state).toBe('delivery_failed');
    expect(after.failed_attempts).toBe(1);
  });

  it('Aramex: a scan joins the history and the poll run on request brings it to Souq', async () => {
    const { orderId, waybill } = await booked('aramex');
    await control(`/parcels/${waybill}/move`, { state: 'picked_up' });
    expect((await tracking(orderId)).state).toBe('booked');
    const polled = await control('/track', {});
    expect(polled.json.stored).toBe(1);
    expect((await tracking(orderId)).state).toBe('picked_up');
  });

  it('refuses what is not a move: unknown parcel 404, a bad state or time 400, a delivery not queued 400', async () => {
    const { waybill } = await booked('quiqup');
    expect((await control('/parcels/99999999/move', { state: 'delivered' })).status).toBe(404);
    expect((await control(`/parcels/${waybill}/move`, { state: 'teleported' })).status).toBe(400);
    expect((await control(`/parcels/${waybill}/move`, { state: 'booked' })).status).toBe(400);
    expect((await control(`/parcels/${waybill}/move`, { state: 'delivered', at: 'yesterday' })).status).toBe(400);
    expect((await control('/queue/drop', { id: '987654' })).status).toBe(400);
    expect((await control('/queue/reorder', { ids: '987654' })).status).toBe(400);
    expect((await control(`/parcels/${waybill}`)).json.history).toEqual([]);
  });

  it('the carrier\'s clock moves forward by days: a scan at it is late by days and kept so; a future scan is bounded; back to the wall clock', async () => {
    const { orderId, waybill } = await booked('aramex');
    const clockNow = async () => Date.parse((await control('/clock')).json.now as string);
    expect(Math.abs(await clockNow() - Date.now())).toBeLessThan(5_000);
    // bad moves: nothing moves
    for (const bad of [{ days: '0' }, { days: '1.5' }, { days: '400' }, { ms: '-5' }, { days: '1', ms: '5' }, {}] as Record<string, string>[]) expect((await control('/clock/advance', bad)).status, JSON.stringify(bad)).toBe(400);
    expect(Math.abs(await clockNow() - Date.now())).toBeLessThan(5_000);
    const moved = await control('/clock/advance', { days: '3' });
    expect(moved.status).toBe(200);
    expect(moved.json.ahead_ms as number).toBeGreaterThan(3 * 86_400_000 - 5_000);
    // the driver scans at the carrier's clock (no `at`); a delivery claimed a day ahead of it is bounded to it
    await control(`/parcels/${waybill}/move`, { state: 'picked_up' });
    const claimed = new Date((await clockNow()) + 86_400_000).toISOString();
    await control(`/parcels/${waybill}/move`, { state: 'delivered', at: claimed });
    const polledAt = await clockNow();
    expect((await control('/track', {})).json.stored).toBe(2);
    const [o] = await t.database.query<{ delivered_at: Date; shipped_at: Date }>('select shipped_at, delivered_at from orders where id = $1', [orderId]);
    const delivered = new Date(o!.delivered_at).getTime();
    expect(delivered).toBeGreaterThanOrEqual(polledAt);
    expect(delivered).toBeLessThan(Date.parse(claimed));
    expect(delivered - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
    // booked before the move: shipped at the wall clock's booking
    expect(new Date(o!.shipped_at).getTime()).toBeLessThan(Date.now());
    // back to the wall clock, but not while a webhook waits under the moved one
    const q = await booked('quiqup');
    await control('/queue/hold', {});
    await control(`/parcels/${q.waybill}/move`, { state: 'picked_up' });
    expect((await control('/clock/reset', {})).status).toBe(409);
    await control('/queue/release', {});
    const reset = await control('/clock/reset', {});
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    expect(Math.abs(reset.json.ahead_ms as number)).toBeLessThan(5_000);
    // the parcels scanned under the moved clock keep their moments
    expect(new Date((await t.database.query<{ delivered_at: Date }>('select delivered_at from orders where id = $1', [orderId]))[0]!.delivered_at).getTime()).toBe(delivered);
  });
});

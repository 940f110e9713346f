// Carriers, labels and tracking (issue 40 item 10, decision 0150): a label in ≤ 300 ms p95, a carrier event handled in
// ≤ 50 ms p95 (signature check, the event stored, the parcel's state and the sub-order moved, the shopper told), each
// beside the same path without the work in the same run.
//
//   npm run bench:shipping [-- --parcels 60] [--json]
//
// On a FRESH database (PGlite in memory) with the local carrier in process: `parcels` cash-on-delivery sub-orders of
// one seller, confirmed, each booked with Quiqup through the API (waybill, pickup). Timed through app.inject:
//   labels:   GET /api/shipping/shipments/{id}/label.pdf (the PDF rendered: barcode, Arabic headings, COD box)
//             beside GET /api/orders/{id}/tracking (the same route pipeline and reads, no PDF);
//   events:   POST /api/shipping/webhooks/quiqup with a signed event per parcel move (picked up, in transit, out for
//             delivery, delivered: the last one moves the sub-order through setStatus and posts the courier's cash)
//             beside the same signed request for a waybill Souq never booked (signature and parsing only, nothing stored).
import { freshApp, parseArgs } from './lib/fresh-app.js';
import { percentile } from './lib/bench-io.js';
import { orderRequestSchema } from '../packages/shared/src/api/orders.js';
import { quiqupSignature } from '../apps/server/src/modules/shipping/quiqup.js';

const r1 = (n: number) => Math.round(n * 10) / 10;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const n = Number(args.get('parcels') ?? 60);
  const json = args.has('json');
  const log = (m: string) => (json ? undefined : console.log(m));
  const bench = await freshApp();
  try {
    const { app } = bench;
    const shipping = app.services.shipping;
    shipping.local.queue.stop();
    const signup = await app.inject({ method: 'POST', url: '/api/vendor/signup', payload: { company_name: 'Bench Parcels LLC', contact_name: 'Bea Bench', email: `bench-${Date.now()}@example.test`, password: 'password-123', phone: '+971500000000', address: 'Dubai' } });
    const vendor = signup.json() as { token: string; vendor: { id: number } };
    const admin = (await app.inject({ method: 'POST', url: '/api/admin/access', payload: { code: 'bench-admin-code' } })).json() as { token: string };
    const product = await app.services.catalogue.createProduct({ name: 'Bench lamp', priceCents: 12_500, stock: n + 10, vendorId: vendor.vendor.id } as never);
    log(`booking ${n} parcels …`);
    const parcels: { orderId: number; shipmentId: number; waybill: string }[] = [];
    for (let i = 0; i < n; i += 1) {
      const req = orderRequestSchema.parse({
        items: [{ product_id: product.id, quantity: 1 }], customer_info: { name: 'Bench Buyer', email: 'buyer@example.test', phone: '+971501234567' },
        shipping_address: { address: '1 Bench Street', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'cod',
      });
      const { order } = await app.services.orders.placeOrder(req, { userId: null });
      const sub = order.sub_orders[0]!;
      await app.services.orders.setStatus(sub.id, 'confirmed');
      const booked = await app.inject({ method: 'POST', url: `/api/vendor/orders/${sub.id}/shipment`, headers: { authorization: `Bearer ${vendor.token}` }, payload: { carrier: 'quiqup' } });
      if (booked.statusCode !== 201) throw new Error(`booking failed: ${booked.statusCode} ${booked.body}`);
      const s = booked.json() as { id: number; waybill: string };
      parcels.push({ orderId: sub.id, shipmentId: s.id, waybill: s.waybill });
    }
    const auth = { authorization: `Bearer ${vendor.token}` };
    const time = async (fn: () => Promise<number>, expect: number) => {
      const t0 = performance.now();
      const status = await fn();
      const ms = performance.now() - t0;
      if (status !== expect) throw new Error(`answered ${status}, expected ${expect}`);
      return ms;
    };
    // warm-up: fonts loaded, code paths compiled
    await app.inject({ method: 'GET', url: `/api/shipping/shipments/${parcels[0]!.shipmentId}/label.pdf`, headers: { authorization: `Bearer ${admin.token}` } });

    const label: number[] = [];
    const labelBase: number[] = [];
    for (const p of parcels) {
      labelBase.push(await time(async () => (await app.inject({ method: 'GET', url: `/api/orders/${p.orderId}/tracking`, headers: auth })).statusCode, 200));
      label.push(await time(async () => (await app.inject({ method: 'GET', url: `/api/shipping/shipments/${p.shipmentId}/label.pdf`, headers: auth })).statusCode, 200));
    }

    const secret = shipping.local.quiqup.webhookSecret;
    let seq = 0;
    const signed = (waybill: string, state: string, at: number) => {
      const body = JSON.stringify({ id: `evt_bench_${(seq += 1)}`, event: 'order.state_changed', occurred_at: new Date(at).toISOString(), data: { order: { id: waybill, partner_order_id: '', state, failure_reason: null } } });
      const ts = Math.floor(Date.now() / 1000);
      return { body, headers: { 'content-type': 'application/json', 'x-quiqup-signature': quiqupSignature(secret, body, ts), 'x-quiqup-timestamp': String(ts) } };
    };
    const post = async (s: { body: string; headers: Record<string, string> }) => (await app.inject({ method: 'POST', url: '/api/shipping/webhooks/quiqup', headers: s.headers, payload: s.body })).statusCode;
    const event: number[] = [];
    const eventBase: number[] = [];
    const delivered: number[] = [];
    const t0 = Date.now() - 3_600_000;
    for (const p of parcels) {
      let k = 0;
      for (const state of ['collected', 'in_transit', 'out_for_delivery', 'delivered']) {
        eventBase.push(await time(() => post(signed('9999999', state, t0 + (k += 1) * 1000)), 200));
        const ms = await time(() => post(signed(p.waybill, state, t0 + k * 1000)), 200);
        (state === 'delivered' ? delivered : event).push(ms);
      }
    }
    const all = [...event, ...delivered];
    const stillShipped = (await bench.database.query<{ n: number }>(`select count(*)::int as n from orders where id = any($1::int[]) and status <> 'delivered'`, [parcels.map((p) => p.orderId)]))[0]!.n;
    const result = {
      parcels: n,
      label_ms: { p50: r1(percentile(label, 50)), p95: r1(percentile(label, 95)), budget_p95: 300 },
      label_baseline_tracking_read_ms: { p50: r1(percentile(labelBase, 50)), p95: r1(percentile(labelBase, 95)) },
      event_ms: { p50: r1(percentile(all, 50)), p95: r1(percentile(all, 95)), budget_p95: 50 },
      event_moving_parcel_only_ms: { p95: r1(percentile(event, 95)) },
      event_delivered_with_status_change_ms: { p50: r1(percentile(delivered, 50)), p95: r1(percentile(delivered, 95)) },
      event_baseline_signature_only_ms: { p50: r1(percentile(eventBase, 50)), p95: r1(percentile(eventBase, 95)) },
      sub_orders_not_delivered_after: stillShipped,
    };
    if (json) console.log(JSON.stringify(result));
    else console.table(Object.fromEntries(Object.entries(result).filter(([, v]) => typeof v === 'object')));
    if (!json) log(`sub-orders not delivered after their events: ${stillShipped}`);
    const ok = result.label_ms.p95 <= 300 && result.event_ms.p95 <= 50 && stillShipped === 0;
    if (!ok) process.exitCode = 1;
  } finally {
    await bench.close();
  }
}

void main();

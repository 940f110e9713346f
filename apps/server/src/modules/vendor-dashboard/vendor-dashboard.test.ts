import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import { EXPORT_HEADER } from './vendor-dashboard.service.js';
import { MSG_AR } from '@souq/shared/messages.ar';

// Two vendors, a purchase from both (one sub-order each, decision 0086), a cancelled order and an order from two days
// ago; every figure below is worked out by hand from these lines.
let t: TestContext;
let admin: string;
let customer: Awaited<ReturnType<typeof signupCustomer>>;
let a: Awaited<ReturnType<typeof signupVendor>>;
let b: Awaited<ReturnType<typeof signupVendor>>;
const o = {} as { solo: number; soloPurchase: number; shared: number; sharedB: number; sharedNumber: string; cancelled: number; bOnly: number; old: number };
const p = {} as { lamp: number; rug: number; mug: number };
const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

const historyOf = (id: number) => t.database.query<{ to_status: string; changed_by: number | null }>('select to_status, changed_by from order_status_history where order_id = $1 order by id', [id]);
const auditOf = async (id: number) => (await t.app.services.audit.list({ targetType: 'order', targetId: String(id) }, { limit: 50, offset: 0 })).items;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  customer = await signupCustomer(t.app, 'Cara Customer');
  a = await signupVendor(t.app, 'Alpha Home LLC');
  b = await signupVendor(t.app, 'Beta Kitchen LLC');
  const vendorA = a.vendor.id;
  const lamp = await makeProduct(t.app, { name: 'Alpha Lamp', priceCents: 10_000, stock: 20, categories: ['Home'], tags: ['light', 'desk'], vendorId: vendorA });
  const rug = await makeProduct(t.app, { name: 'Alpha Rug', nameAr: 'سجادة ألفا', priceCents: 25_000, stock: 4, categories: ['Home', 'Decor'], tags: ['Light'], vendorId: vendorA });
  await makeProduct(t.app, { name: 'Alpha Draft', priceCents: 5_000, stock: 10, categories: ['Decor'], status: 'draft', vendorId: vendorA });
  await makeProduct(t.app, { name: 'Alpha Gone', priceCents: 99_900, stock: 1, categories: ['Home'], status: 'archived', vendorId: vendorA });
  const mug = await makeProduct(t.app, { name: 'Beta Mug', priceCents: 3_000, stock: 50, categories: ['Kitchen'], vendorId: b.vendor.id });
  Object.assign(p, { lamp: lamp.id, rug: rug.id, mug: mug.id });

  // only A's lines, the customer's own order, moved to processing by the shop; its customer name looks like a formula
  const solo = await placeOrder(t.app, [{ productId: lamp.id, quantity: 2 }], { userId: customer.user.id, name: '=SUM(1,2)', email: 'cara@example.test', phone: '+971 50 111 2222', payment: 'cod' });
  await t.app.services.orders.setStatus(solo.id, 'processing');
  // A's rug and B's mugs in one checkout: A's sub-order and B's
  const shared = await placeOrder(t.app, [{ productId: rug.id, quantity: 1 }, { productId: mug.id, quantity: 3 }], { name: 'Sam Shared' });
  // cancelled: never revenue, still an order of A's
  const cancelled = await placeOrder(t.app, [{ productId: lamp.id, quantity: 1 }], { name: 'Carl Cancel' });
  await t.app.services.orders.setStatus(cancelled.id, 'cancelled');
  // only B's
  const bOnly = await placeOrder(t.app, [{ productId: mug.id, quantity: 1 }], { name: 'Bea Buyer' });
  // two days ago, delivered
  const old = await placeOrder(t.app, [{ productId: rug.id, quantity: 1 }], { name: 'Olga Old' });
  await t.app.services.orders.setStatus(old.id, 'delivered');
  await t.database.query('update orders set created_at = $2 where id = $1', [old.id, new Date(Date.now() - 2 * DAY)]);
  // its ledger rows too (revenue comes from the ledger, on the day it was posted): the append-only trigger is lifted
  // for this one back-dating only, as if the sale had been posted two days ago
  await t.database.exec(`alter table ledger_entries disable trigger ledger_entries_no_update_or_delete;
    update ledger_entries set created_at = now() - interval '2 days' where order_id = ${Number(old.id)};
    alter table ledger_entries enable trigger ledger_entries_no_update_or_delete;`);
  Object.assign(o, {
    solo: solo.id, soloPurchase: solo.purchase.id, shared: shared.id, sharedB: shared.purchase.sub_orders[1]!.id, sharedNumber: shared.purchase.order_number,
    cancelled: cancelled.id, bOnly: bOnly.id, old: old.id,
  });
});
afterAll(() => t.close());

const ROUTES = [
  { method: 'GET', url: '/api/vendor/dashboard/stats' },
  { method: 'GET', url: '/api/vendor/orders' },
  { method: 'GET', url: '/api/vendor/orders/stats' },
  { method: 'GET', url: '/api/vendor/orders/export' },
  { method: 'GET', url: '/api/vendor/orders/activity' },
  { method: 'POST', url: '/api/vendor/orders/1/ship', body: { tracking_number: 'T1', carrier: 'Aramex' } },
  { method: 'POST', url: '/api/vendor/orders/1/confirm' },
  { method: 'POST', url: '/api/vendor/orders/1/deliver' },
  { method: 'POST', url: '/api/vendor/orders/1/cancel' },
  { method: 'GET', url: '/api/analytics/vendor' },
  { method: 'GET', url: '/api/vendor/settings' },
  { method: 'PUT', url: '/api/vendor/settings', body: { low_stock_threshold: 5 } },
];

describe('vendor dashboard routes: authorization', () => {
  it('answer 401 to anonymous callers and 403 to customers and admins on every route', async () => {
    const failures: string[] = [];
    for (const r of ROUTES) {
      const anon = await call(t.app, r);
      if (anon.status !== 401) failures.push(`${r.method} ${r.url} anonymous → ${anon.status}`);
      for (const [who, token] of [['customer', customer.token], ['admin', admin]] as const) {
        const res = await call(t.app, { ...r, token });
        if (res.status !== 403) failures.push(`${r.method} ${r.url} ${who} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('GET /api/vendor/dashboard/stats', () => {
  it("gives each vendor its own four cards: archived products and other vendors' lines left out, cancelled orders bring no revenue", async () => {
    const resA = await call(t.app, { url: '/api/vendor/dashboard/stats', token: a.token });
    expect(resA.status).toBe(200);
    // orders: solo, shared, cancelled, old; revenue: lamp 2×100 + rug 250 (shared) + rug 250 (old)
    expect(resA.json).toEqual({ total_products: 3, active_products: 2, total_orders: 4, total_revenue: 700, currency: 'AED' });
    const resB = await call(t.app, { url: '/api/vendor/dashboard/stats', token: b.token });
    // revenue is the ledger's (goods and the vendor's own shipping, less refunds): mugs 90 + 30 and the 9.99 shipping
    // of the 30.00 order (not above the free-shipping 50.00)
    expect(resB.json).toEqual({ total_products: 1, active_products: 1, total_orders: 2, total_revenue: 129.99, currency: 'AED' });
  });
});

describe('GET /api/vendor/orders', () => {
  it("lists the vendor's orders newest first with its own lines only and no customer e-mail or phone", async () => {
    const res = await call(t.app, { url: '/api/vendor/orders', token: a.token });
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.json.map((r: { id: number }) => r.id)).toEqual([o.cancelled, o.shared, o.solo, o.old]);
    const shared = res.json.find((r: { id: number }) => r.id === o.shared);
    expect(shared).toMatchObject({
      status: 'pending',
      customer: { name: 'Sam Shared', shipping_address: { address: '1 Test Street', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' } },
      items: [{ product_id: p.rug, name: 'Alpha Rug', sku: '', variant_label: '', quantity: 1, unit_price: 250, total_price: 250 }],
      item_count: 1,
      total: 250,
      // A's own sub-order of the two-vendor purchase: A runs it (decision 0086)
      shared_order: false,
      can_ship: false,
      actions: ['confirm', 'cancel'],
      purchase_number: o.sharedNumber,
      order_number: `${o.sharedNumber}-1`,
      shipping: 0,
      tracking_number: null,
    });
    const solo = res.json.find((r: { id: number }) => r.id === o.solo);
    expect(solo).toMatchObject({ status: 'processing', total: 200, item_count: 2, payment_method: 'cod', shared_order: false, can_ship: true, actions: ['ship', 'cancel'] });
    expect(res.body).not.toContain('Beta Mug');
    expect(res.body).not.toContain('cara@example.test');
    expect(res.body).not.toContain('guest@example.test');
    expect(res.body).not.toContain('111 2222');
  });

  it("shows vendor B its own sub-order of the shared purchase, never A's lines", async () => {
    const res = await call(t.app, { url: '/api/vendor/orders', token: b.token });
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json.map((r: { id: number }) => r.id)).toEqual([o.bOnly, o.sharedB]);
    // 90.00 of mugs: above the default rule's 50.00, so B's sub-order ships free, as does A's 250.00 rug
    expect(res.json[1]).toMatchObject({ order_number: `${o.sharedNumber}-2`, purchase_number: o.sharedNumber, total: 90, shipping: 0 });
    expect(res.json[1].items).toEqual([{ product_id: p.mug, name: 'Beta Mug', sku: '', variant_label: '', quantity: 3, unit_price: 30, total_price: 90 }]);
    expect(res.body).not.toContain('Alpha');
  });

  it('searches order number, customer name and its product names; filters by status; pages with X-Total-Count', async () => {
    const rug = await call(t.app, { url: '/api/vendor/orders?search=RUG', token: a.token });
    expect(rug.json.map((r: { id: number }) => r.id)).toEqual([o.shared, o.old]);
    // B's product name finds nothing in A's list, even in the order they share
    expect((await call(t.app, { url: '/api/vendor/orders?search=mug', token: a.token })).headers['x-total-count']).toBe('0');
    const byName = await call(t.app, { url: '/api/vendor/orders?search=olga', token: a.token });
    expect(byName.json.map((r: { id: number }) => r.id)).toEqual([o.old]);
    const number = (await call(t.app, { url: '/api/vendor/orders?status=cancelled', token: a.token })).json;
    expect(number.map((r: { id: number }) => r.id)).toEqual([o.cancelled]);
    const byNumber = await call(t.app, { url: `/api/vendor/orders?search=${number[0].order_number.toLowerCase()}`, token: a.token });
    expect(byNumber.json.map((r: { id: number }) => r.id)).toEqual([o.cancelled]);
    const page = await call(t.app, { url: '/api/vendor/orders?limit=2&offset=2', token: a.token });
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.json.map((r: { id: number }) => r.id)).toEqual([o.solo, o.old]);
  });

  it('refuses bad paging and an unknown status with 400', async () => {
    for (const q of ['status=lost', 'limit=0', 'limit=100000', 'offset=-1', `search=${'x'.repeat(201)}`]) {
      expect((await call(t.app, { url: `/api/vendor/orders?${q}`, token: a.token })).status, q).toBe(400);
    }
  });
});

describe('GET /api/vendor/orders/stats', () => {
  it('counts total, pending and shipped orders and the revenue of its own lines', async () => {
    const res = await call(t.app, { url: '/api/vendor/orders/stats', token: a.token });
    expect(res.json).toEqual({ total_orders: 4, pending_orders: 1, processing_orders: 1, shipped_orders: 0, total_revenue: 700, currency: 'AED' });
  });
});

describe('GET /api/vendor/orders/activity', () => {
  it("lists the status changes of the vendor's own orders, newest first", async () => {
    const res = await call(t.app, { url: '/api/vendor/orders/activity', token: b.token });
    expect(res.status).toBe(200);
    // B: the shared order and its own order, each placed once (no later changes yet)
    expect(res.json.map((e: { order_id: number; from_status: string | null; to_status: string }) => [e.order_id, e.from_status, e.to_status])).toEqual([
      [o.bOnly, null, 'pending'],
      [o.sharedB, null, 'pending'],
    ]);
    const mine = await call(t.app, { url: '/api/vendor/orders/activity', token: a.token });
    // A: 4 orders placed + solo → processing + cancelled → cancelled + old → delivered = 7, within the 8 shown
    expect(mine.json).toHaveLength(7);
    expect(mine.json.filter((e: { order_id: number }) => e.order_id === o.bOnly)).toEqual([]);
  });
});

describe('GET /api/analytics/vendor', () => {
  it('answers vendor §3 in exact figures, the sales per day of its own lines, and insights stating them', async () => {
    const res = await call(t.app, { url: '/api/analytics/vendor', token: a.token });
    expect(res.status).toBe(200);
    const { analytics, ai } = res.json;
    // stock: lamp 20 − 2 − 1 + 1 (cancel returns it) = 18, rug 4 − 2 = 2, draft 10; archived left out
    expect(analytics.overview).toEqual({
      total_products: 3, active_products: 2, avg_price: 133.33, inventory_value: 18 * 100 + 2 * 250 + 10 * 50, low_stock: 1, low_stock_threshold: 10, currency: 'AED',
    });
    expect(analytics.categories).toEqual([{ category: 'Decor', count: 2 }, { category: 'Home', count: 2 }]);
    expect(analytics.tags).toEqual([{ tag: 'light', count: 2 }, { tag: 'desk', count: 1 }]);
    expect(analytics.recent_products.map((r: { name: string }) => r.name)).toEqual(['Alpha Draft', 'Alpha Rug', 'Alpha Lamp']);
    expect(analytics.recent_products[1]).toMatchObject({ id: p.rug, price: 250 });
    const sales = analytics.sales;
    expect(sales).toMatchObject({ from: daysAgo(29), to: today(), totals: { orders: 3, revenue: 700, units_sold: 4 } });
    expect(sales.revenue_by_day).toHaveLength(30);
    expect(sales.revenue_by_day.filter((d: { revenue: number }) => d.revenue > 0)).toEqual([
      { date: daysAgo(2), revenue: 250, orders: 1 },
      { date: today(), revenue: 450, orders: 2 },
    ]);
    expect(sales.top_products).toEqual([
      { id: p.rug, name: 'Alpha Rug', name_ar: 'سجادة ألفا', revenue: 500, units_sold: 2 },
      { id: p.lamp, name: 'Alpha Lamp', name_ar: '', revenue: 200, units_sold: 2 },
    ]);
    expect(ai.summary).toContain('You have 3 products, 2 of them active; 1 product is not visible to customers');
    expect(ai.summary).toContain('Your average price is AED\u00a0133.33 and the stock on hand is worth AED\u00a02,800.00.');
    expect(ai.summary).toContain('Decor is your largest category (2 products).');
    expect(ai.summary).toContain('1 active product has fewer than 10 in stock');
    expect(ai.summary).toContain('you sold 4 units in 3 orders for AED\u00a0700.00 (AED\u00a0233.33 per order).');
    expect(ai.summary).toContain('Best seller: Alpha Rug with AED\u00a0500.00 from 2 units.');
    expect((await call(t.app, { url: '/api/analytics/vendor', token: a.token })).json.ai.summary).toBe(ai.summary);
  });

  it('names the best seller in Arabic for an Arabic reader, by its Arabic name', async () => {
    const res = await call(t.app, { url: '/api/analytics/vendor?lang=ar', token: a.token });
    expect(res.json.ai.summary).toContain('الأكثر مبيعًا: سجادة ألفا بإيرادات');
    expect(res.json.ai.summary).not.toContain('Alpha Rug');
  });

  it('takes a range; a day range of only today leaves the older order out', async () => {
    const res = await call(t.app, { url: `/api/analytics/vendor?from=${today()}&to=${today()}`, token: a.token });
    expect(res.json.analytics.sales.totals).toEqual({ orders: 2, revenue: 450, units_sold: 3 });
    expect(res.json.analytics.sales.revenue_by_day).toEqual([{ date: today(), revenue: 450, orders: 2 }]);
  });

  it("gives vendor B only its figures", async () => {
    const res = await call(t.app, { url: '/api/analytics/vendor', token: b.token });
    expect(res.json.analytics.overview).toMatchObject({ total_products: 1, active_products: 1, avg_price: 30, inventory_value: 46 * 30 });
    expect(res.json.analytics.sales.totals).toEqual({ orders: 2, revenue: 129.99, units_sold: 4 });
    expect(res.body).not.toContain('Alpha');
  });

  it('refuses malformed and reversed ranges with 400', async () => {
    for (const q of ['from=2025-13-01', 'to=yesterday', 'from=2025-02-10&to=2025-02-01', 'from=2020-01-01&to=2025-01-01']) {
      expect((await call(t.app, { url: `/api/analytics/vendor?${q}`, token: a.token })).status, q).toBe(400);
    }
  });
});

describe('GET /api/vendor/orders/export', () => {
  it("writes its header row in the requester's language; the English one stays exact (decision 0105)", async () => {
    const en = await call(t.app, { url: '/api/vendor/orders/export', token: a.token });
    expect(en.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Order number,Order date (UTC),Status,Customer,Shipping address,City,Country,Postal code,Payment,Product,SKU,Variant,Quantity,Unit price,Line total,Currency');
    const ar = await call(t.app, { url: '/api/vendor/orders/export?lang=ar', token: a.token });
    const lines = ar.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(MSG_AR.ordersCsvHeader.join(','));
    expect(lines[0]).toMatch(/^رقم الطلب,/);
    // the rows are the same data
    expect(lines.slice(1)).toEqual(en.body.replace(/^\uFEFF/, '').split('\r\n').slice(1));
  });

  it('downloads its own lines as CSV, quoted and defused against formulas', async () => {
    const res = await call(t.app, { url: '/api/vendor/orders/export', token: a.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(EXPORT_HEADER.join(','));
    expect(lines).toHaveLength(1 + 4 + 1);
    const solo = lines.find((l) => l.includes('Alpha Lamp') && l.includes('SUM'))!;
    expect(solo).toMatch(/^SQ-\d{6}-\w{5},\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},processing,"'=SUM\(1,2\)",1 Test Street,Dubai,United Arab Emirates,00000,Cash on delivery,Alpha Lamp,,,2,100,200,AED$/);
    expect(res.body).not.toContain('Beta Mug');
    expect(res.body).not.toContain('@example.test');
  });

  it('follows the filters', async () => {
    const res = await call(t.app, { url: '/api/vendor/orders/export?status=delivered', token: a.token });
    const rows = res.body.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Olga Old');
  });
});

const tracking = { tracking_number: 'AWB 4412 9981', carrier: 'Aramex' };
const act = (id: number, action: string, token: string, body?: unknown) =>
  call(t.app, { method: 'POST', url: `/api/vendor/orders/${id}/${action}`, token, body: body ?? (action === 'ship' ? tracking : undefined) });

describe('a vendor runs its own sub-orders (decision 0086)', () => {
  it("refuses another vendor's sub-order (404, also within one purchase), an unknown one (404) and a ship without tracking (400), writing nothing", async () => {
    const before = { solo: (await historyOf(o.solo)).length, shared: (await historyOf(o.shared)).length };
    expect((await act(o.solo, 'ship', b.token)).status).toBe(404);
    expect((await act(999999, 'ship', a.token)).status).toBe(404);
    for (const action of ['confirm', 'cancel', 'ship', 'deliver']) expect((await act(o.shared, action, b.token)).status).toBe(404);
    for (const body of [{}, { tracking_number: 'X1' }, { tracking_number: '  ', carrier: 'Aramex' }, { tracking_number: 'X1', carrier: '' }]) {
      const res = await act(o.solo, 'ship', a.token, body);
      expect(res.status).toBe(400);
    }
    expect((await act(o.solo, 'ship', a.token, { carrier: 'Aramex' })).json.detail).toBe(MSG.trackingRequired);
    expect({ solo: (await historyOf(o.solo)).length, shared: (await historyOf(o.shared)).length }).toEqual(before);
    expect((await auditOf(o.shared)).filter((e) => e.action === 'order.status' && e.actorRole === 'vendor')).toEqual([]);
  });

  it('ships a processing order with its tracking: status, history entry by the vendor, audit entry; the customer is told', async () => {
    const told: unknown[] = [];
    const off = t.app.services.bus.on('order.statusChanged', (e) => void told.push(e));
    const res = await act(o.solo, 'ship', a.token);
    off();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: o.solo, status: 'shipped', can_ship: false, actions: ['deliver'], total: 200, tracking_number: 'AWB 4412 9981', carrier: 'Aramex' });
    const history = await historyOf(o.solo);
    const vendorUser = (await t.database.query<{ user_id: number }>('select user_id from vendors where id = $1', [a.vendor.id]))[0]!.user_id;
    expect(history.at(-1)).toEqual({ to_status: 'shipped', changed_by: vendorUser });
    const audit = (await auditOf(o.solo)).filter((e) => e.action === 'order.status' && e.actorRole === 'vendor');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changes).toMatchObject({ status: { before: 'processing', after: 'shipped' }, tracking_number: { before: null, after: 'AWB 4412 9981' }, carrier: { before: null, after: 'Aramex' } });
    expect(told).toEqual([expect.objectContaining({ orderId: o.solo, to: 'shipped', tracking: { number: 'AWB 4412 9981', carrier: 'Aramex' } })]);
    const mine = await call(t.app, { url: `/api/my/orders/${o.soloPurchase}`, token: customer.token });
    expect(mine.json.status).toBe('shipped');
    expect(mine.json.sub_orders[0]).toMatchObject({ id: o.solo, status: 'shipped', tracking_number: 'AWB 4412 9981', carrier: 'Aramex', seller_name: 'Alpha Home LLC' });
    const stats = await call(t.app, { url: '/api/vendor/orders/stats', token: a.token });
    expect(stats.json).toMatchObject({ shipped_orders: 1, pending_orders: 1, processing_orders: 0 });
  });

  it('answers 409 with a clear message from a status the action does not start from, writing nothing', async () => {
    for (const id of [o.solo, o.old, o.cancelled]) {
      const before = { history: (await historyOf(id)).length, audit: (await auditOf(id)).length };
      const res = await act(id, 'ship', a.token);
      expect(res.status).toBe(409);
      expect(res.json.error).toMatch(/^Only orders that are confirmed or processing can be shipped; this order is (shipped|delivered|cancelled)\.$/);
      expect({ history: (await historyOf(id)).length, audit: (await auditOf(id)).length }).toEqual(before);
    }
    expect((await act(o.old, 'confirm', a.token)).json.error).toBe(MSG.vendorOrderActionFrom('confirmed', ['pending'], 'delivered'));
    expect((await call(t.app, { method: 'POST', url: '/api/vendor/orders/abc/ship', token: a.token, body: tracking })).status).toBe(400);
  });

  it('each vendor runs its part of one purchase without an admin: A confirms, ships, delivers; B cancels and its stock comes back', async () => {
    const mugStock = async () => (await t.database.query<{ stock: number }>('select stock from products where id = $1', [p.mug]))[0]!.stock;
    const stockBefore = await mugStock();
    expect((await act(o.shared, 'confirm', a.token)).json).toMatchObject({ status: 'confirmed', actions: ['ship', 'cancel'] });
    expect((await act(o.shared, 'ship', a.token)).json.status).toBe('shipped');
    expect((await act(o.shared, 'deliver', a.token)).json).toMatchObject({ status: 'delivered', actions: [] });
    expect((await act(o.sharedB, 'cancel', b.token)).json).toMatchObject({ status: 'cancelled', actions: [] });
    expect(await mugStock()).toBe(stockBefore + 3);
    const statuses = await t.database.query<{ id: number; status: string }>('select id, status from orders where id = any($1::int[]) order by id', [[o.shared, o.sharedB]]);
    expect(statuses).toEqual([{ id: o.shared, status: 'delivered' }, { id: o.sharedB, status: 'cancelled' }]);
    // an admin can still act on any sub-order
    const put = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${o.sharedB}/status`, token: admin, body: { status: 'pending', notes: 'customer changed their mind back' } });
    expect(put.status).toBe(200);
    expect(await mugStock()).toBe(stockBefore);
  });
});

describe('/api/vendor/settings', () => {
  it('starts from the defaults, saves a change with an audit entry, and the analytics follow it', async () => {
    expect((await call(t.app, { url: '/api/vendor/settings', token: a.token })).json).toEqual({ low_stock_threshold: 10, analytics_range_days: 30 });
    const res = await call(t.app, { method: 'PUT', url: '/api/vendor/settings', token: a.token, body: { low_stock_threshold: 2, analytics_range_days: 7 } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ low_stock_threshold: 2, analytics_range_days: 7 });
    const analytics = (await call(t.app, { url: '/api/analytics/vendor', token: a.token })).json.analytics;
    // the rug has 2 left: not under 2
    expect(analytics.overview).toMatchObject({ low_stock: 0, low_stock_threshold: 2 });
    expect(analytics.sales).toMatchObject({ from: daysAgo(6), to: today() });
    expect(analytics.sales.revenue_by_day).toHaveLength(7);
    const entries = (await t.app.services.audit.list({ targetType: 'vendor', targetId: String(a.vendor.id) }, { limit: 10, offset: 0 })).items.filter((e) => e.action === 'vendor.settings');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toEqual({ low_stock_threshold: { before: 10, after: 2 }, analytics_range_days: { before: 30, after: 7 } });
    // B's settings are its own
    expect((await call(t.app, { url: '/api/vendor/settings', token: b.token })).json).toEqual({ low_stock_threshold: 10, analytics_range_days: 30 });
  });

  it('refuses bad settings with 400 and keeps the saved ones', async () => {
    for (const body of [{}, { low_stock_threshold: -1 }, { low_stock_threshold: 1.5 }, { analytics_range_days: 12 }, { low_stock_threshold: '5' }]) {
      expect((await call(t.app, { method: 'PUT', url: '/api/vendor/settings', token: a.token, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, { url: '/api/vendor/settings', token: a.token })).json).toEqual({ low_stock_threshold: 2, analytics_range_days: 7 });
  });
});

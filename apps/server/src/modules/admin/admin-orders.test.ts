import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { ORDER_STATUSES } from '@souq/shared/constants';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { expectAdminOnly, makeProduct, placeOrder } from '../../../test/admin-fixtures.js';

let t: TestContext;
let admin: string;
let customer: Awaited<ReturnType<typeof signupCustomer>>;
let vendor: Awaited<ReturnType<typeof signupVendor>>;
const o: Record<string, { id: number; order_number: string; total_amount: number }> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  customer = await signupCustomer(t.app, 'Nadia Customer');
  vendor = await signupVendor(t.app, 'Falcon Traders LLC');
  const lamp = await makeProduct(t.app, { name: 'Orders Lamp', priceCents: 12_000, stock: 100 });
  const mug = await makeProduct(t.app, { name: 'Orders Mug', priceCents: 3_000, stock: 100 });
  o.mine = await placeOrder(t.app, [{ productId: lamp.id, quantity: 1 }, { productId: mug.id, quantity: 3 }], { userId: customer.user.id, name: 'Nadia Customer', email: customer.email, phone: '+971 50 000 0000', payment: 'cod' });
  o.guest = await placeOrder(t.app, [{ productId: mug.id, quantity: 1 }], { name: 'Walter Guest', email: 'walter@example.test' });
  o.big = await placeOrder(t.app, [{ productId: lamp.id, quantity: 4 }], { name: 'Bianca Big', email: 'bianca@example.test' });
  await t.app.services.orders.setStatus(o.big.id, 'processing');
  o.cancelled = await placeOrder(t.app, [{ productId: mug.id, quantity: 2 }], { name: 'Carl Cancel', email: 'carl@example.test' });
  await t.app.services.orders.setStatus(o.cancelled.id, 'cancelled');
});
afterAll(() => t.close());

const auditFor = async (id: number) => (await t.app.services.audit.list({ targetType: 'order', targetId: String(id) }, { limit: 50, offset: 0 })).items;
const orderRow = async (id: number) =>
  (await t.database.query<{ status: string; vendor_id: number | null }>('select status, vendor_id from orders where id = $1', [id]))[0]!;

describe('admin order routes: authorization', () => {
  it('refuse anonymous callers (401), customers and vendors (403), changing nothing', async () => {
    const id = o.guest!.id;
    const failures = await expectAdminOnly(t.app, { customer: customer.token, vendor: vendor.token }, [
      { method: 'GET', url: '/api/admin/orders' },
      { method: 'GET', url: '/api/admin/orders/stats' },
      { method: 'GET', url: `/api/admin/orders/${id}` },
      { method: 'PUT', url: `/api/admin/orders/${id}/status`, body: { status: 'shipped' } },
      { method: 'PUT', url: `/api/admin/orders/${id}/assign-vendor`, body: { vendor_id: vendor.vendor.id } },
    ]);
    expect(failures).toEqual([]);
    expect(await orderRow(id)).toEqual({ status: 'pending', vendor_id: null });
  });
});

describe('GET /api/admin/orders', () => {
  it('lists newest first with the columns of the spec and the total in X-Total-Count', async () => {
    const res = await call(t.app, { url: '/api/admin/orders', token: admin });
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.json.map((r: { id: number }) => r.id)).toEqual([o.cancelled!.id, o.big!.id, o.guest!.id, o.mine!.id]);
    expect(res.json[3]).toEqual({
      id: o.mine!.id,
      order_number: o.mine!.order_number,
      customer_name: 'Nadia Customer',
      customer_email: customer.email,
      customer_phone: '+971 50 000 0000',
      item_count: 4,
      total_amount: o.mine!.total_amount,
      currency: 'AED',
      status: 'pending',
      payment_method: 'cod',
      vendor_id: null,
      vendor_name: null,
      vendor_contact: null,
      created_at: expect.any(String),
      // one seller (the shop itself): the purchase's only sub-order, under its number
      purchase_number: o.mine!.order_number,
      seller_vendor_id: null,
      seller_name: 'Souq',
      tracking_number: null,
      carrier: null,
    });
  });

  it('searches order number, customer e-mail or name (case-insensitive, % literal), filters status, pages and sorts', async () => {
    const ids = async (query: string) => (await call(t.app, { url: `/api/admin/orders?${query}`, token: admin })).json.map((r: { id: number }) => r.id);
    expect(await ids('search=walter')).toEqual([o.guest!.id]);
    expect(await ids('search=BIANCA%40EXAMPLE')).toEqual([o.big!.id]);
    expect(await ids(`search=${o.mine!.order_number.slice(-5).toLowerCase()}`)).toEqual([o.mine!.id]);
    expect(await ids('search=%25')).toEqual([]);
    expect(await ids('status=processing')).toEqual([o.big!.id]);
    expect(await ids('sort=total_amount&order=desc&limit=1')).toEqual([o.big!.id]);
    const byTotal = Object.values(o).sort((a, b) => a.total_amount - b.total_amount).map((x) => x.id);
    expect(await ids('sort=total_amount&order=asc&limit=2&offset=1')).toEqual(byTotal.slice(1, 3));
    expect(await ids('sort=status&order=asc')).toEqual([o.mine!.id, o.guest!.id, o.big!.id, o.cancelled!.id]);
    const page = await call(t.app, { url: '/api/admin/orders?limit=2&offset=2', token: admin });
    expect(page.json.map((r: { id: number }) => r.id)).toEqual([o.guest!.id, o.mine!.id]);
    expect(page.headers['x-total-count']).toBe('4');
  });

  it('refuses bad filters with 400 and the field named', async () => {
    for (const query of ['status=lost', 'vendor_id=abc', 'limit=0', 'limit=201', 'offset=-1', 'sort=customer_phone', 'order=sideways']) {
      const res = await call(t.app, { url: `/api/admin/orders?${query}`, token: admin });
      expect(res.status, query).toBe(400);
      expect(res.json.error).toBe(MSG.validationFailed);
      expect(Object.keys(res.json.fields ?? {}).length, query).toBe(1);
    }
  });
});

describe('GET /api/admin/orders/stats', () => {
  it('counts orders, pending and processing, and revenue without cancelled orders, over the same filters', async () => {
    const all = await call(t.app, { url: '/api/admin/orders/stats', token: admin });
    expect(all.json).toEqual({
      total_orders: 4,
      pending: 2,
      processing: 1,
      total_revenue: Math.round((o.mine!.total_amount + o.guest!.total_amount + o.big!.total_amount) * 100) / 100,
      currency: 'AED',
    });
    const filtered = await call(t.app, { url: '/api/admin/orders/stats?search=walter', token: admin });
    expect(filtered.json).toMatchObject({ total_orders: 1, pending: 1, processing: 0, total_revenue: o.guest!.total_amount });
  });
});

describe('GET /api/admin/orders/{id}', () => {
  it('shows customer, amounts, items and the status history', async () => {
    const res = await call(t.app, { url: `/api/admin/orders/${o.big!.id}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: o.big!.id, status: 'processing', customer_name: 'Bianca Big', customer_email: 'bianca@example.test', payment_method: 'card' });
    expect(res.json.items).toEqual([{ product_id: expect.any(Number), product_name: 'Orders Lamp', quantity: 4, unit_price: 120, total_price: 480, variants: {}, variant_label: '' }]);
    expect(res.json.subtotal).toBe(480);
    expect(res.json.status_history.map((h: { to_status: string }) => h.to_status)).toEqual(['pending', 'processing']);
    expect(res.json.shipping_address).toMatchObject({ city: 'Dubai' });
    expect(await call(t.app, { url: '/api/admin/orders/999999', token: admin })).toMatchObject({ status: 404, json: { error: MSG.orderNotFound } });
  });
});

describe('PUT /api/admin/orders/{id}/status', () => {
  it('sets any status with notes: history with the admin, one audit entry, the customer sees it and is told', async () => {
    const told: { to: string; userId: number | null }[] = [];
    const off = t.app.services.bus.on('order.statusChanged', (e) => void told.push({ to: e.to, userId: e.userId }));
    const res = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${o.mine!.id}/status`, token: admin, body: { status: 'shipped', notes: 'Courier: Aramex 123' } });
    off();
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('shipped');
    expect(res.json.status_history.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'shipped', notes: 'Courier: Aramex 123', changed_by: 'Admin User' });
    expect(told).toEqual([{ to: 'shipped', userId: customer.user.id }]);
    const audit = await auditFor(o.mine!.id);
    expect(audit.filter((a) => a.action === 'order.status')).toHaveLength(1);
    const mine = await call(t.app, { url: `/api/my/orders/${o.mine!.id}`, token: customer.token });
    expect(mine.json.status).toBe('shipped');
  });

  it('takes every status but refunded and awaiting_payment, from any status; refunded only records money given back (decision 0117)', async () => {
    for (const status of [...ORDER_STATUSES].reverse()) {
      const res = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${o.guest!.id}/status`, token: admin, body: { status } });
      if (status === 'refunded') {
        expect(res.status, status).toBe(409);
        expect(res.json.error).toBe(MSG.orderRefundThroughReturns);
        continue;
      }
      // only the card payment moves a sub-order into or out of awaiting_payment (decision 0137)
      if (status === 'awaiting_payment') {
        expect(res.status, status).toBe(409);
        expect(res.json.error).toBe(MSG.orderAwaitingPayment);
        continue;
      }
      expect(res.status, status).toBe(200);
      expect(res.json.status).toBe(status);
    }
  });

  it('refuses a bad status or notes with 400 naming the allowed statuses, writing nothing', async () => {
    const before = await auditFor(o.big!.id);
    for (const body of [{}, { status: 'lost' }, { status: 'shipped', notes: 'x'.repeat(1001) }, { status: 7 }]) {
      const res = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${o.big!.id}/status`, token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe(MSG.validationFailed);
    }
    const bad = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${o.big!.id}/status`, token: admin, body: { status: 'lost' } });
    expect(bad.json.detail).toContain('pending, confirmed, processing, shipped, delivered, cancelled, refunded');
    expect((await orderRow(o.big!.id)).status).toBe('processing');
    expect(await auditFor(o.big!.id)).toHaveLength(before.length);
    expect((await call(t.app, { method: 'PUT', url: '/api/admin/orders/999999/status', token: admin, body: { status: 'shipped' } })).status).toBe(404);
  });
});

describe('PUT /api/admin/orders/{id}/assign-vendor', () => {
  it('assigns a vendor (answer: the vendor and the row), filters by it, and takes it back with null; audited', async () => {
    const res = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${o.big!.id}/assign-vendor`, token: admin, body: { vendor_id: vendor.vendor.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      vendor_id: vendor.vendor.id,
      company_name: 'Falcon Traders LLC',
      contact_name: 'Vera Vendor',
      order: { id: o.big!.id, vendor_id: vendor.vendor.id, vendor_name: 'Falcon Traders LLC', vendor_contact: 'Vera Vendor' },
    });
    const filtered = await call(t.app, { url: `/api/admin/orders?vendor_id=${vendor.vendor.id}`, token: admin });
    expect(filtered.json.map((r: { id: number }) => r.id)).toEqual([o.big!.id]);
    const back = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${o.big!.id}/assign-vendor`, token: admin, body: { vendor_id: null } });
    expect(back.json).toMatchObject({ vendor_id: null, company_name: null, order: { vendor_id: null } });
    const entries = (await auditFor(o.big!.id)).filter((a) => a.action === 'order.assignVendor');
    expect(entries.map((e) => e.changes)).toEqual([
      { vendor_id: { before: vendor.vendor.id, after: null } },
      { vendor_id: { before: null, after: vendor.vendor.id } },
    ]);
  });

  it('refuses a missing or malformed vendor (400), an unknown vendor or order (404), writing nothing', async () => {
    for (const body of [{}, { vendor_id: 'one' }, { vendor_id: 0 }, { vendor_id: 1.5 }]) {
      const res = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${o.guest!.id}/assign-vendor`, token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.fields).toHaveProperty('vendor_id');
    }
    const unknown = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${o.guest!.id}/assign-vendor`, token: admin, body: { vendor_id: 999_999 } });
    expect(unknown).toMatchObject({ status: 404, json: { error: MSG.vendorNotFound } });
    expect((await orderRow(o.guest!.id)).vendor_id).toBeNull();
    expect((await auditFor(o.guest!.id)).filter((a) => a.action === 'order.assignVendor')).toEqual([]);
    const noOrder = await call(t.app, { method: 'PUT', url: '/api/admin/orders/999999/assign-vendor', token: admin, body: { vendor_id: vendor.vendor.id } });
    expect(noOrder).toMatchObject({ status: 404, json: { error: MSG.orderNotFound } });
  });
});

describe('sub-orders in the admin list (decision 0086)', () => {
  it('lists each seller part of a purchase as its own row, with the purchase number, seller and tracking', async () => {
    const kettle = await makeProduct(t.app, { name: 'Falcon Kettle', priceCents: 8_000, stock: 10, vendorId: vendor.vendor.id });
    const cup = await makeProduct(t.app, { name: 'House Cup', priceCents: 1_500, stock: 10 });
    const placed = await placeOrder(t.app, [{ productId: kettle.id, quantity: 1 }, { productId: cup.id, quantity: 2 }], { name: 'Mixed Buyer', email: 'mixed@example.test' });
    const number = placed.purchase.order_number;
    const res = await call(t.app, { url: `/api/admin/orders?search=${number.toLowerCase()}&sort=order_number&order=asc`, token: admin });
    expect(res.json.map((r: { order_number: string; purchase_number: string; seller_name: string; seller_vendor_id: number | null; total_amount: number }) =>
      [r.order_number, r.purchase_number, r.seller_name, r.seller_vendor_id, r.total_amount])).toEqual([
      // prices include VAT where the seller charges it (decision 0098): the shop's 30.00 of cups + 9.99 shipping;
      // the vendor's 80.00 kettle ships free
      [`${number}-1`, number, 'Souq', null, 39.99],
      [`${number}-2`, number, 'Falcon Traders LLC', vendor.vendor.id, 80],
    ]);
    expect(placed.purchase.total_amount).toBe(119.99);
  });
});

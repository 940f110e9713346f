import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { expectAdminOnly, makeProduct, placeOrder } from '../../../test/admin-fixtures.js';

let t: TestContext;
let admin: string;
let customer: Awaited<ReturnType<typeof signupCustomer>>;
let vendor: Awaited<ReturnType<typeof signupVendor>>;
const p: Record<string, { id: number; slug: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  customer = await signupCustomer(t.app);
  vendor = await signupVendor(t.app, 'Oasis Home LLC');
  p.kettle = await makeProduct(t.app, {
    name: 'Copper Kettle', priceCents: 15_000, stock: 4, categories: ['Kitchen', 'Home', 'Gifts'], tags: ['copper', 'tea', 'stovetop', 'gift'],
    description: 'A hand-hammered kettle for the stove.', vendorId: vendor.vendor.id,
  });
  p.mug = await makeProduct(t.app, { name: 'Stoneware Mug', priceCents: 4_500, stock: 40, categories: ['Kitchen'], tags: ['ceramic', 'tea-time'] });
  p.rug = await makeProduct(t.app, { name: 'Wool Rug', priceCents: 60_000, stock: 0, categories: ['Home'], tags: ['wool'], status: 'inactive' });
  p.lamp = await makeProduct(t.app, { name: 'Arc Floor Lamp', priceCents: 25_000, stock: 9, categories: [], tags: [] });
  p.old = await makeProduct(t.app, { name: 'Archived Vase', priceCents: 1_000, stock: 3, categories: ['Home'], status: 'archived' });
  const first = await placeOrder(t.app, [{ productId: p.kettle.id, quantity: 2 }, { productId: p.mug.id, quantity: 1 }], { name: 'Hala Buyer', email: 'hala@example.test' });
  await placeOrder(t.app, [{ productId: p.kettle.id, quantity: 1 }], { name: 'Rami Buyer', email: 'rami@example.test' });
  const cancelled = await placeOrder(t.app, [{ productId: p.kettle.id, quantity: 1 }], { name: 'Cancel Buyer', email: 'cancel@example.test' });
  await t.app.services.orders.setStatus(cancelled.id, 'cancelled');
  void first;
});
afterAll(() => t.close());

type Row = { id: number; name: string; [k: string]: unknown };
const list = async (query = '') => {
  const res = await call(t.app, { url: `/api/admin/products${query ? `?${query}` : ''}`, token: admin });
  return { status: res.status, rows: res.json as Row[], total: Number(res.headers['x-total-count']), json: res.json };
};
const names = async (query: string) => (await list(query)).rows.map((r) => r.name);
const productRow = async (id: number) =>
  (await t.database.query<{ name: string; price_cents: number; stock: number; status: string; vendor_id: number | null }>(
    'select name, price_cents, stock, status, vendor_id from products where id = $1', [id]))[0];
const auditFor = async (id: number) => (await t.app.services.audit.list({ targetType: 'product', targetId: String(id) }, { limit: 50, offset: 0 })).items;

describe('admin product routes: authorization', () => {
  it('refuse anonymous callers (401), customers and vendors (403), changing nothing', async () => {
    const id = p.mug!.id;
    const failures = await expectAdminOnly(t.app, { customer: customer.token, vendor: vendor.token }, [
      { method: 'GET', url: '/api/admin/products' },
      { method: 'GET', url: '/api/admin/products/stats' },
      { method: 'GET', url: '/api/admin/products/categories' },
      { method: 'GET', url: `/api/admin/products/${id}` },
      { method: 'PUT', url: `/api/admin/products/${id}`, body: { price_cents: 1 } },
      { method: 'DELETE', url: `/api/admin/products/${id}` },
    ]);
    expect(failures).toEqual([]);
    expect(await productRow(id)).toMatchObject({ price_cents: 4_500, status: 'active' });
  });
});

describe('GET /api/admin/products', () => {
  it('lists newest first without archived products, with vendor and order figures (cancelled orders not counted)', async () => {
    const { status, rows, total } = await list();
    expect(status).toBe(200);
    expect(total).toBe(4);
    expect(rows.map((r) => r.name)).toEqual(['Arc Floor Lamp', 'Wool Rug', 'Stoneware Mug', 'Copper Kettle']);
    // the product as managed (what the product manager's card reads) with the Products section's order figures
    expect(rows.find((r) => r.id === p.kettle!.id)).toMatchObject({
      id: p.kettle!.id, name: 'Copper Kettle', slug: p.kettle!.slug, description: 'A hand-hammered kettle for the stove.',
      // stock: 4 less the three sold, the cancelled one back
      price: 150, price_cents: 15_000, currency: 'AED', stock_quantity: 1, status: 'active', is_active: true,
      categories: ['Kitchen', 'Home', 'Gifts'], tags: ['copper', 'tea', 'stovetop', 'gift'], image_url: null, embed_code: null,
      vendor_id: vendor.vendor.id, vendor_name: 'Oasis Home LLC', vendor_contact: 'Vera Vendor',
      order_count: 2, total_ordered: 3, total_revenue: 450,
    });
    expect(rows.find((r) => r.id === p.lamp!.id)).toMatchObject({ vendor_id: null, vendor_name: null, order_count: 0, total_revenue: 0, categories: [] });
  });

  it('applies the seven filters on the server', async () => {
    expect(await names('search=hammered')).toEqual(['Copper Kettle']); // description
    expect(await names(`search=${p.mug!.slug.toUpperCase()}`)).toEqual(['Stoneware Mug']); // SKU (slug)
    expect(await names('search=stovetop')).toEqual(['Copper Kettle']); // tag
    expect(await names('search=gifts')).toEqual(['Copper Kettle']); // category
    expect(await names('search=100%25')).toEqual([]); // % is literal
    expect(await names('category=Kitchen')).toEqual(['Stoneware Mug', 'Copper Kettle']);
    expect(await names('category=kitchen')).toEqual([]); // exact
    expect(await names('status=inactive')).toEqual(['Wool Rug']);
    expect(await names('status=archived')).toEqual(['Archived Vase']);
    expect(await names(`vendor_id=${vendor.vendor.id}`)).toEqual(['Copper Kettle']);
    expect(await names('min_price=45&max_price=150')).toEqual(['Stoneware Mug', 'Copper Kettle']); // inclusive
    expect(await names('tags=TEA')).toEqual(['Stoneware Mug', 'Copper Kettle']); // substring of a tag
    expect(await names('tags=a-t')).toEqual(['Stoneware Mug']);
    expect(await names('tags=copper tea')).toEqual([]); // never across two tags
    expect(await names('tags=copper,STOVE')).toEqual(['Copper Kettle']); // several: each in one tag
    expect(await names('is_active=false')).toEqual(['Wool Rug']);
    const combined = await list('category=Kitchen&tags=tea&max_price=100&status=active');
    expect(combined.rows.map((r) => r.name)).toEqual(['Stoneware Mug']);
    expect(combined.total).toBe(1);
  });

  it('sorts and pages on the server', async () => {
    expect(await names('sort=price&order=desc')).toEqual(['Wool Rug', 'Arc Floor Lamp', 'Copper Kettle', 'Stoneware Mug']);
    expect(await names('sort=name&order=asc&limit=2&offset=1')).toEqual(['Copper Kettle', 'Stoneware Mug']);
    expect(await names('sort=stock&order=asc&limit=1')).toEqual(['Wool Rug']);
    expect((await list('limit=1')).total).toBe(4);
  });

  it('refuses bad filters with 400 and a clear message', async () => {
    const reversed = await list('min_price=100&max_price=10');
    expect(reversed.status).toBe(400);
    expect(reversed.json.fields).toEqual({ min_price: MSG.priceRangeInvalid });
    for (const query of ['status=gone', 'min_price=-1', 'max_price=lots', 'vendor_id=0', 'sort=revenue', 'limit=500']) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.json.error).toBe(MSG.validationFailed);
    }
  });
});

describe('GET /api/admin/products/stats and /categories', () => {
  it('counts total, active, low stock (under 10), and the revenue and orders of the filtered products', async () => {
    const all = await call(t.app, { url: '/api/admin/products/stats', token: admin });
    // Hala's cart holds the vendor's kettle and the shop's mug: two sub-orders (decision 0086), so 3 orders in all
    expect(all.json).toEqual({ total_products: 4, active_products: 3, low_stock: 3, total_revenue: 495, total_orders: 3, currency: 'AED' });
    const mugs = await call(t.app, { url: '/api/admin/products/stats?search=mug', token: admin });
    expect(mugs.json).toEqual({ total_products: 1, active_products: 1, low_stock: 0, total_revenue: 45, total_orders: 1, currency: 'AED' });
    expect((await call(t.app, { url: '/api/admin/products/stats?min_price=9&max_price=1', token: admin })).status).toBe(400);
  });

  it('lists the categories in use, most used first, archived products left out', async () => {
    const res = await call(t.app, { url: '/api/admin/products/categories', token: admin });
    expect(res.json).toEqual([
      { category: 'Home', products: 2 },
      { category: 'Kitchen', products: 2 },
      { category: 'Gifts', products: 1 },
    ]);
  });
});

describe('GET /api/admin/products/{id}', () => {
  it('shows the product with vendor contact, performance metrics and its latest orders', async () => {
    const res = await call(t.app, { url: `/api/admin/products/${p.kettle!.id}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Copper Kettle', vendor_name: 'Oasis Home LLC', vendor_contact: 'Vera Vendor', vendor_email: vendor.email });
    expect(res.json.metrics).toEqual({
      order_count: 2, units_sold: 3, total_revenue: 450, average_unit_price: 150, last_ordered_at: expect.any(String), cancelled_units: 1,
    });
    expect(res.json.recent_orders.map((r: { customer_name: string; status: string; quantity: number }) => [r.customer_name, r.status, r.quantity])).toEqual([
      ['Cancel Buyer', 'cancelled', 1], ['Rami Buyer', 'pending', 1], ['Hala Buyer', 'pending', 2],
    ]);
    expect(res.json.recent_orders[2]).toMatchObject({ total_price: 300, customer_email: 'hala@example.test' });
    const none = await call(t.app, { url: `/api/admin/products/${p.lamp!.id}`, token: admin });
    expect(none.json.metrics).toMatchObject({ order_count: 0, average_unit_price: null, last_ordered_at: null });
    expect(await call(t.app, { url: '/api/admin/products/999999', token: admin })).toMatchObject({ status: 404, json: { error: MSG.productNotFound } });
  });
});

describe('PUT /api/admin/products/{id}', () => {
  it('edits name, description, price, stock, status and vendor, with one audit entry of the changes', async () => {
    const body = { name: 'Stoneware Mug XL', description: 'Bigger.', price_cents: 5_250, stock_quantity: 12, is_active: false, vendor_id: vendor.vendor.id };
    const res = await call(t.app, { method: 'PUT', url: `/api/admin/products/${p.mug!.id}`, token: admin, body });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Stoneware Mug XL', description: 'Bigger.', price: 52.5, stock_quantity: 12, status: 'inactive', is_active: false, vendor_name: 'Oasis Home LLC' });
    expect(await productRow(p.mug!.id)).toEqual({ name: 'Stoneware Mug XL', price_cents: 5_250, stock: 12, status: 'inactive', vendor_id: vendor.vendor.id });
    const entries = await auditFor(p.mug!.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'product.update', actorRole: 'admin' });
    expect(Object.keys(entries[0]!.changes).sort()).toEqual(['description', 'name', 'priceCents', 'status', 'stock', 'vendorId']);

    const back = await call(t.app, { method: 'PUT', url: `/api/admin/products/${p.mug!.id}`, token: admin, body: { is_active: true, vendor_id: null } });
    expect(back.json).toMatchObject({ status: 'active', vendor_id: null, vendor_name: null });
  });

  it('refuses bad input with 400 (field named) and an unknown vendor with 404, writing nothing', async () => {
    const before = await productRow(p.lamp!.id);
    const cases: [object, string][] = [
      [{}, ''],
      [{ price_cents: -1 }, 'price_cents'],
      [{ price_cents: 12.5 }, 'price_cents'],
      [{ price_cents: '100' }, 'price_cents'],
      [{ stock_quantity: -3 }, 'stock_quantity'],
      [{ name: '' }, 'name'],
      [{ is_active: 'yes' }, 'is_active'],
      [{ vendor_id: 0 }, 'vendor_id'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, { method: 'PUT', url: `/api/admin/products/${p.lamp!.id}`, token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe(MSG.validationFailed);
      if (field) expect(res.json.fields, JSON.stringify(body)).toHaveProperty(field);
      else expect(res.json.detail).toBe(MSG.nothingToUpdate);
    }
    const unknownVendor = await call(t.app, { method: 'PUT', url: `/api/admin/products/${p.lamp!.id}`, token: admin, body: { name: 'Changed', vendor_id: 999_999 } });
    expect(unknownVendor).toMatchObject({ status: 404, json: { error: MSG.vendorNotFound } });
    expect(await productRow(p.lamp!.id)).toEqual(before);
    expect(await auditFor(p.lamp!.id)).toEqual([]);
    expect((await call(t.app, { method: 'PUT', url: '/api/admin/products/999999', token: admin, body: { name: 'X' } })).status).toBe(404);
  });
});

describe('DELETE /api/admin/products/{id}', () => {
  it('deletes a product without orders and archives one that orders hold (it leaves the list)', async () => {
    const gone = await call(t.app, { method: 'DELETE', url: `/api/admin/products/${p.lamp!.id}`, token: admin });
    expect(gone.json).toEqual({ success: true, outcome: 'deleted' });
    expect(await productRow(p.lamp!.id)).toBeUndefined();
    const kept = await call(t.app, { method: 'DELETE', url: `/api/admin/products/${p.kettle!.id}`, token: admin });
    expect(kept.json).toEqual({ success: true, outcome: 'archived' });
    expect((await productRow(p.kettle!.id))!.status).toBe('archived');
    expect(await names('')).not.toContain('Copper Kettle');
    expect((await auditFor(p.kettle!.id)).map((a) => a.action)).toEqual(['product.archive']);
    expect(await call(t.app, { method: 'DELETE', url: `/api/admin/products/${p.lamp!.id}`, token: admin })).toMatchObject({ status: 404, json: { error: MSG.productNotFound } });
    expect((await call(t.app, { method: 'DELETE', url: '/api/admin/products/abc', token: admin })).status).toBe(400);
  });
});

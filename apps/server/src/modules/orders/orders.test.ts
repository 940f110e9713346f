import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { startTestPayments } from '../../../test/payments-fixtures.js';
import type { BusEvents } from '../../platform/bus.js';
import { canonicalJson, newOrderNumber, redactCardNumbers } from './orders.service.js';

let t: TestContext;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  // the marketplace is VAT-registered (its TRN set), so its own products carry VAT (decision 0098)
  await t.database.query(`insert into settings (key, value) values ('tax.marketplace_trn', '100000000000003')`);
});
afterAll(() => t.close());

/** A product of its own per test, so tests never share stock. */
async function product(priceCents: number, stock: number, status: 'active' | 'inactive' = 'active') {
  const row = await t.app.services.catalogue.createProduct({ name: `Order Test Item ${++seq}`, priceCents, stock, status, categories: ['Test'] });
  return row;
}
const stockOf = async (id: number) => (await t.database.query<{ stock: number }>('select stock from products where id = $1', [id]))[0]!.stock;
const counts = async () =>
  (await t.database.query<{ o: number; i: number; h: number }>(
    'select (select count(*)::int from orders) as o, (select count(*)::int from order_items) as i, (select count(*)::int from order_status_history) as h',
  ))[0]!;

const body = (items: { product_id: number; quantity: number; [k: string]: unknown }[], extra: Record<string, unknown> = {}) => ({
  items,
  customer_info: { email: 'Buyer@Example.com', name: 'Noura Buyer', phone: null },
  shipping_address: { address: '12 Palm Street', city: 'Dubai', country: 'UAE', zip: '00000' },
  billing_address: { address: '12 Palm Street', city: 'Dubai', country: 'UAE', zip: '00000' },
  payment_intent_id: null,
  notes: '',
  ...extra,
});
const place = (payload: unknown, opts: { token?: string; key?: string } = {}) =>
  call(t.app, { method: 'POST', url: '/api/orders', body: payload, token: opts.token, headers: opts.key ? { 'idempotency-key': opts.key } : {} });

describe('POST /api/orders', () => {
  it('prices the order from database prices, never from the client', async () => {
    const a = await product(1250, 10);
    const b = await product(300, 10);
    const res = await place(body([{ product_id: a.id, quantity: 2, price: 0.01, unit_price: 0.01 }, { product_id: b.id, quantity: 1, price: 0 }], { total_amount: 1, subtotal: 1 }));
    expect(res.status).toBe(201);
    // 2 × 12.50 + 3.00 = 28.00, VAT included (25.00 → 1.19, 3.00 → 0.14 per line); shipping 9.99, VAT 0.48 included
    // (decision 0133: the shipping is taxed, its price unchanged) → 37.99, of which VAT 1.81
    expect(res.json.order).toMatchObject({ subtotal: 28, shipping: 9.99, tax: 1.81, total_amount: 37.99, tax_included: true, status: 'pending', customer_email: 'buyer@example.com' });
    expect(res.json.order_number).toBe(res.json.order.order_number);
    expect(res.json.order.items).toEqual([
      { product_id: a.id, product_name: a.name, quantity: 2, unit_price: 12.5, total_price: 25, variants: {}, variant_label: '' },
      { product_id: b.id, product_name: b.name, quantity: 1, unit_price: 3, total_price: 3, variants: {}, variant_label: '' },
    ]);
    const [row] = await t.database.query<{ total_cents: number; subtotal_cents: number }>('select total_cents, subtotal_cents from orders where id = $1', [res.json.order.sub_orders[0].id]);
    expect(row).toEqual({ total_cents: 3799, subtotal_cents: 2800 });
  });

  it('ships free only above 50.00 and rounds the included 5% VAT to the fil', async () => {
    const fifty = await product(5000, 5);
    const atFifty = await place(body([{ product_id: fifty.id, quantity: 1 }]));
    // 50.00 × 5/105 = 2.3809… → 2.38, inside the price; and 9.99 × 5/105 = 0.4757… → 0.48 inside the shipping
    expect(atFifty.json.order).toMatchObject({ subtotal: 50, shipping: 9.99, tax: 2.38 + 0.48, total_amount: 59.99 });
    const odd = await product(5001, 5);
    const above = await place(body([{ product_id: odd.id, quantity: 1 }]));
    expect(above.json.order).toMatchObject({ subtotal: 50.01, shipping: 0, tax: 2.38, total_amount: 50.01 });
  });

  it('decrements stock, records the first status and announces the order', async () => {
    const p = await product(2000, 5);
    expect((await call(t.app, { url: `/api/products/${p.id}` })).json.stock).toBe(5); // now cached
    const seen: BusEvents['order.placed'][] = [];
    const stock: BusEvents['product.stockChanged'][] = [];
    const offs = [t.app.services.bus.on('order.placed', (e) => void seen.push(e)), t.app.services.bus.on('product.stockChanged', (e) => void stock.push(e))];
    const res = await place(body([{ product_id: p.id, quantity: 3 }]));
    offs.forEach((off) => off());
    expect(stock).toEqual([{ id: p.id, stock: 2 }]);
    expect(res.status).toBe(201);
    expect(await stockOf(p.id)).toBe(2);
    expect((await call(t.app, { url: `/api/products/${p.id}` })).json.stock).toBe(2);
    const history = await t.database.query<{ from_status: string | null; to_status: string }>('select from_status, to_status from order_status_history where order_id = $1', [res.json.order.sub_orders[0].id]);
    expect(history).toEqual([{ from_status: null, to_status: 'pending' }]);
    expect(seen).toEqual([{ orderId: res.json.order.sub_orders[0].id, orderNumber: res.json.order_number, userId: null, items: [{ productId: p.id, vendorId: null, quantity: 3, unitPriceCents: 2000 }] }]);
  });

  it('hashes requests by canonical JSON: keys sorted at every depth, written as JSON.stringify writes them', () => {
    const json = canonicalJson({ b: 1, a: { d: [1, undefined, { y: 'é"\n', x: null }], c: undefined }, e: [] });
    expect(json).toBe('{"a":{"d":[1,null,{"x":null,"y":"é\\"\\n"}]},"b":1,"e":[]}');
    expect(JSON.parse(json)).toEqual({ a: { d: [1, null, { x: null, y: 'é"\n' }] }, b: 1, e: [] });
    expect(canonicalJson({ e: [], a: { c: undefined, d: [1, undefined, { x: null, y: 'é"\n' }] }, b: 1 })).toBe(json);
  });

  it('gives human-friendly unique order numbers', () => {
    // random within a day (31^5 ≈ 28.6 million per day): two of 500 meet about once in 230 runs, so asking for 500
    // distinct ones made this test fail by chance; three or more meet about once in 70 million. A collision at checkout
    // is caught by the unique index and retried with a new number (placePurchase).
    const numbers = new Set(Array.from({ length: 500 }, () => newOrderNumber(new Date('2025-03-10T12:00:00Z'))));
    expect(numbers.size).toBeGreaterThanOrEqual(498);
    for (const n of numbers) expect(n).toMatch(/^SQ-250310-[2-9A-HJKMNP-Z]{5}$/);
  });

  it('stores the payment note and never a card number', async () => {
    await startTestPayments(t); // a card purchase starts its payment at the (local) provider
    const p = await product(1000, 10);
    const cod = await place(body([{ product_id: p.id, quantity: 1 }], { payment_method: 'cod' }));
    expect(cod.json.order.notes).toBe('Payment: Cash on Delivery');
    const card = await place(body([{ product_id: p.id, quantity: 1 }], {
      payment_method: 'card', card_number: '4242 4242 4242 4242', cvv: '123', expiry: '12/29',
      notes: 'Payment: Card (demo)\nLeave at the door. My card is 4242-4242-4242-4242',
    }));
    expect(card.status).toBe(201);
    expect(card.json.order.notes).toBe('Payment: Card (demo)\nLeave at the door. My card is [card number removed]');
    const dump = JSON.stringify(await t.database.query('select * from orders where id = $1', [card.json.order.sub_orders[0].id]));
    expect(dump).not.toMatch(/4242|cvv|12\/29/);
    expect(redactCardNumbers('order 1234567890123 ok')).toBe('order 1234567890123 ok'); // not Luhn-valid: kept
  });

  it('refuses a short item with 409 naming it, and writes nothing', async () => {
    const plenty = await product(1000, 10);
    const few = await product(1000, 2);
    const before = await counts();
    const res = await place(body([{ product_id: plenty.id, quantity: 1 }, { product_id: few.id, quantity: 3 }]));
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(MSG.outOfStock(few.name, 2));
    expect(await counts()).toEqual(before);
    expect(await stockOf(plenty.id)).toBe(10); // the first line's decrement was rolled back
    expect(await stockOf(few.id)).toBe(2);
  });

  it('adds up repeated lines of one product before checking stock', async () => {
    const p = await product(1000, 3);
    const res = await place(body([{ product_id: p.id, quantity: 2, variants: { size: 'M' } }, { product_id: p.id, quantity: 2, variants: { size: 'L' } }]));
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(MSG.outOfStock(p.name, 3));
    expect(await stockOf(p.id)).toBe(3);
  });

  it('answers 404 for an unknown product and 422 for an inactive one, naming it', async () => {
    const missing = await place(body([{ product_id: 999_999, quantity: 1 }]));
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe(MSG.productUnavailable(999_999));
    const off = await product(1000, 10, 'inactive');
    const inactive = await place(body([{ product_id: off.id, quantity: 1 }]));
    expect(inactive.status).toBe(422);
    expect(inactive.json.error).toBe(MSG.productUnavailable(off.name));
    expect(await stockOf(off.id)).toBe(10);
  });

  it('rejects bad input with 400 and writes nothing', async () => {
    const p = await product(1000, 10);
    const good = body([{ product_id: p.id, quantity: 1 }]);
    const before = await counts();
    const bad = [
      { ...good, items: [] },
      { ...good, items: [{ product_id: p.id, quantity: 0 }] },
      { ...good, items: [{ product_id: 'abc', quantity: 1 }] },
      { ...good, customer_info: { ...good.customer_info, email: 'nope' } },
      { ...good, customer_info: { ...good.customer_info, name: '  ' } },
      { ...good, shipping_address: { ...good.shipping_address, address: '' } },
      { ...good, payment_method: 'bitcoin' },
      { ...good, payment_intent_id: 'pi_123' },
    ];
    for (const payload of bad) {
      const res = await place(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.json.error).toBe(MSG.validationFailed);
    }
    const empty = await place({ ...good, items: [] });
    expect(empty.json.fields.items).toBe(MSG.emptyCart);
    expect(await counts()).toEqual(before);
    expect(await stockOf(p.id)).toBe(10);
  });
});

describe('between the product check and the order statement', () => {
  /** Runs `meanwhile` once, right after checkout's unlocked product check: what a concurrent request could do then. */
  function afterCheck(meanwhile: () => Promise<unknown>) {
    const catalogue = t.app.services.catalogue;
    const check = catalogue.checkForOrder;
    catalogue.checkForOrder = async (lines, rows) => {
      const checked = await check(lines, rows);
      catalogue.checkForOrder = check;
      await meanwhile();
      return checked;
    };
  }

  it('re-checks the stock under the row locks: 409 naming the product with its stock then, nothing written', async () => {
    const plenty = await product(1000, 10);
    const few = await product(1000, 3);
    const before = await counts();
    afterCheck(() => t.database.query('update products set stock = 1 where id = $1', [few.id]));
    const res = await place(body([{ product_id: plenty.id, quantity: 1 }, { product_id: few.id, quantity: 2 }]));
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(MSG.outOfStock(few.name, 1));
    expect(await counts()).toEqual(before);
    expect(await stockOf(plenty.id)).toBe(10);
    expect(await stockOf(few.id)).toBe(1);
  });

  it('re-checks the status under the row locks: 422 naming the product, nothing written', async () => {
    const p = await product(1000, 10);
    const before = await counts();
    afterCheck(() => t.database.query("update products set status = 'inactive' where id = $1", [p.id]));
    const res = await place(body([{ product_id: p.id, quantity: 1 }]));
    expect(res.status).toBe(422);
    expect(res.json.error).toBe(MSG.productUnavailable(p.name));
    expect(await counts()).toEqual(before);
    expect(await stockOf(p.id)).toBe(10);
  });

  it('prices at the database price when it changed after the check (the order is tried again)', async () => {
    const p = await product(1000, 10);
    afterCheck(() => t.database.query('update products set price_cents = 1500 where id = $1', [p.id]));
    const res = await place(body([{ product_id: p.id, quantity: 2 }]));
    expect(res.status).toBe(201);
    expect(res.json.order.items).toEqual([{ product_id: p.id, product_name: p.name, quantity: 2, unit_price: 15, total_price: 30, variants: {}, variant_label: '' }]);
    const [row] = await t.database.query<{ subtotal_cents: number; lines: number }>(
      'select subtotal_cents, (select count(*)::int from order_items where order_id = $1) as lines from orders where id = $1', [res.json.order.sub_orders[0].id]);
    expect(row).toEqual({ subtotal_cents: 3000, lines: 1 });
    expect(await stockOf(p.id)).toBe(8);
  });
});

describe('Idempotency-Key', () => {
  it('replays the same order for the same request, without a second decrement', async () => {
    const p = await product(1500, 10);
    const payload = body([{ product_id: p.id, quantity: 2 }]);
    const first = await place(payload, { key: 'idem-same-1' });
    const again = await place(payload, { key: 'idem-same-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(await stockOf(p.id)).toBe(8);
  });

  it('refuses the same key with a different request (409)', async () => {
    const p = await product(1500, 10);
    await place(body([{ product_id: p.id, quantity: 1 }]), { key: 'idem-diff-1' });
    const other = await place(body([{ product_id: p.id, quantity: 2 }]), { key: 'idem-diff-1' });
    expect(other.status).toBe(409);
    expect(other.json.error).toBe(MSG.idempotencyConflict);
    expect(await stockOf(p.id)).toBe(9);
  });

  it('turns concurrent duplicates into one order', async () => {
    const p = await product(1500, 1);
    const payload = body([{ product_id: p.id, quantity: 1 }]);
    const results = await Promise.all([1, 2, 3].map(() => place(payload, { key: 'idem-race-1' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => r.json.order.id)).size).toBe(1);
    expect(await stockOf(p.id)).toBe(0);
  });
});

describe('concurrency', () => {
  it('sells the last unit exactly once', async () => {
    const p = await product(9900, 1);
    const [a, b] = await Promise.all([place(body([{ product_id: p.id, quantity: 1 }])), place(body([{ product_id: p.id, quantity: 1 }]))]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)!.json.error).toBe(MSG.outOfStock(p.name, 0));
    expect(await stockOf(p.id)).toBe(0);
    const [row] = await t.database.query<{ n: number }>('select count(*)::int as n from order_items where product_id = $1', [p.id]);
    expect(row!.n).toBe(1);
  });

  it('never oversells under a burst of orders', async () => {
    const p = await product(100, 7);
    const results = await Promise.all(Array.from({ length: 12 }, () => place(body([{ product_id: p.id, quantity: 1 }]))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(7);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await stockOf(p.id)).toBe(0);
  });
});

describe('GET /api/my/orders', () => {
  it('links orders to the signed-in customer and shows each customer only their own, newest first', async () => {
    const p = await product(2500, 20);
    const alice = await signupCustomer(t.app, 'Alice');
    const bob = await signupCustomer(t.app, 'Bob');
    const a1 = await place(body([{ product_id: p.id, quantity: 1 }]), { token: alice.token });
    const a2 = await place(body([{ product_id: p.id, quantity: 2 }]), { token: alice.token });
    await place(body([{ product_id: p.id, quantity: 1 }]), { token: bob.token });
    await place(body([{ product_id: p.id, quantity: 1 }])); // guest

    const mine = await call(t.app, { url: '/api/my/orders', token: alice.token });
    expect(mine.status).toBe(200);
    expect(mine.headers['x-total-count']).toBe('2');
    expect(mine.json.map((o: { id: number }) => o.id)).toEqual([a2.json.order.id, a1.json.order.id]);
    expect(mine.json[0]).toMatchObject({ order_number: a2.json.order_number, status: 'pending', total_amount: a2.json.order.total_amount });
    expect(typeof mine.json[0].created_at).toBe('string');

    const bobs = await call(t.app, { url: '/api/my/orders', token: bob.token });
    expect(bobs.json).toHaveLength(1);
    const one = await call(t.app, { url: `/api/my/orders/${a1.json.order.id}`, token: alice.token });
    expect(one.json).toEqual(a1.json.order);
    const notBobs = await call(t.app, { url: `/api/my/orders/${a1.json.order.id}`, token: bob.token });
    expect(notBobs.status).toBe(404);
    expect(notBobs.json.error).toBe(MSG.orderNotFound);
    const [linked] = await t.database.query<{ user_id: number | null }>('select user_id from orders where id = $1', [a1.json.order.sub_orders[0].id]);
    expect(linked!.user_id).toBe(alice.user.id);
  });

  it('is bounded', async () => {
    const p = await product(2500, 20);
    const carol = await signupCustomer(t.app, 'Carol');
    for (let i = 0; i < 3; i++) await place(body([{ product_id: p.id, quantity: 1 }]), { token: carol.token });
    const page = await call(t.app, { url: '/api/my/orders?limit=2&offset=1', token: carol.token });
    expect(page.json).toHaveLength(2);
    expect(page.headers['x-total-count']).toBe('3');
    expect((await call(t.app, { url: '/api/my/orders?limit=500', token: carol.token })).status).toBe(400);
  });

  it('needs a customer session; a vendor token does not link an order', async () => {
    expect((await call(t.app, { url: '/api/my/orders' })).status).toBe(401);
    const vendor = await signupVendor(t.app);
    expect((await call(t.app, { url: '/api/my/orders', token: vendor.token })).status).toBe(403);
    const p = await product(2500, 5);
    const res = await place(body([{ product_id: p.id, quantity: 1 }]), { token: vendor.token });
    expect(res.status).toBe(201);
    const [row] = await t.database.query<{ user_id: number | null }>('select user_id from orders where id = $1', [res.json.order.sub_orders[0].id]);
    expect(row!.user_id).toBeNull();
  });
});

describe('orders.setStatus', () => {
  const sara = { userId: null, role: 'admin' as const, name: 'Sara Admin', ip: '10.0.0.1' };

  it('records history and one audit entry, announces the change, and returns stock on cancel', async () => {
    const p = await product(1000, 5);
    const placed = await place(body([{ product_id: p.id, quantity: 2 }]));
    expect(await stockOf(p.id)).toBe(3);
    const seen: BusEvents['order.statusChanged'][] = [];
    const off = t.app.services.bus.on('order.statusChanged', (e) => void seen.push(e));
    const id = placed.json.order.sub_orders[0].id as number;

    const shipped = await t.app.services.orders.setStatus(id, 'cancelled', { actor: sara, notes: 'customer asked' });
    expect(shipped.status).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(5);
    const history = await t.database.query<{ from_status: string; to_status: string; notes: string }>(
      'select from_status, to_status, notes from order_status_history where order_id = $1 order by id', [id]);
    expect(history.at(-1)).toEqual({ from_status: 'pending', to_status: 'cancelled', notes: 'customer asked' });
    const audit = await t.database.query<{ action: string; actor_name: string; changes: unknown }>(
      `select action, actor_name, changes from audit_log where target_type = 'order' and target_id = $1`, [String(id)]);
    expect(audit).toEqual([{ action: 'order.status', actor_name: 'Sara Admin', changes: { status: { before: 'pending', after: 'cancelled' }, notes: { before: null, after: 'customer asked' } } }]);
    expect(seen).toEqual([{ orderId: id, orderNumber: placed.json.order_number, userId: null, from: 'pending', to: 'cancelled' }]);

    // back to a live status takes the stock again; when it is gone, the move is refused and nothing changes
    await t.app.services.orders.setStatus(id, 'pending', { actor: sara });
    expect(await stockOf(p.id)).toBe(3);
    await t.app.services.orders.setStatus(id, 'cancelled', { actor: sara });
    await place(body([{ product_id: p.id, quantity: 5 }]));
    await expect(t.app.services.orders.setStatus(id, 'processing', { actor: sara })).rejects.toMatchObject({ status: 409 });
    const [row] = await t.database.query<{ status: string }>('select status from orders where id = $1', [id]);
    expect(row!.status).toBe('cancelled');
    off();
  });
});

describe('one checkout, one sub-order per seller (decision 0086)', () => {
  it('quotes each seller its own shipping before paying, and places exactly that: one purchase, a sub-order per seller', async () => {
    const v1 = await signupVendor(t.app, 'Quote Vendor One');
    const v2 = await signupVendor(t.app, 'Quote Vendor Two');
    // vendor two ships for 5.00, free only above 200.00
    await t.database.query('update vendors set shipping_fee_cents = 500, free_shipping_above_cents = 20000 where id = $1', [v2.vendor.id]);
    const own = await product(1000, 10);
    const one = await t.app.services.catalogue.createProduct({ name: `Order Test Item ${++seq}`, priceCents: 6000, stock: 10, status: 'active', categories: ['Test'], vendorId: v1.vendor.id });
    const two = await t.app.services.catalogue.createProduct({ name: `Order Test Item ${++seq}`, priceCents: 6000, stock: 10, status: 'active', categories: ['Test'], vendorId: v2.vendor.id });
    const items = [{ product_id: two.id, quantity: 1 }, { product_id: own.id, quantity: 2 }, { product_id: one.id, quantity: 1 }];
    const before = await counts();
    const quote = await call(t.app, { method: 'POST', url: '/api/orders/quote', body: { items } });
    expect(quote.status).toBe(200);
    expect(quote.json.sellers.map((s: { vendor_id: number | null; seller_name: string; shipping: number; total: number }) => [s.vendor_id, s.seller_name, s.shipping, s.total])).toEqual([
      [null, 'Souq', 9.99, 29.99], // the shop's own 20.00 (VAT 0.95 included): the default rule's 9.99
      [v1.vendor.id, 'Quote Vendor One', 0, 60], // 60.00 is above the default 50.00: free; not VAT-registered, no VAT
      [v2.vendor.id, 'Quote Vendor Two', 5, 65], // vendor two's own rule: 5.00
    ]);
    expect(quote.json.sellers.map((s: { tax: number; vat_registered: boolean }) => [s.tax, s.vat_registered])).toEqual([[0.95 + 0.48, true], [0, false], [0, false]]); // the shop's shipping VAT too (0133)
    expect(quote.json.total).toBe(154.99);
    expect(quote.json.tax_included).toBe(true);
    expect(await counts()).toEqual(before); // a quote writes nothing

    const res = await place(body(items), { key: 'split-1' });
    expect(res.status).toBe(201);
    const number = res.json.order_number;
    expect(res.json.order).toMatchObject({ order_number: number, total_amount: quote.json.total, shipping: 14.99 });
    expect(res.json.order.sub_orders.map((o: { order_number: string; vendor_id: number | null; shipping: number; items: unknown[] }) => [o.order_number, o.vendor_id, o.shipping, o.items.length]))
      .toEqual([[`${number}-1`, null, 9.99, 1], [`${number}-2`, v1.vendor.id, 0, 1], [`${number}-3`, v2.vendor.id, 5, 1]]);
    // the same key twenty times: one purchase, still three sub-orders
    const again = await Promise.all(Array.from({ length: 20 }, () => place(body(items), { key: 'split-1' })));
    expect(new Set(again.map((r) => r.json.order_number))).toEqual(new Set([number]));
    expect((await t.database.query('select 1 from purchases where idempotency_key = $1', ['split-1'])).length).toBe(1);
    expect((await t.database.query('select 1 from orders o join purchases p on p.id = o.purchase_id where p.idempotency_key = $1', ['split-1'])).length).toBe(3);
  });

  it('refuses a bad quote with 400 and an unknown product with 404', async () => {
    expect((await call(t.app, { method: 'POST', url: '/api/orders/quote', body: { items: [] } })).status).toBe(400);
    expect((await call(t.app, { method: 'POST', url: '/api/orders/quote', body: { items: [{ product_id: 'x', quantity: 1 }] } })).status).toBe(400);
    expect((await call(t.app, { method: 'POST', url: '/api/orders/quote', body: { items: [{ product_id: 999_999, quantity: 1 }] } })).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { expectAdminOnly, makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import { lineAmounts } from '@souq/shared/rules/tax';

// Returns and refunds per line (issue 24 item 6, decision 0094), against the real database.
let t: TestContext;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let other: Awaited<ReturnType<typeof signupCustomer>>;
let a: Awaited<ReturnType<typeof signupVendor>>;
let b: Awaited<ReturnType<typeof signupVendor>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  shopper = await signupCustomer(t.app, 'Rana Returns');
  other = await signupCustomer(t.app, 'Omar Other');
  a = await signupVendor(t.app, 'Amber Returns LLC');
  b = await signupVendor(t.app, 'Basil Returns LLC');
});
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const count = async (table: string) => (await q<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
const stockOf = async (id: number) => (await q<{ stock: number }>('select stock from products where id = $1', [id]))[0]!.stock;
const vendorBalance = (id: number) => t.app.services.ledger.vendorBalanceCents(id, 'AED');
const lineOf = async (orderId: number, n = 0) => (await q<{ id: number }>('select id from order_items where order_id = $1 order by id', [orderId]))[n]!.id;
/** Every posting and every sub-order's entries sum to zero. */
async function expectBalanced() {
  expect(await q('select posting, currency, sum(amount_cents)::int8 from ledger_entries group by 1, 2 having sum(amount_cents) <> 0')).toEqual([]);
  expect(await q('select order_id, currency, sum(amount_cents)::int8 from ledger_entries group by 1, 2 having sum(amount_cents) <> 0')).toEqual([]);
}

/** A delivered sub-order of `who` with the given lines of vendor A's products (placed, then delivered). */
async function delivered(lines: { productId: number; quantity: number }[], opts: { who?: typeof shopper; payment?: 'card' | 'cod' } = {}) {
  const who = opts.who ?? shopper;
  const order = await placeOrder(t.app, lines, { userId: who.user.id, email: who.email, name: who.user.name, payment: opts.payment ?? 'card' });
  await t.app.services.orders.setStatus(order.id, 'delivered');
  return order;
}

const ask = (token: string, body: unknown) => call(t.app, { method: 'POST', url: '/api/my/returns', token, body });
const step = (token: string, area: 'vendor' | 'admin', id: number, action: 'approve' | 'reject' | 'receive', body: unknown = {}) =>
  call(t.app, { method: 'POST', url: `/api/${area}/returns/${id}/${action}`, token, body });

describe('who may do what', () => {
  it('shopper routes need a customer; seller routes a vendor; admin routes an admin', async () => {
    for (const [method, url] of [['GET', '/api/my/returns'], ['POST', '/api/my/returns']] as const) {
      expect((await call(t.app, { method, url, body: {} })).status).toBe(401);
      expect((await call(t.app, { method, url, token: a.token, body: {} })).status).toBe(403);
      expect((await call(t.app, { method, url, token: admin, body: {} })).status).toBe(403);
    }
    for (const url of ['/api/vendor/orders/1/returns', '/api/vendor/returns/1/approve', '/api/vendor/returns/1/reject', '/api/vendor/returns/1/receive']) {
      const method = url.endsWith('returns') ? 'GET' : 'POST';
      expect((await call(t.app, { method, url, body: {} })).status, url).toBe(401);
      expect((await call(t.app, { method, url, token: shopper.token, body: {} })).status, url).toBe(403);
    }
    const failures = await expectAdminOnly(t.app, { customer: shopper.token, vendor: a.token }, [
      { method: 'GET', url: '/api/admin/returns' },
      { method: 'GET', url: '/api/admin/orders/1/returns' },
      { method: 'POST', url: '/api/admin/returns/1/approve', body: {} },
      { method: 'POST', url: '/api/admin/returns/1/reject', body: { note: 'x' } },
      { method: 'POST', url: '/api/admin/returns/1/receive', body: { restock: true } },
    ]);
    expect(failures).toEqual([]);
  });
});

describe('asking for a return', () => {
  it('refuses bad input with 400 and writes nothing', async () => {
    const p = await makeProduct(t.app, { name: 'Bad Input Mug', priceCents: 2_000, stock: 10, vendorId: a.vendor.id });
    const card = await delivered([{ productId: p.id, quantity: 2 }]);
    const cod = await delivered([{ productId: p.id, quantity: 2 }], { payment: 'cod' });
    const cardLine = await lineOf(card.id);
    const codLine = await lineOf(cod.id);
    const before = [await count('return_requests'), await count('audit_log'), await count('order_status_history')];
    for (const body of [
      {}, { order_id: card.id, line_id: cardLine, units: 0, reason: 'damaged' }, { order_id: card.id, line_id: cardLine, units: 1, reason: 'bored' },
      { order_id: card.id, units: 1, reason: 'damaged' }, { order_id: 'x', line_id: cardLine, units: 1, reason: 'damaged' },
      { order_id: card.id, line_id: cardLine, units: 1, reason: 'damaged', reason_text: 'y'.repeat(1001) },
      { order_id: cod.id, line_id: codLine, units: 1, reason: 'damaged', refund_method: 'cash' },
      // cash on delivery needs the refund method; a card order takes none
      { order_id: cod.id, line_id: codLine, units: 1, reason: 'damaged' },
      { order_id: card.id, line_id: cardLine, units: 1, reason: 'damaged', refund_method: 'store_credit' },
    ]) {
      const res = await ask(shopper.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect([await count('return_requests'), await count('audit_log'), await count('order_status_history')]).toEqual(before);
  });

  it("is a 404 for another shopper's order or a line of another order", async () => {
    const p = await makeProduct(t.app, { name: 'Private Vase', priceCents: 3_000, stock: 10, vendorId: a.vendor.id });
    const mine = await delivered([{ productId: p.id, quantity: 1 }]);
    const theirs = await delivered([{ productId: p.id, quantity: 1 }], { who: other });
    const res = await ask(shopper.token, { order_id: theirs.id, line_id: await lineOf(theirs.id), units: 1, reason: 'damaged' });
    expect([res.status, res.json.error]).toEqual([404, MSG.orderNotFound]);
    const crossed = await ask(shopper.token, { order_id: mine.id, line_id: await lineOf(theirs.id), units: 1, reason: 'damaged' });
    expect([crossed.status, crossed.json.error]).toEqual([404, MSG.returnLineNotFound]);
    expect(await q('select * from return_requests where order_id = any($1::int[])', [[mine.id, theirs.id]])).toEqual([]);
  });

  it('is a 422 before delivery, after the window and for more units than are left (rejected ones free theirs)', async () => {
    const p = await makeProduct(t.app, { name: 'Window Lamp', priceCents: 4_000, stock: 20, vendorId: a.vendor.id });
    const pending = await placeOrder(t.app, [{ productId: p.id, quantity: 1 }], { userId: shopper.user.id });
    const notYet = await ask(shopper.token, { order_id: pending.id, line_id: await lineOf(pending.id), units: 1, reason: 'damaged' });
    expect([notYet.status, notYet.json.error]).toEqual([422, MSG.returnNotDelivered]);

    const old = await delivered([{ productId: p.id, quantity: 1 }]);
    await q(`update orders set delivered_at = now() - interval '15 days' where id = $1`, [old.id]);
    const late = await ask(shopper.token, { order_id: old.id, line_id: await lineOf(old.id), units: 1, reason: 'damaged' });
    expect([late.status, late.json.error]).toEqual([422, MSG.returnWindowClosed(14)]);
    // the vendor's own, longer window counts
    await q('update vendors set return_window_days = 30 where id = $1', [a.vendor.id]);
    const inWindow = await ask(shopper.token, { order_id: old.id, line_id: await lineOf(old.id), units: 1, reason: 'damaged' });
    expect(inWindow.status).toBe(201);
    await q('update vendors set return_window_days = 14 where id = $1', [a.vendor.id]);

    const three = await delivered([{ productId: p.id, quantity: 3 }]);
    const line = await lineOf(three.id);
    const first = await ask(shopper.token, { order_id: three.id, line_id: line, units: 2, reason: 'no_longer_needed' });
    expect(first.status).toBe(201);
    const tooMany = await ask(shopper.token, { order_id: three.id, line_id: line, units: 2, reason: 'no_longer_needed' });
    expect([tooMany.status, tooMany.json.error]).toEqual([422, MSG.returnTooManyUnits(1)]);
    expect((await step(a.token, 'vendor', first.json.id, 'reject', { note: 'Worn' })).status).toBe(200);
    expect((await ask(shopper.token, { order_id: three.id, line_id: line, units: 3, reason: 'damaged' })).status).toBe(201);
    const none = await ask(shopper.token, { order_id: three.id, line_id: line, units: 1, reason: 'damaged' });
    expect([none.status, none.json.error]).toEqual([422, MSG.returnTooManyUnits(0)]);
  });

  it('lets two concurrent requests for the last unit give one return and one 422', async () => {
    const p = await makeProduct(t.app, { name: 'Race Bowl', priceCents: 1_500, stock: 5, vendorId: a.vendor.id });
    const order = await delivered([{ productId: p.id, quantity: 1 }]);
    const line = await lineOf(order.id);
    const results = await Promise.all([1, 2, 3].map(() => ask(shopper.token, { order_id: order.id, line_id: line, units: 1, reason: 'damaged' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
  });
});

describe('deciding and receiving', () => {
  it('card order: the seller approves, a double approve is a 409, another vendor gets 404; receiving refunds the units, reverses their commission, restocks', async () => {
    const p = await makeProduct(t.app, { name: 'Refund Teapot', priceCents: 12_345, stock: 10, vendorId: a.vendor.id });
    const order = await delivered([{ productId: p.id, quantity: 3 }]);
    const line = await lineOf(order.id);
    const stock = await stockOf(p.id);
    const balance = await vendorBalance(a.vendor.id);
    const asked = await ask(shopper.token, { order_id: order.id, line_id: line, units: 1, reason: 'damaged', reason_text: 'Chipped spout' });
    expect(asked.status).toBe(201);
    expect(asked.json).toMatchObject({ status: 'requested', units: 1, refund_method: 'original', reason_text: 'Chipped spout', refund: null });
    const id = asked.json.id as number;

    // another vendor sees nothing; receiving before approval is a 409
    expect((await step(b.token, 'vendor', id, 'approve')).status).toBe(404);
    expect((await call(t.app, { url: `/api/vendor/orders/${order.id}/returns`, token: b.token })).status).toBe(404);
    expect((await step(a.token, 'vendor', id, 'receive', { restock: true })).status).toBe(409);
    expect((await step(a.token, 'vendor', id, 'reject', { note: ' ' })).status).toBe(400);
    expect((await step(a.token, 'vendor', id, 'receive', { restock: 'yes' })).status).toBe(400);

    const approved = await step(a.token, 'vendor', id, 'approve', { note: 'Send it back in its box' });
    expect(approved.json).toMatchObject({ status: 'approved', decision_note: 'Send it back in its box' });
    const again = await step(a.token, 'vendor', id, 'approve');
    expect(again.status).toBe(409);
    expect((await step(admin, 'admin', id, 'reject', { note: 'late' })).status).toBe(409);
    expect(await vendorBalance(a.vendor.id)).toBe(balance); // nothing moves before the units are back

    const received = await step(a.token, 'vendor', id, 'receive', { restock: true });
    expect(received.status).toBe(200);
    const refund = received.json.refund;
    // one unit as the sale priced it (decision 0098: the price includes the VAT the seller charged, read from the line)
    const [l] = await q<{ quantity: number; unit_price_cents: number; line_total_cents: number; tax_rate_bps: number; tax_cents: number }>(
      'select quantity, unit_price_cents, line_total_cents, tax_rate_bps, tax_cents from order_items where order_id = $1', [order.id]);
    const unit = lineAmounts({ quantity: l!.quantity, unitPriceCents: l!.unit_price_cents, lineTotalCents: l!.line_total_cents, taxRateBps: l!.tax_rate_bps, taxCents: l!.tax_cents }, 1, true);
    expect(refund.goods_cents + refund.tax_cents).toBe(12_345);
    expect(refund.tax_cents).toBe(unit.taxCents);
    expect(refund.shipping_cents).toBe(0); // two units are still with the shopper
    expect(refund.total_cents).toBe(refund.goods_cents + refund.tax_cents);
    // the line's commission (frozen 10 %) is reversed for one unit of three, and its VAT with it
    expect(refund.commission_reversed_cents).toBe(Math.round(Math.round((3 * 12_345 * 1000) / 10_000) / 3));
    expect(refund.commission_vat_reversed_cents).toBeGreaterThan(0);
    expect(await vendorBalance(a.vendor.id)).toBe(balance - refund.goods_cents + refund.commission_reversed_cents + refund.commission_vat_reversed_cents);
    expect(await stockOf(p.id)).toBe(stock + 1);
    const rows = await q<{ account: string; kind: string; amount_cents: number }>(
      'select account, kind, amount_cents::int from ledger_entries where posting = $1 order by account, kind, amount_cents', [refund.posting]);
    expect(rows).toEqual([
      { account: 'commission_revenue', kind: 'commission_reversal', amount_cents: refund.commission_reversed_cents },
      { account: 'commission_vat_payable', kind: 'commission_reversal', amount_cents: refund.commission_vat_reversed_cents },
      { account: 'sales_tax_payable', kind: 'refund', amount_cents: refund.tax_cents },
      { account: 'shopper_receivable', kind: 'refund', amount_cents: -refund.total_cents },
      { account: 'vendor_payable', kind: 'commission_reversal', amount_cents: -refund.commission_reversed_cents },
      { account: 'vendor_payable', kind: 'commission_reversal', amount_cents: -refund.commission_vat_reversed_cents },
      { account: 'vendor_payable', kind: 'refund', amount_cents: refund.goods_cents },
    ].filter((r) => r.amount_cents !== 0));
    await expectBalanced();
    // received twice is a 409, nothing posted again
    expect((await step(a.token, 'vendor', id, 'receive', { restock: true })).status).toBe(409);
    expect((await q('select 1 from ledger_entries where posting = $1', [refund.posting])).length).toBe(rows.length);

    // every step is in the sub-order's history and the audit trail
    const history = await q<{ notes: string }>(`select notes from order_status_history where order_id = $1 and notes like 'Return%' order by id`, [order.id]);
    expect(history.map((h) => h.notes.split(':')[0])).toEqual(['Return requested', 'Return approved', 'Return received']);
    const trail = await q<{ action: string }>(`select action from audit_log where target_type = 'return' and target_id = $1 order by id`, [String(id)]);
    expect(trail.map((e) => e.action)).toEqual(['return.request', 'return.approve', 'return.receive']);
    // the vendor's Recent Activity lists status moves only: the return's lines keep the sub-order delivered
    const activity = await call(t.app, { url: '/api/vendor/orders/activity', token: a.token });
    expect(activity.json.filter((e: { order_id: number }) => e.order_id === order.id).map((e: { to_status: string }) => e.to_status)).toEqual(['delivered', 'pending']);
    // the shopper sees it, with the refund
    const mine = await call(t.app, { url: '/api/my/returns', token: shopper.token });
    expect(mine.json.returns.find((r: { id: number }) => r.id === id)).toMatchObject({ status: 'received', restock: true, refund: { total_cents: refund.total_cents } });
    expect(mine.json.returnable.find((l: { line_id: number }) => l.line_id === line)).toMatchObject({ units_left: 2 });
  });

  it('cash on delivery as store credit: the balance on the profile is the sum of the store-credit entries; without restock the stock stays', async () => {
    const p = await makeProduct(t.app, { name: 'Credit Candle', priceCents: 2_500, stock: 10, vendorId: a.vendor.id });
    const order = await delivered([{ productId: p.id, quantity: 2 }], { payment: 'cod' });
    const before = (await call(t.app, { url: '/api/my/returns', token: shopper.token })).json.store_credit.balance_cents as number;
    const asked = await ask(shopper.token, { order_id: order.id, line_id: await lineOf(order.id), units: 2, reason: 'not_as_described', refund_method: 'store_credit' });
    expect(asked.json.refund_method).toBe('store_credit');
    const stock = await stockOf(p.id);
    await step(a.token, 'vendor', asked.json.id, 'approve');
    const received = await step(a.token, 'vendor', asked.json.id, 'receive', { restock: false });
    expect(await stockOf(p.id)).toBe(stock);
    const refund = received.json.refund;
    // the whole sub-order came back: its shipping too, and the vendor keeps nothing of it
    const [o] = await q<{ total_cents: number; shipping_cents: number }>('select total_cents, shipping_cents from orders where id = $1', [order.id]);
    expect(refund.shipping_cents).toBe(o!.shipping_cents);
    expect(refund.total_cents).toBe(o!.total_cents);
    const perAccount = await q<{ account: string; s: number }>('select account, sum(amount_cents)::int as s from ledger_entries where order_id = $1 group by 1 order by 1', [order.id]);
    // the courier still holds the cash it collected at delivery until it remits it (decision 0140)
    expect(perAccount.every((r) => r.s === 0 || r.account === 'shopper_receivable' || r.account === 'shopper_store_credit' || r.account === 'courier_cash')).toBe(true);
    const after = (await call(t.app, { url: '/api/my/returns', token: shopper.token })).json.store_credit.balance_cents as number;
    expect(after - before).toBe(refund.total_cents);
    const [sum] = await q<{ s: number }>(`select -sum(amount_cents)::int as s from ledger_entries where account = 'shopper_store_credit' and shopper_id = $1`, [shopper.user.id]);
    expect(sum!.s).toBe(after);
    await expectBalanced();
  });

  it('an admin acts on any sub-order, including the marketplace\'s own (no commission to reverse)', async () => {
    const p = await makeProduct(t.app, { name: 'House Blanket', priceCents: 6_000, stock: 10 });
    const order = await delivered([{ productId: p.id, quantity: 2 }]);
    const asked = await ask(shopper.token, { order_id: order.id, line_id: await lineOf(order.id), units: 1, reason: 'wrong_item' });
    expect((await step(a.token, 'vendor', asked.json.id, 'approve')).status).toBe(404);
    expect((await step(admin, 'admin', asked.json.id, 'approve')).status).toBe(200);
    const received = await step(admin, 'admin', asked.json.id, 'receive', { restock: true });
    expect(received.json.refund).toMatchObject({ goods_cents: 6_000, commission_reversed_cents: 0, commission_vat_reversed_cents: 0 });
    const list = await call(t.app, { url: `/api/admin/orders/${order.id}/returns`, token: admin });
    expect(list.json.map((r: { id: number }) => r.id)).toEqual([asked.json.id]);
    await expectBalanced();
  });

  it('a refund larger than what was paid and not yet refunded is a 422 (the sub-order was cancelled in full meanwhile), nothing written', async () => {
    const p = await makeProduct(t.app, { name: 'Overrefund Rug', priceCents: 9_000, stock: 10, vendorId: a.vendor.id });
    const order = await delivered([{ productId: p.id, quantity: 1 }]);
    const asked = await ask(shopper.token, { order_id: order.id, line_id: await lineOf(order.id), units: 1, reason: 'damaged' });
    await step(a.token, 'vendor', asked.json.id, 'approve');
    await t.app.services.orders.setStatus(order.id, 'cancelled'); // refunds the sub-order in full
    const entries = await count('ledger_entries');
    const stock = await stockOf(p.id);
    const res = await step(a.token, 'vendor', asked.json.id, 'receive', { restock: true });
    expect([res.status, res.json.error]).toEqual([422, MSG.returnOverRefund]);
    expect([await count('ledger_entries'), await stockOf(p.id)]).toEqual([entries, stock]);
    expect((await q<{ status: string }>('select status from return_requests where id = $1', [asked.json.id]))[0]!.status).toBe('approved');
  });

  it('a sub-order with a refunded return cannot then be cancelled in full (409, nothing written)', async () => {
    const p = await makeProduct(t.app, { name: 'Once Only Jug', priceCents: 3_000, stock: 10, vendorId: a.vendor.id });
    const order = await delivered([{ productId: p.id, quantity: 2 }]);
    const asked = await ask(shopper.token, { order_id: order.id, line_id: await lineOf(order.id), units: 1, reason: 'damaged' });
    await step(a.token, 'vendor', asked.json.id, 'approve');
    await step(a.token, 'vendor', asked.json.id, 'receive', { restock: true });
    const entries = await count('ledger_entries');
    const res = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${order.id}/status`, token: admin, body: { status: 'cancelled' } });
    expect(res.status).toBe(409);
    expect(await count('ledger_entries')).toBe(entries);
  });

  it("a vendor already paid goes negative after a refund, and its next sale nets against it (the balance is a sum)", async () => {
    const c = await signupVendor(t.app, 'Cedar Netting LLC');
    const p = await makeProduct(t.app, { name: 'Netting Chair', priceCents: 20_000, stock: 10, vendorId: c.vendor.id });
    const order = await delivered([{ productId: p.id, quantity: 1 }]);
    const owed = await vendorBalance(c.vendor.id);
    expect(owed).toBeGreaterThan(0);
    // the vendor is paid everything it is owed: a balanced payout posting (the payouts module's shape)
    await q(`insert into ledger_entries (posting, account, vendor_id, kind, amount_cents, currency) values
      ('test-payout:1', 'vendor_payable', $1, 'payout', $2, 'AED'), ('test-payout:1', 'payouts_clearing', null, 'payout', $3, 'AED')`, [c.vendor.id, owed, -owed]);
    expect(await vendorBalance(c.vendor.id)).toBe(0);
    const asked = await ask(shopper.token, { order_id: order.id, line_id: await lineOf(order.id), units: 1, reason: 'damaged' });
    await step(c.token, 'vendor', asked.json.id, 'approve');
    const refund = (await step(c.token, 'vendor', asked.json.id, 'receive', { restock: true })).json.refund;
    const deficit = refund.goods_cents + refund.shipping_cents - refund.commission_reversed_cents - refund.commission_vat_reversed_cents;
    expect(await vendorBalance(c.vendor.id)).toBe(-deficit);
    // the next sale is owed less the deficit: what a payout would pay next
    await delivered([{ productId: p.id, quantity: 1 }]);
    expect(await vendorBalance(c.vendor.id)).toBe(owed - deficit);
    await expectBalanced();
  });
});

describe('the lists', () => {
  it("a vendor's list holds only its own returns, whatever vendor_id it sends", async () => {
    const own = await call(t.app, { url: `/api/vendor/returns?limit=100&vendor_id=${a.vendor.id}`, token: b.token });
    expect(own.status).toBe(200);
    expect(Number(own.headers['x-total-count'])).toBe(own.json.length);
    expect(own.json.every((r: { vendor_id: number }) => r.vendor_id === b.vendor.id)).toBe(true);
    const ofA = await call(t.app, { url: '/api/vendor/returns?open=false&limit=100', token: a.token });
    const [n] = await q<{ n: number }>(`select count(*)::int as n from return_requests where vendor_id = $1 and status in ('rejected', 'received')`, [a.vendor.id]);
    expect(ofA.json.length).toBe(n!.n);
    expect(ofA.json.length).toBeGreaterThan(0);
    expect((await call(t.app, { url: '/api/vendor/returns', token: shopper.token })).status).toBe(403);
    expect((await call(t.app, { url: '/api/vendor/returns' })).status).toBe(401);
  });

  it('filters by status, seller and sub-order, pages with X-Total-Count, and refuses bad filters', async () => {
    const all = await call(t.app, { url: '/api/admin/returns?limit=100', token: admin });
    expect(all.status).toBe(200);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(await count('return_requests'));
    const received = await call(t.app, { url: '/api/admin/returns?status=received&limit=100', token: admin });
    expect(received.json.length).toBeGreaterThan(0);
    expect(received.json.every((r: { status: string; refund: unknown }) => r.status === 'received' && r.refund !== null)).toBe(true);
    const ofA = await call(t.app, { url: `/api/admin/returns?vendor_id=${a.vendor.id}&limit=100`, token: admin });
    expect(ofA.json.every((r: { vendor_id: number }) => r.vendor_id === a.vendor.id)).toBe(true);
    const page = await call(t.app, { url: '/api/admin/returns?limit=2&offset=1', token: admin });
    expect(page.json.map((r: { id: number }) => r.id)).toEqual(all.json.slice(1, 3).map((r: { id: number }) => r.id));
    const today = new Date().toISOString().slice(0, 10);
    const dated = await call(t.app, { url: `/api/admin/returns?from=${today}&to=${today}&limit=100`, token: admin });
    expect(dated.json.length).toBe(received.json.length);
    const open = await call(t.app, { url: '/api/admin/returns?open=true&limit=100', token: admin });
    expect(open.json.length).toBeGreaterThan(0);
    expect(open.json.every((r: { status: string }) => r.status === 'requested' || r.status === 'approved')).toBe(true);
    for (const bad of ['status=lost', 'limit=0', 'from=yesterday', 'vendor_id=-1', 'open=maybe']) {
      expect((await call(t.app, { url: `/api/admin/returns?${bad}`, token: admin })).status, bad).toBe(400);
    }
  });
});

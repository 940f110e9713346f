import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { MSG_AR } from '@souq/shared/messages.ar';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';

// A status change cannot bypass money (issue 34 item 7, decision 0117), through the admin's status endpoint and the
// returns routes, against the real database.
let t: TestContext;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let seller: Awaited<ReturnType<typeof signupVendor>>;
let productId = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  shopper = await signupCustomer(t.app, 'Mona Money');
  seller = await signupVendor(t.app, 'Status Money LLC');
  productId = (await makeProduct(t.app, { name: 'Status Money Kettle', priceCents: 27_900, stock: 20, vendorId: seller.vendor.id })).id;
});
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const setStatus = (id: number, status: string, headers?: Record<string, string>) =>
  call(t.app, { method: 'PUT', url: `/api/admin/orders/${id}/status`, token: admin, body: { status }, ...(headers ? { headers } : {}) });
const statusOf = async (id: number) => (await q<{ status: string }>('select status from orders where id = $1', [id]))[0]!.status;
const stockOf = async () => (await q<{ stock: number }>('select stock from products where id = $1', [productId]))[0]!.stock;
const rowsOf = async (id: number) => (await q<{ posting: string; account: string; amount_cents: string }>(
  'select posting, account, amount_cents from ledger_entries where order_id = $1 order by id', [id]));
const documentsOf = async (id: number) => (await q<{ kind: string; total_cents: number }>(
  'select kind, total_cents from tax_documents where order_id = $1 order by id', [id])).map((d) => ({ kind: d.kind, cents: Number(d.total_cents) }));
const historyOf = async (id: number) => (await q<{ n: number }>('select count(*)::int as n from order_status_history where order_id = $1', [id]))[0]!.n;
/** What the shopper was charged for the sub-order and has not had back, per the ledger. */
const owedOf = async (id: number) => Number((await q<{ c: string }>(
  `select coalesce(sum(amount_cents), 0)::int8 as c from ledger_entries where order_id = $1 and account in ('shopper_receivable', 'shopper_store_credit')`, [id]))[0]!.c);
/** Every posting, every sub-order and the whole ledger sum to zero. */
async function expectBalanced() {
  expect(await q('select posting, sum(amount_cents)::int8 from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
  expect(await q('select order_id, sum(amount_cents)::int8 from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
}
/** The Payments screen's refunded figure, and the same from the ledger: the refund rows of the refunded sub-orders. */
async function refundedFigures() {
  const payments = await call(t.app, { url: '/api/admin/payments', token: admin });
  expect(payments.status).toBe(200);
  const [ledger] = await q<{ orders: string; cents: string }>(`
    select count(distinct e.order_id)::int8 as orders, coalesce(-sum(e.amount_cents), 0)::int8 as cents from ledger_entries e
    join orders o on o.id = e.order_id
    where o.status = 'refunded' and e.account in ('shopper_receivable', 'shopper_store_credit') and e.kind = 'refund'`);
  return { payments: payments.json.refunded as { orders: number; amount: number }, ledger: { orders: Number(ledger!.orders), amount: Number(ledger!.cents) / 100 } };
}

/** A sub-order of the shopper's, shipped (invoiced then) and, unless told, delivered. */
async function shipped(quantity: number, deliver = true) {
  const order = await placeOrder(t.app, [{ productId, quantity }], { userId: shopper.user.id, email: shopper.email, name: shopper.user.name, payment: 'card' });
  await t.app.services.orders.setStatus(order.id, 'shipped', { tracking: { number: `TRK${order.id}`, carrier: 'Aramex' } });
  if (deliver) await t.app.services.orders.setStatus(order.id, 'delivered');
  return order;
}

describe('PUT /api/admin/orders/{id}/status to refunded', () => {
  it('is refused with the reason while the money has not gone back: no ledger rows, no credit note, nothing written', async () => {
    const order = await shipped(1);
    expect((await documentsOf(order.id)).map((d) => d.kind)).toEqual(['invoice']);
    const [rows, history, stock] = [await rowsOf(order.id), await historyOf(order.id), await stockOf()];
    const res = await setStatus(order.id, 'refunded');
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(MSG.orderRefundThroughReturns);
    // in the reader's language
    const ar = await setStatus(order.id, 'refunded', { 'accept-language': 'ar' });
    expect(ar.status).toBe(409);
    expect(ar.json.error).toBe(MSG_AR.orderRefundThroughReturns);
    expect(await statusOf(order.id)).toBe('delivered');
    expect(await rowsOf(order.id)).toEqual(rows);
    expect((await documentsOf(order.id)).map((d) => d.kind)).toEqual(['invoice']);
    expect([await historyOf(order.id), await stockOf()]).toEqual([history, stock]);
    // the seller keeps the sale and the Payments screen counts no refund
    expect(await owedOf(order.id)).toBe(27_900);
    expect(await refundedFigures()).toEqual({ payments: { orders: 0, amount: 0 }, ledger: { orders: 0, amount: 0 } });
    await expectBalanced();
  });

  it('is taken once every unit came back through the returns routes (refund posted, credit note issued); then it is final', async () => {
    const order = await shipped(2);
    const [line] = await q<{ id: number }>('select id from order_items where order_id = $1', [order.id]);
    const asked = await call(t.app, { method: 'POST', url: '/api/my/returns', token: shopper.token, body: { order_id: order.id, line_id: line!.id, units: 1, reason: 'damaged' } });
    expect(asked.status).toBe(201);
    for (const action of ['approve', 'receive'] as const) {
      expect((await call(t.app, { method: 'POST', url: `/api/admin/returns/${asked.json.id}/${action}`, token: admin, body: action === 'receive' ? { restock: false } : {} })).status).toBe(200);
    }
    // one of two units back: still owed the other, so still refused
    expect((await setStatus(order.id, 'refunded')).status).toBe(409);
    const rest = await call(t.app, { method: 'POST', url: '/api/my/returns', token: shopper.token, body: { order_id: order.id, line_id: line!.id, units: 1, reason: 'damaged' } });
    for (const action of ['approve', 'receive'] as const) {
      expect((await call(t.app, { method: 'POST', url: `/api/admin/returns/${rest.json.id}/${action}`, token: admin, body: action === 'receive' ? { restock: false } : {} })).status).toBe(200);
    }
    expect(await owedOf(order.id)).toBe(0);
    const stock = await stockOf();
    const rows = await rowsOf(order.id);
    const res = await setStatus(order.id, 'refunded');
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('refunded');
    // the status posted nothing and moved no stock: the returns did both
    expect(await rowsOf(order.id)).toEqual(rows);
    expect(await stockOf()).toBe(stock);
    expect(rows.filter((r) => r.posting.startsWith('return:')).length).toBeGreaterThan(0);
    // the credit notes cancel the invoice exactly
    const docs = await documentsOf(order.id);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note', 'credit_note']);
    expect(docs[1]!.cents + docs[2]!.cents).toBe(docs[0]!.cents);
    // the Payments screen's refunded figure is the ledger's
    const figures = await refundedFigures();
    expect(figures.payments).toEqual(figures.ledger);
    expect(figures.payments).toEqual({ orders: 1, amount: 558 });
    await expectBalanced();
    // refunded is final: back to delivered, or a cancellation that would reverse the sale a second time, is refused
    for (const status of ['delivered', 'cancelled']) {
      const back = await setStatus(order.id, status);
      expect(back.status, status).toBe(409);
      expect(back.json.error).toBe(MSG.orderRefundedFinal);
    }
    expect(await rowsOf(order.id)).toEqual(rows);
    expect(await statusOf(order.id)).toBe('refunded');
  });

  it('after a cancellation (the sale reversed, the invoice credited) it only records it; taking the sub-order back is refused', async () => {
    const order = await shipped(1, false);
    const before = await stockOf();
    const cancelled = await setStatus(order.id, 'cancelled');
    expect(cancelled.status).toBe(200);
    expect(await stockOf()).toBe(before + 1);
    expect((await documentsOf(order.id)).map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    expect(await owedOf(order.id)).toBe(0);
    const rows = await rowsOf(order.id);
    // taking it back would post the sale again while its invoice stays credited
    const back = await setStatus(order.id, 'processing');
    expect(back.status).toBe(409);
    expect(back.json.error).toBe(MSG.orderReinstateCredited);
    expect(await statusOf(order.id)).toBe('cancelled');
    expect(await stockOf()).toBe(before + 1);
    // cancelled → refunded posts no second sale and takes no stock (it did both before decision 0117)
    const refunded = await setStatus(order.id, 'refunded');
    expect(refunded.status).toBe(200);
    expect(await rowsOf(order.id)).toEqual(rows);
    expect(await stockOf()).toBe(before + 1);
    const figures = await refundedFigures();
    expect(figures.payments).toEqual(figures.ledger);
    await expectBalanced();
  });

  it('a sub-order marked refunded by hand before the rule, its sale still posted, may be cancelled properly', async () => {
    const order = await shipped(1);
    await q("update orders set status = 'refunded' where id = $1", [order.id]);
    // the Payments screen counts it, but only with the money the ledger gave back: none
    const figures = await refundedFigures();
    expect(figures.payments).toEqual(figures.ledger);
    const res = await setStatus(order.id, 'cancelled');
    expect(res.status).toBe(200);
    expect(await owedOf(order.id)).toBe(0);
    expect((await documentsOf(order.id)).map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    await expectBalanced();
  });
});

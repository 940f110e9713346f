import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { expectAdminOnly, makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import { startTestPayments, payPlaced, type TestPayments } from '../../../test/payments-fixtures.js';

// Refunds must reach someone (issue 34 item 8, decision 0141), through the API against the real database: a
// cancelled delivered cash-on-delivery sub-order's cash back as store credit or by bank transfer, store credit earned
// by a return and spent at checkout (in part, in full, by card for the rest), purchases racing for the same credit,
// credit given back on cancellation, bank-transfer refunds with a checked IBAN paid (or failed) in a refunds batch.
let t: TestContext;
let pay: TestPayments;
let admin: string;
let rana: Awaited<ReturnType<typeof signupCustomer>>;
let omar: Awaited<ReturnType<typeof signupCustomer>>;
let seller: Awaited<ReturnType<typeof signupVendor>>;
let sofaId = 0;
let cupId = 0;
const IBAN = 'AE070331234567890123456';
const IBAN_2 = 'AE960260001015180340701';

beforeAll(async () => {
  t = await createTestApp();
  pay = await startTestPayments(t);
  admin = await adminToken(t.app, t.config);
  rana = await signupCustomer(t.app, 'Rana Credit');
  omar = await signupCustomer(t.app, 'Omar Other');
  seller = await signupVendor(t.app, 'Credit Sofas LLC');
  // the sofa: AED 10,499 with free shipping above the seller's threshold
  sofaId = (await makeProduct(t.app, { name: 'Linen Sofa', priceCents: 1_049_900, stock: 50, vendorId: seller.vendor.id })).id;
  cupId = (await makeProduct(t.app, { name: 'Clay Cup', priceCents: 4_500, stock: 500, vendorId: seller.vendor.id })).id;
});
afterAll(async () => {
  await t.app.services.payments.stop();
  await t.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const count = async (table: string) => (await q<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
const cents = (amount: number) => Math.round(amount * 100);
const credit = async (token = rana.token) => (await call(t.app, { url: '/api/my/store-credit', token })).json as {
  balance_cents: number; movements: { kind: string; amount_cents: number; order_number: string | null }[];
};
/** Every posting and every sub-order's rows sum to zero; no shopper's store credit or refunds payable is overdrawn. */
async function expectBalanced() {
  expect(await q('select posting, sum(amount_cents)::int8 from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
  expect(await q('select order_id, sum(amount_cents)::int8 from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
  expect(await q(`select shopper_id, account from ledger_entries where shopper_id is not null group by 1, 2 having sum(amount_cents) > 0`)).toEqual([]);
}

/** A delivered cash-on-delivery sub-order of `who`. */
async function deliveredCod(who = rana, productId = sofaId, quantity = 1) {
  const order = await placeOrder(t.app, [{ productId, quantity }], { userId: who.user.id, email: who.email, name: who.user.name, payment: 'cod' });
  await t.app.services.orders.setStatus(order.id, 'delivered');
  return order;
}

/** POST /api/orders as the signed-in shopper, spending `creditAmount` of their store credit. */
function buy(token: string, lines: { product_id: number; quantity: number }[], payment: 'cod' | 'card', creditAmount?: number) {
  return call(t.app, {
    method: 'POST', url: '/api/orders', token, headers: { 'idempotency-key': `credit-${Math.random()}` },
    body: {
      items: lines, customer_info: { email: rana.email, name: 'Rana Credit', phone: null },
      shipping_address: { address: '8 Credit Street', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: payment,
      ...(creditAmount !== undefined ? { store_credit_amount: creditAmount } : {}),
    },
  });
}

describe('who sees what', () => {
  it("a shopper's credit and refunds need a customer; the refunds batches an admin", async () => {
    for (const url of ['/api/my/store-credit', '/api/my/refunds']) {
      expect((await call(t.app, { url })).status).toBe(401);
      expect((await call(t.app, { url, token: seller.token })).status).toBe(403);
    }
    const failures = await expectAdminOnly(t.app, { customer: rana.token, vendor: seller.token }, [
      { method: 'GET', url: '/api/admin/refunds' },
      { method: 'GET', url: '/api/admin/refund-batches' },
      { method: 'POST', url: '/api/admin/refund-batches' },
      { method: 'GET', url: '/api/admin/refund-batches/1/transfers.csv' },
      { method: 'POST', url: '/api/admin/refunds/1/paid' },
      { method: 'POST', url: '/api/admin/refunds/1/failed', body: { reason: 'x' } },
    ]);
    expect(failures).toEqual([]);
  });
});

describe('cancelling a delivered cash-on-delivery sub-order', () => {
  it('gives the cash back as store credit by default (the AED 10,499 sofa): posted, balanced, shown, said in the history', async () => {
    const order = await deliveredCod();
    const total = cents(order.total_amount);
    expect(total).toBeGreaterThanOrEqual(1_049_900);
    const before = (await credit()).balance_cents;
    const res = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${order.id}/status`, token: admin, body: { status: 'cancelled', notes: 'Sofa torn' } });
    expect(res.status).toBe(200);
    const mine = await credit();
    expect(mine.balance_cents - before).toBe(total);
    expect(mine.movements[0]).toMatchObject({ kind: 'credit_returned', amount_cents: total, order_number: order.order_number });
    // the cash the courier collected is held by the courier since the delivery (decision 0140), not booked as
    // collected a second time; the shopper is owed it as credit; the sub-order's money is all back
    const [held] = await q<{ n: string }>(`select sum(amount_cents) as n from ledger_entries where order_id = $1 and account = 'courier_cash'`, [order.id]);
    expect(Number(held!.n)).toBe(total);
    expect(await q(`select id from ledger_entries where posting = $1`, [`cash-collected:${order.id}`])).toEqual([]);
    const [history] = await q<{ notes: string }>(`select notes from order_status_history where order_id = $1 and to_status = 'cancelled'`, [order.id]);
    expect(history!.notes).toContain('Sofa torn');
    expect(history!.notes).toContain('store credit');
    await expectBalanced();
    // the ledger now shows every fils back: the status may say refunded; cancelling again gives nothing twice
    expect((await call(t.app, { method: 'PUT', url: `/api/admin/orders/${order.id}/status`, token: admin, body: { status: 'refunded' } })).status).toBe(200);
    expect((await credit()).balance_cents).toBe(mine.balance_cents);
  });

  it('or by bank transfer to the account the admin gives (IBAN checked): owed to the shopper, nothing as credit', async () => {
    const order = await deliveredCod(omar, cupId, 2);
    const bad = await call(t.app, {
      method: 'PUT', url: `/api/admin/orders/${order.id}/status`, token: admin,
      body: { status: 'cancelled', refund_bank_account: { iban: 'AE070331234567890123457', account_holder: 'Omar Other' } },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain(MSG.ibanChecksum);
    expect((await q<{ status: string }>('select status from orders where id = $1', [order.id]))[0]!.status).toBe('delivered');
    const res = await call(t.app, {
      method: 'PUT', url: `/api/admin/orders/${order.id}/status`, token: admin,
      body: { status: 'cancelled', refund_bank_account: { iban: 'ae07 0331 2345 6789 0123 456', account_holder: 'Omar Other' } },
    });
    expect(res.status).toBe(200);
    const refunds = (await call(t.app, { url: '/api/my/refunds', token: omar.token })).json as { order_id: number; amount_cents: number; iban: string; status: string }[];
    expect(refunds).toEqual([expect.objectContaining({ order_id: order.id, amount_cents: cents(order.total_amount), iban: IBAN, status: 'owed' })]);
    expect((await credit(omar.token)).balance_cents).toBe(0);
    // another shopper sees none of it
    expect(((await call(t.app, { url: '/api/my/refunds', token: rana.token })).json as unknown[]).some((r) => (r as { order_id: number }).order_id === order.id)).toBe(false);
    await expectBalanced();
  });
});

describe('store credit at checkout', () => {
  it('earned by a return, spent in part on a cash-on-delivery purchase, the rest due in cash', async () => {
    const order = await deliveredCod(rana, cupId, 3);
    const line = (await q<{ id: number }>('select id from order_items where order_id = $1', [order.id]))[0]!.id;
    const asked = await call(t.app, { method: 'POST', url: '/api/my/returns', token: rana.token, body: { order_id: order.id, line_id: line, units: 1, reason: 'damaged', refund_method: 'store_credit' } });
    expect(asked.status).toBe(201);
    const before = (await credit()).balance_cents;
    expect((await call(t.app, { method: 'POST', url: `/api/admin/returns/${asked.json.id}/approve`, token: admin, body: {} })).status).toBe(200);
    const received = await call(t.app, { method: 'POST', url: `/api/admin/returns/${asked.json.id}/receive`, token: admin, body: { restock: true } });
    expect(received.status).toBe(200);
    const earned = (await credit()).balance_cents - before;
    expect(earned).toBe(received.json.refund.total_cents);
    // spend 30 of it on a new purchase
    const placed = await buy(rana.token, [{ product_id: cupId, quantity: 4 }], 'cod', 30);
    expect(placed.status).toBe(201);
    const p = placed.json.order;
    expect(p.store_credit_amount).toBe(30);
    expect(p.amount_due).toBeCloseTo(p.total_amount - 30, 2);
    expect((await credit()).balance_cents).toBe(before + earned - 3_000);
    expect((await credit()).movements[0]).toMatchObject({ kind: 'credit_spent', amount_cents: -3_000 });
    // posted with the purchase: the shopper owes the purchase only what the credit did not pay
    const [owed] = await q<{ n: string }>(`select sum(amount_cents) as n from ledger_entries where purchase_id = $1 and account = 'shopper_receivable'`, [p.id]);
    expect(Number(owed!.n)).toBe(cents(p.total_amount) - 3_000);
    await expectBalanced();
  });

  it('more than the balance is a 422 and writes nothing; a guest cannot spend credit', async () => {
    const balance = (await credit()).balance_cents;
    const purchases = await count('purchases');
    // the credit asked is capped at the total: ask on a purchase bigger than the balance
    const big = await buy(rana.token, [{ product_id: sofaId, quantity: 3 }], 'cod', balance / 100 + 1);
    expect(big.status).toBe(422);
    expect(big.json.error).toBe(MSG.storeCreditTooLow);
    const guest = await buy('', [{ product_id: cupId, quantity: 1 }], 'cod', 1);
    expect(guest.status).toBe(400);
    expect(await count('purchases')).toBe(purchases);
    expect((await credit()).balance_cents).toBe(balance);
  });

  it('a purchase the credit covers in full needs no payment, even chosen by card; cancelling it gives the credit back', async () => {
    const balance = (await credit()).balance_cents;
    expect(balance).toBeGreaterThan(4_500);
    const placed = await buy(rana.token, [{ product_id: cupId, quantity: 1 }], 'card', balance / 100);
    expect(placed.status).toBe(201);
    expect(placed.json.payment).toBeNull();
    expect(placed.json.order.amount_due).toBe(0);
    expect(placed.json.order.status).toBe('pending');
    // stored and shown as paid by store credit (issue 34, decision 0157): no card payment at the provider
    expect(placed.json.order.payment_method).toBe('store_credit');
    expect(await q('select 1 from payment_attempts where purchase_id = $1', [placed.json.order.id])).toEqual([]);
    const spent = cents(placed.json.order.store_credit_amount);
    expect((await credit()).balance_cents).toBe(balance - spent);
    const sub = placed.json.order.sub_orders[0].id as number;
    expect((await t.app.services.orders.setStatus(sub, 'cancelled')).status).toBe('cancelled');
    expect((await credit()).balance_cents).toBe(balance);
    await expectBalanced();
  });

  it('paid in full by store credit with cash on delivery chosen: stored as store credit, no cash to collect at the door, shown so to the admin and the seller', async () => {
    const before = await call(t.app, { url: '/api/admin/payments', token: admin });
    expect(before.status).toBe(200);
    const balance = (await credit()).balance_cents;
    const placed = await buy(rana.token, [{ product_id: cupId, quantity: 1 }], 'cod', balance / 100);
    expect(placed.status).toBe(201);
    const order = placed.json.order;
    expect(order).toMatchObject({ payment_method: 'store_credit', amount_due: 0 });
    expect(order.notes).toContain('Payment: Store credit');
    // the purchase and its sub-order both carry it
    expect(await q('select payment_method from purchases where id = $1 union all select payment_method from orders where purchase_id = $1', [order.id]))
      .toEqual([{ payment_method: 'store_credit' }, { payment_method: 'store_credit' }]);
    // nothing for a courier to collect: the cash-on-delivery figures do not count it, the payments summary names it
    const after = await call(t.app, { url: '/api/admin/payments', token: admin });
    expect(after.json.cod_to_collect).toEqual(before.json.cod_to_collect);
    expect(after.json.methods.find((m: { method: string }) => m.method === 'store_credit')).toMatchObject({ label: 'Store credit', collection: 'store_credit', orders: (before.json.methods.find((m: { method: string }) => m.method === 'store_credit')?.orders ?? 0) + 1 });
    const sub = order.sub_orders[0].id as number;
    const listed = await call(t.app, { url: `/api/admin/orders?search=${encodeURIComponent(order.sub_orders[0].order_number)}`, token: admin });
    expect(listed.json.find((o: { id: number }) => o.id === sub)).toMatchObject({ payment_method: 'store_credit' });
    const mine = await call(t.app, { url: '/api/vendor/orders', token: seller.token });
    expect(mine.json.find((o: { id: number }) => o.id === sub)).toMatchObject({ payment_method: 'store_credit' });
    // credit that covers only part keeps the method chosen for the rest
    const part = await buy(rana.token, [{ product_id: cupId, quantity: 1 }], 'cod');
    expect(part.json.order.payment_method).toBe('cod');
    await t.app.services.orders.setStatus(sub, 'cancelled');
    expect((await credit()).balance_cents).toBe(balance);
    await expectBalanced();
  });

  it('with a card, only the rest goes to the provider; a cancellation gives the credit back and the card the rest', async () => {
    const balance = (await credit()).balance_cents;
    const placed = await buy(rana.token, [{ product_id: cupId, quantity: 2 }], 'card', 20);
    expect(placed.status).toBe(201);
    const order = placed.json.order;
    expect(placed.json.payment.amount).toBeCloseTo(order.total_amount - 20, 2);
    await payPlaced(pay, placed.json);
    const [captured] = await q<{ c: number }>('select captured_cents as c from payment_attempts where purchase_id = $1', [order.id]);
    expect(captured!.c).toBe(cents(order.total_amount) - 2_000);
    expect((await credit()).balance_cents).toBe(balance - 2_000);
    await t.app.services.orders.setStatus(order.sub_orders[0].id, 'cancelled');
    expect((await credit()).balance_cents).toBe(balance);
    // what the card paid is owed back to the card (the payments module refunds it), no more
    const [owed] = await q<{ n: string }>(`select sum(amount_cents) as n from ledger_entries where purchase_id = $1 and account = 'shopper_receivable' and kind <> 'card_refund'`, [order.id]);
    expect(-Number(owed!.n)).toBe(cents(order.total_amount) - 2_000);
    await expectBalanced();
  });

  it('two purchases racing for the same credit: one is placed, the other refused; the balance never goes below zero', async () => {
    // Omar gets exactly one cup's worth and a bit
    const order = await deliveredCod(omar, cupId, 1);
    await t.app.services.orders.setStatus(order.id, 'cancelled');
    const balance = (await credit(omar.token)).balance_cents;
    expect(balance).toBe(cents(order.total_amount));
    const results = await Promise.all([1, 2, 3].map(() => buy(omar.token, [{ product_id: cupId, quantity: 1 }], 'cod', balance / 100)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422, 422]);
    expect((await credit(omar.token)).balance_cents).toBe(0);
    await expectBalanced();
  });
});

describe('bank-transfer refunds', () => {
  async function codReturn(who: typeof rana, bank: unknown) {
    const order = await deliveredCod(who, cupId, 2);
    const line = (await q<{ id: number }>('select id from order_items where order_id = $1', [order.id]))[0]!.id;
    return { order, res: await call(t.app, { method: 'POST', url: '/api/my/returns', token: who.token, body: { order_id: order.id, line_id: line, units: 1, reason: 'damaged', refund_method: 'bank_transfer', ...(bank ? { bank_account: bank } : {}) } }) };
  }

  it('asked for at once (a double click, two admins, two instances): a cancellation, a return and a refunds batch each move the money once', async () => {
    // The audit after decision 0192: each of these reads what to move and moves it under one row lock (the sub-order's,
    // the return's, the refund's) that every other writer of that money takes too. On PostgreSQL the requests run on
    // separate connections; three rounds.
    const postings = async (like: string) => (await q<{ posting: string }>('select distinct posting from ledger_entries where posting like $1', [like])).map((r) => r.posting);
    for (let round = 0; round < 3; round++) {
      // a delivered cash-on-delivery sub-order cancelled by six requests at once: its sale reversed once, its cash given back once
      const order = await deliveredCod(rana, cupId, 1);
      const before = (await credit()).balance_cents;
      const cancels = await Promise.all(Array.from({ length: 6 }, () => call(t.app, { method: 'PUT', url: `/api/admin/orders/${order.id}/status`, token: admin, body: { status: 'cancelled' } })));
      expect(cancels.every((r) => r.status === 200)).toBe(true);
      expect(await postings(`cancelled:${order.id}:%`)).toHaveLength(1);
      expect(await postings(`credit-back:${order.id}:%`)).toHaveLength(1);
      expect((await credit()).balance_cents - before).toBe(cents(order.total_amount));
      // a return received by six requests at once: refunded once, owed by bank transfer once
      const { res } = await codReturn(rana, { iban: IBAN, account_holder: 'Rana Credit' });
      expect(res.status).toBe(201);
      expect((await call(t.app, { method: 'POST', url: `/api/admin/returns/${res.json.id}/approve`, token: admin, body: {} })).status).toBe(200);
      const received = await Promise.all(Array.from({ length: 6 }, () => call(t.app, { method: 'POST', url: `/api/admin/returns/${res.json.id}/receive`, token: admin, body: { restock: true } })));
      expect(received.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await postings(`return:%:${res.json.id}`)).toHaveLength(1);
      const owed = await q<{ id: number }>('select id from bank_refunds where return_id = $1', [res.json.id]);
      expect(owed).toHaveLength(1);
      // four refunds batches at once: each refund owed is sent in one of them, once
      const batches = await Promise.all(Array.from({ length: 4 }, () => call(t.app, { method: 'POST', url: '/api/admin/refund-batches', token: admin })));
      expect(batches.filter((b) => b.status === 201).length).toBeGreaterThanOrEqual(1);
      expect(batches.every((b) => b.status === 201 || b.status === 409)).toBe(true);
      expect(await postings(`refund-sent:${owed[0]!.id}:%`)).toHaveLength(1);
      expect(await q(`select 1 from bank_refunds where status = 'owed'`)).toEqual([]);
    }
    await expectBalanced();
  });

  it('a bad IBAN or none is a 400 and nothing is written', async () => {
    const before = await count('return_requests');
    const refunds = await count('bank_refunds');
    for (const [bank, msg] of [
      [{ iban: 'AE070331234567890123457', account_holder: 'Rana Credit' }, MSG.ibanChecksum],
      [{ iban: 'GB82WEST12345698765432', account_holder: 'Rana Credit' }, MSG.ibanFormat],
      [null, MSG.refundBankRequired],
    ] as const) {
      const { res } = await codReturn(rana, bank);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain(msg);
    }
    expect(await count('return_requests')).toBe(before);
    expect(await count('bank_refunds')).toBe(refunds);
  });

  it('owed when received, sent in a batch with its CSV, paid; failed gives the money back to the shopper and says so', async () => {
    // settle whatever earlier tests left owed, so this batch holds only these two
    if ((await q('select id from bank_refunds where status = $1', ['owed'])).length) await call(t.app, { method: 'POST', url: '/api/admin/refund-batches', token: admin });
    const ids: number[] = [];
    for (const who of [rana, omar]) {
      const { res } = await codReturn(who, { iban: who === rana ? IBAN : IBAN_2, account_holder: who.user.name });
      expect(res.status).toBe(201);
      await call(t.app, { method: 'POST', url: `/api/admin/returns/${res.json.id}/approve`, token: admin, body: {} });
      const got = await call(t.app, { method: 'POST', url: `/api/admin/returns/${res.json.id}/receive`, token: admin, body: { restock: true } });
      expect(got.status).toBe(200);
      const mine = (await call(t.app, { url: '/api/my/refunds', token: who.token })).json as { id: number; return_id: number; amount_cents: number; status: string }[];
      const r = mine.find((x) => x.return_id === res.json.id)!;
      expect(r).toMatchObject({ status: 'owed', amount_cents: got.json.refund.total_cents });
      ids.push(r.id);
    }
    const payable = async (shopperId: number) => 0 - Number((await q<{ n: string }>(`select coalesce(sum(amount_cents), 0) as n from ledger_entries where account = 'shopper_refunds_payable' and shopper_id = $1`, [shopperId]))[0]!.n);
    const ranaOwed = await payable(rana.user.id);
    expect(ranaOwed).toBeGreaterThan(0);
    const batch = await call(t.app, { method: 'POST', url: '/api/admin/refund-batches', token: admin });
    expect(batch.status).toBe(201);
    expect(batch.json.count).toBe(2);
    expect(await payable(rana.user.id)).toBe(0);
    const csv = await call(t.app, { url: `/api/admin/refund-batches/${batch.json.id}/transfers.csv`, token: admin });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(IBAN);
    expect(csv.body).toContain(IBAN_2);
    // nothing left to send: a second batch is refused
    expect((await call(t.app, { method: 'POST', url: '/api/admin/refund-batches', token: admin })).status).toBe(409);
    // Rana's is paid; Omar's bounces
    expect((await call(t.app, { method: 'POST', url: `/api/admin/refunds/${ids[0]}/paid`, token: admin })).json.status).toBe('paid');
    expect((await call(t.app, { method: 'POST', url: `/api/admin/refunds/${ids[0]}/paid`, token: admin })).status).toBe(409);
    const failed = await call(t.app, { method: 'POST', url: `/api/admin/refunds/${ids[1]}/failed`, token: admin, body: { reason: 'Account closed' } });
    expect(failed.json).toMatchObject({ status: 'failed', failure_reason: 'Account closed' });
    const omarMine = (await call(t.app, { url: '/api/my/refunds', token: omar.token })).json as { id: number; status: string; failure_reason: string }[];
    expect(omarMine.find((r) => r.id === ids[1])).toMatchObject({ status: 'failed', failure_reason: 'Account closed' });
    expect(await payable(omar.user.id)).toBeGreaterThan(0);
    // only its shopper gives new details; then it is owed again and the next batch sends it
    expect((await call(t.app, { method: 'PUT', url: `/api/my/refunds/${ids[1]}/account`, token: rana.token, body: { iban: IBAN, account_holder: 'Rana' } })).status).toBe(404);
    const fixed = await call(t.app, { method: 'PUT', url: `/api/my/refunds/${ids[1]}/account`, token: omar.token, body: { iban: IBAN, account_holder: 'Omar Other' } });
    expect(fixed.json).toMatchObject({ status: 'owed', iban: IBAN });
    expect((await call(t.app, { method: 'POST', url: '/api/admin/refund-batches', token: admin })).json.count).toBe(1);
    // the bank paid Rana's: it left the bank; nothing is owed to her
    const [bank] = await q<{ n: string }>(`select sum(amount_cents) as n from ledger_entries where posting = $1 and account = 'bank'`, [`refund-paid:${ids[0]}`]);
    expect(-Number(bank!.n)).toBe(ranaOwed);
    await expectBalanced();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { expectAdminOnly, makeProduct, placeOrder } from '../../../test/admin-fixtures.js';

// Cash on delivery settled (issue 36 item 6, decision 0140), through the routes on a fresh database: the courier holds
// the cash from delivery, a remittance brings it in once, the vendor is paid only then, refused deliveries are undone
// and counted, and too many of them leave the shopper card only.
let t: TestContext;
let admin: string;
let vendor: Awaited<ReturnType<typeof signupVendor>>;
let aramex: { id: number; token: string };
let epost: { id: number; token: string };

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const one = async <T>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!;
const ledgerRows = async () => (await one<{ n: number }>('select count(*)::int as n from ledger_entries')).n;
const accountOf = async (orderId: number, account: string) =>
  Number((await one<{ s: string }>('select coalesce(sum(amount_cents), 0)::text as s from ledger_entries where order_id = $1 and account = $2', [orderId, account])).s);
async function expectBalanced() {
  expect(await q('select posting, currency, sum(amount_cents)::int8 from ledger_entries group by 1, 2 having sum(amount_cents) <> 0')).toEqual([]);
}
const balance = async () => {
  const rows = (await call(t.app, { url: '/api/admin/finance/balances', token: admin })).json as { vendor_id: number; held_cents: number; available_cents: number }[];
  return rows.find((r) => r.vendor_id === vendor.vendor.id)!;
};

async function makeCourier(code: string, name: string) {
  const created = await call(t.app, { method: 'POST', url: '/api/admin/cod/couriers', token: admin, body: { code, name, name_ar: 'أرامكس' } });
  expect(created.status, created.body).toBe(201);
  const token = await call(t.app, { method: 'POST', url: `/api/admin/cod/couriers/${created.json.id}/token`, token: admin });
  expect(token.status).toBe(201);
  expect(token.json.courier.has_token).toBe(true);
  return { id: created.json.id as number, token: token.json.token as string };
}

/** A cash purchase of one vendor product, shipped with `carrier` and (unless told) delivered. */
async function cashSale(priceCents: number, opts: { carrier?: string; deliver?: boolean; email?: string; userId?: number } = {}) {
  const p = await makeProduct(t.app, { name: `Cash item ${priceCents}-${Math.random()}`, priceCents, stock: 10, vendorId: vendor.vendor.id });
  const order = await placeOrder(t.app, [{ productId: p.id, quantity: 1 }], { payment: 'cod', email: opts.email, userId: opts.userId });
  await t.app.services.orders.setStatus(order.id, 'shipped', { tracking: { number: `T${order.id}`, carrier: opts.carrier ?? 'Aramex' } });
  if (opts.deliver !== false) await t.app.services.orders.setStatus(order.id, 'delivered');
  return { order, product: p };
}
const aed = (cents: number) => (cents / 100).toFixed(2);
const today = () => new Date().toISOString().slice(0, 10);
const importCsv = (csv: string, courierId: number | null = null) => call(t.app, { method: 'POST', url: '/api/admin/cod/remittances', token: admin, body: { csv, courier_id: courierId } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  vendor = await signupVendor(t.app, 'Cash Goods LLC');
  await q('update vendors set is_verified = true where id = $1', [vendor.vendor.id]);
  aramex = await makeCourier('ARX', 'Aramex');
  epost = await makeCourier('EPOST', 'Emirates Post');
});
afterAll(() => t.close());

describe('cash on delivery settled', () => {
  it('holds the cash with the courier from delivery, and the vendor money until a remittance brings it in (once)', async () => {
    const { order } = await cashSale(12_500, { carrier: 'aramex' });
    const total = Math.round(order.total_amount * 100);
    expect(await accountOf(order.id, 'shopper_receivable')).toBe(0);
    expect(await accountOf(order.id, 'courier_cash')).toBe(total);
    // long past the return window, the money stays held while the courier has the cash
    await q(`update orders set delivered_at = now() - interval '40 days' where id = $1`, [order.id]);
    const before = await balance();
    expect(before.held_cents).toBeGreaterThan(0);
    expect(before.available_cents).toBe(0);
    const cash = (await call(t.app, { url: '/api/admin/cod/cash', token: admin })).json;
    const row = cash.couriers.find((c: { courier_id: number }) => c.courier_id === aramex.id);
    expect(row).toMatchObject({ name: 'Aramex', sub_orders: 1, total_cents: total, buckets: { d0_7: 0, d8_30: 0, d31_plus: total } });

    const csv = `order_number,amount_aed,date\r\n${order.order_number},${aed(total)},${today()}\r\n`;
    const first = await importCsv(csv, aramex.id);
    expect(first.status, first.body).toBe(200);
    expect(first.json).toMatchObject({ posted: 1, duplicate: false, expected_cents: total, collected_cents: total, difference_cents: 0 });
    expect(await accountOf(order.id, 'courier_cash')).toBe(0);
    expect(await accountOf(order.id, 'bank')).toBe(total);
    expect(await accountOf(order.id, 'shopper_receivable')).toBe(0);
    const after = await balance();
    expect(after.held_cents).toBe(0);
    expect(after.available_cents).toBe(before.held_cents);

    const rows = await ledgerRows();
    const again = await importCsv(csv, aramex.id);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ posted: 0, duplicate: true });
    expect(again.json.lines[0]).toMatchObject({ already_remitted: true, expected_cents: total });
    expect(await ledgerRows()).toBe(rows);
    expect((await one<{ n: number }>('select count(*)::int as n from cod_remittances')).n).toBe(1);
    await expectBalanced();
  });

  it('a remittance imported several times at once (the same file, one dated otherwise) brings the cash in once', async () => {
    // The audit after decision 0192: the courier's cash is read and remitted under the shipments' row locks, and a
    // sub-order's remittance line is unique. On PostgreSQL the imports run on separate connections; three rounds.
    for (let round = 0; round < 3; round++) {
      const { order } = await cashSale(7_300 + round, { carrier: 'aramex' });
      const total = Math.round(order.total_amount * 100);
      const csv = (day: string) => `order_number,amount_aed,date\r\n${order.order_number},${aed(total)},${day}\r\n`;
      const imports = await Promise.all(Array.from({ length: 6 }, (_, i) => importCsv(csv(i % 2 ? '2026-01-02' : today()), aramex.id)));
      expect(imports.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(imports.filter((r) => r.json.posted === 1)).toHaveLength(1);
      expect((await q('select distinct posting from ledger_entries where order_id = $1 and posting like $2', [order.id, 'cod-remitted:%'])).length).toBe(1);
      expect(await accountOf(order.id, 'courier_cash')).toBe(0);
      expect(await accountOf(order.id, 'bank')).toBe(total);
    }
    await expectBalanced();
  });

  it('records a short amount as a difference, never as settled in full', async () => {
    const { order } = await cashSale(20_000);
    const short = Math.round(order.total_amount * 100) - 1_000;
    const res = await importCsv(`${order.order_number};${aed(short)};${today()}`);
    expect(res.status, res.body).toBe(200);
    expect(res.json.difference_cents).toBe(-1_000);
    expect(await accountOf(order.id, 'bank')).toBe(short);
    expect(await accountOf(order.id, 'cod_differences')).toBe(1_000);
    expect((await call(t.app, { url: '/api/admin/cod/cash', token: admin })).json.differences_cents).toBe(1_000);
    await expectBalanced();
  });

  it('rejects a file with bad rows as a whole, each error under its row, nothing written', async () => {
    const ok = await cashSale(5_000);
    const undelivered = await cashSale(6_000, { deliver: false });
    const card = await placeOrder(t.app, [{ productId: ok.product.id, quantity: 1 }], { payment: 'card' });
    const rows = await ledgerRows();
    const csv = [
      'order,amount,date',
      `${ok.order.order_number},${aed(Math.round(ok.order.total_amount * 100))},${today()}`,
      `SQ-NOPE-1,10.00,${today()}`,
      `${undelivered.order.order_number},60.00,${today()}`,
      `${card.order_number},10.00,${today()}`,
      `${ok.order.order_number},abc,${today()}`,
      `"${ok.order.order_number}",1.00,2999-01-01`,
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(422);
    expect(res.json.error).toBe(MSG.codRemittanceRejected);
    expect(Object.keys(res.json.fields).sort()).toEqual(['row_3', 'row_4', 'row_5', 'row_6', 'row_7']);
    expect(res.json.fields.row_3).toBe(MSG.codRowOrderUnknown('SQ-NOPE-1'));
    expect(res.json.fields.row_4).toBe(MSG.codRowNotCollected(undelivered.order.order_number));
    expect(res.json.fields.row_5).toBe(MSG.codRowNotCash(card.order_number));
    expect(res.json.fields.row_6).toBe(MSG.codRowTwice(ok.order.order_number));
    expect(await ledgerRows()).toBe(rows);
    expect(await accountOf(ok.order.id, 'courier_cash')).toBe(Math.round(ok.order.total_amount * 100));
    const bad = await importCsv(`${ok.order.order_number},12.345,${today()}\n${ok.order.order_number.slice(0, -1)}X,1.00,${today()}`);
    expect(bad.json.fields.row_1).toBe(MSG.codRowAmount);
    // the error is in the reader's language
    const ar = await call(t.app, { method: 'POST', url: '/api/admin/cod/remittances', token: admin, body: { csv: `${ok.order.order_number},1.00,14/03/2026` }, headers: { 'accept-language': 'ar' } });
    expect(ar.status).toBe(422);
    expect(ar.json.fields.row_1).toMatch(/[\u0600-\u06FF]/);
    expect((await importCsv('')).status).toBe(422);
  });

  it("lets a courier push its own remittance with its token, and refuses a bad token or another courier's sub-order", async () => {
    const { order } = await cashSale(7_500, { carrier: 'Emirates Post' });
    const body = { records: [{ order_number: order.order_number, amount: aed(Math.round(order.total_amount * 100)), date: today() }] };
    expect((await call(t.app, { method: 'POST', url: '/api/courier/remittances', body })).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/api/courier/remittances', body, token: 'cour_not-a-token' })).status).toBe(401);
    // an admin session is not a courier token
    expect((await call(t.app, { method: 'POST', url: '/api/courier/remittances', body, token: admin })).status).toBe(401);
    const rows = await ledgerRows();
    const other = await call(t.app, { method: 'POST', url: '/api/courier/remittances', body, token: aramex.token });
    expect(other.status).toBe(422);
    expect(other.json.fields.row_1).toBe(MSG.codRowOtherCourier(order.order_number));
    expect(await ledgerRows()).toBe(rows);
    const own = await call(t.app, { method: 'POST', url: '/api/courier/remittances', body: { records: [{ ...body.records[0], amount: order.total_amount }] }, token: epost.token });
    expect(own.status, own.body).toBe(200);
    expect(own.json.posted).toBe(1);
    expect(await accountOf(order.id, 'courier_cash')).toBe(0);
    // a new token replaces the old one
    const renewed = await call(t.app, { method: 'POST', url: `/api/admin/cod/couriers/${epost.id}/token`, token: admin });
    expect((await call(t.app, { method: 'POST', url: '/api/courier/remittances', body, token: epost.token })).status).toBe(401);
    epost.token = renewed.json.token;
    const stored = await one<{ token_hash: string }>('select token_hash from couriers where id = $1', [epost.id]);
    expect(stored.token_hash).not.toContain(epost.token);
  });

  it('undoes a refused delivery: stock back, the sale reversed to zero on every account, the invoice credited', async () => {
    const { order, product } = await cashSale(9_900, { deliver: false });
    const stock = async () => (await one<{ stock: number }>('select stock from products where id = $1', [product.id])).stock;
    expect(await stock()).toBe(9);
    // only a shipped cash sub-order can be refused
    const card = await placeOrder(t.app, [{ productId: product.id, quantity: 1 }], { payment: 'card' });
    await t.app.services.orders.setStatus(card.id, 'shipped');
    expect((await call(t.app, { method: 'POST', url: `/api/admin/cod/orders/${card.id}/refused`, token: admin, body: {} })).status).toBe(409);
    const res = await call(t.app, { method: 'POST', url: `/api/admin/cod/orders/${order.id}/refused`, token: admin, body: { notes: 'Shopper not home, refused on call' } });
    expect(res.status, res.body).toBe(200);
    expect(res.json.status).toBe('cancelled');
    expect(await stock()).toBe(9); // 10 − this one (back) − the card order's
    const accounts = await q<{ account: string; s: string }>('select account, sum(amount_cents)::text as s from ledger_entries where order_id = $1 group by 1', [order.id]);
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts.every((a) => Number(a.s) === 0)).toBe(true);
    expect(await accountOf(order.id, 'courier_cash')).toBe(0);
    const docs = await q<{ kind: string }>('select kind from tax_documents where order_id = $1 order by id', [order.id]);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    expect((await call(t.app, { method: 'POST', url: `/api/admin/cod/orders/${order.id}/refused`, token: admin, body: {} })).status).toBe(409);
    await expectBalanced();
  });

  it('offers card only after the set number of refused deliveries (the server refuses cash with the reason)', async () => {
    const shopper = await signupCustomer(t.app, 'Rafi Refuser');
    const p = await makeProduct(t.app, { name: 'Refused lamp', priceCents: 3_000, stock: 20, vendorId: vendor.vendor.id });
    const eligibility = async () => (await call(t.app, { url: '/api/cod/eligibility', token: shopper.token })).json;
    expect(await eligibility()).toEqual({ cod_allowed: true, refusals: 0, threshold: 2 });
    // a courier reports its own refusals; another courier's sub-order is a 404
    for (let i = 0; i < 2; i++) {
      const order = await placeOrder(t.app, [{ productId: p.id, quantity: 1 }], { payment: 'cod', userId: shopper.user.id, email: shopper.email });
      await t.app.services.orders.setStatus(order.id, 'shipped', { tracking: { number: `R${i}`, carrier: 'ARX' } });
      if (i === 0) expect((await call(t.app, { method: 'POST', url: '/api/courier/refusals', token: epost.token, body: { order_number: order.order_number } })).status).toBe(404);
      const refused = await call(t.app, { method: 'POST', url: '/api/courier/refusals', token: aramex.token, body: { order_number: order.order_number } });
      expect(refused.status, refused.body).toBe(200);
    }
    expect(await eligibility()).toEqual({ cod_allowed: false, refusals: 2, threshold: 2 });
    const body = (payment: 'cod' | 'card') => ({
      items: [{ product_id: p.id, quantity: 1 }], customer_info: { name: 'Rafi', email: shopper.email, phone: null },
      shipping_address: { address: '1 Street', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: payment,
    });
    const cod = await call(t.app, { method: 'POST', url: '/api/orders', token: shopper.token, body: body('cod') });
    expect(cod.status).toBe(422);
    expect(cod.json.error).toBe(MSG.codCardOnly(2));
    // the same shopper as a guest, by e-mail, is refused too, with the reason, when placing
    const guest = await call(t.app, { method: 'POST', url: '/api/orders', body: body('cod') });
    expect(guest.status).toBe(422);
    expect(guest.json.error).toBe(MSG.codCardOnly(2));
    // but nobody learns it by asking about an e-mail: the answer is about the caller, and a guest has none
    const probe = await call(t.app, { url: `/api/cod/eligibility?${new URLSearchParams({ email: shopper.email })}` });
    expect(probe.status).toBe(200);
    expect(probe.json).toEqual({ cod_allowed: true, refusals: 0, threshold: 2 });
    // the admin raises the threshold: cash is offered again
    const set = await call(t.app, { method: 'PUT', url: '/api/admin/cod/settings', token: admin, body: { refusal_threshold: 3 } });
    expect(set.status).toBe(200);
    expect((await eligibility()).cod_allowed).toBe(true);
    expect((await call(t.app, { method: 'POST', url: '/api/orders', token: shopper.token, body: body('cod') })).status).toBe(201);
    await call(t.app, { method: 'PUT', url: '/api/admin/cod/settings', token: admin, body: { refusal_threshold: 2 } });
  });

  it('keeps the admin routes to admins', async () => {
    const customer = await signupCustomer(t.app);
    const failures = await expectAdminOnly(t.app, { customer: customer.token, vendor: vendor.token }, [
      { method: 'GET', url: '/api/admin/cod/cash' },
      { method: 'GET', url: '/api/admin/cod/couriers' },
      { method: 'POST', url: '/api/admin/cod/couriers', body: { code: 'X1', name: 'Xpress' } },
      { method: 'POST', url: `/api/admin/cod/couriers/${aramex.id}/token` },
      { method: 'PUT', url: '/api/admin/cod/settings', body: { refusal_threshold: 1 } },
      { method: 'POST', url: '/api/admin/cod/remittances', body: { csv: 'a,b,c' } },
      { method: 'POST', url: '/api/admin/cod/orders/1/refused', body: {} },
    ]);
    expect(failures).toEqual([]);
  });
});

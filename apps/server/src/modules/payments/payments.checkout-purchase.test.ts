import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { DAY_MS } from './local/clock.js';
import { startTestCheckout, type TestCheckout } from '../../../test/payments-fixtures.js';

// A shopper's card purchase when the runtime's provider is Checkout.com (decision 0179), through the API against the
// local Checkout.com (the official checkout-sdk-node over HTTP) and a fresh database: the purchase waits on hold, the
// card is typed on Checkout.com's hosted payments page (never Souq's), 3-D Secure passes or fails on its challenge
// page, a decline shows its response code and the same page takes another card; the Cko-Signature webhook alone
// releases and captures; a forged one is refused with nothing written; a refund after the seller was paid comes back
// by a transfer from the seller's sub-entity to the platform entity (Checkout.com has no transfer reversal).
let t: TestContext;
let pay: TestCheckout;
let cko: TestCheckout['local'];
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let vendor: Awaited<ReturnType<typeof signupVendor>>;
let productId = 0;

beforeAll(async () => {
  t = await createTestApp({ payments: { ...testConfig().payments, provider: 'checkout' } });
  // the local Checkout.com is reached over HTTP (its SDK uses the global fetch); time and webhooks move when the test says
  pay = await startTestCheckout(t);
  cko = pay.local;
  shopper = await signupCustomer(t.app, 'Kamal Checkout');
  vendor = await signupVendor(t.app, 'Checkout Lanterns LLC');
  productId = (await makeProduct(t.app, { name: 'Checkout Lantern', priceCents: 8_000, stock: 50, vendorId: vendor.vendor.id })).id;
});
afterAll(async () => {
  await t.app.services.payments.stop();
  await t.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const stock = async () => (await q<{ stock: number }>('select stock from products where id = $1', [productId]))[0]!.stock;
const ledgerRows = async (purchaseId: number) => (await q<{ n: number }>('select count(*)::int as n from ledger_entries where purchase_id = $1', [purchaseId]))[0]!.n;
const events = async () => (await q<{ n: number }>('select count(*)::int as n from payment_events'))[0]!.n;

const browse = (url: string, form?: Record<string, string>) => pay.visit(url, form);

/** Types the card on the hosted page, then answers the 3-D Secure challenge it leads to; answers where the shopper lands. */
async function payOnPage(payUrl: string, number: string, outcome: 'complete' | 'fail' = 'complete') {
  const back = await pay.payOnPage(payUrl, number, outcome);
  expect(back.location).not.toMatch(/\/local\/checkout\/3ds\//);
  return back;
}

/** A card purchase placed by the shopper; `reader`: the page's language (`?lang=`) and the browser's Accept-Language. */
async function place(units = 1, product = productId, reader?: { lang: 'en' | 'ar'; acceptLanguage: string }) {
  const res = await call(t.app, {
    method: 'POST', url: reader ? `/api/orders?lang=${reader.lang}` : '/api/orders', token: shopper.token,
    headers: { 'idempotency-key': `cko-${Math.random()}`, ...(reader ? { 'accept-language': reader.acceptLanguage } : {}) },
    body: {
      items: [{ product_id: product, quantity: units }], customer_info: { email: shopper.email, name: 'Kamal Checkout', phone: null },
      shipping_address: { address: '7 Hosted Page Road', city: 'Abu Dhabi', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card',
    },
  });
  expect(res.status).toBe(201);
  return { purchaseId: res.json.order.id as number, number: res.json.order_number as string, payUrl: res.json.payment.pay_url as string, token: res.json.payment.token as string, first: res.json.payment };
}
const stateOf = (number: string) => call(t.app, { url: `/api/payments/purchases/${encodeURIComponent(number)}`, token: shopper.token });
const attemptOf = async (purchaseId: number) =>
  (await q<{ status: string; provider_payment_id: string; failure_code: string | null; sale_posted_at: Date | null; cash_posted_at: Date | null }>(
    'select status, provider_payment_id, failure_code, sale_posted_at, cash_posted_at from payment_attempts where purchase_id = $1', [purchaseId]))[0]!;
async function deliver() {
  await cko.queue.flush();
  await t.app.services.cardPayments.idle();
  await cko.queue.flush();
}

describe('a card purchase paid through Checkout.com', () => {
  it('waits on hold, is paid on the hosted page with 3-D Secure passed, and the signed webhook alone releases and captures it', async () => {
    const before = await stock();
    const p = await place(2);
    expect(p.first).toMatchObject({ status: 'requires_payment_method', paid: false, failure: null, card_form: null });
    expect(p.payUrl).toMatch(/\/local\/checkout\/page\/hpp_[a-z2-7]+$/);
    expect(await stock()).toBe(before - 2);
    expect(await ledgerRows(p.purchaseId)).toBe(0);
    expect((await attemptOf(p.purchaseId)).provider_payment_id).toMatch(/^hpp_/);

    // the card page, in both languages: card number, expiry, CVC and Checkout.com's test cards
    const en = await browse(p.payUrl);
    expect(en.html).toContain('name="number"');
    expect(en.html).toContain('4544 2491 6767 3670');
    const ar = await browse(`${p.payUrl}?lang=ar`);
    expect(ar.html).toContain('dir="rtl"');
    expect(ar.html).toContain('الدفع بالبطاقة');

    const back = await payOnPage(p.payUrl, '4242 4242 4242 4242');
    expect(back.location).toMatch(new RegExp(`/checkout/payment\\?purchase=${p.number}.*cko-session-id=sid_`));
    // the browser never comes back: the webhooks (Cko-Signature) are read back and move the purchase
    await deliver();
    const a = await attemptOf(p.purchaseId);
    expect(a).toMatchObject({ status: 'captured', failure_code: null });
    expect(a.sale_posted_at).not.toBeNull();
    expect(a.cash_posted_at).not.toBeNull();
    expect(await ledgerRows(p.purchaseId)).toBeGreaterThan(0);
    expect(await q('select posting from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
    const subs = await q<{ status: string; released_at: Date | null }>('select status, released_at from orders where purchase_id = $1', [p.purchaseId]);
    expect(subs.every((s) => s.released_at !== null && s.status !== 'awaiting_payment')).toBe(true);
    expect((await stateOf(p.number)).json).toMatchObject({ paid: true, pay_url: null, failure: null });
    // captured once at Checkout.com, for the whole amount
    const payment = await t.app.services.payments.provider.getPayment(a.provider_payment_id);
    expect(payment).toMatchObject({ status: 'captured', amountCaptured: 16_000 });
    expect((await browse(p.payUrl)).html).toContain('already complete');
  });

  it('opens the hosted page in the shopper\'s language, whatever the browser asks for', async () => {
    // a product of its own: the purchases it leaves on hold do not move the stock the other cases count
    const own = (await makeProduct(t.app, { name: 'Checkout Lantern Arabic', priceCents: 8_000, stock: 5, vendorId: vendor.vendor.id })).id;
    const ar = await place(1, own, { lang: 'ar', acceptLanguage: 'en-GB,en' });
    const page = await browse(ar.payUrl);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<html[^>]*lang="ar"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="ar"/);
    // an English reader's page stays English under an Arabic browser's header, too
    const en = await place(1, own, { lang: 'en', acceptLanguage: 'ar' });
    expect((await browse(en.payUrl)).html).toMatch(/<html[^>]*lang="en"/);
  });

  it('3-D Secure failed: declined 20154, the reason shown, no money rows, the stock still held for another card', async () => {
    const p = await place();
    const held = await stock();
    const back = await payOnPage(p.payUrl, '4242424242424242', 'fail');
    expect(back.status).toBe(303);
    await deliver();
    expect(await attemptOf(p.purchaseId)).toMatchObject({ failure_code: '20154', sale_posted_at: null, cash_posted_at: null });
    const state = await stateOf(p.number);
    expect(state.json).toMatchObject({ status: 'requires_payment_method', paid: false, expired: false, pay_url: p.payUrl, failure: { code: '20154', message: '3DS authentication failed' } });
    expect(await ledgerRows(p.purchaseId)).toBe(0);
    expect(await stock()).toBe(held);
  });

  it('declined for insufficient funds (20051), shown on Souq and on the page; another card on the same page pays the same purchase once', async () => {
    const p = await place();
    await payOnPage(p.payUrl, '4544 2491 6767 3670');
    await deliver();
    const declined = await stateOf(p.number);
    expect(declined.json).toMatchObject({ paid: false, pay_url: p.payUrl, failure: { code: '20051', message: 'Insufficient Funds' } });
    expect(await ledgerRows(p.purchaseId)).toBe(0);
    expect((await browse(p.payUrl)).html).toContain('Insufficient Funds (20051)');
    // an invalid card number is refused on the page itself, nothing created
    const wrong = await browse(p.payUrl, { number: '1234', expiry: '09 / 31', cvc: '100' });
    expect([wrong.status, wrong.html.includes('not valid')]).toEqual([200, true]);

    await payOnPage(p.payUrl, '4242 4242 4242 4242');
    const paid = await stateOf(p.number);
    expect(paid.json).toMatchObject({ paid: true, failure: null });
    await deliver();
    expect(await attemptOf(p.purchaseId)).toMatchObject({ status: 'captured' });
    const captured = await q<{ n: number }>(`select count(*)::int as n from ledger_entries where purchase_id = $1 and account = 'provider_clearing' and amount_cents > 0`, [p.purchaseId]);
    expect(captured[0]!.n).toBe(1);
  });

  it('abandoned on the hosted page: given up when the time to pay runs out, the stock back, no money rows', async () => {
    const before = await stock();
    const p = await place(3);
    expect(await stock()).toBe(before - 3);
    expect(await t.app.services.cardPayments.expiryJob.runOnce(new Date())).toBe(0);
    expect(await t.app.services.cardPayments.expiryJob.runOnce(new Date(Date.now() + (t.config.payments.waitMinutes + 1) * 60_000))).toBeGreaterThanOrEqual(1);
    // its three units back, and the unit of the purchase whose 3-D Secure failed above (its time ran out too)
    expect(await stock()).toBe(before + 1);
    expect(await q('select status, released_at from orders where purchase_id = $1', [p.purchaseId])).toEqual([{ status: 'cancelled', released_at: null }]);
    expect((await stateOf(p.number)).json).toMatchObject({ expired: true, paid: false, status: 'canceled', pay_url: null });
    expect(await ledgerRows(p.purchaseId)).toBe(0);

    // the hosted page still takes a card until its session lapses: a card paid after the give-up is never captured
    // but voided at once (decision 0185), from the webhook alone; its stock stays on sale, still no money rows
    const afterGiveUp = await stock();
    const back = await payOnPage(p.payUrl, '4242 4242 4242 4242');
    expect(back.location).toMatch(new RegExp(`/checkout/payment\\?purchase=${p.number}`));
    await deliver();
    // each of the payment's events read back while it is still authorised asks for the void (under one key per
    // payment); Checkout.com voids it once
    const outcomes = await q<{ object_id: string; type: string; outcome: string }>(`select object_id, type, outcome from payment_events where payload->'data'->>'reference' = $1 order by id`, [p.number]);
    const late = outcomes.filter((e) => e.outcome.includes('voided'));
    expect(late.length).toBeGreaterThanOrEqual(1);
    expect(new Set(late.map((e) => e.object_id)).size).toBe(1);
    expect(outcomes.filter((e) => e.type === 'payment_voided')).toHaveLength(1);
    const voided = await t.app.services.payments.provider.getPayment(late[0]!.object_id);
    expect(voided).toMatchObject({ status: 'canceled', amountCaptured: 0 });
    expect(await attemptOf(p.purchaseId)).toMatchObject({ status: 'canceled', sale_posted_at: null, cash_posted_at: null });
    expect(await stock()).toBe(afterGiveUp);
    expect(await ledgerRows(p.purchaseId)).toBe(0);
    expect((await stateOf(p.number)).json).toMatchObject({ expired: true, paid: false });
  });

  it('refuses a forged webhook (400) and writes nothing', async () => {
    const p = await place();
    const a = await attemptOf(p.purchaseId);
    const n = await events();
    const body = JSON.stringify({ id: 'evt_forgedforgedforgedforged12', type: 'payment_captured', created_on: new Date().toISOString(), data: { id: a.provider_payment_id, reference: p.number, amount: 8_000 } });
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/checkout', headers: { 'content-type': 'application/json', 'cko-signature': 'f'.repeat(64), authorization: cko.authorizationHeader }, payload: body });
    expect(res.statusCode).toBe(400);
    expect(await events()).toBe(n);
    expect(await attemptOf(p.purchaseId)).toMatchObject({ status: a.status, sale_posted_at: null });
    expect(await ledgerRows(p.purchaseId)).toBe(0);
  });
});

/** What the seller owes for a sub-order (positive) after its refund, by the ledger's vendor payable. */
const refundReturnOwed = async (subId: number) => Number((await q<{ s: string }>(`select coalesce(sum(amount_cents), 0)::int8 as s from ledger_entries where account = 'vendor_payable' and order_id = $1`, [subId]))[0]!.s);

// a seller of its own: nothing of the purchases above still in its return window (that would net the debt, not reverse it)
let seller: Awaited<ReturnType<typeof signupVendor>>;
let sellerProduct = 0;

/** A paid purchase of two units, delivered, one unit asked back within the window; the window then closes and the seller is paid. */
async function paidThenReturned() {
  const p = await place(2, sellerProduct);
  await payOnPage(p.payUrl, '4242 4242 4242 4242');
  await deliver();
  const [sub] = await q<{ id: number }>('select id from orders where purchase_id = $1', [p.purchaseId]);
  await t.app.services.orders.setStatus(sub!.id, 'delivered');
  await q('update orders set delivered_at = $2 where id = $1', [sub!.id, new Date(cko.clock.now())]);
  const [line] = await q<{ id: number }>('select id from order_items where order_id = $1 order by id limit 1', [sub!.id]);
  const asked = await call(t.app, { method: 'POST', url: '/api/my/returns', token: shopper.token, body: { order_id: sub!.id, line_id: line!.id, units: 1, reason: 'damaged' } });
  expect(asked.status).toBe(201);
  // the return window closes: the seller's share goes to its sub-entity by a transfer from the platform entity
  cko.advance(15 * DAY_MS);
  expect((await t.app.services.cardPayments.transfers.run()).sent).toBe(1);
  const [sent] = await q<{ id: number; provider_transfer_id: string }>('select id, provider_transfer_id from seller_transfers where order_id = $1', [sub!.id]);
  expect(sent!.provider_transfer_id).toMatch(/^tra_/);
  return { p, subId: sub!.id, returnId: asked.json.id as number, transferRow: sent!.id, transferId: sent!.provider_transfer_id };
}

/** The seller receives the unit back; the card is refunded; answers what the seller now owes for the sub-order. */
async function refundReturn(r: Awaited<ReturnType<typeof paidThenReturned>>) {
  expect((await call(t.app, { method: 'POST', url: `/api/vendor/returns/${r.returnId}/approve`, token: seller.token, body: {} })).status).toBe(200);
  expect((await call(t.app, { method: 'POST', url: `/api/vendor/returns/${r.returnId}/receive`, token: seller.token, body: { restock: true } })).status).toBe(200);
  await t.app.services.cardPayments.refundOwed(r.p.purchaseId);
  await deliver();
  return refundReturnOwed(r.subId);
}
const transferRow = async (id: number) => (await q<{ reversed_cents: number; status: string; reversal_refused_at: Date | null; failure: string | null }>(
  'select reversed_cents, status, reversal_refused_at, failure from seller_transfers where id = $1', [id]))[0]!;

describe("a refund after the seller was paid, through Checkout.com's Transfers API", () => {
  let entity = '';
  beforeAll(async () => {
    seller = await signupVendor(t.app, 'Returned Lanterns LLC');
    sellerProduct = (await makeProduct(t.app, { name: 'Returned Lantern', priceCents: 6_000, stock: 20, vendorId: seller.vendor.id })).id;
  });
  it('reverses the transfer by a transfer back from the seller’s sub-entity to the platform entity, booked once', async () => {
    // the seller connects a sub-entity on the local onboarding page
    const link = await call(t.app, { method: 'POST', url: '/api/vendor/earnings/provider-account/onboarding', token: seller.token });
    expect(link.status).toBe(200);
    expect((await browse(link.json.url, { bank: 'pays' })).status).toBe(303);
    const account = await call(t.app, { method: 'POST', url: '/api/vendor/earnings/provider-account/refresh', token: seller.token });
    expect(account.json.account).toMatchObject({ receives_transfers: true });
    entity = account.json.account.account_id;
    expect(entity).toMatch(/^ent_/);

    const r = await paidThenReturned();
    const owed = await refundReturn(r);
    expect(owed).toBeGreaterThan(0);
    // nothing else is coming for the seller: taken back
    expect(await t.app.services.cardPayments.transfers.run()).toEqual({ sent: 0, reversed: owed });
    expect(await transferRow(r.transferRow)).toMatchObject({ reversed_cents: owed, status: 'partially_reversed', reversal_refused_at: null });
    const [rev] = await q<{ provider_reversal_id: string; amount_cents: number; by: string }>('select provider_reversal_id, amount_cents, by from seller_transfer_reversals where transfer_id = $1', [r.transferRow]);
    expect(rev).toMatchObject({ amount_cents: owed, by: 'souq' });
    // at Checkout.com: a transfer of its own, from the seller's sub-entity to the platform entity, naming the first
    const back = await fetch(`${t.app.services.payments.local!.url}/checkout/transfers/${rev!.provider_reversal_id}`, { headers: { authorization: `Bearer ${cko.secretKey}` } });
    expect(await back.json()).toMatchObject({ transfer_type: 'refund', status: 'completed', reference: r.transferId, source: { entity_id: entity, amount: owed }, destination: { entity_id: cko.platformEntityId } });
    expect(await refundReturnOwed(r.subId)).toBe(0);
    // booked once: the next run asks nothing more
    expect(await t.app.services.cardPayments.transfers.run()).toEqual({ sent: 0, reversed: 0 });
    expect(await q('select posting from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
  });

  it('is refused when the sub-entity’s balance is short (paid out to its bank): the debt stays owed, nothing booked', async () => {
    const r = await paidThenReturned();
    cko.payOutEntity(entity);
    const owed = await refundReturn(r);
    expect(await t.app.services.cardPayments.transfers.run()).toEqual({ sent: 0, reversed: 0 });
    const row = await transferRow(r.transferRow);
    expect(row).toMatchObject({ reversed_cents: 0, status: 'paid' });
    expect(row.reversal_refused_at).not.toBeNull();
    expect(row.failure).toMatch(/rejected/);
    expect(await refundReturnOwed(r.subId)).toBe(owed);
    expect(await q('select id from seller_transfer_reversals where transfer_id = $1', [r.transferRow])).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { startTestPayments, type TestPayments } from '../../../test/payments-fixtures.js';

// Card purchases through the provider (issue 36 items 3–4, decision 0137), end to end through the API against the
// local Stripe and the real database: held until authorised, released with its sale, cash in at capture with the
// provider's fee, declines and 3-D Secure failures retried on the same purchase, abandoned purchases given up, and
// webhooks that arrive twice, forged or alone.
let t: TestContext;
let pay: TestPayments;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let sellerA: Awaited<ReturnType<typeof signupVendor>>;
let sellerB: Awaited<ReturnType<typeof signupVendor>>;
let lampId = 0;
let rugId = 0;

beforeAll(async () => {
  t = await createTestApp();
  pay = await startTestPayments(t);
  admin = await adminToken(t.app, t.config);
  shopper = await signupCustomer(t.app, 'Carla Card');
  sellerA = await signupVendor(t.app, 'Card Lamps LLC');
  sellerB = await signupVendor(t.app, 'Card Rugs LLC');
  lampId = (await makeProduct(t.app, { name: 'Brass Card Lamp', priceCents: 12_500, stock: 40, vendorId: sellerA.vendor.id })).id;
  rugId = (await makeProduct(t.app, { name: 'Wool Card Rug', priceCents: 30_000, stock: 40, vendorId: sellerB.vendor.id })).id;
});
afterAll(async () => {
  await t.app.services.payments.stop();
  await t.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const stockOf = async (id: number) => (await q<{ stock: number }>('select stock from products where id = $1', [id]))[0]!.stock;
const subOrders = (purchaseId: number) =>
  q<{ id: number; status: string; released_at: Date | null }>('select id, status, released_at from orders where purchase_id = $1 order by id', [purchaseId]);
const ledgerOf = (purchaseId: number) =>
  q<{ posting: string; account: string; kind: string; amount_cents: string }>('select posting, account, kind, amount_cents from ledger_entries where purchase_id = $1 order by id', [purchaseId]);
const sumOf = (rows: { account: string; amount_cents: string }[], account: string) => rows.filter((r) => r.account === account).reduce((s, r) => s + Number(r.amount_cents), 0);
const eventCount = async () => (await q<{ n: number }>('select count(*)::int as n from payment_events'))[0]!.n;

async function placeCard(token: string | null = shopper.token, lines = [{ product_id: lampId, quantity: 1 }, { product_id: rugId, quantity: 2 }]) {
  const res = await call(t.app, {
    method: 'POST', url: '/api/orders', token, headers: { 'idempotency-key': `card-${Math.random()}` },
    body: {
      items: lines, customer_info: { email: shopper.email, name: 'Carla Card', phone: null },
      shipping_address: { address: '4 Card Street', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card',
    },
  });
  expect(res.status).toBe(201);
  return res.json as { order: { id: number; order_number: string; status: string; total_amount: number; sub_orders: { id: number }[] }; order_number: string; payment: { pay_url: string; token: string; status: string; paid: boolean } };
}

/** A purchase paid on the provider's page with its events held in the provider's queue (the earlier ones delivered first). */
async function paidWithEventsHeld() {
  await pay.flush();
  const placed = await placeCard();
  pay.local.queue.hold();
  await pay.typeCard(placed.payment.pay_url, '4242424242424242');
  return placed;
}

async function expectBalanced() {
  expect(await q('select posting, sum(amount_cents)::int8 from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
}

describe('a card purchase from two sellers', () => {
  it('waits on hold for its payment: stock reserved, no money rows, nothing shown to the sellers', async () => {
    const before = await stockOf(lampId);
    const placed = await placeCard();
    expect(placed.payment).toMatchObject({ status: 'requires_payment_method', paid: false, expired: false, failure: null, amount: placed.order.total_amount });
    expect(placed.payment.pay_url).toMatch(/\/local\/pay\/pi_/);
    expect(placed.order.status).toBe('awaiting_payment');
    expect(await stockOf(lampId)).toBe(before - 1);
    expect((await subOrders(placed.order.id)).map((s) => [s.status, s.released_at])).toEqual([['awaiting_payment', null], ['awaiting_payment', null]]);
    expect(await ledgerOf(placed.order.id)).toEqual([]);
    const vendorList = await call(t.app, { url: '/api/vendor/orders', token: sellerA.token });
    expect(vendorList.json.map((o: { order_number: string }) => o.order_number)).not.toContain(`${placed.order_number}-1`);
    // no one moves it by hand while it waits for its money
    const forced = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${placed.order.sub_orders[0]!.id}/status`, token: admin, body: { status: 'shipped' } });
    expect(forced.status).toBe(409);
    expect(forced.json.error).toBe(MSG.orderAwaitingPayment);
  });

  it('paid by card on the provider page: released to each seller with its sale, the cash in at capture less the provider fee', async () => {
    const placed = await placeCard();
    const back = await pay.typeCard(placed.payment.pay_url, '4242 4242 4242 4242');
    expect(back.status).toBe(303);
    expect(back.location).toContain(`/checkout/payment?purchase=${placed.order_number}`);
    expect(back.location).toContain('redirect_status=succeeded');
    const state = await pay.state(placed.order_number, placed.payment.token);
    expect(state.status).toBe(200);
    expect(state.json).toMatchObject({ paid: true, status: 'captured', pay_url: null, expired: false });
    const subs = await subOrders(placed.order.id);
    expect(subs.every((s) => s.status === 'pending' && s.released_at !== null)).toBe(true);
    const rows = await ledgerOf(placed.order.id);
    const total = Math.round(placed.order.total_amount * 100);
    // the sale debited the shopper the total; the capture credited it back from the provider: nothing left owed
    expect(rows.filter((r) => r.posting.startsWith('placed:')).length).toBeGreaterThan(0);
    expect(sumOf(rows, 'shopper_receivable')).toBe(0);
    const fee = sumOf(rows, 'provider_fees');
    expect(fee).toBeGreaterThan(0);
    expect(sumOf(rows, 'provider_clearing')).toBe(total - fee);
    // the provider's own balance for the charge says the same: its net is what clearing holds
    const [attempt] = await q<{ captured_cents: number; fee_cents: number }>('select captured_cents, fee_cents from payment_attempts where purchase_id = $1', [placed.order.id]);
    expect(attempt).toEqual({ captured_cents: total, fee_cents: fee });
    await expectBalanced();
    const vendorList = await call(t.app, { url: '/api/vendor/orders', token: sellerA.token });
    expect(vendorList.json.map((o: { order_number: string }) => o.order_number)).toContain(`${placed.order_number}-1`);
    // the admin's Payments screen counts it as captured by the provider
    const summary = await call(t.app, { url: '/api/admin/payments', token: admin });
    const card = summary.json.methods.find((m: { method: string }) => m.method === 'card');
    expect(card).toMatchObject({ collection: 'by_provider' });
    expect(card.collected).toBeGreaterThanOrEqual(placed.order.total_amount);
    // reading it again changes nothing: every posting is made once
    await pay.state(placed.order_number, placed.payment.token);
    expect((await ledgerOf(placed.order.id)).length).toBe(rows.length);
  });

  it('a decline shows the provider reason and another card pays the same purchase', async () => {
    const placed = await placeCard();
    const back = await pay.typeCard(placed.payment.pay_url, '4000000000009995');
    expect(back.location).toContain('redirect_status=failed');
    const declined = await pay.state(placed.order_number, placed.payment.token);
    expect(declined.json).toMatchObject({ paid: false, status: 'requires_payment_method', failure: { code: 'card_declined' } });
    expect(declined.json.failure.message).toMatch(/insufficient funds/i);
    expect(declined.json.pay_url).toBe(placed.payment.pay_url);
    expect(await ledgerOf(placed.order.id)).toEqual([]);
    await pay.typeCard(declined.json.pay_url, '4242424242424242');
    expect((await pay.state(placed.order_number, placed.payment.token)).json).toMatchObject({ paid: true, failure: null });
    // one payment at the provider for the purchase, whatever the attempts
    expect((await q('select id from payment_attempts where purchase_id = $1', [placed.order.id])).length).toBe(1);
  });

  it('3-D Secure failed, then passed: the same purchase is paid once', async () => {
    const placed = await placeCard();
    const toBank = await pay.typeCard(placed.payment.pay_url, '4000002760003184');
    expect(toBank.location).toMatch(/\/local\/3ds\//);
    const waiting = await pay.state(placed.order_number, placed.payment.token);
    expect(waiting.json).toMatchObject({ status: 'requires_action', paid: false, pay_url: toBank.location });
    const failed = await pay.answer3ds(toBank.location!, 'fail');
    expect(failed.location).toContain('redirect_status=failed');
    const retry = await pay.state(placed.order_number, placed.payment.token);
    expect(retry.json).toMatchObject({ status: 'requires_payment_method', paid: false });
    expect(retry.json.failure.code).toBe('payment_intent_authentication_failure');
    const again = await pay.typeCard(retry.json.pay_url, '4000002760003184');
    await pay.answer3ds(again.location!, 'complete');
    expect((await pay.state(placed.order_number, placed.payment.token)).json).toMatchObject({ paid: true, status: 'captured' });
    expect((await ledgerOf(placed.order.id)).filter((r) => r.posting.startsWith('payment:')).length).toBeGreaterThan(0);
    await expectBalanced();
  });

  it('abandoned: when the time to pay runs out the payment is cancelled at the provider, the stock comes back, no money moved', async () => {
    // a product of its own: the other tests' unpaid purchases are given up by the same run
    const vaseId = (await makeProduct(t.app, { name: 'Glass Card Vase', priceCents: 9_900, stock: 10, vendorId: sellerB.vendor.id })).id;
    const placed = await placeCard(shopper.token, [{ product_id: vaseId, quantity: 3 }]);
    expect(await stockOf(vaseId)).toBe(7);
    const toBank = await pay.typeCard(placed.payment.pay_url, '4000002760003184');
    expect(toBank.location).toMatch(/\/local\/3ds\//);
    // not yet due: nothing happens
    expect(await t.app.services.cardPayments.expiryJob.runOnce(new Date())).toBe(0);
    const later = new Date(Date.now() + (t.config.payments.waitMinutes + 1) * 60_000);
    expect(await t.app.services.cardPayments.expiryJob.runOnce(later)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(vaseId)).toBe(10);
    expect((await subOrders(placed.order.id)).map((s) => [s.status, s.released_at])).toEqual([['cancelled', null]]);
    expect(await ledgerOf(placed.order.id)).toEqual([]);
    const state = await pay.state(placed.order_number, placed.payment.token);
    expect(state.json).toMatchObject({ expired: true, paid: false, status: 'canceled', pay_url: null });
    // the bank page can no longer pay it
    const late = await pay.answer3ds(toBank.location!, 'complete');
    expect(late.status).toBe(303);
    expect((await pay.state(placed.order_number, placed.payment.token)).json).toMatchObject({ expired: true, paid: false });
  });

  it('only its owner or the holder of its checkout token reads a payment', async () => {
    const placed = await placeCard();
    expect((await pay.state(placed.order_number)).status).toBe(404);
    expect((await pay.state(placed.order_number, 'not-the-token')).status).toBe(404);
    const other = await signupCustomer(t.app, 'Other Owen');
    expect((await pay.state(placed.order_number, undefined, other.token)).status).toBe(404);
    expect((await pay.state(placed.order_number, undefined, shopper.token)).status).toBe(200);
    expect((await pay.state('SQ-NOPE-0000', placed.payment.token)).status).toBe(404);
  });
});

describe('the provider misbehaving', () => {
  it('an answer lost on the way: the client retries with the same idempotency key and there is one payment', async () => {
    pay.local.injectFaults('lost_response');
    const placed = await placeCard();
    const intents = pay.local.objects().filter((o) => (o as { object?: string; transfer_group?: string }).object === 'payment_intent' && (o as { transfer_group?: string }).transfer_group === placed.order_number);
    expect(intents.length).toBe(1);
    expect((await q('select id from payment_attempts where purchase_id = $1', [placed.order.id])).length).toBe(1);
  });

  it('the same event delivered twice at the same moment is stored and acted on once', async () => {
    const placed = await paidWithEventsHeld();
    // the authorisation's event (the endpoint subscribed to what Souq acts on, decision 0166)
    const succeeded = [...pay.local.queue.pending()].find((d) => d.type === 'payment_intent.amount_capturable_updated')!;
    expect(succeeded).toBeTruthy();
    const send = () => t.app.inject({
      method: 'POST', url: new URL(succeeded.target.url).pathname,
      headers: { 'content-type': 'application/json; charset=utf-8', ...succeeded.target.sign(succeeded.body, Math.floor(Date.now() / 1000)) }, payload: succeeded.body,
    });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => JSON.parse(a.body).duplicate).sort()).toEqual([false, true]);
    const [stored] = await q<{ n: number }>('select count(*)::int as n from payment_events where event_id = $1', [succeeded.eventId]);
    expect(stored!.n).toBe(1);
    // the capture (and its cash in) runs after the webhook's answer (decision 0157): wait for it, not for the clock
    await t.app.services.cardPayments.idle();
    const rows = await ledgerOf(placed.order.id);
    expect(rows.filter((r) => r.posting.startsWith('placed:')).length).toBeGreaterThan(0);
    expect(sumOf(rows, 'shopper_receivable')).toBe(0);
    pay.local.queue.release();
    await pay.flush();
    expect(await ledgerOf(placed.order.id)).toEqual(rows);
    await expectBalanced();
  });
});

describe('capture', () => {
  /** The test on an app of its own whose card purchases are captured as given; the helpers above read `t` and `pay`. */
  async function withCapture(capture: 'automatic' | 'manual', run: (lamp: number) => Promise<void>) {
    const shared = { t, pay };
    t = await createTestApp({ payments: { ...shared.t.config.payments, capture } });
    try {
      pay = await startTestPayments(t);
      await run((await makeProduct(t.app, { name: 'Brass Card Lamp', priceCents: 12_500, stock: 5 })).id);
    } finally {
      await t.app.services.payments.stop();
      await t.close();
      ({ t, pay } = shared);
    }
  }

  it('manual (the default): authorised, released, captured right after; two events a paid purchase', async () => {
    const placed = await paidWithEventsHeld();
    expect(pay.local.queue.pending().map((d) => d.type)).toEqual(['payment_intent.amount_capturable_updated']);
    pay.local.queue.release();
    const attempts = await pay.flush();
    expect(attempts.map((a) => a.type)).toEqual(['payment_intent.amount_capturable_updated', 'payment_intent.succeeded']);
    const [a] = await q<{ status: string }>('select status from payment_attempts where purchase_id = $1', [placed.order.id]);
    expect(a!.status).toBe('captured');
    await expectBalanced();
  });

  it('automatic (PAYMENT_CAPTURE=automatic, decision 0166): one event, released with its sale and cash in one transaction', async () => {
    await withCapture('automatic', async (lamp) => {
      const placed = await placeCard(null, [{ product_id: lamp, quantity: 1 }]);
      pay.local.queue.hold();
      await pay.typeCard(placed.payment.pay_url, '4242424242424242');
      expect(pay.local.queue.pending().map((d) => d.type)).toEqual(['payment_intent.succeeded']);
      pay.local.queue.release();
      await pay.flush();
      const [a] = await q<{ status: string; sale_posted_at: Date; cash_posted_at: Date }>('select status, sale_posted_at, cash_posted_at from payment_attempts where purchase_id = $1', [placed.order.id]);
      expect(a!.status).toBe('captured');
      expect(a!.cash_posted_at.getTime()).toBe(a!.sale_posted_at.getTime());
      expect(sumOf(await ledgerOf(placed.order.id), 'shopper_receivable')).toBe(0);
      await expectBalanced();
    });
  });

  it('an authorisation whose capture failed is captured by the next run of the job, its cash posted once', async () => {
    const placed = await placeCard();
    // the provider answers the capture with 500s (the client's own retries included): the authorisation stays released
    pay.local.injectFaults('error_500', 'error_500', 'error_500');
    await pay.typeCard(placed.payment.pay_url, '4242424242424242');
    const state = await pay.state(placed.order_number, placed.payment.token);
    expect(state.json.paid).toBe(true);
    const [before] = await q<{ status: string; cash_posted_at: Date | null }>('select status, cash_posted_at from payment_attempts where purchase_id = $1', [placed.order.id]);
    expect(before).toMatchObject({ status: 'authorized', cash_posted_at: null });
    expect(sumOf(await ledgerOf(placed.order.id), 'shopper_receivable')).toBe(Math.round(placed.order.total_amount * 100));
    await t.app.services.cardPayments.expiryJob.runOnce(new Date(Date.now() + 120_000));
    const [after] = await q<{ status: string; cash_posted_at: Date | null }>('select status, cash_posted_at from payment_attempts where purchase_id = $1', [placed.order.id]);
    expect(after!.status).toBe('captured');
    expect(sumOf(await ledgerOf(placed.order.id), 'shopper_receivable')).toBe(0);
    await expectBalanced();
  });
});

describe('refunds to the card', () => {
  it('a paid sub-order cancelled by the admin is refunded to the card through the provider, once', async () => {
    const placed = await placeCard();
    await pay.typeCard(placed.payment.pay_url, '4242424242424242');
    await pay.state(placed.order_number, placed.payment.token);
    const [first] = await subOrders(placed.order.id);
    const [sub] = await q<{ total_cents: number }>('select total_cents from orders where id = $1', [first!.id]);
    const cancelled = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${first!.id}/status`, token: admin, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    // the refund follows the cancellation (after its commit): wait for it to be posted
    let refunds: { amount_cents: number; status: string; posted_at: Date | null }[] = [];
    for (let i = 0; i < 50 && !refunds.some((r) => r.posted_at); i++) {
      await new Promise((r) => setTimeout(r, 50));
      refunds = await q('select r.amount_cents, r.status, r.posted_at from payment_refunds r join payment_attempts a on a.id = r.attempt_id where a.purchase_id = $1', [placed.order.id]);
    }
    expect(refunds.map((r) => [r.amount_cents, r.status])).toEqual([[sub!.total_cents, 'succeeded']]);
    const rows = await ledgerOf(placed.order.id);
    // nothing owed to the shopper any more: the sale, the cash, the cancellation and the refund to the card net out
    expect(sumOf(rows, 'shopper_receivable')).toBe(0);
    expect(rows.filter((r) => r.kind === 'card_refund').length).toBe(2);
    // the provider agrees: the payment shows the refund, and the clearing account equals the provider's balance
    const [attempt] = await q<{ provider_payment_id: string }>('select provider_payment_id from payment_attempts where purchase_id = $1', [placed.order.id]);
    expect((await t.app.services.payments.provider.getPayment(attempt!.provider_payment_id)).amountRefunded).toBe(sub!.total_cents);
    const [clearing] = await q<{ s: string }>(`select coalesce(sum(amount_cents), 0)::int8 as s from ledger_entries where account = 'provider_clearing'`);
    const balance = (await t.app.services.payments.provider.balance()).filter((b) => b.currency === 'AED').reduce((x, b) => x + b.available + b.pending, 0);
    expect(Number(clearing!.s)).toBe(balance);
    // asked again (another event, the sweep), nothing more is refunded
    expect(await t.app.services.cardPayments.refundOwed(placed.order.id)).toBe(0);
    await expectBalanced();
  });

  it('asked for at once from several places (the cancellation, the sweep, a retry), a refund reaches the card once', async () => {
    // Found by the transfers property test on PostgreSQL under load: one request read what the shopper is owed before
    // another's refund was posted and what is on its way after, and refunded the same money twice. Eight requests race
    // the cancellation's own, on each of six purchases; on PostgreSQL they run on separate connections.
    for (let round = 0; round < 6; round++) {
      const placed = await placeCard(shopper.token, [{ product_id: lampId, quantity: 1 }]);
      await pay.typeCard(placed.payment.pay_url, '4242424242424242');
      await pay.state(placed.order_number, placed.payment.token);
      const [sub] = await subOrders(placed.order.id);
      const [{ total_cents }] = (await q<{ total_cents: number }>('select total_cents from orders where id = $1', [sub!.id])) as [{ total_cents: number }];
      const cancelled = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${sub!.id}/status`, token: admin, body: { status: 'cancelled' } });
      expect(cancelled.status).toBe(200);
      const sent = await Promise.all(Array.from({ length: 8 }, () => t.app.services.cardPayments.refundOwed(placed.order.id)));
      // the cancellation's own request (after its commit) may be the one that sends it: wait until it is posted
      for (let i = 0; i < 50 && sumOf(await ledgerOf(placed.order.id), 'shopper_receivable') !== 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(sent.filter((n) => n > 0).length).toBeLessThanOrEqual(1);
      const [attempt] = await q<{ provider_payment_id: string }>('select provider_payment_id from payment_attempts where purchase_id = $1', [placed.order.id]);
      expect((await t.app.services.payments.provider.getPayment(attempt!.provider_payment_id)).amountRefunded).toBe(total_cents);
      const rows = await q<{ amount_cents: number }>('select r.amount_cents from payment_refunds r join payment_attempts a on a.id = r.attempt_id where a.purchase_id = $1', [placed.order.id]);
      expect(rows.map((r) => r.amount_cents)).toEqual([total_cents]);
      expect(sumOf(await ledgerOf(placed.order.id), 'shopper_receivable')).toBe(0);
    }
    await expectBalanced();
  });

  it('a refund the provider refuses outright (the charge refunded elsewhere) fails, is not sent again, and leaves the money owed', async () => {
    const placed = await placeCard(shopper.token, [{ product_id: lampId, quantity: 1 }]);
    await pay.typeCard(placed.payment.pay_url, '4242424242424242');
    await pay.state(placed.order_number, placed.payment.token);
    const [attempt] = await q<{ provider_payment_id: string }>('select provider_payment_id from payment_attempts where purchase_id = $1', [placed.order.id]);
    // refunded in the provider's dashboard, not through Souq
    const outside = await pay.local.handle({ method: 'POST', url: '/v1/refunds', headers: { authorization: `Bearer ${pay.local.secretKey}` }, body: `payment_intent=${attempt!.provider_payment_id}` });
    expect(outside.status).toBe(200);
    const [sub] = await subOrders(placed.order.id);
    const [{ total_cents }] = (await q<{ total_cents: number }>('select total_cents from orders where id = $1', [sub!.id])) as [{ total_cents: number }];
    const cancelled = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${sub!.id}/status`, token: admin, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    // the cancellation's refund (after its commit) is refused: wait for its row to say so
    type Row = { status: string; failure_reason: string | null; provider_refund_id: string | null };
    const rowsOf = () => q<Row>('select r.status, r.failure_reason, r.provider_refund_id from payment_refunds r join payment_attempts a on a.id = r.attempt_id where a.purchase_id = $1', [placed.order.id]);
    let rows: Row[] = [];
    for (let i = 0; i < 50 && rows[0]?.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      rows = await rowsOf();
    }
    expect(rows).toEqual([{ status: 'failed', failure_reason: 'charge_already_refunded', provider_refund_id: null }]);
    // the minute's job does not send it again, and no further refund is tried while staff decide
    await t.app.services.cardPayments.expiryJob.runOnce();
    expect(await t.app.services.cardPayments.refundOwed(placed.order.id)).toBe(0);
    expect(await rowsOf()).toEqual(rows);
    expect((await t.app.services.payments.provider.getPayment(attempt!.provider_payment_id)).amountRefunded).toBe(total_cents);
    // the ledger still says the shopper is owed the sub-order: nothing was posted for a refund that never happened
    expect(sumOf(await ledgerOf(placed.order.id), 'shopper_receivable')).toBe(-total_cents);
    await expectBalanced();
  });
});

describe('webhooks', () => {
  it('the browser closed after paying: the webhook alone releases the purchase, once, even delivered twice', async () => {
    await pay.flush(); // what the earlier purchases' events owe goes first
    const placed = await placeCard();
    pay.local.queue.hold();
    await pay.typeCard(placed.payment.pay_url, '4242424242424242');
    // the shopper never comes back; the provider's events are duplicated on the way
    for (const d of [...pay.local.queue.pending()]) pay.local.queue.duplicate(d.id);
    pay.local.queue.release();
    const attempts = await pay.flush();
    expect(attempts.every((a) => a.status === 200)).toBe(true);
    const subs = await subOrders(placed.order.id);
    expect(subs.every((s) => s.status === 'pending')).toBe(true);
    const rows = await ledgerOf(placed.order.id);
    expect(sumOf(rows, 'shopper_receivable')).toBe(0);
    expect(new Set(rows.map((r) => r.posting)).size).toBe(subs.length + 1);
    // each event stored once although each came twice
    const ids = [...new Set(attempts.map((a) => a.eventId))];
    // (the capture's own events, raised while these were handled, come once)
    expect(attempts.length).toBeGreaterThan(ids.length);
    const [stored] = await q<{ n: number }>('select count(*)::int as n from payment_events where event_id = any($1::text[])', [ids]);
    expect(stored!.n).toBe(ids.length);
    await expectBalanced();
  });

  it('the authorisation\'s webhook captures the payment and applies the capture\'s answer: released, sold and cashed in one transaction', async () => {
    const placed = await paidWithEventsHeld();
    pay.local.queue.release();
    await pay.flush();
    const [a] = await q<{ status: string; sale_posted_at: Date; cash_posted_at: Date }>('select status, sale_posted_at, cash_posted_at from payment_attempts where purchase_id = $1', [placed.order.id]);
    expect(a!.status).toBe('captured');
    // one transaction's clock: the sale and the cash booked together (decision 0180), not a release then a capture
    expect(a!.cash_posted_at.getTime()).toBe(a!.sale_posted_at.getTime());
    expect((await subOrders(placed.order.id)).every((o) => o.status === 'pending')).toBe(true);
    expect(sumOf(await ledgerOf(placed.order.id), 'shopper_receivable')).toBe(0);
    await expectBalanced();
  });

  it('a capture the provider fails at the webhook: the plain read-back decides, and the capture follows once', async () => {
    const placed = await paidWithEventsHeld();
    // the capture answers 500 (and the client's two retries): the webhook reads the payment back, authorised
    pay.local.injectFaults('error_500', 'error_500', 'error_500');
    pay.local.queue.release();
    await pay.flush();
    await t.app.services.cardPayments.idle();
    await pay.flush();
    const [a] = await q<{ status: string; sale_posted_at: Date | null; cash_posted_at: Date | null }>('select status, sale_posted_at, cash_posted_at from payment_attempts where purchase_id = $1', [placed.order.id]);
    expect(a!.sale_posted_at).not.toBeNull();
    expect(a!.status).toBe('captured');
    expect(a!.cash_posted_at!.getTime()).toBeGreaterThan(a!.sale_posted_at!.getTime());
    const rows = await ledgerOf(placed.order.id);
    expect(sumOf(rows, 'shopper_receivable')).toBe(0);
    expect(rows.filter((r) => r.kind === 'payment_received' && r.account === 'shopper_receivable')).toHaveLength(1);
    await expectBalanced();
  });

  it('a forged, unsigned or stale webhook is refused with 400 and nothing is written', async () => {
    const placed = await paidWithEventsHeld();
    const waiting = [...pay.local.queue.pending()];
    expect(waiting.length).toBeGreaterThan(0);
    const [first, second, third] = waiting;
    pay.local.queue.tamper(first!.id, { body: (b) => b.replace(/}\s*$/, ',"forged":true}') });
    if (second) pay.local.queue.tamper(second.id, { unsigned: true });
    if (third) pay.local.queue.tamper(third.id, { timestampSkewS: -3600 });
    for (const d of waiting.slice(3)) pay.local.queue.drop(d.id);
    const events = await eventCount();
    pay.local.queue.release();
    const attempts = await pay.flush();
    expect(attempts.map((a) => a.status)).toEqual(waiting.slice(0, 3).map(() => 400));
    expect(await eventCount()).toBe(events);
    expect((await subOrders(placed.order.id)).every((s) => s.status === 'awaiting_payment')).toBe(true);
    expect(await ledgerOf(placed.order.id)).toEqual([]);
    // the shopper's return still reads the truth from the provider
    expect((await pay.state(placed.order_number, placed.payment.token)).json.paid).toBe(true);
  });
});

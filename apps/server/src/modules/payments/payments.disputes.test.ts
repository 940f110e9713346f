import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { payPlaced, startTestPayments, type TestPayments } from '../../../test/payments-fixtures.js';
import { disputeEntries, type DisputeBooked } from './payments.disputes.js';
import { testClock } from './local/clock.js';

// Card disputes (issue 36 items 4 and 9, decision 0145), against the local Stripe and the real database. Stripe's
// dispute card (4000 0000 0000 0259) is disputed as fraudulent as soon as it is charged; the evidence text
// 'winning_evidence' wins, anything else loses. Every step is checked against the provider's own balance.
let t: TestContext;
let pay: TestPayments;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let productId = 0;
const DISPUTE_CARD = '4000000000000259';

beforeAll(async () => {
  t = await createTestApp();
  // the provider decides a dispute a minute after the evidence: a clock the test moves (from now, so signatures stay fresh)
  pay = await startTestPayments(t, { clock: testClock(Date.now()) });
  shopper = await signupCustomer(t.app, 'Dana Dispute');
  const seller = await signupVendor(t.app, 'Disputed Goods LLC');
  productId = (await makeProduct(t.app, { name: 'Silver Coffee Pot', priceCents: 20_000, stock: 20, vendorId: seller.vendor.id })).id;
});
afterAll(async () => {
  await t.app.services.payments.stop();
  await t.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const sumOf = async (account: string, purchaseId?: number) =>
  Number((await q<{ s: string }>(`select coalesce(sum(amount_cents), 0)::int8 as s from ledger_entries where account = $1${purchaseId ? ' and purchase_id = $2' : ''}`, purchaseId ? [account, purchaseId] : [account]))[0]!.s);

async function clearingMatchesProvider() {
  const balance = (await t.app.services.payments.provider.balance()).filter((b) => b.currency === 'AED').reduce((x, b) => x + b.available + b.pending, 0);
  expect(await sumOf('provider_clearing')).toBe(balance);
  expect(await q('select posting, sum(amount_cents)::int8 from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
  // and item by item: reconciliation matches each dispute's movements at the provider with its postings (decision 0143)
  const run = await t.app.services.reconciliation.runNow({ userId: null, role: 'system', name: 'test', ip: null });
  expect(run).toMatchObject({ provider_status: 'checked', differences: 0 });
}

/** A paid card purchase whose card its bank disputes at once; the dispute's events delivered (each twice). */
async function disputedPurchase() {
  const res = await call(t.app, {
    method: 'POST', url: '/api/orders', token: shopper.token, headers: { 'idempotency-key': `dispute-${Math.random()}` },
    body: {
      items: [{ product_id: productId, quantity: 1 }], customer_info: { email: shopper.email, name: 'Dana Dispute', phone: null },
      shipping_address: { address: '9 Dispute Road', city: 'Sharjah', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card',
    },
  });
  expect(res.status).toBe(201);
  await payPlaced(pay, res.json, DISPUTE_CARD);
  for (const d of [...pay.local.queue.pending()]) pay.local.queue.duplicate(d.id);
  await pay.flush();
  const [row] = await q<{ provider_dispute_id: string; status: string; amount_cents: number; purchase_id: number }>(
    'select d.provider_dispute_id, d.status, d.amount_cents, a.purchase_id from payment_disputes d join payment_attempts a on a.id = d.attempt_id where a.purchase_id = $1', [res.json.order.id],
  );
  expect(row).toBeDefined();
  return row!;
}

/** The marketplace answers the dispute at the provider (what an admin does in the provider's dashboard). */
async function answer(disputeId: string, evidence: string) {
  const res = await pay.local.handle({
    method: 'POST', url: `/v1/disputes/${disputeId}`, headers: { authorization: `Bearer ${pay.local.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ 'evidence[uncategorized_text]': evidence, submit: 'true' }).toString(),
  });
  expect(res.status).toBe(200);
  pay.local.advance(61_000);
  for (const d of [...pay.local.queue.pending()]) pay.local.queue.duplicate(d.id);
  pay.local.queue.reorder('reverse');
  await pay.flush();
}

describe('a disputed card payment', () => {
  it('opened: the money and the fee leave clearing as the provider took them; won: the money comes back', async () => {
    const d = await disputedPurchase();
    expect(d.status).toBe('needs_response');
    expect(await sumOf('provider_disputes', d.purchase_id)).toBe(d.amount_cents);
    expect(await sumOf('provider_fees', d.purchase_id)).toBeGreaterThan(0);
    await clearingMatchesProvider();
    await answer(d.provider_dispute_id, 'winning_evidence');
    const [after] = await q<{ status: string }>('select status from payment_disputes where provider_dispute_id = $1', [d.provider_dispute_id]);
    expect(after!.status).toBe('won');
    expect(await sumOf('provider_disputes', d.purchase_id)).toBe(0);
    expect(await sumOf('dispute_losses', d.purchase_id)).toBe(0);
    await clearingMatchesProvider();
  });

  it('lost: what the dispute took is a loss of the marketplace, once, whatever order the events came in', async () => {
    const d = await disputedPurchase();
    await answer(d.provider_dispute_id, 'losing_evidence');
    expect(await sumOf('provider_disputes', d.purchase_id)).toBe(0);
    expect(await sumOf('dispute_losses', d.purchase_id)).toBe(d.amount_cents);
    const postings = await q<{ n: number }>("select count(distinct posting)::int as n from ledger_entries where purchase_id = $1 and kind like 'dispute%'", [d.purchase_id]);
    expect(postings[0]!.n).toBe(2);
    await clearingMatchesProvider();
  });
});

describe('Admin › Finance › Card disputes and refunds', () => {
  it('lists the disputes with what they hold and cost, and a refund to a card that failed; to admins only', async () => {
    const admin = await adminToken(t.app, t.config);
    // a paid purchase on Stripe's refund-failure card, cancelled: its refund succeeds, then fails (money owed again)
    const res = await call(t.app, {
      method: 'POST', url: '/api/orders', token: shopper.token, headers: { 'idempotency-key': `refund-fail-${Math.random()}` },
      body: {
        items: [{ product_id: productId, quantity: 1 }], customer_info: { email: shopper.email, name: 'Dana Dispute', phone: null },
        shipping_address: { address: '9 Dispute Road', city: 'Sharjah', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card',
      },
    });
    await payPlaced(pay, res.json, '4000000000005126');
    await pay.flush();
    const sub = res.json.order.sub_orders[0] as { id: number };
    expect((await call(t.app, { method: 'PUT', url: `/api/admin/orders/${sub.id}/status`, token: admin, body: { status: 'cancelled' } })).status).toBe(200);
    let failed: { amount_cents: number; purchase_number: string }[] = [];
    for (let i = 0; i < 60 && !failed.length; i++) {
      await new Promise((r) => setTimeout(r, 50));
      pay.local.advance(60 * 60_000);
      await pay.flush();
      failed = (await call(t.app, { url: '/api/admin/finance/card-issues', token: admin })).json.failed_refunds;
    }
    const list = await call(t.app, { url: '/api/admin/finance/card-issues', token: admin });
    expect(list.status).toBe(200);
    expect(list.json.failed_refunds).toEqual([expect.objectContaining({ purchase_number: res.json.order_number, amount_cents: Math.round(res.json.order.total_amount * 100) })]);
    // the two disputes of the tests above: one won, one lost, each with the fee it cost
    expect(list.json.disputes.map((d: { status: string }) => d.status).sort()).toEqual(['lost', 'won']);
    const lost = list.json.disputes.find((d: { status: string }) => d.status === 'lost');
    expect(lost).toMatchObject({ withdrawn_cents: lost.amount_cents, lost_cents: lost.amount_cents, currency: 'AED' });
    expect(lost.fee_cents).toBeGreaterThan(0);
    expect((await call(t.app, { url: '/api/admin/finance/card-issues', token: shopper.token })).status).toBe(403);
    expect((await call(t.app, { url: '/api/admin/finance/card-issues' })).status).toBe(401);
  });
});

describe('disputeEntries', () => {
  it('books any sequence of read-backs so that what is booked is the last one, balanced, and a repeat books nothing', () => {
    const state = fc.record({ withdrawn: fc.integer({ min: 0, max: 50_000 }), fee: fc.integer({ min: 0, max: 2_000 }), lost: fc.boolean() });
    fc.assert(fc.property(fc.array(state, { minLength: 1, maxLength: 8 }), (reads) => {
      let booked: DisputeBooked = { withdrawnCents: 0, feeCents: 0, lostCents: 0 };
      const totals = new Map<string, number>();
      for (const r of reads) {
        const { lines, next } = disputeEntries(booked, r);
        expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(0);
        for (const l of lines) totals.set(l.account, (totals.get(l.account) ?? 0) + l.amountCents);
        booked = next;
        expect(disputeEntries(booked, r).lines).toEqual([]);
      }
      const last = reads.at(-1)!;
      expect(totals.get('provider_disputes') ?? 0).toBe(last.lost ? 0 : last.withdrawn);
      expect(totals.get('dispute_losses') ?? 0).toBe(last.lost ? last.withdrawn : 0);
      expect(totals.get('provider_fees') ?? 0).toBe(last.fee);
      expect(totals.get('provider_clearing') ?? 0).toBe(-(last.withdrawn + last.fee));
    }));
  });
});

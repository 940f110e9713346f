import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { payPlaced, startTestPayments, type TestPayments } from '../../../test/payments-fixtures.js';
import { DAY_MS, testClock } from './local/clock.js';

// Sellers paid from what was collected (issue 36 item 5, decision 0147), through the API against the local Stripe
// under a test clock and the real database: a seller connects through the provider's onboarding page; when a card
// sub-order's return window closes its due is transferred from the charge that paid it; a refund after the transfer
// is netted against the next one, or reversed when nothing is coming (or stays owed when the provider refuses); a
// transfer the provider takes back and a payout that fails on the connected account put the money back on the
// seller's Souq balance; webhooks twice or reordered change nothing more. After every step: every posting balances
// and the provider clearing account equals the provider's balance.
let t: TestContext;
let pay: TestPayments;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
type Seller = Awaited<ReturnType<typeof signupVendor>> & { productId: number };

beforeAll(async () => {
  t = await createTestApp();
  // the runtime's clock starts at the database's now, so delivered_at and the clock agree on when a window closes
  pay = await startTestPayments(t, { clock: testClock(Date.now()) });
  admin = await adminToken(t.app, t.config);
  shopper = await signupCustomer(t.app, 'Tala Transfer');
});
afterAll(async () => {
  await t.app.services.payments.stop();
  await t.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const transfers = () => t.app.services.cardPayments.transfers;
const provider = () => t.app.services.payments.provider;
const window = (days = 15) => pay.local.advance(days * DAY_MS);

let n = 0;
async function seller(name: string, priceCents = 10_000): Promise<Seller> {
  const s = await signupVendor(t.app, name);
  n += 1;
  const productId = (await makeProduct(t.app, { name: `Transfer Thing ${n}`, priceCents, stock: 100, vendorId: s.vendor.id })).id;
  return { ...s, productId };
}

/** Connects the seller's account through the provider's onboarding page, as the seller's browser does. */
async function connect(s: Seller, bank: 'pays' | 'fails' = 'pays') {
  const link = await call(t.app, { method: 'POST', url: '/api/vendor/earnings/provider-account/onboarding', token: s.token });
  expect(link.status).toBe(200);
  const page = await pay.visit(link.json.url);
  expect(page.status).toBe(200);
  const done = await pay.visit(link.json.url, { bank });
  expect(done.status).toBe(303);
  expect(done.location).toContain('/vendor?tab=earnings&provider_account=return');
  const back = await call(t.app, { method: 'POST', url: '/api/vendor/earnings/provider-account/refresh', token: s.token });
  expect(back.status).toBe(200);
  expect(back.json.account).toMatchObject({ transfers_enabled: true, receives_transfers: true, payout_failure: null });
  return back.json.account.account_id as string;
}

/** A card purchase of the sellers' products (one unit each unless told), paid on the provider's page, each sub-order delivered. */
async function bought(lines: { s: Seller; units?: number }[]) {
  const res = await call(t.app, {
    method: 'POST', url: '/api/orders', token: shopper.token, headers: { 'idempotency-key': `transfer-${Math.random()}` },
    body: {
      items: lines.map((l) => ({ product_id: l.s.productId, quantity: l.units ?? 1 })), customer_info: { email: shopper.email, name: 'Tala Transfer', phone: null },
      shipping_address: { address: '5 Transfer Street', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card',
    },
  });
  expect(res.status).toBe(201);
  await payPlaced(pay, res.json);
  const subs = await q<{ id: number; order_number: string; vendor: number }>(
    'select id, order_number, coalesce(seller_vendor_id, vendor_id) as vendor from orders where purchase_id = $1 order by id', [res.json.order.id]);
  for (const s of subs) await t.app.services.orders.setStatus(s.id, 'delivered');
  // delivered now on the runtime's clock (the test clock moves ahead of the database's over the file's tests)
  await q('update orders set delivered_at = $2 where purchase_id = $1', [res.json.order.id, new Date(pay.local.clock.now())]);
  return { purchaseId: res.json.order.id as number, purchaseNumber: res.json.order_number as string, subs, of: (x: Seller) => subs.find((s) => s.vendor === x.vendor.id)! };
}

/** What the ledger says a sub-order's seller is due for it (positive: owed to the seller). */
const positiveZero = (v: number) => (v === 0 ? 0 : v);
const netOf = async (orderId: number) => positiveZero(-Number((await q<{ s: string }>(`select coalesce(sum(amount_cents), 0)::int8 as s from ledger_entries where account = 'vendor_payable' and order_id = $1`, [orderId]))[0]!.s));
const balanceOf = async (vendorId: number) => positiveZero(-Number((await q<{ s: string }>(`select coalesce(sum(amount_cents), 0)::int8 as s from ledger_entries where account = 'vendor_payable' and vendor_id = $1`, [vendorId]))[0]!.s));
const transfersOf = (vendorId: number) =>
  q<{ id: number; order_id: number; amount_cents: number; reversed_cents: number; status: string; provider_transfer_id: string; failure: string | null; reversal_refused_at: Date | null }>(
    'select id, order_id, amount_cents, reversed_cents, status, provider_transfer_id, failure, reversal_refused_at from seller_transfers where vendor_id = $1 order by id', [vendorId]);

/** Every posting and every sub-order balances; the provider clearing account is the provider's balance. */
async function expectReconciled() {
  expect(await q('select posting, sum(amount_cents)::int8 from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
  const [clearing] = await q<{ s: string }>(`select coalesce(sum(amount_cents), 0)::int8 as s from ledger_entries where account = 'provider_clearing'`);
  const balance = (await provider().balance()).filter((b) => b.currency === 'AED').reduce((x, b) => x + b.available + b.pending, 0);
  expect(Number(clearing!.s)).toBe(balance);
}

/** A return of units of the sub-order's first line, approved and received by its seller: refunded to the card. */
async function refundUnits(s: Seller, orderId: number, units = 1) {
  const [line] = await q<{ id: number }>('select id from order_items where order_id = $1 order by id limit 1', [orderId]);
  const asked = await call(t.app, { method: 'POST', url: '/api/my/returns', token: shopper.token, body: { order_id: orderId, line_id: line!.id, units, reason: 'damaged' } });
  expect(asked.status).toBe(201);
  return asked.json.id as number;
}
async function receiveReturn(s: Seller, returnId: number, purchaseId: number) {
  expect((await call(t.app, { method: 'POST', url: `/api/vendor/returns/${returnId}/approve`, token: s.token, body: {} })).status).toBe(200);
  expect((await call(t.app, { method: 'POST', url: `/api/vendor/returns/${returnId}/receive`, token: s.token, body: { restock: true } })).status).toBe(200);
  // the refund to the card follows the return (after its commit): make sure it went, then wait for it to be posted
  await t.app.services.cardPayments.refundOwed(purchaseId);
  for (let i = 0; i < 50; i++) {
    const [open] = await q<{ n: number }>(`select count(*)::int as n from payment_refunds r join payment_attempts a on a.id = r.attempt_id where a.purchase_id = $1 and r.posted_at is null and r.status in ('requested', 'pending')`, [purchaseId]);
    if (open!.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('connecting a payout account with the provider', () => {
  it("goes through the provider's onboarding page and back; the account is read back and stored; vendors only, their own", async () => {
    const s = await seller('Onboard Lamps LLC');
    const before = await call(t.app, { url: '/api/vendor/earnings/provider-account', token: s.token });
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ can_connect: true, account: null, owed_cents: 0 });
    // nothing to read back before an account exists
    const early = await call(t.app, { method: 'POST', url: '/api/vendor/earnings/provider-account/refresh', token: s.token });
    expect(early.status).toBe(404);
    expect(early.json.error).toBe(MSG.sellerAccountMissing);
    // not for shoppers or admins, and not without a session
    for (const token of [shopper.token, admin, null]) {
      const r = await call(t.app, { method: 'POST', url: '/api/vendor/earnings/provider-account/onboarding', token });
      expect([401, 403]).toContain(r.status);
    }
    const link = await call(t.app, { method: 'POST', url: '/api/vendor/earnings/provider-account/onboarding', token: s.token });
    expect(link.json.url).toMatch(/\/local\/connect\/onboarding\//);
    const [row] = await q<{ account_id: string; transfers_enabled: boolean }>('select account_id, transfers_enabled from seller_accounts where vendor_id = $1', [s.vendor.id]);
    expect(row).toMatchObject({ transfers_enabled: false });
    // asked twice: the same account at the provider (one idempotency key per seller)
    await call(t.app, { method: 'POST', url: '/api/vendor/earnings/provider-account/onboarding', token: s.token });
    expect((await q('select 1 from seller_accounts where vendor_id = $1', [s.vendor.id])).length).toBe(1);
    const account = await connect(s);
    expect(account).toBe(row!.account_id);
    // the provider's account.updated events, delivered twice, are stored once and refresh the same row
    const events = pay.local.queue.pending().filter((d) => d.type === 'account.updated');
    expect(events.length).toBeGreaterThan(0);
    for (const d of events) pay.local.queue.duplicate(d.id);
    await pay.flush();
    const stored = await q<{ n: number }>(`select count(*)::int as n from payment_events where type = 'account.updated' and object_id = $1`, [account]);
    expect(stored[0]!.n).toBe(new Set(events.map((e) => e.eventId)).size);
    await expectReconciled();
  });
});

describe('transfers when the return window closes', () => {
  let a: Seller;
  let c: Seller;
  beforeAll(async () => {
    a = await seller('Window Rugs LLC', 12_500);
    c = await seller('Bank Only LLC', 8_000);
    await connect(a);
  });

  it("sends each connected seller its sub-order's due from the charge that paid it, once; a seller without an account stays on the bank payouts", async () => {
    const p = await bought([{ s: a, units: 2 }, { s: c }]);
    const subA = p.of(a);
    const dueA = await netOf(subA.id);
    expect(dueA).toBeGreaterThan(0);
    // within the window: nothing moves
    expect(await transfers().run()).toEqual({ sent: 0, reversed: 0 });
    window();
    const first = await transfers().run();
    expect(first.sent).toBe(1);
    const [tr] = await transfersOf(a.vendor.id);
    expect(tr).toMatchObject({ order_id: subA.id, amount_cents: dueA, status: 'paid', reversed_cents: 0 });
    // at the provider: from the purchase's charge, in its transfer group, to the seller's account
    const sent = await provider().getTransfer(tr!.provider_transfer_id);
    const [attempt] = await q<{ provider_payment_id: string }>('select provider_payment_id from payment_attempts where purchase_id = $1', [p.purchaseId]);
    expect(sent.fundsSource).toBe((await provider().getPayment(attempt!.provider_payment_id)).fundsSource);
    expect(sent.group).toBe(p.purchaseNumber);
    expect(sent.amount).toBe(dueA);
    // the ledger: the sub-order's due moved to the provider clearing; nothing left owed on it
    expect(await netOf(subA.id)).toBe(0);
    const rows = await q<{ account: string; kind: string; amount_cents: string; memo: string }>(`select account, kind, amount_cents, memo from ledger_entries where posting = $1 order by id`, [`seller-transfer:${tr!.id}`]);
    expect(rows.map((r) => [r.account, r.kind, Number(r.amount_cents), r.memo])).toEqual([
      ['vendor_payable', 'transfer', dueA, sent.id], ['provider_clearing', 'transfer', -dueA, sent.id],
    ]);
    // the seller without a connected account: nothing transferred, its money still its balance for the bank payouts
    expect(await transfersOf(c.vendor.id)).toEqual([]);
    expect(await netOf(p.of(c).id)).toBeGreaterThan(0);
    // run again (and its webhooks, twice): nothing more
    for (const d of [...pay.local.queue.pending()]) pay.local.queue.duplicate(d.id);
    await pay.flush();
    expect(await transfers().run()).toEqual({ sent: 0, reversed: 0 });
    expect((await transfersOf(a.vendor.id)).length).toBe(1);
    await expectReconciled();
    // the seller and the admin read it
    const mine = await call(t.app, { url: '/api/vendor/earnings/transfers', token: a.token });
    expect(mine.json).toMatchObject([{ order_number: subA.order_number, amount_cents: dueA, status: 'paid' }]);
    expect((await call(t.app, { url: '/api/vendor/earnings/transfers', token: c.token })).json).toEqual([]);
    const all = await call(t.app, { url: '/api/admin/finance/transfers?status=paid', token: admin });
    expect(all.json.some((x: { id: number }) => x.id === tr!.id)).toBe(true);
    expect((await call(t.app, { url: '/api/admin/finance/transfers', token: a.token })).status).toBe(403);
    expect((await call(t.app, { url: '/api/admin/finance/transfers?status=lost', token: admin })).status).toBe(400);
    const state = await call(t.app, { url: '/api/vendor/earnings/provider-account', token: a.token });
    expect(state.json.provider_fees_cents).toBeGreaterThan(0);
  });

  it('keeps card money due by transfer out of the bank payout batch until it is sent', async () => {
    const p = await bought([{ s: a }]);
    const due = await netOf(p.of(a).id);
    // the database's own clock decides what a batch may pay: the window closed a while ago
    await q(`update orders set delivered_at = now() - interval '20 days' where id = $1`, [p.of(a).id]);
    const earnings = await call(t.app, { url: '/api/vendor/earnings', token: a.token });
    expect(earnings.json.by_transfer_cents).toBe(due);
    expect(earnings.json.available_cents).toBe(earnings.json.balance_cents - earnings.json.held_cents - due);
    const run = await transfers().run();
    expect(run.sent).toBe(1);
    const after = await call(t.app, { url: '/api/vendor/earnings', token: a.token });
    expect(after.json.by_transfer_cents).toBe(0);
    await expectReconciled();
  });
});

describe('an account whose transfers paused', () => {
  /** A connected seller with a verified bank account too, and one card sub-order whose window closed (by both clocks). */
  async function closedSale(name: string) {
    const s = await seller(name, 20_000);
    await connect(s);
    expect((await call(t.app, { method: 'PUT', url: `/api/vendors/${s.vendor.id}/payout-account`, token: admin, body: { iban: 'AE070331234567890123456', account_holder: name } })).status).toBe(200);
    expect((await call(t.app, { method: 'POST', url: `/api/admin/finance/payout-accounts/${s.vendor.id}/verify`, token: admin })).status).toBe(200);
    const p = await bought([{ s }]);
    const due = await netOf(p.of(s).id);
    // the database's own clock decides what a batch may pay: the window closed a while ago
    await q(`update orders set delivered_at = now() - interval '20 days' where id = $1`, [p.of(s).id]);
    window();
    return { s, due };
  }
  // a payout failed on the connected account (as claimPayoutFailureIn marks it): transfers to it pause; then resume
  const pause = (s: Seller, failure: string | null) => q('update seller_accounts set payout_failure = $2 where vendor_id = $1', [s.vendor.id, failure]);
  const batch = () => call(t.app, { method: 'POST', url: '/api/admin/finance/payout-batches', token: admin, body: { minimum_cents: 1 } });

  it('a transfer on its way keeps its money out of the bank payout batch', async () => {
    // A transfer the provider did not answer stays requested and is sent again, under its key, once the account takes
    // transfers again. The batch read the seller's balance without it: paused, the sub-order's money counted as the
    // batch's, and the seller was paid it twice (by bank, then by the transfer), owing it back.
    const { s, due } = await closedSale('Twice Paid Rugs LLC');
    pay.local.injectFaults('error_500', 'error_500', 'error_500');
    expect((await transfers().run()).sent).toBe(1);
    const [tr] = await transfersOf(s.vendor.id);
    expect(tr).toMatchObject({ amount_cents: due, status: 'requested' });
    await pause(s, 'po_test: failed');
    expect([201, 422]).toContain((await batch()).status);
    expect(await q('select amount_cents from payouts where vendor_id = $1', [s.vendor.id])).toEqual([]);
    // the seller updates its account: the transfer goes, and the seller was paid its due once
    await pause(s, null);
    await transfers().run();
    expect((await transfersOf(s.vendor.id))[0]).toMatchObject({ id: tr!.id, status: 'paid' });
    expect(await balanceOf(s.vendor.id)).toBe(0);
    await expectReconciled();
  });

  it('paid by the bank batch while transfers to the account paused, is not transferred again when they resume', async () => {
    // A bank payout is a row of the seller's, not of a sub-order's: the sub-order's own rows still said it was due, and
    // the transfer sent it again. What is transferred is now also capped by what the seller is owed in all.
    const { s, due } = await closedSale('Paid Once Lamps LLC');
    await pause(s, 'po_test: failed');
    expect((await batch()).status).toBe(201);
    expect(await q('select amount_cents::int from payouts where vendor_id = $1', [s.vendor.id])).toEqual([{ amount_cents: due }]);
    expect(await balanceOf(s.vendor.id)).toBe(0);
    await pause(s, null);
    expect(await transfers().run()).toEqual({ sent: 0, reversed: 0 });
    expect(await transfersOf(s.vendor.id)).toEqual([]);
    expect(await balanceOf(s.vendor.id)).toBe(0);
    await expectReconciled();
  });
});

describe('a refund after the seller was paid', () => {
  it('is netted against the next transfer to that seller', async () => {
    const s = await seller('Netted Vases LLC', 10_000);
    await connect(s);
    const first = await bought([{ s, units: 2 }]);
    const returnId = await refundUnits(s, first.of(s).id);
    window();
    await transfers().run();
    const paidFirst = await netOf(first.of(s).id);
    expect(paidFirst).toBe(0);
    const [tr1] = await transfersOf(s.vendor.id);
    // the unit comes back after the seller was paid: its sub-order now owes
    await receiveReturn(s, returnId, first.purchaseId);
    const owed = -(await netOf(first.of(s).id));
    expect(owed).toBeGreaterThan(0);
    expect((await call(t.app, { url: '/api/vendor/earnings/provider-account', token: s.token })).json.owed_cents).toBe(owed);
    // another sale is still in its window: the debt waits for it (no reversal)
    const second = await bought([{ s, units: 3 }]);
    expect(await transfers().run()).toEqual({ sent: 0, reversed: 0 });
    window();
    const due = await netOf(second.of(s).id);
    expect((await transfers().run()).sent).toBe(1);
    const [, tr2] = await transfersOf(s.vendor.id);
    expect(tr2).toMatchObject({ order_id: second.of(s).id, amount_cents: due - owed, status: 'paid' });
    expect((await transfersOf(s.vendor.id))[0]).toMatchObject({ id: tr1!.id, reversed_cents: 0 });
    // the seller's transfer side is settled: what it was due less what it owed
    expect(await balanceOf(s.vendor.id)).toBe(0);
    expect(await transfers().run()).toEqual({ sent: 0, reversed: 0 });
    await expectReconciled();
  });

  /** A connected seller paid by transfer for two units, one of which then came back: its sub-order owes `owed`. */
  async function paidThenRefunded(name: string) {
    const s = await seller(name, 6_000);
    await connect(s);
    const p = await bought([{ s, units: 2 }]);
    const returnId = await refundUnits(s, p.of(s).id);
    window();
    await transfers().run();
    await receiveReturn(s, returnId, p.purchaseId);
    const owed = -(await netOf(p.of(s).id));
    expect(owed).toBeGreaterThan(0);
    return { s, p, owed };
  }

  it('reverses the transfer for the refund when nothing more is coming', async () => {
    const { s, p, owed } = await paidThenRefunded('Reversed Mugs LLC');
    const run = await transfers().run();
    expect(run).toEqual({ sent: 0, reversed: owed });
    const [tr] = await transfersOf(s.vendor.id);
    expect(tr).toMatchObject({ reversed_cents: owed, status: 'partially_reversed', reversal_refused_at: null });
    expect((await provider().getTransfer(tr!.provider_transfer_id)).amountReversed).toBe(owed);
    expect(await netOf(p.of(s).id)).toBe(0);
    // the reversal's events (twice, in reverse) book nothing more
    for (const d of [...pay.local.queue.pending()]) pay.local.queue.duplicate(d.id);
    pay.local.queue.reorder('reverse');
    await pay.flush();
    expect((await transfersOf(s.vendor.id))[0]!.reversed_cents).toBe(owed);
    expect(await transfers().run()).toEqual({ sent: 0, reversed: 0 });
    await expectReconciled();
  });

  it('planned at once by several runs (another process, a webhook booking a reversal), the refund is taken back once', async () => {
    // Decision 0193's audit: one run books its reversal (its ledger posting and the transfer's reversed_cents commit
    // together, under the transfer's lock) while another plans, reading the ledger and then the transfers. Should it
    // commit between the two reads, a second reversal under a new key would take the same money again; the posting's
    // foreign key waits for the plan's FOR UPDATE on the seller, so it cannot (with FOR NO KEY UPDATE this fails).
    // Twelve runs of one seller, a few milliseconds apart, on each of four sellers; on PostgreSQL they run on separate connections.
    for (let round = 0; round < 4; round++) {
      const { s, p, owed } = await paidThenRefunded(`Raced Bowls ${round} LLC`);
      const at = new Date(pay.local.clock.now());
      // started a few milliseconds apart, so some plan while an earlier run books its reversal
      const runs = await Promise.all(Array.from({ length: 24 }, (_, i) => new Promise((r) => setTimeout(r, i)).then(() => transfers().runVendor(s.vendor.id, at))));
      const [tr, ...more] = await transfersOf(s.vendor.id);
      expect(tr!.reversed_cents).toBe(owed);
      expect((await provider().getTransfer(tr!.provider_transfer_id)).amountReversed).toBe(owed);
      // (taken twice, the seller's balance would have been owed the refund again and sent it by a new transfer)
      expect(more).toEqual([]);
      expect(runs.every((r) => r.sent === 0)).toBe(true);
      expect(await netOf(p.of(s).id)).toBe(0);
      expect(await transfers().run()).toEqual({ sent: 0, reversed: 0 });
    }
    await expectReconciled();
  });

  it("stays owed on the seller's balance, shown, when the provider refuses the reversal (its balance is short); the next sale nets it", async () => {
    const s = await seller('Short Balance LLC', 9_000);
    const account = await connect(s);
    const p = await bought([{ s, units: 2 }]);
    const returnId = await refundUnits(s, p.of(s).id);
    window();
    await transfers().run();
    // the funds become available at the connected account, and its automatic payout takes them to its bank
    window(3);
    expect(pay.local.payOutConnectedAccount(account)).not.toBeNull();
    await pay.flush();
    await receiveReturn(s, returnId, p.purchaseId);
    const owed = -(await netOf(p.of(s).id));
    expect(await transfers().run()).toEqual({ sent: 0, reversed: 0 });
    const [tr] = await transfersOf(s.vendor.id);
    expect(tr!.reversal_refused_at).not.toBeNull();
    expect(tr!.reversed_cents).toBe(0);
    expect(tr!.failure).toMatch(/insufficient funds/i);
    // shown: the seller owes it, on Earnings and in the transfer list
    const state = await call(t.app, { url: '/api/vendor/earnings/provider-account', token: s.token });
    expect(state.json.owed_cents).toBe(owed);
    expect((await call(t.app, { url: '/api/vendor/earnings/transfers', token: s.token })).json[0]).toMatchObject({ reversal_refused: true });
    expect(await balanceOf(s.vendor.id)).toBe(-owed);
    // not asked again within a day
    expect(await transfers().run()).toEqual({ sent: 0, reversed: 0 });
    // the next sale nets the debt
    const next = await bought([{ s, units: 3 }]);
    window();
    const due = await netOf(next.of(s).id);
    expect((await transfers().run()).sent).toBe(1);
    expect((await transfersOf(s.vendor.id))[1]).toMatchObject({ amount_cents: due - owed });
    expect(await balanceOf(s.vendor.id)).toBe(0);
    await expectReconciled();
  });
});

describe('a transfer or payout that fails after it first succeeded', () => {
  it("puts the money back on the seller's balance when the provider takes a transfer back, says so, and pauses transfers", async () => {
    const s = await seller('Taken Back LLC', 7_000);
    await connect(s);
    const p = await bought([{ s }]);
    window();
    await transfers().run();
    await pay.flush();
    const [tr] = await transfersOf(s.vendor.id);
    const due = tr!.amount_cents;
    pay.local.reverseTransferAsProvider(tr!.provider_transfer_id);
    // its events twice and in reverse: the money comes back once
    for (const d of [...pay.local.queue.pending()]) pay.local.queue.duplicate(d.id);
    pay.local.queue.reorder('reverse');
    await pay.flush();
    const [after] = await transfersOf(s.vendor.id);
    expect(after).toMatchObject({ status: 'reversed', reversed_cents: due, failure: MSG.transferReturnedReason });
    expect(await netOf(p.of(s).id)).toBe(due);
    const reversals = await q<{ by: string; amount_cents: number }>('select by, amount_cents from seller_transfer_reversals where transfer_id = $1', [tr!.id]);
    expect(reversals).toEqual([{ by: 'provider', amount_cents: due }]);
    // paused: no transfer goes to that account again until the seller updates it; the bank payouts may pay it meanwhile
    const state = await call(t.app, { url: '/api/vendor/earnings/provider-account', token: s.token });
    expect(state.json.account).toMatchObject({ receives_transfers: false, payout_failure: MSG.transferReturnedReason });
    expect(await transfers().run()).toEqual({ sent: 0, reversed: 0 });
    const earnings = await call(t.app, { url: '/api/vendor/earnings', token: s.token });
    expect(earnings.json.by_transfer_cents).toBe(0);
    // admin Finance lists it with its status
    const failed = await call(t.app, { url: '/api/admin/finance/transfers?status=reversed', token: admin });
    expect(failed.json.find((x: { id: number }) => x.id === tr!.id)).toMatchObject({ failure: MSG.transferReturnedReason, vendor_name: 'Taken Back LLC' });
    await expectReconciled();
  });

  it("takes back a payout that failed at the seller's bank to its Souq balance, once", async () => {
    const s = await seller('Closed Bank LLC', 5_500);
    const account = await connect(s, 'fails');
    const p = await bought([{ s }]);
    window();
    await transfers().run();
    await pay.flush();
    const [tr] = await transfersOf(s.vendor.id);
    window(3);
    const po = pay.local.payOutConnectedAccount(account);
    expect(po?.amount).toBe(tr!.amount_cents);
    await pay.flush();
    // the bank refuses it at its arrival date: the payout fails and its money is on the connected account again
    window(2);
    const failedEvents = pay.local.queue.pending().filter((d) => d.type.startsWith('payout.'));
    expect(failedEvents.some((d) => d.type === 'payout.failed')).toBe(true);
    for (const d of failedEvents) pay.local.queue.duplicate(d.id);
    await pay.flush();
    const [after] = await transfersOf(s.vendor.id);
    expect(after).toMatchObject({ status: 'reversed', reversed_cents: tr!.amount_cents });
    expect(await netOf(p.of(s).id)).toBe(tr!.amount_cents);
    const [acct] = await q<{ payout_failure: string }>('select payout_failure from seller_accounts where vendor_id = $1', [s.vendor.id]);
    expect(acct!.payout_failure).toMatch(new RegExp(`^${po!.id}: `));
    expect((await q('select 1 from seller_transfer_reversals where transfer_id = $1', [tr!.id])).length).toBe(1);
    expect(await transfers().run()).toEqual({ sent: 0, reversed: 0 });
    await expectReconciled();
  });

  it('takes back two payouts of the same amount that failed at once, each from its own transfer', async () => {
    const s = await seller('Two Bounces LLC', 4_400);
    const account = await connect(s, 'fails');
    const purchases = [await bought([{ s }]), await bought([{ s }])];
    window();
    await transfers().run();
    await pay.flush();
    const sent = await transfersOf(s.vendor.id);
    expect(sent.map((x) => x.status)).toEqual(['paid', 'paid']);
    const each = sent[0]!.amount_cents;
    expect(sent[1]!.amount_cents).toBe(each);
    // two manual payouts of one transfer's worth each, both refused by the bank at their arrival; their events arrive
    // together, handled side by side (two webhook deliveries in flight)
    window(3);
    const payouts = [pay.local.payOutConnectedAccount(account, 'aed', each), pay.local.payOutConnectedAccount(account, 'aed', each)];
    expect(payouts.every((po) => po?.amount === each)).toBe(true);
    await pay.flush();
    window(2);
    expect(pay.local.queue.pending().filter((d) => d.type === 'payout.failed')).toHaveLength(2);
    pay.local.queue.setConcurrency(4);
    try {
      await pay.flush();
    } finally {
      pay.local.queue.setConcurrency(1);
    }
    // both payouts' money is back on the seller's Souq balance: each transfer taken back once, in full
    const after = await transfersOf(s.vendor.id);
    expect(after.map((x) => [x.status, x.reversed_cents])).toEqual([['reversed', each], ['reversed', each]]);
    expect(after.map((x) => x.reversal_refused_at)).toEqual([null, null]);
    for (const p of purchases) expect(await netOf(p.of(s).id)).toBe(each);
    const reversals = await q<{ transfer_id: number }>('select transfer_id from seller_transfer_reversals where transfer_id = any($1::int[]) order by transfer_id', [after.map((x) => x.id)]);
    expect(reversals.map((r) => r.transfer_id)).toEqual(after.map((x) => x.id));
    await expectReconciled();
  });
});

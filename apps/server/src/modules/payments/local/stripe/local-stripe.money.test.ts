import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { DAY_MS } from '../clock.js';
import { startTestStripe } from './testing.js';

let t: Awaited<ReturnType<typeof startTestStripe>>;
beforeEach(async () => {
  t = await startTestStripe();
});
afterEach(() => t.close());

/** A seller's connected account, onboarded through the local onboarding page as a seller would. */
async function onboardedSeller(name: string, bank: 'pays' | 'fails' = 'pays') {
  const acct = await t.stripe.accounts.create({ type: 'express', country: 'AE', email: `${name}@souq.test`, business_profile: { name }, capabilities: { transfers: { requested: true } } });
  const link = await t.stripe.accountLinks.create({ account: acct.id, type: 'account_onboarding', return_url: 'https://souq.test/vendor/payouts/done', refresh_url: 'https://souq.test/vendor/payouts/again' });
  const page = await fetch(link.url);
  expect(await page.text()).toContain(name);
  const res = await fetch(new URL(new URL(link.url).pathname, link.url), { method: 'POST', body: `bank=${bank}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  expect([res.status, res.headers.get('location')]).toEqual([303, 'https://souq.test/vendor/payouts/done']);
  return acct.id;
}

const paid = (amount: number, pm = 'pm_card_visa', group = 'SQ-1') =>
  t.stripe.paymentIntents.create({ amount, currency: 'aed', payment_method: pm, confirm: true, capture_method: 'automatic', transfer_group: group });

describe('local Stripe: Connect, transfers, refunds, disputes and payouts', () => {
  it('onboards a UAE seller instantly; other countries are refused; used links send the seller to refresh_url', async () => {
    const id = await onboardedSeller('Gulf Gadgets');
    const acct = await t.stripe.accounts.retrieve(id);
    expect(acct.id).toMatch(/^acct_/);
    expect([acct.details_submitted, acct.payouts_enabled, acct.capabilities?.transfers, acct.requirements?.currently_due]).toEqual([true, true, 'active', []]);
    await expect(t.stripe.accounts.create({ type: 'express', country: 'US', capabilities: { transfers: { requested: true } } })).rejects.toMatchObject({ param: 'country', statusCode: 400 });
    const link = await t.stripe.accountLinks.create({ account: id, type: 'account_onboarding', return_url: 'https://souq.test/r', refresh_url: 'https://souq.test/again' });
    t.local.advance(301_000);
    const expired = await fetch(link.url, { redirect: 'manual' });
    expect([expired.status, expired.headers.get('location')]).toEqual([303, 'https://souq.test/again']);
  });

  it('separate charges and transfers: source_transaction transfers up to the charge, funds follow the charge’s availability', async () => {
    const a = await onboardedSeller('Seller A');
    const b = await onboardedSeller('Seller B');
    const pi = await paid(30_000);
    const ch = pi.latest_charge as string;
    const trA = await t.stripe.transfers.create({ amount: 18_000, currency: 'aed', destination: a, source_transaction: ch, transfer_group: 'SQ-1' });
    const trB = await t.stripe.transfers.create({ amount: 9_000, currency: 'aed', destination: b, source_transaction: ch, transfer_group: 'SQ-1' });
    expect(trA.id).toMatch(/^tr_/);
    expect(trA.destination_payment).toMatch(/^py_/);
    await expect(t.stripe.transfers.create({ amount: 3_001, currency: 'aed', destination: b, source_transaction: ch })).rejects.toMatchObject({ code: 'balance_insufficient' });
    // without a source transaction a transfer needs available funds, which a fresh charge has not got yet
    await expect(t.stripe.transfers.create({ amount: 100, currency: 'aed', destination: b })).rejects.toMatchObject({ code: 'balance_insufficient' });
    const sellerA = await t.stripe.balance.retrieve({}, { stripeAccount: a });
    expect([sellerA.available[0]!.amount, sellerA.pending[0]!.amount]).toEqual([0, 18_000]);
    t.local.advance(7 * DAY_MS);
    expect((await t.stripe.balance.retrieve({}, { stripeAccount: a })).available[0]!.amount).toBe(18_000);
    // platform: 30,000 − fee 970 − 27,000 transferred
    expect((await t.stripe.balance.retrieve()).available[0]!.amount).toBe(30_000 - 970 - 27_000);
    const group = await t.stripe.transfers.list({ transfer_group: 'SQ-1' });
    expect(group.data.map((x) => x.id).sort()).toEqual([trA.id, trB.id].sort());
  });

  it('reverses a transfer, and refuses a reversal the seller’s balance cannot cover', async () => {
    const a = await onboardedSeller('Seller A');
    const pi = await paid(10_000, 'pm_card_bypassPending');
    const tr = await t.stripe.transfers.create({ amount: 8_000, currency: 'aed', destination: a, source_transaction: pi.latest_charge as string });
    const trr = await t.stripe.transfers.createReversal(tr.id, { amount: 2_000, metadata: { refund: 'RF-1' } });
    expect(trr.id).toMatch(/^trr_/);
    expect((await t.stripe.transfers.retrieve(tr.id)).amount_reversed).toBe(2_000);
    expect((await t.stripe.balance.retrieve({}, { stripeAccount: a })).available[0]!.amount).toBe(6_000);
    // the seller is paid out; a later reversal finds nothing to take back
    const po = await t.stripe.payouts.create({ amount: 6_000, currency: 'aed' }, { stripeAccount: a });
    expect(po.id).toMatch(/^po_/);
    await expect(t.stripe.transfers.createReversal(tr.id, { amount: 1_000 })).rejects.toMatchObject({ code: 'balance_insufficient', statusCode: 400 });
    const list = await t.stripe.transfers.listReversals(tr.id);
    expect(list.data.map((r) => r.id)).toEqual([trr.id]);
  });

  it('refunds per amount with idempotency; more than what is left is refused; the refund-failure card fails an hour later', async () => {
    const pi = await paid(10_000);
    const r1 = await t.stripe.refunds.create({ payment_intent: pi.id, amount: 2_500, metadata: { line: '1' } }, { idempotencyKey: 'refund-RF-1' });
    const again = await t.stripe.refunds.create({ payment_intent: pi.id, amount: 2_500, metadata: { line: '1' } }, { idempotencyKey: 'refund-RF-1' });
    expect(again.id).toBe(r1.id);
    expect([r1.status, r1.amount]).toEqual(['succeeded', 2_500]);
    await expect(t.stripe.refunds.create({ payment_intent: pi.id, amount: 7_501 })).rejects.toMatchObject({ code: 'amount_too_large' });
    const rest = await t.stripe.refunds.create({ payment_intent: pi.id });
    expect(rest.amount).toBe(7_500);
    expect((await t.stripe.charges.retrieve(pi.latest_charge as string)).refunded).toBe(true);
    await expect(t.stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({ code: 'charge_already_refunded' });

    const failing = await paid(4_000, 'pm_card_refundFail');
    const rf = await t.stripe.refunds.create({ payment_intent: failing.id });
    expect(rf.status).toBe('succeeded');
    t.local.advance(60 * 60_000);
    const after = await t.stripe.refunds.retrieve(rf.id, { expand: ['failure_balance_transaction'] });
    expect([after.status, after.failure_reason]).toEqual(['failed', 'expired_or_canceled_card']);
    expect((after.failure_balance_transaction as Stripe.BalanceTransaction).amount).toBe(4_000);
    const types = (await t.stripe.events.list({ limit: 100 })).data.map((ev) => ev.type);
    expect(types).toContain('refund.failed');
    expect(types).toContain('charge.refund.updated');
  });

  it('disputes: the dispute card is disputed at once; winning evidence wins and reinstates, accepting loses', async () => {
    const pi = await paid(6_000, 'pm_card_createDispute');
    const disputes = await t.stripe.disputes.list({ payment_intent: pi.id });
    expect(disputes.data).toHaveLength(1);
    const dp = disputes.data[0]!;
    expect(dp.id).toMatch(/^dp_/);
    expect([dp.status, dp.reason, dp.amount, dp.balance_transactions[0]?.amount, dp.balance_transactions[0]?.fee]).toEqual(['needs_response', 'fraudulent', 6_000, -6_000, 1_500]);
    expect((await t.stripe.charges.retrieve(pi.latest_charge as string)).disputed).toBe(true);
    const reviewing = await t.stripe.disputes.update(dp.id, { evidence: { uncategorized_text: 'winning_evidence' } });
    expect(reviewing.status).toBe('under_review');
    t.local.advance(60_000);
    const won = await t.stripe.disputes.retrieve(dp.id);
    expect(won.status).toBe('won');
    expect(won.balance_transactions.map((x) => x.amount)).toEqual([-6_000, 6_000]);

    const other = await paid(3_000, 'pm_card_createDispute');
    const dp2 = (await t.stripe.disputes.list({ payment_intent: other.id })).data[0]!;
    expect((await t.stripe.disputes.close(dp2.id)).status).toBe('lost');
    await expect(t.stripe.disputes.close(dp2.id)).rejects.toMatchObject({ statusCode: 400 });
    const types = (await t.stripe.events.list({ limit: 100 })).data.map((ev) => ev.type);
    for (const type of ['charge.dispute.created', 'charge.dispute.funds_withdrawn', 'charge.dispute.funds_reinstated', 'charge.dispute.closed']) expect(types).toContain(type);
  });

  it('payouts: refused beyond the available balance; paid on arrival; a seller whose bank refuses gets the money back', async () => {
    await paid(20_000, 'pm_card_bypassPending');
    await expect(t.stripe.payouts.create({ amount: 20_000, currency: 'aed' })).rejects.toMatchObject({ code: 'balance_insufficient' });
    const po = await t.stripe.payouts.create({ amount: 10_000, currency: 'aed' });
    expect(po.status).toBe('pending');
    t.local.advance(DAY_MS);
    expect((await t.stripe.payouts.retrieve(po.id)).status).toBe('paid');

    const bad = await onboardedSeller('Closed Bank LLC', 'fails');
    const pi = await paid(5_000, 'pm_card_bypassPending');
    await t.stripe.transfers.create({ amount: 5_000, currency: 'aed', destination: bad, source_transaction: pi.latest_charge as string });
    const spo = await t.stripe.payouts.create({ amount: 5_000, currency: 'aed' }, { stripeAccount: bad });
    expect((await t.stripe.balance.retrieve({}, { stripeAccount: bad })).available[0]!.amount).toBe(0);
    t.local.advance(DAY_MS);
    const failed = await t.stripe.payouts.retrieve(spo.id, {}, { stripeAccount: bad });
    expect([failed.status, failed.failure_code]).toEqual(['failed', 'account_closed']);
    expect((await t.stripe.balance.retrieve({}, { stripeAccount: bad })).available[0]!.amount).toBe(5_000);
    // a connected account's payout is not visible from the platform
    await expect(t.stripe.payouts.retrieve(spo.id)).rejects.toMatchObject({ statusCode: 404 });
    const txns = await t.stripe.balanceTransactions.list({ type: 'payout' });
    expect(txns.data.map((x) => x.source)).toEqual([po.id]);
  });
});

describe('local Stripe: balance transactions for reconciliation', () => {
  it('list newest first, paged with starting_after through every item once, the source expanded to its charge or refund', async () => {
    const pis = [await paid(10_000), await paid(2_550), await paid(99_900)];
    const re = await t.stripe.refunds.create({ payment_intent: pis[0]!.id, amount: 1_000 });
    const seen: Stripe.BalanceTransaction[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await t.stripe.balanceTransactions.list({ limit: 2, expand: ['data.source'], ...(after ? { starting_after: after } : {}) });
      seen.push(...page.data);
      if (!page.has_more) break;
      after = page.data.at(-1)!.id;
    }
    expect(seen.map((x) => x.type)).toEqual(['refund', 'charge', 'charge', 'charge']);
    expect(new Set(seen.map((x) => x.id)).size).toBe(4);
    // a charge's source names its PaymentIntent (what Souq's ledger knows the payment by); the refund's is the refund
    expect(seen.slice(1).map((x) => (x.source as Stripe.Charge).payment_intent)).toEqual([pis[2]!.id, pis[1]!.id, pis[0]!.id]);
    expect([(seen[0]!.source as Stripe.Refund).id, seen[0]!.amount, seen[0]!.fee]).toEqual([re.id, -1_000, 0]);
    expect(seen.slice(1).map((x) => [x.amount, x.fee, x.net])).toEqual([99_900, 2_550, 10_000].map((a) => [a, Math.round((a * 290) / 10_000) + 100, a - Math.round((a * 290) / 10_000) - 100]));
    // the official client's auto-pagination reads the same list; a cursor that is not in it is resource_missing
    const auto: string[] = [];
    for await (const x of t.stripe.balanceTransactions.list({ limit: 3 })) auto.push(x.id);
    expect(auto).toEqual(seen.map((x) => x.id));
    await expect(t.stripe.balanceTransactions.list({ starting_after: pis[0]!.id })).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});

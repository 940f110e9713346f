import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { answerChallenge, startTestStripe } from './testing.js';
import { fetchBridge } from '../http.js';
import { createLocalStripe } from './index.js';
import { testClock, DAY_MS } from '../clock.js';

let t: Awaited<ReturnType<typeof startTestStripe>>;
beforeEach(async () => {
  t = await startTestStripe();
});
afterEach(() => t.close());

const RETURN = 'https://souq.test/checkout/return';

describe('local Stripe: PaymentIntents through the official client', () => {
  it('charges a card with automatic capture: fee, pending funds that become available under the clock', async () => {
    const pi = await t.stripe.paymentIntents.create({ amount: 10_000, currency: 'aed', payment_method: 'pm_card_visa', confirm: true, capture_method: 'automatic', transfer_group: 'SQ-1' });
    expect(pi.status).toBe('succeeded');
    expect(pi.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(pi.amount_received).toBe(10_000);
    const read = await t.stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge.balance_transaction'] });
    const ch = read.latest_charge as Stripe.Charge;
    expect(ch.id).toMatch(/^ch_/);
    expect(ch.transfer_group).toBe('SQ-1');
    const txn = ch.balance_transaction as Stripe.BalanceTransaction;
    // 2.9 % + AED 1.00
    expect([txn.amount, txn.fee, txn.net, txn.status]).toEqual([10_000, 390, 9_610, 'pending']);
    expect((await t.stripe.balance.retrieve()).pending[0]).toMatchObject({ amount: 9_610, currency: 'aed' });
    t.local.advance(7 * DAY_MS);
    const balance = await t.stripe.balance.retrieve();
    expect(balance.available[0]!.amount).toBe(9_610);
    expect(balance.pending[0]!.amount).toBe(0);
    expect((await t.stripe.balanceTransactions.retrieve(txn.id)).status).toBe('available');
  });

  it('walks the state machine with manual capture: requires_payment_method → requires_confirmation → requires_capture → succeeded (partial)', async () => {
    let pi = await t.stripe.paymentIntents.create({ amount: 5_000, currency: 'aed', capture_method: 'manual' });
    expect(pi.status).toBe('requires_payment_method');
    pi = await t.stripe.paymentIntents.update(pi.id, { payment_method: 'pm_card_mastercard' });
    expect(pi.status).toBe('requires_confirmation');
    pi = await t.stripe.paymentIntents.confirm(pi.id);
    expect([pi.status, pi.amount_capturable]).toEqual(['requires_capture', 5_000]);
    await expect(t.stripe.paymentIntents.capture(pi.id, { amount_to_capture: 6_000 })).rejects.toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    pi = await t.stripe.paymentIntents.capture(pi.id, { amount_to_capture: 4_000 });
    expect([pi.status, pi.amount_received, pi.amount_capturable]).toEqual(['succeeded', 4_000, 0]);
    const ch = await t.stripe.charges.retrieve(pi.latest_charge as string);
    expect([ch.amount_captured, ch.amount_refunded, ch.captured]).toEqual([4_000, 1_000, true]);
    await expect(t.stripe.paymentIntents.cancel(pi.id)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('cancels an authorisation and releases it; an authorisation left seven days is cancelled automatically', async () => {
    const a = await t.stripe.paymentIntents.create({ amount: 700, currency: 'aed', capture_method: 'manual', payment_method: 'pm_card_visa', confirm: true });
    const canceled = await t.stripe.paymentIntents.cancel(a.id, { cancellation_reason: 'abandoned' });
    expect([canceled.status, canceled.cancellation_reason]).toEqual(['canceled', 'abandoned']);
    expect((await t.stripe.charges.retrieve(a.latest_charge as string)).refunded).toBe(true);
    const b = await t.stripe.paymentIntents.create({ amount: 700, currency: 'aed', capture_method: 'manual', payment_method: 'pm_card_visa', confirm: true });
    t.local.advance(7 * DAY_MS + 1000);
    expect(await t.stripe.paymentIntents.retrieve(b.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'automatic' });
  });

  it('declines with Stripe’s card errors (402) and lets the same PaymentIntent be retried with another card', async () => {
    const pi = await t.stripe.paymentIntents.create({ amount: 2_500, currency: 'aed', capture_method: 'manual' });
    const err = await t.stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa_chargeDeclinedInsufficientFunds' }).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    const after = await t.stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject({ type: 'card_error', decline_code: 'insufficient_funds' });
    expect((await t.stripe.charges.retrieve(after.latest_charge as string)).status).toBe('failed');
    await expect(t.stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_chargeDeclined' })).rejects.toMatchObject({ decline_code: 'generic_decline' });
    const ok = await t.stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
    expect(ok.status).toBe('requires_capture');
    expect(ok.last_payment_error).toBeNull();
  });

  it('3-D Secure: requires_action with a redirect, the challenge page passes or fails and returns to return_url', async () => {
    const pi = await t.stripe.paymentIntents.create({ amount: 12_345, currency: 'aed', capture_method: 'manual', payment_method: 'pm_card_authenticationRequired', confirm: true, return_url: RETURN });
    expect(pi.status).toBe('requires_action');
    expect(pi.next_action?.type).toBe('redirect_to_url');
    const url = pi.next_action!.redirect_to_url!.url!;
    expect(url.startsWith(t.server.url)).toBe(true);
    const passed = await answerChallenge(url, 'complete');
    expect(passed.html).toContain('Complete');
    expect(passed.status).toBe(303);
    const back = new URL(passed.location!);
    expect(back.origin + back.pathname).toBe(RETURN);
    expect(back.searchParams.get('payment_intent')).toBe(pi.id);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect((await t.stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_capture');

    const failing = await t.stripe.paymentIntents.create({ amount: 500, currency: 'aed', payment_method: 'pm_card_authenticationRequired', confirm: true, return_url: RETURN });
    const failed = await answerChallenge(failing.next_action!.redirect_to_url!.url!, 'fail');
    expect(new URL(failed.location!).searchParams.get('redirect_status')).toBe('failed');
    const after = await t.stripe.paymentIntents.retrieve(failing.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error?.code).toBe('payment_intent_authentication_failure');
    // a second answer on a used challenge changes nothing
    expect((await answerChallenge(failing.next_action!.redirect_to_url!.url!, 'complete')).status).toBe(303);
    expect((await t.stripe.paymentIntents.retrieve(failing.id)).status).toBe('requires_payment_method');
  });

  it('3-D Secure then insufficient funds (4000 0082 6000 3178); raw card numbers through payment_method_data', async () => {
    const pi = await t.stripe.paymentIntents.create({
      amount: 900, currency: 'aed', confirm: true, return_url: RETURN,
      payment_method_data: { type: 'card', card: { number: '4000008260003178', exp_month: 12, exp_year: 2030, cvc: '123' } } as never,
    });
    expect(pi.status).toBe('requires_action');
    await answerChallenge(pi.next_action!.redirect_to_url!.url!, 'complete');
    const after = await t.stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
    const pm = await t.stripe.paymentMethods.create({ type: 'card', card: { number: '4000002760003184', exp_month: 1, exp_year: 2031, cvc: '123' } } as never);
    expect(pm.card?.last4).toBe('3184');
    await expect(t.stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424241', exp_month: 1, exp_year: 2031 } } as never)).rejects.toMatchObject({ code: 'incorrect_number', statusCode: 402 });
  });

  it('the 3-D Secure page speaks Arabic, right to left', async () => {
    const pi = await t.stripe.paymentIntents.create({ amount: 10_000, currency: 'aed', payment_method: 'pm_card_authenticationRequired', confirm: true, return_url: RETURN, description: 'Souq SQ-261102-ABCDE' });
    const res = await fetch(`${pi.next_action!.redirect_to_url!.url}?lang=ar`);
    const html = await res.text();
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('إتمام');
    expect(html).toContain('رفض');
    expect(html).toContain('Souq SQ-261102-ABCDE');
    expect((await fetch(`${t.server.url}/local/3ds/nope`)).status).toBe(404);
  });

  it('refuses unknown parameters, bad integers, unknown ids and a wrong key with Stripe’s errors', async () => {
    await expect(t.stripe.paymentIntents.create({ amount: 100, currency: 'aed', colour: 'red' } as never)).rejects.toMatchObject({ code: 'parameter_unknown', param: 'colour', statusCode: 400 });
    await expect(t.stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404, message: "No such payment_intent: 'pi_missing'" });
    const res = await fetch(`${t.server.url}/v1/payment_intents`, { method: 'POST', headers: { authorization: `Bearer ${t.local.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'amount=ten&currency=aed' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount' });
    const wrong = new Stripe('sk_test_wrong_key_1234', { host: '127.0.0.1', port: t.server.port, protocol: 'http' });
    await expect(wrong.balance.retrieve()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('Idempotency-Key: the same key and parameters replay the first answer; other parameters are an idempotency_error', async () => {
    const a = await t.stripe.paymentIntents.create({ amount: 100, currency: 'aed' }, { idempotencyKey: 'purchase-1-attempt-1' });
    const b = await t.stripe.paymentIntents.create({ amount: 100, currency: 'aed' }, { idempotencyKey: 'purchase-1-attempt-1' });
    expect(b.id).toBe(a.id);
    expect(b.lastResponse.headers['idempotent-replayed']).toBe('true');
    const conflict = await t.stripe.paymentIntents.create({ amount: 200, currency: 'aed' }, { idempotencyKey: 'purchase-1-attempt-1' }).catch((x: unknown) => x);
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((conflict as Error).message).toContain("Try using a key other than 'purchase-1-attempt-1'");
    // a declined confirmation is replayed as the same decline, not charged again
    const pi = await t.stripe.paymentIntents.create({ amount: 300, currency: 'aed' });
    const once = (await t.stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: 'k2' }).catch((x: unknown) => x)) as Stripe.errors.StripeError;
    const twice = (await t.stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: 'k2' }).catch((x: unknown) => x)) as Stripe.errors.StripeError;
    expect([twice.code, (twice.raw as { charge?: string }).charge, twice.requestId]).toEqual([once.code, (once.raw as { charge?: string }).charge, once.requestId]);
    expect(twice.headers?.['idempotent-replayed']).toBe('true');
    expect((await t.stripe.charges.list({ payment_intent: pi.id })).data).toHaveLength(1);
  });

  it('a lost answer is retried by the client with the same key: one PaymentIntent', async () => {
    const retrying = new Stripe(t.local.secretKey, { host: '127.0.0.1', port: t.server.port, protocol: 'http', maxNetworkRetries: 2, telemetry: false });
    t.local.injectFaults('lost_response', 'error_500');
    const pi = await retrying.paymentIntents.create({ amount: 4_200, currency: 'aed', metadata: { purchase: 'SQ-1' } });
    expect(pi.amount).toBe(4_200);
    const all = await t.stripe.paymentIntents.list({ limit: 100 });
    expect(all.data.map((p) => p.id)).toEqual([pi.id]);
  });

  it('lists newest first with has_more, starting_after and ending_before', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await t.stripe.paymentIntents.create({ amount: 100 + i, currency: 'aed' })).id);
    const first = await t.stripe.paymentIntents.list({ limit: 2 });
    expect(first.data.map((p) => p.id)).toEqual([ids[4], ids[3]]);
    expect(first.has_more).toBe(true);
    const next = await t.stripe.paymentIntents.list({ limit: 2, starting_after: ids[3] });
    expect(next.data.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    const back = await t.stripe.paymentIntents.list({ limit: 2, ending_before: ids[2] });
    expect(back.data.map((p) => p.id)).toEqual([ids[4], ids[3]]);
    const every: string[] = [];
    for await (const p of t.stripe.paymentIntents.list({ limit: 2 })) every.push(p.id);
    expect(every).toEqual([...ids].reverse());
  });

  it('is deterministic: the same seed and clock give the same ids and timestamps', async () => {
    const run = async () => {
      const local = createLocalStripe({ clock: testClock(), seed: 7 });
      const stripe = new Stripe(local.secretKey, { httpClient: Stripe.createFetchHttpClient(fetchBridge(local.handle)), telemetry: false });
      const pi = await stripe.paymentIntents.create({ amount: 100, currency: 'aed', payment_method: 'pm_card_visa', confirm: true });
      return [pi.id, pi.latest_charge, pi.created, pi.client_secret];
    };
    expect(await run()).toEqual(await run());
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from './local/clock.js';
import { answerChallenge, startTestStripe } from './local/stripe/testing.js';
import { createStripeProvider, stripeClient } from './payments.stripe.js';
import { ProviderError, WebhookVerificationError, type PaymentProvider } from './payments.provider.js';

let t: Awaited<ReturnType<typeof startTestStripe>>;
let p: PaymentProvider;
let hook: { id: string; secret: string };
const delivered: { body: string; headers: Record<string, string> }[] = [];

beforeEach(async () => {
  t = await startTestStripe();
  delivered.length = 0;
  hook = t.local.addWebhookEndpoint('http://souq.test/api/payments/webhooks/stripe');
  t.local.queue.setSender(async (_url, headers, body) => {
    delivered.push({ body, headers });
    return 200;
  });
  p = createStripeProvider({ client: stripeClient(t.local.secretKey, t.server.url), webhookSecrets: [hook.secret], now: () => t.local.clock.now() });
});
afterEach(() => t.close());

const RETURN = 'http://souq.test/checkout/return';
const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

describe('the Stripe provider (official client) against the local Stripe', () => {
  it('authorises, captures with the fee, refunds per amount, transfers each seller’s share from the charge and reverses it', async () => {
    const seller = await p.createSellerAccount({ email: 'gadgets@souq.test', businessName: 'Gulf Gadgets', country: 'AE', idempotencyKey: 'acct-vendor-1' });
    expect(seller).toMatchObject({ provider: 'stripe', transfersEnabled: false, detailsSubmitted: false });
    expect(seller.requirementsDue.length).toBeGreaterThan(0);
    const link = await p.onboardingLink({ accountId: seller.id, returnUrl: 'http://souq.test/vendor/earnings', refreshUrl: 'http://souq.test/vendor/earnings?again=1' });
    expect(link.expiresAt.getTime()).toBeGreaterThan(t.local.clock.now());
    await fetch(link.url, { method: 'POST', body: 'bank=pays', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    expect(await p.getSellerAccount(seller.id)).toMatchObject({ transfersEnabled: true, payoutsEnabled: true, requirementsDue: [] });

    const pay = await p.createPayment({ reference: 'SQ-261102-AAAAA', amount: 21_000, currency: 'AED', capture: 'manual', paymentMethod: 'pm_card_visa', returnUrl: RETURN, idempotencyKey: 'SQ-261102-AAAAA/1' });
    expect(pay).toMatchObject({ status: 'authorized', amountCapturable: 21_000, amountCaptured: 0, fee: null, reference: 'SQ-261102-AAAAA', currency: 'AED', failure: null });
    const captured = await p.capturePayment(pay.id, { idempotencyKey: 'capture-1' });
    expect(captured).toMatchObject({ status: 'captured', amountCaptured: 21_000, fee: 709 });
    expect(captured.fundsSource).toMatch(/^ch_/);
    const refund = await p.refund({ paymentId: pay.id, amount: 1_000, reason: 'requested_by_customer', metadata: { return: 'R-1' }, idempotencyKey: 'refund-R-1' });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 1_000, paymentId: pay.id, currency: 'AED' });
    expect((await p.getPayment(pay.id)).amountRefunded).toBe(1_000);
    const tr = await p.transfer({ destination: seller.id, amount: 15_000, currency: 'AED', fundsSource: captured.fundsSource!, group: 'SQ-261102-AAAAA', idempotencyKey: 'transfer-sub-1' });
    expect(tr).toMatchObject({ status: 'paid', amount: 15_000, group: 'SQ-261102-AAAAA', fundsSource: captured.fundsSource });
    const again = await p.transfer({ destination: seller.id, amount: 15_000, currency: 'AED', fundsSource: captured.fundsSource!, group: 'SQ-261102-AAAAA', idempotencyKey: 'transfer-sub-1' });
    expect(again.id).toBe(tr.id);
    const rev = await p.reverseTransfer({ transferId: tr.id, amount: 1_000, idempotencyKey: 'reverse-R-1' });
    expect(rev).toMatchObject({ transferId: tr.id, amount: 1_000 });
    expect(await p.getTransfer(tr.id)).toMatchObject({ amountReversed: 1_000, status: 'paid' });
    const balance = await p.balance();
    expect(balance).toEqual([{ currency: 'AED', available: 0, pending: 21_000 - 709 - 1_000 - 15_000 + 1_000 }]);
  });

  it('a decline is a payment with the provider’s reason; a retry on the same payment with another card succeeds', async () => {
    const declined = await p.createPayment({ reference: 'SQ-2', amount: 5_000, currency: 'AED', capture: 'manual', paymentMethod: 'pm_card_visa_chargeDeclinedInsufficientFunds', returnUrl: RETURN, idempotencyKey: 'SQ-2/1' });
    expect(declined.status).toBe('requires_payment_method');
    expect(declined.failure).toEqual({ code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    const retried = await p.confirmPayment(declined.id, { paymentMethod: 'pm_card_visa', returnUrl: RETURN, idempotencyKey: 'SQ-2/2' });
    expect([retried.id, retried.status, retried.failure]).toEqual([declined.id, 'authorized', null]);
  });

  it('3-D Secure: the payment waits at requires_action with the page; after the page it is read back authorised', async () => {
    const pay = await p.createPayment({ reference: 'SQ-3', amount: 9_900, currency: 'AED', capture: 'manual', paymentMethod: 'pm_card_authenticationRequired', returnUrl: RETURN, idempotencyKey: 'SQ-3/1' });
    expect(pay.status).toBe('requires_action');
    expect(pay.redirectUrl).toContain('/local/3ds/');
    await answerChallenge(pay.redirectUrl!, 'complete');
    expect((await p.getPayment(pay.id)).status).toBe('authorized');
    const failed = await p.createPayment({ reference: 'SQ-4', amount: 100, currency: 'AED', capture: 'manual', paymentMethod: 'pm_card_authenticationRequired', returnUrl: RETURN, idempotencyKey: 'SQ-4/1' });
    await answerChallenge(failed.redirectUrl!, 'fail');
    expect((await p.getPayment(failed.id)).failure?.code).toBe('payment_intent_authentication_failure');
    expect((await p.cancelPayment(failed.id, { idempotencyKey: 'cancel-4' })).status).toBe('canceled');
  });

  it('a timed-out request retried by the client with the same idempotency key makes one payment', async () => {
    t.local.injectFaults('lost_response');
    const pay = await p.createPayment({ reference: 'SQ-5', amount: 1_000, currency: 'AED', capture: 'manual', returnUrl: RETURN, idempotencyKey: 'SQ-5/1' });
    expect(pay.status).toBe('requires_payment_method');
    const all = await t.stripe.paymentIntents.list({ limit: 100 });
    expect(all.data.map((x) => x.id)).toEqual([pay.id]);
  });

  it('refusals are ProviderErrors with Stripe’s code', async () => {
    const pay = await p.createPayment({ reference: 'SQ-6', amount: 1_000, currency: 'AED', capture: 'automatic', paymentMethod: 'pm_card_visa', returnUrl: RETURN, idempotencyKey: 'SQ-6/1' });
    const err = await p.refund({ paymentId: pay.id, amount: 2_000, idempotencyKey: 'r6' }).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ code: 'amount_too_large', status: 400 });
  });

  it('a call starts without the client’s call-site trace, and the process’s stack limit is back at once, answered or refused (decision 0196)', async () => {
    const limit = Error.stackTraceLimit;
    const seen: number[] = [];
    const { prepareStackTrace } = Error;
    // the client captures its call site with `new Error().stack`: the trace is formatted with the limit of that moment
    Error.prepareStackTrace = (err, frames) => {
      seen.push(frames.length);
      return prepareStackTrace ? prepareStackTrace(err, frames) : String(err);
    };
    try {
      const pay = await p.createPayment({ reference: 'SQ-9', amount: 1_000, currency: 'AED', capture: 'manual', returnUrl: RETURN, idempotencyKey: 'SQ-9/1' });
      expect(Error.stackTraceLimit).toBe(limit);
      const refused = await p.capturePayment(pay.id, { idempotencyKey: 'SQ-9/capture' }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ProviderError);
      expect(Error.stackTraceLimit).toBe(limit);
      // Souq's own error keeps its trace
      expect((refused as Error).stack!.split('\n').length).toBeGreaterThan(1);
    } finally {
      Error.prepareStackTrace = prepareStackTrace;
    }
    // the two calls' call sites, captured with no frames to format
    expect(seen.filter((n) => n === 0).length).toBeGreaterThanOrEqual(2);
  });

  it('parses signed webhooks into typed events and refuses forged, tampered and stale ones', async () => {
    const pay = await p.createPayment({ reference: 'SQ-7', amount: 3_000, currency: 'AED', capture: 'automatic', paymentMethod: 'pm_card_createDispute', returnUrl: RETURN, idempotencyKey: 'SQ-7/1' });
    await t.local.queue.flush();
    const events = delivered.map((d) => p.parseWebhook(d.body, lower(d.headers)));
    expect(events.filter((e) => e.type === 'payment.updated').every((e) => e.type === 'payment.updated' && e.paymentId === pay.id)).toBe(true);
    const dispute = events.find((e) => e.type === 'dispute.updated');
    expect(dispute).toMatchObject({ providerType: 'charge.dispute.created', paymentId: pay.id });
    expect(await p.getDispute((dispute as { disputeId: string }).disputeId)).toMatchObject({ status: 'needs_response', amount: 3_000, fee: 1_500, paymentId: pay.id });
    const d = delivered[0]!;
    expect(() => p.parseWebhook(d.body.replace('3000', '30'), lower(d.headers))).toThrow(WebhookVerificationError);
    expect(() => p.parseWebhook(d.body, {})).toThrow(WebhookVerificationError);
    t.local.advance(DAY_MS);
    expect(() => p.parseWebhook(d.body, lower(d.headers))).toThrow(/tolerance/);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testClock } from './local/clock.js';
import { startLocalServer, type LocalServer } from './local/http.js';
import { createLocalCheckout, type LocalCheckout } from './local/checkout/index.js';
import { answerChallenge } from './local/stripe/testing.js';
import { checkoutClient, createCheckoutProvider } from './payments.checkout.js';
import { ProviderError, WebhookVerificationError, type PaymentProvider } from './payments.provider.js';

let local: LocalCheckout;
let server: LocalServer;
let p: PaymentProvider;
const delivered: { body: string; headers: Record<string, string> }[] = [];

beforeEach(async () => {
  local = createLocalCheckout({ clock: testClock(), seed: 9 });
  server = await startLocalServer(local.handle);
  local.setBaseUrl(server.url);
  local.addWebhookUrl('http://souq.test/api/payments/webhooks/checkout');
  delivered.length = 0;
  local.queue.setSender(async (_url, headers, body) => {
    delivered.push({ body, headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) });
    return 200;
  });
  p = createCheckoutProvider({
    client: checkoutClient(local.secretKey, { localBaseUrl: server.url }),
    signatureKey: local.signatureKey,
    authorizationHeader: local.authorizationHeader,
    platformEntityId: local.platformEntityId,
    processingChannelId: 'pc_souqlocalchannel',
    onboardingBaseUrl: server.url,
    rawCards: true,
  });
});
afterEach(() => server.close());

const RETURN = 'http://souq.test/checkout/return';
const VISA = '4242424242424242';

describe('the Checkout.com provider (official checkout-sdk-node) against the local Checkout.com', () => {
  it('authorises with 3-D Secure on the challenge page, captures, refunds (and a declined refund), read back through actions', async () => {
    const pay = await p.createPayment({ reference: 'SQ-1', amount: 25_000, currency: 'AED', capture: 'manual', paymentMethod: VISA, returnUrl: RETURN, idempotencyKey: 'SQ-1/1' });
    expect(pay).toMatchObject({ provider: 'checkout', status: 'requires_action', reference: 'SQ-1' });
    expect(pay.id).toMatch(/^pay_[a-z2-7]{26}$/);
    const back = await answerChallenge(pay.redirectUrl!, 'complete');
    expect(back.location).toMatch(/^http:\/\/souq\.test\/checkout\/return\?cko-session-id=sid_/);
    expect(await p.getPayment(pay.id)).toMatchObject({ status: 'authorized', amountCapturable: 25_000 });
    const captured = await p.capturePayment(pay.id, { amount: 20_000, idempotencyKey: 'cap-1' });
    expect(captured).toMatchObject({ status: 'captured', amountCaptured: 20_000, fundsSource: pay.id, fee: null });
    const refund = await p.refund({ paymentId: pay.id, amount: 5_000, idempotencyKey: 'ref-1' });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 5_000, paymentId: pay.id });
    expect(refund.id).toMatch(/^pay_[a-z2-7]+:act_[a-z2-7]+$/);
    expect(await p.getRefund(refund.id)).toEqual(refund);
    local.declineNextRefund();
    expect(await p.refund({ paymentId: pay.id, amount: 1_000, idempotencyKey: 'ref-2' })).toMatchObject({ status: 'failed', failureReason: 'Declined - Do Not Honour' });
    expect((await p.getPayment(pay.id)).amountRefunded).toBe(5_000);
    await expect(p.refund({ paymentId: pay.id, amount: 99_999, idempotencyKey: 'ref-3' })).rejects.toMatchObject({ code: 'refund_amount_exceeds_balance', status: 422 });
  });

  it('declines with Checkout.com’s response codes; a retry is a new payment under the same reference; a failed challenge declines', async () => {
    const declined = await p.createPayment({ reference: 'SQ-2', amount: 1_000, currency: 'AED', capture: 'manual', paymentMethod: '4544249167673670', returnUrl: RETURN, idempotencyKey: 'SQ-2/1' });
    await answerChallenge(declined.redirectUrl!, 'complete');
    const read = await p.getPayment(declined.id);
    expect(read.status).toBe('requires_payment_method');
    expect(read.failure).toEqual({ code: '20051', declineCode: 'Insufficient Funds', message: 'Insufficient Funds' });
    const retry = await p.confirmPayment(declined.id, { paymentMethod: VISA, returnUrl: RETURN, idempotencyKey: 'SQ-2/2' });
    expect(retry.id).not.toBe(declined.id);
    expect(retry.reference).toBe('SQ-2');
    const failing = await answerChallenge(retry.redirectUrl!, 'fail');
    expect(failing.location).toContain('cko-session-id=');
    expect((await p.getPayment(retry.id)).failure?.code).toBe('20154');
    expect((await p.cancelPayment(retry.id, { idempotencyKey: 'c' })).status).toBe('requires_payment_method');
  });

  it('Cko-Idempotency-Key: same request replayed, another body with the key refused; a wrong key is a 401', async () => {
    const a = await p.createPayment({ reference: 'SQ-3', amount: 700, currency: 'AED', capture: 'manual', paymentMethod: VISA, returnUrl: RETURN, idempotencyKey: 'SQ-3/1' });
    const b = await p.createPayment({ reference: 'SQ-3', amount: 700, currency: 'AED', capture: 'manual', paymentMethod: VISA, returnUrl: RETURN, idempotencyKey: 'SQ-3/1' });
    expect(b.id).toBe(a.id);
    await expect(p.createPayment({ reference: 'SQ-3', amount: 800, currency: 'AED', capture: 'manual', paymentMethod: VISA, returnUrl: RETURN, idempotencyKey: 'SQ-3/1' })).rejects.toBeInstanceOf(ProviderError);
    const res = await fetch(`${server.url}/checkout/payments/${a.id}`, { headers: { authorization: 'Bearer sk_sbox_wrong' } });
    expect([res.status, await res.text()]).toEqual([401, '']);
    const bad = await fetch(`${server.url}/checkout/payments`, { method: 'POST', headers: { authorization: `Bearer ${local.secretKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ amount: -1, currency: 'AED', source: { type: 'card' } }) });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ error_type: 'request_invalid', error_codes: ['amount_invalid'] });
  });

  it('answers a payment with the fields of Checkout.com’s published payment details', async () => {
    const pay = await p.createPayment({ reference: 'SQ-4', amount: 900, currency: 'AED', capture: 'automatic', paymentMethod: VISA, returnUrl: RETURN, idempotencyKey: 'SQ-4/1' });
    await answerChallenge(pay.redirectUrl!, 'complete');
    const raw = (await (await fetch(`${server.url}/checkout/payments/${pay.id}`, { headers: { authorization: `Bearer ${local.secretKey}` } })).json()) as Record<string, any>;
    for (const f of ['id', 'requested_on', 'source', 'amount', 'currency', 'payment_type', 'reference', 'status', 'approved', 'balances', 'risk', 'customer', 'metadata', '3ds', '_links'])
      expect(raw, f).toHaveProperty(f);
    expect(Object.keys(raw.balances).sort()).toEqual(['available_to_capture', 'available_to_refund', 'available_to_void', 'total_authorized', 'total_captured', 'total_refunded', 'total_voided']);
    expect(raw.source).toMatchObject({ type: 'card', last4: '4242', scheme: 'Visa', bin: '424242' });
    expect(raw.status).toBe('Captured');
    const actions = (await (await fetch(`${server.url}/checkout/payments/${pay.id}/actions`, { headers: { authorization: `Bearer ${local.secretKey}` } })).json()) as { type: string; id: string }[];
    expect(actions.map((a) => a.type)).toEqual(['Capture', 'Authorization']);
    expect(actions[0]!.id).toMatch(/^act_/);
  });

  it('opens a Hosted Payments Page without a card and answers it with the fields of Checkout.com’s published session (create and details)', async () => {
    const auth = { authorization: `Bearer ${local.secretKey}`, 'content-type': 'application/json' };
    const made = await fetch(`${server.url}/checkout/hosted-payments`, {
      method: 'POST', headers: auth,
      body: JSON.stringify({ amount: 4_500, currency: 'AED', reference: 'SQ-7', billing: { address: { country: 'AE' } }, success_url: RETURN, failure_url: RETURN, cancel_url: RETURN }),
    });
    expect(made.status).toBe(201);
    const created = (await made.json()) as Record<string, any>;
    expect(Object.keys(created).sort()).toEqual(['_links', 'id', 'reference']);
    expect(created.id).toMatch(/^hpp_[a-z2-7]{26}$/);
    expect(Object.keys(created._links).sort()).toEqual(['redirect', 'self']);
    const missing = await fetch(`${server.url}/checkout/hosted-payments`, { method: 'POST', headers: auth, body: JSON.stringify({ amount: 4_500, currency: 'AED', success_url: RETURN, failure_url: RETURN, cancel_url: RETURN }) });
    expect(await missing.json()).toMatchObject({ error_type: 'request_invalid', error_codes: ['billing_required'] });
    // through the adapter: the session is the payment until a card is given on its page
    const pay = await p.createPayment({ reference: 'SQ-8', amount: 4_500, currency: 'AED', capture: 'manual', returnUrl: RETURN, idempotencyKey: 'SQ-8/1' });
    expect(pay).toMatchObject({ status: 'requires_payment_method', reference: 'SQ-8', clientSecret: null, failure: null });
    expect(pay.id).toMatch(/^hpp_/);
    const details = async () => (await (await fetch(`${server.url}/checkout/hosted-payments/${pay.id}`, { headers: auth })).json()) as Record<string, any>;
    const before = await details();
    for (const f of ['id', 'status', 'amount', 'currency', 'reference', 'billing', 'success_url', 'failure_url', 'cancel_url', 'metadata', '_links']) expect(before, f).toHaveProperty(f);
    expect(before.status).toBe('Payment Pending');
    expect(Object.keys(before._links).sort()).toEqual(['redirect', 'self']);
    const typed = await fetch(pay.redirectUrl!, { method: 'POST', body: 'number=4242424242424242&expiry=12%20%2F%2034&cvc=100', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    await answerChallenge(typed.headers.get('location')!, 'complete');
    const after = await details();
    expect(after.status).toBe('Payment Received');
    expect(Object.keys(after._links).sort()).toEqual(['payment', 'payment_actions', 'redirect', 'self']);
    expect(await p.getPayment(pay.id)).toMatchObject({ id: pay.id, status: 'authorized', amountCapturable: 4_500, redirectUrl: null });
    expect(await p.capturePayment(pay.id, { idempotencyKey: 'cap-hpp' })).toMatchObject({ id: pay.id, status: 'captured', amountCaptured: 4_500 });
  });

  it('sub-entities onboard on the local page, are paid by transfer and give money back by a transfer the other way', async () => {
    const seller = await p.createSellerAccount({ email: 'home@souq.test', businessName: 'Bayt Al Khaleej', country: 'AE', idempotencyKey: 'vendor-2' });
    expect(seller).toMatchObject({ transfersEnabled: false });
    expect(seller.id).toMatch(/^ent_/);
    await expect(p.createSellerAccount({ email: 'x@souq.test', businessName: 'X', country: 'US', idempotencyKey: 'vendor-3' })).rejects.toMatchObject({ code: 'country_not_supported' });
    const link = await p.onboardingLink({ accountId: seller.id, returnUrl: 'http://souq.test/vendor/earnings', refreshUrl: 'http://souq.test/vendor/earnings' });
    expect(await (await fetch(link.url)).text()).toContain('Bayt Al Khaleej');
    const done = await fetch(link.url, { method: 'POST', body: 'bank=pays', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    expect(done.headers.get('location')).toBe('http://souq.test/vendor/earnings');
    expect(await p.getSellerAccount(seller.id)).toMatchObject({ transfersEnabled: true, payoutsEnabled: true, requirementsDue: [] });
    const tr = await p.transfer({ destination: seller.id, amount: 4_000, currency: 'AED', group: 'SQ-5', idempotencyKey: 'tr-1' });
    expect(tr).toMatchObject({ status: 'paid', amount: 4_000, destination: seller.id });
    expect(tr.id).toMatch(/^tra_/);
    const back = await p.reverseTransfer({ transferId: tr.id, amount: 1_500, idempotencyKey: 'rev-1' });
    expect(back).toMatchObject({ transferId: tr.id, amount: 1_500 });
    await expect(p.reverseTransfer({ transferId: tr.id, amount: 3_000, idempotencyKey: 'rev-2' })).rejects.toMatchObject({ code: 'insufficient_funds' });
  });

  it('webhooks: Cko-Signature verified over the body, tampering refused, events typed, disputes read back', async () => {
    const pay = await p.createPayment({ reference: 'SQ-6', amount: 3_000, currency: 'AED', capture: 'automatic', paymentMethod: VISA, returnUrl: RETURN, idempotencyKey: 'SQ-6/1' });
    await answerChallenge(pay.redirectUrl!, 'complete');
    const dispute = local.openDispute(pay.id);
    await local.queue.flush();
    const events = delivered.map((d) => p.parseWebhook(d.body, d.headers));
    expect(events.map((e) => e.providerType)).toEqual(['payment_pending', 'payment_approved', 'payment_captured', 'dispute_received']);
    expect(events[2]).toMatchObject({ type: 'payment.updated', paymentId: pay.id });
    expect(events[3]).toMatchObject({ type: 'dispute.updated', disputeId: dispute.id, paymentId: pay.id });
    expect(await p.getDispute(dispute.id)).toMatchObject({ status: 'needs_response', amount: 3_000, paymentId: pay.id, reason: 'fraudulent' });
    const d = delivered[2]!;
    expect(() => p.parseWebhook(d.body.replace('3000', '30'), d.headers)).toThrow(WebhookVerificationError);
    expect(() => p.parseWebhook(d.body, { ...d.headers, authorization: 'someone-else' })).toThrow(WebhookVerificationError);
    expect(() => p.parseWebhook(d.body, {})).toThrow(WebhookVerificationError);
    expect(await p.balance()).toEqual([{ currency: 'AED', available: -3_000, pending: 3_000 }]);
  });
});

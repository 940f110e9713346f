import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { placeCardPurchase } from '../../../test/payments-fixtures.js';
import { startTestStripe } from './local/stripe/testing.js';
import { STRIPE_JS_URL } from './payments.runtime.js';

// Real mode's card fields (decision 0162): with Stripe's keys the checkout has no provider card page to send the
// shopper to; Souq's payment page draws Stripe's Payment Element with the publishable key and the payment's client
// secret. Here "real Stripe" is the official client pointed by STRIPE_API_BASE at the local Stripe (the tests cannot
// reach api.stripe.com); everything else is real mode: no local provider, no local card page, Stripe's CSP.
let stripe: Awaited<ReturnType<typeof startTestStripe>>;
let t: TestContext;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let productId = 0;

beforeAll(async () => {
  stripe = await startTestStripe();
  const hook = stripe.local.addWebhookEndpoint('http://souq.test/api/payments/webhooks/stripe');
  const base = testConfig();
  t = await createTestApp({
    payments: {
      ...base.payments,
      provider: 'stripe', mode: 'real', checkout: null,
      stripe: { secretKey: stripe.local.secretKey, webhookSecrets: [hook.secret], publishableKey: stripe.local.publishableKey, apiBase: stripe.server.url },
    },
  });
  await t.app.services.payments.start();
  shopper = await signupCustomer(t.app, 'Rania Real');
  const seller = await signupVendor(t.app, 'Real Mode Lamps LLC');
  productId = (await makeProduct(t.app, { name: 'Real Mode Lamp', priceCents: 12_500, stock: 10, vendorId: seller.vendor.id })).id;
});
afterAll(async () => {
  await t.app.services.payments.stop();
  await t.close();
  await stripe.close();
});

describe('real Stripe: the card typed into Stripe’s own fields on Souq’s payment page', () => {
  it('gives the page the publishable key and this payment’s client secret, and reads the payment back once Stripe.js confirmed it', async () => {
    const placed = await placeCardPurchase(t, { ...shopper, name: 'Rania Real' }, productId, { key: 'real-mode-1' });
    expect(placed.status).toBe(201);
    const number = placed.json.order_number as string;
    // no provider page to go to: the checkout sends the shopper to Souq's payment page
    expect(placed.json.payment).toMatchObject({ pay_url: null, status: 'requires_payment_method', paid: false });

    const state = await call(t.app, { url: `/api/payments/purchases/${number}`, token: shopper.token });
    expect(state.status).toBe(200);
    expect(state.json.card_form).toEqual({ provider: 'stripe', publishable_key: stripe.local.publishableKey, client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/), script_url: STRIPE_JS_URL });
    // another shopper never sees the secret
    const other = await signupCustomer(t.app, 'Nosy Neighbour');
    expect((await call(t.app, { url: `/api/payments/purchases/${number}`, token: other.token })).status).toBe(404);

    // what Stripe.js does in the shopper's browser on "Pay": the PaymentIntent confirmed with the card
    const intentId = (state.json.card_form.client_secret as string).split('_secret_')[0]!;
    await stripe.stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa', return_url: `http://souq.test/checkout/payment?purchase=${number}` });

    // back on the page: the server reads the payment from Stripe, places the purchase, and the form is gone
    const after = await call(t.app, { url: `/api/payments/purchases/${number}`, token: shopper.token });
    expect(after.json).toMatchObject({ paid: true, pay_url: null, card_form: null });
  });

  it('lets the page load Stripe.js and its frames (Content-Security-Policy), which local mode does not', async () => {
    const csp = String((await call(t.app, { url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain('script-src \'self\' https://js.stripe.com');
    expect(csp).toContain('frame-src https://js.stripe.com');
    expect(csp).toContain('connect-src \'self\' https://api.stripe.com');
    const local = await createTestApp();
    try {
      const plain = String((await call(local.app, { url: '/api/health' })).headers['content-security-policy']);
      expect(plain).not.toContain('stripe.com');
    } finally {
      await local.close();
    }
  });
});

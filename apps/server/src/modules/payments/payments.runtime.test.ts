import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { testClock } from './local/clock.js';
import { createPaymentsRuntime } from './payments.runtime.js';
import { STRIPE_CONNECT_WEBHOOK_EVENTS, STRIPE_WEBHOOK_EVENTS } from './payments.stripe.js';

const env = (extra: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', ...extra });
const quiet = () => undefined;

describe('payments configuration and runtime', () => {
  it('runs the local Stripe without keys; a provider’s keys turn real mode on; incomplete keys stop the start with a message', () => {
    expect(env().payments).toMatchObject({ provider: 'stripe', mode: 'local', stripe: null, checkout: null, capture: 'manual' });
    expect(env({ PAYMENT_CAPTURE: 'automatic' }).payments.capture).toBe('automatic');
    expect(() => env({ PAYMENT_CAPTURE: 'later' })).toThrow(/PAYMENT_CAPTURE/);
    expect(env({ PAYMENTS_PROVIDER: 'checkout' }).payments).toMatchObject({ provider: 'checkout', mode: 'local' });
    const real = env({ STRIPE_SECRET_KEY: 'sk_test_51abcDEF', STRIPE_WEBHOOK_SECRET: 'whsec_abc,whsec_def', STRIPE_PUBLISHABLE_KEY: 'pk_test_51abcDEF' }).payments;
    expect(real).toMatchObject({ provider: 'stripe', mode: 'real', stripe: { secretKey: 'sk_test_51abcDEF', webhookSecrets: ['whsec_abc', 'whsec_def'], publishableKey: 'pk_test_51abcDEF' } });
    expect(real.stripe).not.toHaveProperty('apiBase');
    expect(() => env({ STRIPE_SECRET_KEY: 'sk_test_51abcDEF', STRIPE_PUBLISHABLE_KEY: 'pk_test_51abcDEF' })).toThrow(/STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/);
    // the shopper's browser draws Stripe's card fields with the publishable key: real mode cannot take a card without it
    expect(() => env({ STRIPE_SECRET_KEY: 'sk_test_51abcDEF', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY: is required with STRIPE_SECRET_KEY/);
    expect(() => env({ STRIPE_SECRET_KEY: 'pk_test_nope', STRIPE_WEBHOOK_SECRET: 'whsec_a' })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    const cko = { CHECKOUT_SECRET_KEY: `sk_sbox_${'a'.repeat(26)}2`, CHECKOUT_WEBHOOK_SIGNATURE_KEY: 'a-long-signature-key', CHECKOUT_PLATFORM_ENTITY_ID: `ent_${'b'.repeat(26)}`, CHECKOUT_PROCESSING_CHANNEL_ID: `pc_${'c'.repeat(26)}` };
    expect(env(cko).payments).toMatchObject({ provider: 'checkout', mode: 'real' });
    expect(() => env({ ...cko, CHECKOUT_PLATFORM_ENTITY_ID: '' })).toThrow(/CHECKOUT_PLATFORM_ENTITY_ID/);
  });

  it('starts the local Stripe on a listener of its own, with the 3-D Secure page there and webhooks addressed to Souq', async () => {
    const clock = testClock();
    const rt = createPaymentsRuntime(env().payments, { souqUrl: 'http://localhost:3000', log: quiet, clock });
    const p = await rt.start();
    try {
      expect(rt.local?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const pay = await p.createPayment({ reference: 'SQ-1', amount: 1_000, currency: 'AED', capture: 'manual', paymentMethod: 'pm_card_authenticationRequired', returnUrl: 'http://localhost:3000/checkout/return', idempotencyKey: 'SQ-1/1' });
      expect(pay.redirectUrl?.startsWith(`${rt.local!.url}/local/3ds/`)).toBe(true);
      expect((await fetch(pay.redirectUrl!)).status).toBe(200);
      const queued = rt.local!.stripe!.queue.pending();
      // Souq's endpoints are subscribed to the events it acts on (decision 0166): a payment created and waiting for
      // 3-D Secure sends nothing; authorised after the challenge, one event
      expect(queued).toEqual([]);
      await fetch(pay.redirectUrl!, { method: 'POST', body: new URLSearchParams({ outcome: 'complete' }), redirect: 'manual' });
      const after = rt.local!.stripe!.queue.pending();
      expect(new Set(after.map((d) => d.target.url))).toEqual(new Set(['http://localhost:3000/api/payments/webhooks/stripe']));
      expect(after.map((d) => d.type)).toEqual(['payment_intent.amount_capturable_updated']);
      // both endpoints as Stripe holds them: the platform's and the Connect one, each with its own list
      const endpoints = rt.local!.stripe!.objects().filter((o) => o.object === 'webhook_endpoint');
      expect(endpoints.map((ep) => [ep.connect, ep.enabled_events])).toEqual([[false, [...STRIPE_WEBHOOK_EVENTS]], [true, [...STRIPE_CONNECT_WEBHOOK_EVENTS]]]);
    } finally {
      await rt.stop();
    }
  });

  it('reaches the local Stripe in process (no port) for tests, and the local Checkout.com over HTTP', async () => {
    const rt = createPaymentsRuntime(env().payments, { souqUrl: 'http://souq.test', log: quiet, clock: testClock() });
    const p = await rt.start({ inProcess: true });
    expect(rt.local?.url).toBeNull();
    expect((await p.createPayment({ reference: 'SQ-2', amount: 500, currency: 'AED', capture: 'automatic', paymentMethod: 'pm_card_visa', returnUrl: 'http://souq.test/r', idempotencyKey: 'k' })).status).toBe('captured');
    await rt.stop();
    const cko = createPaymentsRuntime(env({ PAYMENTS_PROVIDER: 'checkout' }).payments, { souqUrl: 'http://souq.test', log: quiet, clock: testClock() });
    const c = await cko.start();
    try {
      expect(c.name).toBe('checkout');
      expect((await c.createPayment({ reference: 'SQ-3', amount: 500, currency: 'AED', capture: 'automatic', paymentMethod: '4242424242424242', returnUrl: 'http://souq.test/r', idempotencyKey: 'k' })).status).toBe('requires_action');
    } finally {
      await cko.stop();
    }
  });
  it('moves its clock forward through the test-clock page only when the environment allows it, and runs what waits on it first', async () => {
    const rt = createPaymentsRuntime(env({ PAYMENTS_LOCAL_TEST_CLOCK: 'true' }).payments, { souqUrl: 'http://souq.test', log: quiet });
    const ran: string[] = [];
    rt.onClockMoved(async () => {
      ran.push(rt.now().toISOString());
    });
    await rt.start();
    const off = createPaymentsRuntime(env().payments, { souqUrl: 'http://souq.test', log: quiet });
    await off.start();
    try {
      const before = rt.now().getTime();
      const moved = await fetch(`${rt.local!.url}/local/test-clock`, { method: 'POST', body: new URLSearchParams({ days: '15' }) });
      expect(moved.status).toBe(200);
      const { now } = (await moved.json()) as { now: string };
      expect(Date.parse(now) - before).toBeGreaterThanOrEqual(15 * 86_400_000);
      expect(Date.parse(now) - before).toBeLessThan(15 * 86_400_000 + 60_000);
      expect(ran).toHaveLength(1);
      expect(Date.parse(ran[0]!)).toBeGreaterThanOrEqual(before + 15 * 86_400_000);
      for (const days of ['0', '1.5', 'x', '400']) {
        expect((await fetch(`${rt.local!.url}/local/test-clock`, { method: 'POST', body: new URLSearchParams({ days }) })).status).toBe(400);
      }
      expect(ran).toHaveLength(1);
      // without the setting the page is not there (the provider's API refuses the unknown caller) and time stays the wall clock's
      expect((await fetch(`${off.local!.url}/local/test-clock`, { method: 'POST', body: new URLSearchParams({ days: '15' }) })).status).toBe(401);
      expect(Math.abs(off.now().getTime() - Date.now())).toBeLessThan(60_000);
    } finally {
      await rt.stop();
      await off.stop();
    }
  });
});

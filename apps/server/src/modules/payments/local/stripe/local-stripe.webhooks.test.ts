import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { DAY_MS } from '../clock.js';
import { RETRY_DELAYS_MS } from '../webhook-queue.js';
import { startTestStripe } from './testing.js';

/** A webhook receiver on a real port: records what arrives, answers the statuses a test sets. */
async function receiver() {
  const got: { body: string; signature: string | undefined }[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ body, signature: req.headers['stripe-signature'] as string | undefined });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, got, statuses, close: () => new Promise((r) => server.close(r)) };
}

let t: Awaited<ReturnType<typeof startTestStripe>>;
let hook: Awaited<ReturnType<typeof receiver>>;
let secret: string;
beforeEach(async () => {
  t = await startTestStripe();
  hook = await receiver();
  const ep = await t.stripe.webhookEndpoints.create({ url: hook.url, enabled_events: ['*'] });
  expect(ep.secret).toMatch(/^whsec_/);
  secret = ep.secret!;
});
afterEach(async () => {
  await hook.close();
  await t.close();
});

// receivedAt is in milliseconds (the test clock's now)
const nowMs = () => t.local.clock.now();
const verify = (body: string, signature: string | undefined) => t.stripe.webhooks.constructEvent(body, signature ?? '', secret, 300, undefined, nowMs());
const pay = (pm = 'pm_card_visa') => t.stripe.paymentIntents.create({ amount: 1_000, currency: 'aed', payment_method: pm, confirm: true, capture_method: 'automatic' }, { idempotencyKey: `pay-${pm}-${Math.random()}` });

describe('local Stripe webhooks: signed as Stripe signs them, through a queue that misbehaves on purpose', () => {
  it('signs every delivery with Stripe-Signature (t, v1 = HMAC-SHA256 of "t.body"), verified by the official constructEvent', async () => {
    const pi = await pay();
    await t.local.queue.flush();
    const events = hook.got.map((d) => verify(d.body, d.signature));
    expect(events.map((e) => e.type)).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded']);
    const succeeded = events[2] as Stripe.PaymentIntentSucceededEvent;
    expect(succeeded.id).toMatch(/^evt_/);
    expect(succeeded.data.object.id).toBe(pi.id);
    expect(succeeded.request?.idempotency_key).toMatch(/^pay-/);
    expect(hook.got[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // the event read back through the API is the same event
    expect((await t.stripe.events.retrieve(succeeded.id)).data.object).toMatchObject({ id: pi.id, status: 'succeeded' });
  });

  it('tampered bodies, other secrets, stale timestamps and missing signatures fail verification', async () => {
    await pay();
    const [a, b, c, d] = t.local.queue.pending();
    expect(d).toBeUndefined();
    t.local.queue.tamper(a!.id, { body: (s) => s.replace('"amount": 1000', '"amount": 1') });
    t.local.queue.tamper(b!.id, { secret: 'whsec_forged' });
    t.local.queue.tamper(c!.id, { timestampSkewS: -301 });
    await t.local.queue.flush();
    expect(hook.got).toHaveLength(3);
    for (const got of hook.got) expect(() => verify(got.body, got.signature)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    await pay();
    t.local.queue.tamper(t.local.queue.pending()[0]!.id, { unsigned: true });
    await t.local.queue.flush();
    expect(hook.got[3]!.signature).toBeUndefined();
    expect(() => verify(hook.got[3]!.body, hook.got[3]!.signature)).toThrow();
    expect(() => verify(hook.got[4]!.body, hook.got[4]!.signature)).not.toThrow();
  });

  it('holds, duplicates, reorders, drops and delays deliveries', async () => {
    t.local.queue.hold();
    await pay();
    const [created, charged, succeeded] = t.local.queue.pending();
    t.local.queue.duplicate(succeeded!.id, 2);
    t.local.queue.drop(charged!.id);
    t.local.queue.delay(created!.id, 3 * DAY_MS);
    t.local.queue.reorder('reverse');
    t.local.queue.release();
    await t.local.queue.flush();
    // verified as they arrive (a signature is good for five minutes after it was made)
    const first = hook.got.map((g) => verify(g.body, g.signature));
    expect(first.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'payment_intent.succeeded', 'payment_intent.succeeded']);
    expect(new Set(first.map((e) => e.id)).size).toBe(1);
    t.local.advance(3 * DAY_MS);
    await t.local.queue.flush();
    // three days late, after its successor, and correctly signed for the time it is sent
    expect(hook.got).toHaveLength(4);
    expect(verify(hook.got[3]!.body, hook.got[3]!.signature).type).toBe('payment_intent.created');
  });

  it('retries a failing endpoint with growing gaps, each attempt signed afresh, and gives up after three days', async () => {
    hook.statuses.push(500, 503);
    await pay('pm_card_bypassPending');
    t.local.queue.drop(t.local.queue.pending()[1]!.id);
    t.local.queue.drop(t.local.queue.pending()[1]!.id);
    await t.local.queue.flush();
    t.local.advance(RETRY_DELAYS_MS[0]!);
    await t.local.queue.flush();
    t.local.advance(RETRY_DELAYS_MS[1]!);
    await t.local.queue.flush();
    const attempts = t.local.queue.attempts();
    expect(attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    expect(attempts[1]!.at - attempts[0]!.at).toBe(60_000);
    expect(attempts[2]!.at - attempts[1]!.at).toBe(300_000);
    const stamps = hook.got.map((g) => g.signature!.split(',')[0]);
    expect(new Set(stamps).size).toBe(3);
    expect(() => verify(hook.got[2]!.body, hook.got[2]!.signature)).not.toThrow();

    // an endpoint that never answers: attempts until three days after the first, then the delivery is given up
    t.local.queue.setSender(async () => {
      throw new Error('connection refused');
    });
    await t.stripe.payouts.create({ amount: 100, currency: 'aed' });
    const start = t.local.clock.now();
    for (let i = 0; i < 200 && !t.local.queue.failed().length; i += 1) {
      t.local.advance(30 * 60_000);
      await t.local.queue.flush();
    }
    const given = t.local.queue.failed()[0]!;
    expect(given.attempts).toBe(RETRY_DELAYS_MS.length + 1);
    expect(RETRY_DELAYS_MS.reduce((s, x) => s + x, 0)).toBe(3 * DAY_MS);
    expect(t.local.clock.now() - start).toBeGreaterThanOrEqual(3 * DAY_MS);
  });

  it('sends a connected account’s events only to Connect endpoints', async () => {
    const connectHook = await receiver();
    const ep = await t.stripe.webhookEndpoints.create({ url: connectHook.url, enabled_events: ['account.updated'], connect: true });
    const acct = await t.stripe.accounts.create({ country: 'AE', capabilities: { transfers: { requested: true } } });
    await t.stripe.accounts.update(acct.id, { metadata: { vendor: '7' } });
    await t.local.queue.flush();
    expect(hook.got.map((g) => verify(g.body, g.signature).type)).not.toContain('account.updated');
    const event = t.stripe.webhooks.constructEvent(connectHook.got[0]!.body, connectHook.got[0]!.signature!, ep.secret!, 300, undefined, nowMs());
    expect([event.type, event.account]).toEqual(['account.updated', acct.id]);
    await connectHook.close();
  });
});

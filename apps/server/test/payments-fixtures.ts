import fc from 'fast-check';
import type { TestContext } from './harness.js';
import { DAY_MS, testClock, type Clock } from '../src/modules/payments/local/clock.js';
import type { WebhookQueue } from '../src/modules/payments/local/webhook-queue.js';
import type { LocalHandler } from '../src/modules/payments/local/http.js';
import { call } from './harness.js';

/** A local provider's webhooks sent to the app through app.inject, only when a test flushes its queue. */
function injectWebhooks(t: TestContext, queue: WebhookQueue) {
  queue.stop();
  queue.setSender(async (url, headers, body) => (await t.app.inject({
    method: 'POST', url: new URL(url).pathname, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, payload: body,
  })).statusCode);
}

/**
 * Delivers the webhooks waiting now; answers each attempt. A webhook's capture (or a late payment given back) runs
 * after its answer (decision 0157): it is waited for, and the events it made due are delivered in the same flush.
 */
function flusher(t: TestContext, local: { queue: WebhookQueue; clock: Clock }) {
  return async () => {
    const attempts = await local.queue.flush();
    for (;;) {
      await t.app.services.cardPayments.idle();
      if (!local.queue.pending().some((d) => !d.held && d.dueAt <= local.clock.now())) return attempts;
      attempts.push(...(await local.queue.flush()));
    }
  };
}

/** A page of a local provider's, as a browser reaches it (GET, or POST of a form). */
function browser(handle: LocalHandler) {
  return async (url: string, form?: Record<string, string>) => {
    const u = new URL(url);
    const res = await handle({
      method: form ? 'POST' : 'GET', url: u.pathname + u.search,
      headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      body: form ? new URLSearchParams(form).toString() : '',
    });
    return { status: res.status, location: res.headers.location ?? null, html: res.body };
  };
}

/** A local provider wired to the test's app: its webhooks sent by app.inject when flushed, its pages browsed. */
function wired<L extends { queue: WebhookQueue; clock: Clock; handle: LocalHandler }>(t: TestContext, local: L) {
  injectWebhooks(t, local.queue);
  return { local, visit: browser(local.handle), flush: flusher(t, local) };
}

/** Presses Complete or Fail on a local provider's 3-D Secure page; answers where it sends the shopper. */
async function answerChallenge(visit: ReturnType<typeof browser>, url: string, outcome: 'complete' | 'fail') {
  const page = await visit(url);
  const action = page.html.match(/<form method="post" action="([^"]+)"/)?.[1];
  if (!action) throw new Error('no challenge form');
  return visit(new URL(action.replace(/&amp;/g, '&'), url).toString(), { outcome });
}

/**
 * The local Stripe started in process for an API test (decision 0137), under the wall clock or one the test moves, its webhooks delivered to the app through
 * app.inject when the test flushes the queue (nothing is sent on its own), and a shopper's steps on the provider's
 * pages: type a card on the card page, answer 3-D Secure.
 */
export async function startTestPayments(t: TestContext, opts: { clock?: Clock } = {}) {
  await t.app.services.payments.start({ inProcess: true, ...opts });
  const w = wired(t, t.app.services.payments.local!.stripe!);
  const { visit } = w;
  return {
    ...w,
    /** Types a card on the provider's card page; answers where the page sends the shopper (3-D Secure or back to Souq). */
    async typeCard(payUrl: string, number: string) {
      return visit(payUrl, { number, expiry: '12 / 34', cvc: '123' });
    },
    /** Presses Complete or Fail on the 3-D Secure page. */
    answer3ds: (url: string, outcome: 'complete' | 'fail') => answerChallenge(visit, url, outcome),
    /** The purchase's payment as the return page reads it (with the token the checkout gave). */
    state: (number: string, token?: string, auth?: string) =>
      call(t.app, { url: `/api/payments/purchases/${encodeURIComponent(number)}${token ? `?token=${encodeURIComponent(token)}` : ''}`, token: auth ?? null }),
  };
}
export type TestPayments = Awaited<ReturnType<typeof startTestPayments>>;

/** Places a purchase through POST /api/orders and pays it by card on the provider's page, as a shopper does. */
export async function payPlaced(p: TestPayments, placed: { order_number: string; payment: { pay_url: string; token: string } }, card = '4242424242424242') {
  await p.typeCard(placed.payment.pay_url, card);
  const state = await p.state(placed.order_number, placed.payment.token);
  if (state.status !== 200 || !state.json.paid) throw new Error(`card payment did not complete: ${state.status} ${state.body}`);
  return state.json;
}

/**
 * How a step's webhooks travel in a property test (issue 36 item 9): some sent twice, the queue reversed or shuffled,
 * every `late`-th one three days late (its duplicate, if any, on time: an event seen now and again days later).
 */
export type Weather = { dup: boolean; order: 'keep' | 'reverse' | number; late: 0 | 2 | 3 };
export const weather: fc.Arbitrary<Weather> = fc.record({
  dup: fc.boolean(),
  order: fc.oneof(fc.constant('keep' as const), fc.constant('reverse' as const), fc.nat()),
  late: fc.constantFrom(0 as const, 0 as const, 2 as const, 3 as const),
});
export const CALM: Weather = { dup: false, order: 'keep', late: 0 };

/** What the weather needs of a local provider in a test (the local Stripe's or Checkout.com's): its queue, its clock, a flush. */
export type LocalDeliveries = { local: { queue: WebhookQueue; clock: Clock; advance(ms: number): void }; flush(): Promise<unknown> };

/** The deliveries due now, rearranged as the weather says, then sent (the late ones wait for the test's clock). */
export async function deliverAs(p: LocalDeliveries, w: Weather) {
  const q = p.local.queue;
  const due = q.pending().filter((d) => d.dueAt <= p.local.clock.now());
  if (w.dup) for (const d of due) q.duplicate(d.id);
  if (w.order === 'reverse') q.reorder('reverse');
  else if (typeof w.order === 'number') {
    // a seeded Fisher–Yates over the waiting deliveries
    const ids = q.pending().map((d) => d.id);
    let seed = w.order + 1;
    for (let i = ids.length - 1; i > 0; i -= 1) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const j = seed % (i + 1);
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    }
    q.reorder(ids);
  }
  if (w.late) due.forEach((d, i) => i % w.late === 0 && q.delay(d.id, 3 * DAY_MS));
  await p.flush();
}

/** Lets every late delivery arrive, a day at a time (at most `days`); answers whether none is left waiting. */
export async function drainLate(p: LocalDeliveries, days = 10) {
  for (let day = 0; day < days && p.local.queue.pending().length; day += 1) {
    p.local.advance(DAY_MS);
    await p.flush();
  }
  return p.local.queue.pending().length === 0;
}

/** A card purchase of one product placed by a signed-in shopper (POST /api/orders, an address in the UAE); the raw answer. */
export function placeCardPurchase(t: TestContext, shopper: { token: string; email: string; name: string }, productId: number, opts: { quantity?: number; key: string }) {
  return call(t.app, {
    method: 'POST', url: '/api/orders', token: shopper.token, headers: { 'idempotency-key': opts.key },
    body: {
      items: [{ product_id: productId, quantity: opts.quantity ?? 1 }], customer_info: { email: shopper.email, name: shopper.name, phone: null },
      shipping_address: { address: '4 Card Street', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card',
    },
  });
}

/**
 * The local Checkout.com started for an API test (decision 0179) on a test clock, its webhooks sent to the app when the
 * test flushes, and the shopper's steps on its hosted payments page: a card typed, then 3-D Secure answered.
 */
export async function startTestCheckout(t: TestContext) {
  await t.app.services.payments.start({ clock: testClock(Date.now()) });
  const w = wired(t, t.app.services.payments.local!.checkout!);
  const { visit } = w;
  return {
    ...w,
    /** Types the card on the hosted page (Checkout.com challenges every card), then answers the challenge; answers where the shopper lands. */
    async payOnPage(payUrl: string, number: string, outcome: 'complete' | 'fail' = 'complete') {
      const typed = await visit(payUrl, { number, expiry: '09 / 31', cvc: '100' });
      if (typed.status !== 303 || !typed.location) return typed;
      return answerChallenge(visit, typed.location, outcome);
    },
  };
}
export type TestCheckout = Awaited<ReturnType<typeof startTestCheckout>>;

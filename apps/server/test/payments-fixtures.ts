import fc from 'fast-check';
import type { TestContext } from './harness.js';
import { DAY_MS, type Clock } from '../src/modules/payments/local/clock.js';
import { call } from './harness.js';

/**
 * The local Stripe started in process for an API test (decision 0137), under the wall clock or one the test moves, its webhooks delivered to the app through
 * app.inject when the test flushes the queue (nothing is sent on its own), and a shopper's steps on the provider's
 * pages: type a card on the card page, answer 3-D Secure.
 */
export async function startTestPayments(t: TestContext, opts: { clock?: Clock } = {}) {
  await t.app.services.payments.start({ inProcess: true, ...opts });
  const local = t.app.services.payments.local!.stripe!;
  local.queue.stop();
  local.queue.setSender(async (url, headers, body) => (await t.app.inject({
    method: 'POST', url: new URL(url).pathname, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, payload: body,
  })).statusCode);

  /** A page of the provider's, as a browser reaches it (GET, or POST of a form). */
  async function visit(url: string, form?: Record<string, string>) {
    const u = new URL(url);
    const res = await local.handle({
      method: form ? 'POST' : 'GET', url: u.pathname + u.search,
      headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      body: form ? new URLSearchParams(form).toString() : '',
    });
    return { status: res.status, location: res.headers.location ?? null, html: res.body };
  }

  return {
    local,
    visit,
    /** Types a card on the provider's card page; answers where the page sends the shopper (3-D Secure or back to Souq). */
    async typeCard(payUrl: string, number: string) {
      return visit(payUrl, { number, expiry: '12 / 34', cvc: '123' });
    },
    /** Presses Complete or Fail on the 3-D Secure page. */
    async answer3ds(url: string, outcome: 'complete' | 'fail') {
      const page = await visit(url);
      const action = page.html.match(/<form method="post" action="([^"]+)"/)?.[1];
      if (!action) throw new Error('no challenge form');
      return visit(new URL(action.replace(/&amp;/g, '&'), url).toString(), { outcome });
    },
    /** The purchase's payment as the return page reads it (with the token the checkout gave). */
    state: (number: string, token?: string, auth?: string) =>
      call(t.app, { url: `/api/payments/purchases/${encodeURIComponent(number)}${token ? `?token=${encodeURIComponent(token)}` : ''}`, token: auth ?? null }),
    /**
     * Delivers the webhooks waiting now; answers each attempt. A webhook's capture runs after its answer (decision
     * 0157): it is waited for, and the events it made due are delivered in the same flush, as before.
     */
    async flush() {
      const attempts = await local.queue.flush();
      for (;;) {
        await t.app.services.cardPayments.idle();
        if (!local.queue.pending().some((d) => !d.held && d.dueAt <= local.clock.now())) return attempts;
        attempts.push(...(await local.queue.flush()));
      }
    },
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

/** The deliveries due now, rearranged as the weather says, then sent (the late ones wait for the test's clock). */
export async function deliverAs(p: TestPayments, w: Weather) {
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
export async function drainLate(p: TestPayments, days = 10) {
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

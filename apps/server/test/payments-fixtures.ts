import type { TestContext } from './harness.js';
import type { Clock } from '../src/modules/payments/local/clock.js';
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
    /** Delivers the webhooks waiting now; answers each attempt. */
    flush: () => local.queue.flush(),
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

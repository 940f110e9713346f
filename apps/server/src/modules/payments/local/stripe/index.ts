import type Stripe from 'stripe';
import { formFields, type LocalRequest, type LocalResponse } from '../http.js';
import { escapeHtml, htmlPage, money, notFoundPage, pageLang, seeOther, TEXTS } from '../pages.js';
import { createConnect } from './connect.js';
import { createEngine, type LocalStripeOptions } from './engine.js';
import { createMoney } from './money.js';
import { createPayments } from './payments.js';
import { createRouter } from './router.js';
import { StripeError } from './errors.js';
import { TEST_PAYMENT_METHODS } from './cards.js';
import { charge, paymentIntent, paymentMethod, refund } from './objects.js';

export { stripeSignature } from './engine.js';
export type { LocalStripeOptions } from './engine.js';

/**
 * A local Stripe: the API under `/v1` in Stripe's wire format (router.ts), and the pages a person sees under
 * `/local/` — the 3-D Secure challenge and Connect onboarding. The official `stripe` client runs against it unchanged.
 */
export function createLocalStripe(opts: LocalStripeOptions) {
  const e = createEngine(opts);
  const payments = createPayments(e);
  const moneyOps = createMoney(e);
  const connect = createConnect(e);
  const router = createRouter(e, payments, moneyOps, connect);

  function challengePage(req: LocalRequest, token: string): LocalResponse {
    const lang = pageLang(req);
    const t = TEXTS[lang];
    const c = payments.challenge(token);
    if (!c) return notFoundPage(lang);
    if (req.method === 'POST') {
      const outcome = formFields(req.body).outcome === 'complete' ? 'complete' : 'fail';
      const done = payments.completeChallenge(token, outcome)!;
      e.timeline.runDue();
      const pi = done.pi;
      if (!done.returnUrl) return htmlPage(lang, t.challengeTitle, `<h1>${escapeHtml(t.finished)}</h1>`);
      const back = new URL(done.returnUrl);
      back.searchParams.set('payment_intent', pi.id);
      back.searchParams.set('payment_intent_client_secret', pi.client_secret ?? '');
      back.searchParams.set('redirect_status', pi.status === 'succeeded' || pi.status === 'requires_capture' ? 'succeeded' : 'failed');
      return seeOther(back.toString());
    }
    const pi = c.pi;
    const pm = pi.payment_method ? e.find(pi.payment_method as string) : null;
    const action = `/local/3ds/${encodeURIComponent(token)}?lang=${lang}`;
    return htmlPage(
      lang,
      t.challengeTitle,
      `<h1>${escapeHtml(t.challengeTitle)}</h1><p>${escapeHtml(t.challengeIntro)}</p>
<dl><dt>${t.merchant}</dt><dd>${escapeHtml(pi.description ?? 'Souq')}</dd><dt>${t.amount}</dt><dd>${escapeHtml(money(pi.amount, pi.currency, lang))}</dd>${pm ? `<dt>${t.card}</dt><dd>•••• ${escapeHtml(pm.card.last4)}</dd>` : ''}</dl>
<form method="post" action="${action}" class="row"><button class="ok" name="outcome" value="complete">${t.complete}</button><button class="no" name="outcome" value="fail">${t.fail}</button></form>
<p class="test">${escapeHtml(t.testNote)}</p>`,
    );
  }

  /**
   * The provider's card page for a PaymentIntent (what Stripe's Payment Element does in real mode): the card number is
   * typed here, at the provider, never on Souq's pages; the page confirms the PaymentIntent and sends the shopper on to
   * 3-D Secure when the card asks for it, else back to `return_url` with `redirect_status`, as Stripe redirects.
   * Reached with the PaymentIntent's client secret, as Stripe.js is.
   */
  function payPage(req: LocalRequest, piId: string): LocalResponse {
    const lang = pageLang(req);
    const t = TEXTS[lang];
    const q = new URL(req.url, 'http://local').searchParams;
    const pi = e.find(piId) as Stripe.PaymentIntent | undefined;
    const returnUrl = q.get('return_url');
    if (!pi || pi.object !== 'payment_intent' || q.get('client_secret') !== pi.client_secret || !returnUrl || !URL.canParse(returnUrl)) return notFoundPage(lang);
    const back = (status: 'succeeded' | 'failed') => {
      const u = new URL(returnUrl);
      u.searchParams.set('payment_intent', pi.id);
      u.searchParams.set('payment_intent_client_secret', pi.client_secret ?? '');
      u.searchParams.set('redirect_status', status);
      return seeOther(u.toString());
    };
    if (!['requires_payment_method', 'requires_confirmation'].includes(pi.status)) {
      if (pi.status === 'requires_action' && pi.next_action?.redirect_to_url?.url) return seeOther(pi.next_action.redirect_to_url.url);
      return htmlPage(lang, t.payTitle, `<h1>${escapeHtml(t.paid)}</h1>`);
    }
    let error = '';
    if (req.method === 'POST') {
      const f = formFields(req.body);
      const [month, year] = (f.expiry ?? '').split('/').map((x) => Number(x.trim()));
      try {
        const done = payments.confirm(pi, {
          payment_method_data: { type: 'card', card: { number: (f.number ?? '').replace(/\s+/g, ''), exp_month: String(month ?? ''), exp_year: String(year && year < 100 ? 2000 + year : (year ?? '')), cvc: f.cvc ?? '' } },
          return_url: returnUrl,
        });
        e.timeline.runDue();
        if (done.status === 'requires_action' && done.next_action?.redirect_to_url?.url) return seeOther(done.next_action.redirect_to_url.url);
        return back(done.status === 'succeeded' || done.status === 'requires_capture' ? 'succeeded' : 'failed');
      } catch (err) {
        if (!(err instanceof StripeError)) throw err;
        // a decline leaves the PaymentIntent waiting for another card: back to the shop, which reads why
        if (err.body.type === 'card_error' && err.body.code !== 'incorrect_number' && !err.body.code?.startsWith('invalid_expiry')) return back('failed');
        error = err.body.message;
      }
    }
    const action = `/local/pay/${encodeURIComponent(pi.id)}?${new URLSearchParams({ client_secret: pi.client_secret ?? '', return_url: returnUrl, lang })}`;
    return htmlPage(
      lang,
      t.payTitle,
      `<h1>${escapeHtml(t.payTitle)}</h1>
<dl><dt>${t.merchant}</dt><dd>${escapeHtml(pi.description ?? 'Souq')}</dd><dt>${t.amount}</dt><dd>${escapeHtml(money(pi.amount, pi.currency, lang))}</dd></dl>
${error ? `<p class="err" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label>${t.cardNumber}<input type="text" name="number" inputmode="numeric" autocomplete="cc-number" required></label>
<div class="row"><label>${t.expiry}<input type="text" name="expiry" placeholder="12 / 34" autocomplete="cc-exp" required></label><label>${t.cvc}<input type="text" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label></div>
<div class="row"><button class="ok">${t.pay} ${escapeHtml(money(pi.amount, pi.currency, lang))}</button></div></form>
<p class="test">${escapeHtml(t.testCards)}</p><p class="test">${escapeHtml(t.testNote)}</p>`,
    );
  }

  function onboardingPage(req: LocalRequest, token: string): LocalResponse {
    const lang = pageLang(req);
    const t = TEXTS[lang];
    const l = connect.link(token);
    if (!l) return notFoundPage(lang);
    if (!l.valid) return seeOther(l.refreshUrl);
    if (req.method === 'POST') {
      const back = connect.finishOnboarding(token, formFields(req.body).bank === 'fails' ? 'fails' : 'pays');
      e.timeline.runDue();
      return seeOther(back ?? l.refreshUrl);
    }
    const a: Stripe.Account = l.account;
    return htmlPage(
      lang,
      t.onboardingTitle,
      `<h1>${escapeHtml(t.onboardingTitle)}</h1><p>${escapeHtml(t.onboardingIntro)}</p>
<dl><dt>${t.business}</dt><dd>${escapeHtml(a.business_profile?.name ?? a.id)}</dd><dt>${t.email}</dt><dd>${escapeHtml(a.email ?? '—')}</dd></dl>
<form method="post" action="/local/connect/onboarding/${encodeURIComponent(token)}?lang=${lang}">
<label><input type="radio" name="bank" value="pays" checked> ${escapeHtml(t.bankPays)}</label>
<label><input type="radio" name="bank" value="fails"> ${escapeHtml(t.bankFails)}</label>
<div class="row"><button class="ok">${t.submit}</button></div></form>
<p class="test">${escapeHtml(t.testNote)}</p>`,
    );
  }

  function handle(req: LocalRequest): LocalResponse {
    const path = new URL(req.url, 'http://local').pathname;
    const challenge = path.match(/^\/local\/3ds\/([A-Za-z0-9]+)$/);
    if (challenge && (req.method === 'GET' || req.method === 'POST')) return challengePage(req, challenge[1]!);
    const pay = path.match(/^\/local\/pay\/(pi_[A-Za-z0-9]+)$/);
    if (pay && (req.method === 'GET' || req.method === 'POST')) return payPage(req, pay[1]!);
    const onboarding = path.match(/^\/local\/connect\/onboarding\/([A-Za-z0-9]+)$/);
    if (onboarding && (req.method === 'GET' || req.method === 'POST')) return onboardingPage(req, onboarding[1]!);
    return router.handle(req);
  }

  return {
    handle,
    clock: e.clock,
    queue: e.queue,
    secretKey: e.cfg.secretKey,
    publishableKey: e.cfg.publishableKey,
    /** Where the provider's pages are reached (set once its listener has a port). */
    setBaseUrl(url: string) {
      e.cfg.baseUrl = url.replace(/\/$/, '');
    },
    get baseUrl() {
      return e.cfg.baseUrl;
    },
    /** Moves the test clock and lets the provider do what fell due (funds available, payouts, disputes decided). */
    advance(ms: number) {
      e.clock.advance(ms);
      e.timeline.runDue();
    },
    /** Runs what fell due under a wall clock (the demo calls it on a timer). */
    tick: () => e.timeline.runDue(),
    injectFaults: router.injectFaults,
    /**
     * The provider taking a transfer back on its own (Stripe reverses transfers to a connected account it rejects, or
     * on a platform's dashboard request): a reversal without Souq's metadata, with its `transfer.reversed` event. Tests
     * and the demo's "what if" use it; Souq never calls it. Refused like any reversal when the seller's balance is short.
     */
    reverseTransferAsProvider(transferId: string, amount?: number) {
      const tr = e.get<Stripe.Transfer>('transfer', transferId);
      const trr = moneyOps.createReversal(tr, amount === undefined ? {} : { amount: String(amount) });
      e.timeline.runDue();
      return trr;
    },
    /**
     * A connected account's automatic payout (Stripe pays a connected account's available balance to its bank on a
     * schedule): its whole available balance in the currency, paid or failed at its arrival date by its bank (an
     * account onboarded with the failing bank, last4 0116, fails). Null when nothing is available. With an amount, a
     * manual payout of that much (an account on a manual schedule may pay out part of its balance, and several at once).
     */
    payOutConnectedAccount(accountId: string, currency = 'aed', part?: number) {
      const amount = part ?? e.availableIn(accountId, currency);
      if (amount <= 0) return null;
      return moneyOps.createPayout({ amount: String(amount), currency }, accountId);
    },
    /** A webhook endpoint registered directly (what the demo does at start-up; tests may also use the API). */
    addWebhookEndpoint(url: string, enabledEvents: string[] = ['*'], connectEvents = false) {
      const ep = connect.createEndpoint({ url, enabled_events: enabledEvents, ...(connectEvents ? { connect: 'true' } : {}) });
      return { id: ep.id, secret: ep.secret };
    },
    /** The provider's card page for a PaymentIntent (the Payment Element's place in local mode). */
    payUrl: (pi: { id: string; client_secret: string }, returnUrl: string, lang: 'en' | 'ar' = 'en') =>
      `${e.cfg.baseUrl}/local/pay/${pi.id}?${new URLSearchParams({ client_secret: pi.client_secret, return_url: returnUrl, lang })}`,
    /**
     * Bench only (bench/reconciliation.ts; never called by the product): captured card payments put straight into the
     * store, without the API, so 100,000 payments' worth is there in seconds. Each payment gets a charge (a shallow copy
     * of one the builders made, with its own id, amount and PaymentIntent id) and its balance transaction (Stripe's fee,
     * available at once); a refund, when asked, its refund and balance transaction. Lists and `expand` then answer as
     * for payments made through the API.
     */
    seedCapturedPayments(rows: readonly { paymentIntentId: string; amount: number; refund?: number }[], currency = 'aed') {
      const card = TEST_PAYMENT_METHODS.pm_card_visa!;
      const pm = paymentMethod({ id: e.ids.id('pm'), created: e.now(), card, expMonth: 12, expYear: 2034, fingerprint: 'benchfingerprint', metadata: {} });
      const pi = paymentIntent({ id: 'pi_template', created: e.now(), amount: 100, currency, captureMethod: 'manual', clientSecret: '', description: null, metadata: {}, transferGroup: null, receiptEmail: null, statementDescriptor: null });
      const template = charge({ id: 'ch_template', created: e.now(), pi, pm, card, status: 'succeeded', captured: true, failure: null, threeDS: false, receiptBase: e.cfg.baseUrl });
      return rows.map((r) => {
        const ch = e.put({ ...template, id: e.ids.id('ch'), created: e.now(), amount: r.amount, amount_captured: r.amount, payment_intent: r.paymentIntentId });
        const fee = e.fee(r.amount);
        ch.balance_transaction = e.addTxn({ account: null, amount: r.amount, fee, currency, type: 'charge', reportingCategory: 'charge', source: ch.id }).id;
        let refundId: string | null = null;
        if (r.refund) {
          const re = e.put(refund({ id: e.ids.id('re'), created: e.now(), amount: r.refund, ch, reason: 'requested_by_customer', metadata: {} }));
          re.status = 'succeeded';
          re.balance_transaction = e.addTxn({ account: null, amount: -r.refund, currency, type: 'refund', reportingCategory: 'refund', source: re.id }).id;
          ch.amount_refunded = r.refund;
          refundId = re.id;
        }
        return { chargeId: ch.id, fee, refundId };
      });
    },
    /** Every object of the provider (tests compare them with Stripe's published examples). */
    objects: () => [...e.objects.values()].map((o) => o.obj),
  };
}
export type LocalStripe = ReturnType<typeof createLocalStripe>;

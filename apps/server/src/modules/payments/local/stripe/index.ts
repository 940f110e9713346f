import type Stripe from 'stripe';
import { formFields, type LocalRequest, type LocalResponse } from '../http.js';
import { escapeHtml, htmlPage, money, notFoundPage, pageLang, seeOther, TEXTS } from '../pages.js';
import { createConnect } from './connect.js';
import { createEngine, type LocalStripeOptions } from './engine.js';
import { createMoney } from './money.js';
import { createPayments } from './payments.js';
import { createRouter } from './router.js';

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
    const onboarding = path.match(/^\/local\/connect\/onboarding\/([A-Za-z0-9]+)$/);
    if (onboarding && (req.method === 'GET' || req.method === 'POST')) return onboardingPage(req, onboarding[1]!);
    return router.handle(req);
  }

  return {
    handle,
    clock: e.clock,
    queue: e.queue,
    secretKey: e.cfg.secretKey,
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
    /** A webhook endpoint registered directly (what the demo does at start-up; tests may also use the API). */
    addWebhookEndpoint(url: string, enabledEvents: string[] = ['*'], connectEvents = false) {
      const ep = connect.createEndpoint({ url, enabled_events: enabledEvents, ...(connectEvents ? { connect: 'true' } : {}) });
      return { id: ep.id, secret: ep.secret };
    },
    /** Every object of the provider (tests compare them with Stripe's published examples). */
    objects: () => [...e.objects.values()].map((o) => o.obj),
  };
}
export type LocalStripe = ReturnType<typeof createLocalStripe>;

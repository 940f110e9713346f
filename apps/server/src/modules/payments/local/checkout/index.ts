import { createHash } from 'node:crypto';
import { formFields, type LocalRequest, type LocalResponse } from '../http.js';
import { escapeHtml, htmlPage, money, notFoundPage, pageLang, seeOther, TEXTS } from '../pages.js';
import { createCheckoutEngine, ckoError, type CkoError, type LocalCheckoutOptions } from './engine.js';
import { createHostedPayments } from './hosted.js';

export { ckoSignature } from './engine.js';
export type { LocalCheckoutOptions } from './engine.js';

/** The API is served under this prefix (the client is given `${base}/checkout` as its host). */
export const CHECKOUT_PREFIX = '/checkout';

/**
 * The local Checkout.com over HTTP: JSON bodies, `Authorization: Bearer sk_sbox_…`, `Cko-Idempotency-Key`, 201/202
 * answers, 401/404 without a body, 422 `request_invalid` with `error_codes`. The official `checkout-sdk-node` runs
 * against it with its `host` option (and its transfers and balances URLs, which have hosts of their own).
 */
export function createLocalCheckout(opts: LocalCheckoutOptions) {
  const e = createCheckoutEngine(opts);
  const idempotency = new Map<string, { hash: string; response: LocalResponse }>();

  const json = (status: number, body: unknown): LocalResponse => ({ status, headers: { 'content-type': 'application/json; charset=utf-8', 'cko-request-id': e.ids.base32('req', 20) }, body: JSON.stringify(body) });
  const fail = (err: CkoError): LocalResponse => (err.body ? json(err.status, { ...err.body, request_id: e.ids.base32('req', 20) }) : { status: err.status, headers: {}, body: '' });
  const need = (cond: unknown, code: string) => {
    if (!cond) throw ckoError(422, [code]);
  };
  const payment = (id: string) => {
    const p = e.payments.get(id);
    if (!p) throw ckoError(404);
    return p;
  };

  function createPayment(b: any): LocalResponse {
    need(Number.isInteger(b.amount) && b.amount > 0, 'amount_invalid');
    need(typeof b.currency === 'string' && /^[A-Z]{3}$/.test(b.currency), 'currency_invalid');
    need(b.source && typeof b.source === 'object', 'source_required');
    need(b.source.type === 'card', 'source_type_invalid');
    const card = e.cardOf(String(b.source.number ?? ''));
    need(card, 'card_number_invalid');
    need(Number.isInteger(b.source.expiry_month) && b.source.expiry_month >= 1 && b.source.expiry_month <= 12, 'card_expiry_month_invalid');
    need(Number.isInteger(b.source.expiry_year) && b.source.expiry_year >= new Date(e.clock.now()).getUTCFullYear(), 'card_expired');
    const threeDS = b['3ds']?.enabled === true;
    if (threeDS) need(typeof b.success_url === 'string' && URL.canParse(b.success_url) && typeof b.failure_url === 'string' && URL.canParse(b.failure_url), 'success_url_invalid');
    const id = e.ids.base32('pay');
    const p: any = {
      id, action_id: null, amount: b.amount, currency: b.currency, approved: null, status: 'Pending', auth_code: null, response_code: null, response_summary: null,
      requested_on: e.iso(), reference: b.reference ?? null, description: b.description ?? null, payment_type: 'Regular', capture: b.capture !== false,
      source: { id: e.ids.base32('src'), type: 'card', expiry_month: b.source.expiry_month, expiry_year: b.source.expiry_year, scheme: card!.brand === 'mastercard' ? 'Mastercard' : card!.brand === 'amex' ? 'Amex' : 'Visa', last4: card!.number.slice(-4), bin: card!.number.slice(0, 6), card_type: 'CREDIT', issuer_country: card!.country },
      customer: { id: e.ids.base32('cus'), ...(b.customer?.email ? { email: b.customer.email } : {}) },
      balances: { total_authorized: 0, total_voided: 0, available_to_void: 0, total_captured: 0, available_to_capture: 0, total_refunded: 0, available_to_refund: 0 },
      '3ds': threeDS ? { downgraded: false, enrolled: 'Y' } : undefined,
      risk: { flagged: false }, metadata: b.metadata ?? {}, processing_channel_id: b.processing_channel_id ?? null,
      success_url: b.success_url ?? null, failure_url: b.failure_url ?? null,
    };
    e.payments.set(id, p);
    e.actions.set(id, []);
    e.cardNumbers.set(id, card!.number);
    if (threeDS) {
      const sid = e.ids.base32('sid');
      e.challenges.set(sid, { payment: id, done: false });
      p.session = sid;
      e.emit('payment_pending', p);
      return json(202, { id, status: 'Pending', reference: p.reference, customer: p.customer, '3ds': p['3ds'], _links: { ...e.links(id), redirect: { href: `${e.cfg.baseUrl}/local/checkout/3ds/${sid}` } } });
    }
    e.authorise(p, card!, false);
    return json(201, view(p, true));
  }

  /** The payment as GET /payments/{id} answers it (and, at creation, the request's answer). */
  function view(p: any, created = false) {
    const { capture: _c, session: _s, success_url: _su, failure_url: _fu, ...rest } = p;
    const l: Record<string, { href: string }> = e.links(p.id);
    if (p.balances.available_to_capture) l.capture = { href: `${e.cfg.baseUrl}/checkout/payments/${p.id}/captures` };
    if (p.balances.available_to_void) l.void = { href: `${e.cfg.baseUrl}/checkout/payments/${p.id}/voids` };
    if (p.balances.available_to_refund) l.refund = { href: `${e.cfg.baseUrl}/checkout/payments/${p.id}/refunds` };
    const out = { ...rest, _links: l };
    if (created) out.processed_on = e.iso();
    return out;
  }

  function capture(p: any, b: any) {
    if (!p.balances.available_to_capture) throw ckoError(403);
    const amount = b.amount ?? p.balances.available_to_capture;
    need(Number.isInteger(amount) && amount > 0 && amount <= p.balances.available_to_capture, 'amount_invalid');
    const a = e.capture(p, amount, b.reference ?? null);
    return json(202, { action_id: a.id, reference: b.reference ?? null, _links: { payment: { href: `${e.cfg.baseUrl}/checkout/payments/${p.id}` } } });
  }

  function voidPayment(p: any, b: any) {
    if (!p.balances.available_to_void) throw ckoError(403);
    p.balances.total_voided = p.balances.available_to_void;
    p.balances.available_to_void = 0;
    p.balances.available_to_capture = 0;
    p.status = 'Voided';
    const a = e.act(p, 'Void', p.balances.total_voided, true, b.reference ?? null);
    e.emit('payment_voided', p, a);
    return json(202, { action_id: a.id, reference: b.reference ?? null });
  }

  function refund(p: any, b: any) {
    if (!p.balances.available_to_refund) throw ckoError(403);
    const amount = b.amount ?? p.balances.available_to_refund;
    need(Number.isInteger(amount) && amount > 0 && amount <= p.balances.available_to_refund, 'refund_amount_exceeds_balance');
    // a refund is an action decided later: accepted now (202), approved or declined in its webhook and the actions list
    const declined = e.takeRefundDecline();
    const a = e.act(p, 'Refund', amount, !declined, b.reference ?? null, declined ? '20005' : '10000', declined ? 'Declined - Do Not Honour' : 'Approved', b.metadata ?? {});
    if (!declined) {
      p.balances.total_refunded += amount;
      p.balances.available_to_refund -= amount;
      p.status = p.balances.available_to_refund === 0 ? 'Refunded' : 'Partially Refunded';
      e.movements.push({ entity: e.cfg.platformEntityId, currency: p.currency, amount: -amount, availableAt: e.clock.now() });
    }
    e.emit(declined ? 'payment_refund_declined' : 'payment_refunded', p, a);
    return json(202, { action_id: a.id, reference: b.reference ?? null });
  }

  function createEntity(b: any) {
    need(typeof b.reference === 'string' && b.reference.length > 0 && b.reference.length <= 50, 'reference_invalid');
    need(b.contact_details?.email_addresses?.primary, 'email_addresses_required');
    const country = b.company?.principal_address?.country ?? b.individual?.place_of_birth?.country ?? 'AE';
    need(country === 'AE', 'country_not_supported');
    if ([...e.entities.values()].some((x) => x.reference === b.reference)) throw ckoError(409, ['reference_already_exists']);
    const ent = {
      id: e.ids.base32('ent'), reference: b.reference, status: 'requirements_due', contact_details: b.contact_details, profile: b.profile ?? {}, company: b.company ?? null,
      capabilities: { payments: { available: true, enabled: false }, payouts: { available: true, enabled: false } },
      requirements_due: [{ field: 'company.business_registration_number', reason: 'required' }, { field: 'instruments.bank_account', reason: 'required' }],
      _links: { self: { href: `${e.cfg.baseUrl}/checkout/accounts/entities/${'x'}` } },
    };
    ent._links.self.href = `${e.cfg.baseUrl}/checkout/accounts/entities/${ent.id}`;
    e.entities.set(ent.id, ent);
    return json(201, { id: ent.id, reference: ent.reference, status: ent.status, capabilities: ent.capabilities, requirements_due: ent.requirements_due, _links: ent._links });
  }

  function createTransfer(b: any) {
    need(['commission', 'promotion', 'refund'].includes(b.transfer_type), 'transfer_type_invalid');
    need(b.source?.id && Number.isInteger(b.source.amount) && b.source.amount > 0, 'source_invalid');
    need(b.destination?.id, 'destination_required');
    const from = e.entities.get(b.source.id);
    const to = e.entities.get(b.destination.id);
    need(from && to, 'entity_not_found');
    const currency = b.source.currency ?? 'AED';
    const id = e.ids.base32('tra');
    const enough = from.id === e.cfg.platformEntityId ? true : e.balanceOf(from.id, currency).available + e.balanceOf(from.id, currency).pending >= b.source.amount;
    const active = to.status === 'active';
    const t = { id, reference: b.reference ?? null, status: enough && active ? 'completed' : 'rejected', transfer_type: b.transfer_type, created_on: e.iso(), requested_on: e.iso(), source: { entity_id: from.id, amount: b.source.amount, currency }, destination: { entity_id: to.id }, reason_codes: enough ? (active ? [] : ['destination_inactive']) : ['insufficient_funds'] };
    e.transfers.set(id, t);
    if (t.status === 'completed') {
      const avail = from.id === e.cfg.platformEntityId ? e.clock.now() : e.clock.now();
      e.movements.push({ entity: from.id, currency, amount: -b.source.amount, availableAt: avail }, { entity: to.id, currency, amount: b.source.amount, availableAt: avail });
    }
    return json(201, { id, status: t.status === 'completed' ? 'pending' : 'rejected', _links: { self: { href: `${e.cfg.baseUrl}/checkout/transfers/${id}` } } });
  }

  const hosted = createHostedPayments(e, { createPayment, json });

  function dispute(id: string) {
    const d = e.disputes.get(id);
    if (!d) throw ckoError(404);
    return d;
  }

  function route(method: string, path: string, b: any): LocalResponse {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/payments') return createPayment(b);
    const hostedAnswer = hosted.route(method, path, b);
    if (hostedAnswer) return hostedAnswer;
    if (method === 'GET' && (m = path.match(/^\/payments\/(pay_[a-z2-7]+)$/))) return json(200, view(payment(m[1]!)));
    if (method === 'GET' && (m = path.match(/^\/payments\/(pay_[a-z2-7]+)\/actions$/))) return json(200, e.actions.get(payment(m[1]!).id));
    if (method === 'POST' && (m = path.match(/^\/payments\/(pay_[a-z2-7]+)\/captures$/))) return capture(payment(m[1]!), b);
    if (method === 'POST' && (m = path.match(/^\/payments\/(pay_[a-z2-7]+)\/voids$/))) return voidPayment(payment(m[1]!), b);
    if (method === 'POST' && (m = path.match(/^\/payments\/(pay_[a-z2-7]+)\/refunds$/))) return refund(payment(m[1]!), b);
    if (method === 'POST' && path === '/accounts/entities') return createEntity(b);
    if (method === 'GET' && (m = path.match(/^\/accounts\/entities\/(ent_[a-z2-7]+)$/))) {
      const ent = e.entities.get(m[1]!);
      if (!ent) throw ckoError(404);
      return json(200, ent);
    }
    if (method === 'POST' && path === '/transfers') return createTransfer(b);
    if (method === 'GET' && (m = path.match(/^\/transfers\/(tra_[a-z2-7]+)$/))) {
      const t = e.transfers.get(m[1]!);
      if (!t) throw ckoError(404);
      return json(200, t);
    }
    if (method === 'GET' && (m = path.match(/^\/balances\/(ent_[a-z2-7]+)$/))) return json(200, { data: ['AED'].map((c) => ({ descriptor: `${c} balance`, holding_currency: c, balances: { pending: e.balanceOf(m![1]!, c).pending, available: e.balanceOf(m![1]!, c).available, payable: 0, collateral: 0 } })) });
    if (method === 'GET' && (m = path.match(/^\/disputes\/(dsp_[a-z2-7]+)$/))) return json(200, dispute(m[1]!));
    if (method === 'POST' && (m = path.match(/^\/disputes\/(dsp_[a-z2-7]+)\/accept$/))) {
      const d = dispute(m[1]!);
      d.status = 'accepted';
      return { status: 204, headers: {}, body: '' };
    }
    throw ckoError(404);
  }

  function api(req: LocalRequest, path: string): LocalResponse {
    e.timeline.runDue();
    if (req.headers.authorization !== `Bearer ${e.cfg.secretKey}`) return fail(ckoError(401));
    const method = req.method.toUpperCase();
    let body: any = {};
    if (method !== 'GET' && req.body) {
      try {
        body = JSON.parse(req.body);
      } catch {
        return fail(ckoError(422, ['request_body_malformed']));
      }
    }
    const key = method === 'POST' ? req.headers['cko-idempotency-key'] : undefined;
    const hash = createHash('sha256').update(`${method} ${path} ${req.body}`).digest('hex');
    if (key) {
      const seen = idempotency.get(key);
      if (seen) return seen.hash === hash ? seen.response : fail(ckoError(409, ['idempotency_key_in_use']));
    }
    let res: LocalResponse;
    try {
      res = route(method, path, body);
    } catch (err) {
      if (!(err as CkoError).status) throw err;
      res = fail(err as CkoError);
    }
    if (key && res.status < 500) idempotency.set(key, { hash, response: res });
    e.timeline.runDue();
    return res;
  }

  function challengePage(req: LocalRequest, sid: string): LocalResponse {
    const lang = pageLang(req);
    const t = TEXTS[lang];
    const c = e.challenges.get(sid);
    if (!c) return notFoundPage(lang);
    const p = e.payments.get(c.payment);
    if (req.method === 'POST') {
      if (!c.done) {
        c.done = true;
        if (formFields(req.body).outcome === 'complete') e.authorise(p, { number: e.cardNumbers.get(p.id)! }, true);
        else {
          p.status = 'Declined';
          p.approved = false;
          p.response_code = '20154';
          p.response_summary = '3DS authentication failed';
          e.emit('payment_declined', p, e.act(p, 'Authorization', p.amount, false, p.reference, '20154', '3DS authentication failed'));
        }
      }
      const back = new URL(p.approved ? p.success_url : p.failure_url);
      back.searchParams.set('cko-session-id', sid);
      return seeOther(back.toString());
    }
    return htmlPage(lang, t.challengeTitle, `<h1>${escapeHtml(t.challengeTitle)}</h1><p>${escapeHtml(t.challengeIntro)}</p>
<dl><dt>${t.merchant}</dt><dd>${escapeHtml(p.description ?? p.reference ?? 'Souq')}</dd><dt>${t.amount}</dt><dd>${escapeHtml(money(p.amount, p.currency, lang))}</dd><dt>${t.card}</dt><dd>•••• ${escapeHtml(p.source.last4)}</dd></dl>
<form method="post" action="/local/checkout/3ds/${encodeURIComponent(sid)}?lang=${lang}" class="row"><button class="ok" name="outcome" value="complete">${t.complete}</button><button class="no" name="outcome" value="fail">${t.fail}</button></form>
<p class="test">${escapeHtml(t.testNote)}</p>`);
  }

  function onboardingPage(req: LocalRequest, id: string): LocalResponse {
    const lang = pageLang(req);
    const t = TEXTS[lang];
    const ent = e.entities.get(id);
    const q = new URL(req.url, 'http://local').searchParams;
    const ret = q.get('return_url');
    if (!ent || !ret || !URL.canParse(ret)) return notFoundPage(lang);
    if (req.method === 'POST') {
      ent.status = 'active';
      ent.requirements_due = [];
      ent.capabilities = { payments: { available: true, enabled: true }, payouts: { available: true, enabled: formFields(req.body).bank !== 'fails' } };
      return seeOther(ret);
    }
    return htmlPage(lang, t.onboardingTitle, `<h1>${escapeHtml(t.onboardingTitle)}</h1><p>${escapeHtml(t.onboardingIntro)}</p>
<dl><dt>${t.business}</dt><dd>${escapeHtml(ent.company?.trading_name ?? ent.reference)}</dd><dt>${t.email}</dt><dd>${escapeHtml(ent.contact_details.email_addresses.primary)}</dd></dl>
<form method="post" action="/local/checkout/onboarding/${encodeURIComponent(id)}?lang=${lang}&amp;return_url=${encodeURIComponent(ret)}">
<label><input type="radio" name="bank" value="pays" checked> ${escapeHtml(t.bankPays)}</label>
<label><input type="radio" name="bank" value="fails"> ${escapeHtml(t.bankFails)}</label>
<div class="row"><button class="ok">${t.submit}</button></div></form><p class="test">${escapeHtml(t.testNote)}</p>`);
  }

  function handle(req: LocalRequest): LocalResponse {
    const path = new URL(req.url, 'http://local').pathname;
    let m: RegExpMatchArray | null;
    if ((m = path.match(/^\/local\/checkout\/3ds\/(sid_[a-z2-7]+)$/))) return challengePage(req, m[1]!);
    if ((m = path.match(/^\/local\/checkout\/onboarding\/(ent_[a-z2-7]+)$/))) return onboardingPage(req, m[1]!);
    if ((m = path.match(/^\/local\/checkout\/page\/(hpp_[a-z2-7]+)$/))) return hosted.page(req, m[1]!);
    if (path.startsWith(`${CHECKOUT_PREFIX}/`)) return api(req, path.slice(CHECKOUT_PREFIX.length));
    return fail(ckoError(404));
  }

  return {
    handle,
    clock: e.clock,
    queue: e.queue,
    secretKey: e.cfg.secretKey,
    signatureKey: e.cfg.signatureKey,
    authorizationHeader: e.cfg.authorizationHeader,
    platformEntityId: e.cfg.platformEntityId,
    setBaseUrl(url: string) {
      e.cfg.baseUrl = url.replace(/\/$/, '');
    },
    addWebhookUrl: (url: string) => e.webhookUrls.push(url),
    advance(ms: number) {
      e.clock.advance(ms);
      e.timeline.runDue();
    },
    /** Local only (Checkout.com publishes no refund-decline card): the next refund is declined. */
    declineNextRefund: e.declineNextRefund,
    /** Local only: a sub-entity's whole balance paid out to its bank (Checkout.com pays sub-entities out on their schedule). */
    payOutEntity(entityId: string, currency = 'AED') {
      const b = e.balanceOf(entityId, currency);
      if (b.available + b.pending !== 0) e.movements.push({ entity: entityId, currency, amount: -(b.available + b.pending), availableAt: e.clock.now() });
    },
    /** Local only: the cardholder disputes a captured payment (Checkout.com's sandbox raises disputes from its dashboard). */
    openDispute(paymentId: string, category = 'fraudulent') {
      const p = e.payments.get(paymentId);
      const id = e.ids.base32('dsp');
      const d = { id, category, status: 'evidence_required', amount: p.balances.total_captured, currency: p.currency, reason_code: '10.4', payment_id: p.id, payment_reference: p.reference, evidence_required_by: e.iso(e.clock.now() + 7 * 86_400_000), received_on: e.iso(), last_update: e.iso() };
      e.disputes.set(id, d);
      e.movements.push({ entity: e.cfg.platformEntityId, currency: p.currency, amount: -d.amount, availableAt: e.clock.now() });
      e.emit('dispute_received', p, undefined, { id: d.id, payment_id: p.id, amount: d.amount, currency: d.currency, reason_code: d.reason_code, category, evidence_required_by: d.evidence_required_by });
      return d;
    },
  };
}
export type LocalCheckout = ReturnType<typeof createLocalCheckout>;

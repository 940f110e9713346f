import { formFields, type LocalRequest, type LocalResponse } from '../http.js';
import { escapeHtml, htmlPage, money, notFoundPage, pageLang, seeOther, TEXTS } from '../pages.js';
import { ckoError, type CheckoutEngine, type CkoError } from './engine.js';

/**
 * Checkout.com's Hosted Payments Page, locally (decision 0179): `POST /hosted-payments` opens a session (`hpp_` id,
 * 201 with `_links.redirect`), `GET /hosted-payments/{id}` reads it back (`Payment Pending` until a payment of it is
 * approved, then `Payment Received`; `_links.payment` names its latest payment), and the page at the redirect is where
 * the shopper types the card — never on Souq's pages. Each "Pay" on the page is a payment of its own under the
 * session's reference (a decline leaves the page open for another card; the shopper is sent to `failure_url` with
 * `cko-payment-id`, as Checkout.com does); 3-D Secure goes through the local challenge page when the session asked for it.
 */
type Hosted = {
  id: string; amount: number; currency: string; reference: string | null; description: string | null;
  customer: Record<string, unknown> | null; billing: Record<string, unknown>; success_url: string; failure_url: string; cancel_url: string;
  capture: boolean; '3ds': { enabled: boolean } | undefined; metadata: Record<string, unknown>; processing_channel_id: string | null; locale: string | null;
  created_on: string; payments: string[];
};

const isError = (err: unknown): err is CkoError => typeof (err as CkoError)?.status === 'number';
const isUrl = (u: unknown) => typeof u === 'string' && URL.canParse(u);

export function createHostedPayments(e: CheckoutEngine, api: { createPayment: (body: Record<string, unknown>) => LocalResponse; json: (status: number, body: unknown) => LocalResponse }) {
  const sessions = new Map<string, Hosted>();
  const need = (cond: unknown, code: string) => {
    if (!cond) throw ckoError(422, [code]);
  };
  const redirect = (h: Hosted) => `${e.cfg.baseUrl}/local/checkout/page/${h.id}`;

  function create(b: any): LocalResponse {
    need(Number.isInteger(b.amount) && b.amount > 0, 'amount_invalid');
    need(typeof b.currency === 'string' && /^[A-Z]{3}$/.test(b.currency), 'currency_invalid');
    need(b.billing?.address?.country, 'billing_required');
    need(isUrl(b.success_url), 'success_url_invalid');
    need(isUrl(b.failure_url), 'failure_url_invalid');
    need(isUrl(b.cancel_url), 'cancel_url_invalid');
    const h: Hosted = {
      id: e.ids.base32('hpp'), amount: b.amount, currency: b.currency, reference: b.reference ?? null, description: b.description ?? null,
      customer: b.customer ?? null, billing: b.billing, success_url: b.success_url, failure_url: b.failure_url, cancel_url: b.cancel_url, capture: b.capture !== false,
      '3ds': b['3ds'], metadata: b.metadata ?? {}, processing_channel_id: b.processing_channel_id ?? null, locale: b.locale ?? null, created_on: e.iso(), payments: [],
    };
    sessions.set(h.id, h);
    return api.json(201, { id: h.id, reference: h.reference, _links: { self: { href: `${e.cfg.baseUrl}/checkout/hosted-payments/${h.id}` }, redirect: { href: redirect(h) } } });
  }

  /** Paid once a payment made on it is approved. */
  const statusOf = (h: Hosted) => (h.payments.some((id) => e.payments.get(id)?.approved === true) ? 'Payment Received' : 'Payment Pending');

  /** GET /hosted-payments/{id}, as Checkout.com's reference shows the session. */
  function view(h: Hosted) {
    const latest = h.payments.at(-1);
    const links: Record<string, { href: string }> = { self: { href: `${e.cfg.baseUrl}/checkout/hosted-payments/${h.id}` }, redirect: { href: redirect(h) } };
    if (latest) {
      links.payment = { href: `${e.cfg.baseUrl}/checkout/payments/${latest}` };
      links.payment_actions = { href: `${e.cfg.baseUrl}/checkout/payments/${latest}/actions` };
    }
    const { payments: _p, capture: _c, '3ds': _t, processing_channel_id: _pc, locale: _l, created_on: _co, ...rest } = h;
    return { ...rest, status: statusOf(h), _links: links };
  }

  function route(method: string, path: string, b: any): LocalResponse | null {
    if (method === 'POST' && path === '/hosted-payments') return create(b);
    const m = path.match(/^\/hosted-payments\/(hpp_[a-z2-7]+)$/);
    if (method === 'GET' && m) {
      const h = sessions.get(m[1]!);
      if (!h) throw ckoError(404);
      return api.json(200, view(h));
    }
    return null;
  }

  /** Where a payment of the page sends the shopper back: Souq's success or failure address with the payment's id. */
  function back(h: Hosted, payId: string, approved: boolean) {
    const u = new URL(approved ? h.success_url : h.failure_url);
    u.searchParams.set('cko-payment-id', payId);
    return seeOther(u.toString());
  }

  function page(req: LocalRequest, id: string): LocalResponse {
    const h = sessions.get(id);
    const lang = pageLang(req, h?.locale);
    const t = TEXTS[lang];
    if (!h) return notFoundPage(lang);
    const latest = h.payments.length ? e.payments.get(h.payments.at(-1)!) : null;
    if (statusOf(h) === 'Payment Received') return htmlPage(lang, t.payTitle, `<h1>${escapeHtml(t.paid)}</h1>`);
    // a payment of this page still at 3-D Secure (a second press of Pay, a page reloaded): back to its challenge
    if (latest?.status === 'Pending' && latest.session && !e.challenges.get(latest.session)?.done) return seeOther(`${e.cfg.baseUrl}/local/checkout/3ds/${latest.session}?lang=${lang}`);
    let error = '';
    if (req.method === 'POST') {
      const f = formFields(req.body);
      const number = (f.number ?? '').replace(/[\s-]+/g, '');
      const [month, year] = (f.expiry ?? '').split('/').map((x) => Number(x.trim()));
      const cvv = (f.cvc ?? '').trim();
      if (!e.cardOf(number)) error = t.cardInvalid;
      else if (!Number.isInteger(month) || month! < 1 || month! > 12 || !Number.isInteger(year)) error = t.expiryInvalid;
      else if (!/^\d{3,4}$/.test(cvv)) error = t.cvcInvalid;
      else {
        let res: LocalResponse | null = null;
        try {
          res = api.createPayment({
          source: { type: 'card', number, expiry_month: month, expiry_year: year! < 100 ? 2000 + year! : year, cvv }, amount: h.amount, currency: h.currency, reference: h.reference,
          description: h.description, capture: h.capture, '3ds': h['3ds'], success_url: h.success_url, failure_url: h.failure_url, metadata: h.metadata,
          processing_channel_id: h.processing_channel_id, ...(h.customer ? { customer: h.customer } : {}),
          });
        } catch (err) {
          // the provider's validation (an expired card): shown on the page, nothing created
          if (!isError(err)) throw err;
          error = t.expiryInvalid;
        }
        if (res) {
          const made = JSON.parse(res.body) as { id: string; _links?: { redirect?: { href: string } } };
          h.payments.push(made.id);
          const p = e.payments.get(made.id);
          if (made._links?.redirect) return seeOther(`${made._links.redirect.href}?lang=${lang}`);
          return back(h, made.id, p.approved === true);
        }
      }
    }
    // the issuer's reason in the provider's words (English), isolated so it reads in its own direction on the Arabic page
    const failure = latest?.status === 'Declined' && !error ? `${escapeHtml(t.declined)}: <bdi>${escapeHtml(`${latest.response_summary} (${latest.response_code})`)}</bdi>` : '';
    const action = `/local/checkout/page/${encodeURIComponent(h.id)}?lang=${lang}`;
    return htmlPage(lang, t.payTitle, `<h1>${escapeHtml(t.payTitle)}</h1>
<dl><dt>${t.merchant}</dt><dd>${escapeHtml(h.description ?? h.reference ?? 'Souq')}</dd><dt>${t.amount}</dt><dd>${escapeHtml(money(h.amount, h.currency, lang))}</dd></dl>
${error || failure ? `<p class="err" role="alert">${error ? escapeHtml(error) : failure}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label>${t.cardNumber}<input type="text" name="number" inputmode="numeric" autocomplete="cc-number" required></label>
<div class="row"><label>${t.expiry}<input type="text" name="expiry" placeholder="12 / 34" autocomplete="cc-exp" required></label><label>${t.cvc}<input type="text" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label></div>
<div class="row"><button class="ok">${t.pay} ${escapeHtml(money(h.amount, h.currency, lang))}</button></div></form>
<p><a href="${escapeHtml(h.cancel_url)}">${t.cancel}</a></p>
<p class="test">${escapeHtml(t.ckoTestCards)}</p><p class="test">${escapeHtml(t.testNote)}</p>`);
  }

  return { route, page };
}

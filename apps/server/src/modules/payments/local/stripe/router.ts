import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { FormError, parseForm, type Form } from '../form.js';
import type { LocalRequest, LocalResponse } from '../http.js';
import type { Connect } from './connect.js';
import type { Engine } from './engine.js';
import { authError, idempotencyMismatch, invalid, missing, publishableKeyRefused, StripeError } from './errors.js';
import type { Money } from './money.js';
import { int, list, only, str } from './params.js';
import type { Payments } from './payments.js';

/**
 * Stripe's HTTP protocol over the engine: Bearer auth, form-encoded bodies, `Stripe-Account` for a connected account,
 * `Idempotency-Key` (same key and parameters: the first answer replayed with `Idempotent-Replayed: true`; different
 * parameters: an `idempotency_error`), lists with `has_more`/`starting_after`/`ending_before`, `expand[]`, and
 * Stripe's error bodies. Faults can be queued: a 500, a 429, or an answer lost after the work was done (a timeout).
 */
export type Fault = 'error_500' | 'rate_limit' | 'lost_response';

type Ctx = { form: Form; account: string | null; method: string };
type Handler = (ctx: Ctx, ...ids: string[]) => unknown;

export function createRouter(e: Engine, payments: Payments, money: Money, connect: Connect) {
  const idempotency = new Map<string, { fingerprint: string; response: LocalResponse }>();
  const faults: Fault[] = [];

  /** A list answer; `filters` are the parameters (besides paging) the list accepts, each an equality on a field. */
  const page = (kind: string, ctx: Ctx, url: string, filters: string[] = [], extra: (o: any) => boolean = () => true) => {
    only(ctx.form, ['limit', 'starting_after', 'ending_before', 'created', 'expand', ...filters]);
    const filter = (o: any) => filters.every((f) => by(f, ctx)(o)) && extra(o);
    const limit = int(ctx.form, 'limit') ?? 10;
    if (limit < 1 || limit > 100) throw invalid('Invalid limit: must be between 1 and 100', 'limit');
    const created = ctx.form.created;
    const range = typeof created === 'object' && !Array.isArray(created) ? created : null;
    const inRange = (o: { created: number }) => {
      if (typeof created === 'string') return o.created === Number(created);
      if (!range) return true;
      const n = (k: string) => (typeof range[k] === 'string' ? Number(range[k]) : undefined);
      return !((n('gt') !== undefined && !(o.created > n('gt')!)) || (n('gte') !== undefined && !(o.created >= n('gte')!)) || (n('lt') !== undefined && !(o.created < n('lt')!)) || (n('lte') !== undefined && !(o.created <= n('lte')!)));
    };
    const pass = (o: any) => filter(o) && inRange(o);
    const after = str(ctx.form, 'starting_after');
    const before = str(ctx.form, 'ending_before');
    if (before && !after) {
      const items = e.all(kind, ctx.account, pass);
      const i = items.findIndex((o) => o.id === before);
      if (i < 0) throw missing(kind, before, 'ending_before');
      return { object: 'list', data: items.slice(Math.max(0, i - limit), i), has_more: i - limit > 0, url };
    }
    if (after) {
      // the cursor must be an item of this list (else resource_missing, as Stripe answers)
      const anchor = e.find(after);
      if (!anchor || anchor.object !== kind || e.accountOf(after) !== ctx.account || !pass(anchor)) throw missing(kind, after, 'starting_after');
    }
    // newest first from the cursor, reading only the page and one more (has_more)
    const items: any[] = [];
    for (const o of e.newestFirst(kind, ctx.account, pass, after)) {
      items.push(o);
      if (items.length > limit) break;
    }
    return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
  };

  const by = (field: string, ctx: Ctx) => {
    const v = str(ctx.form, field);
    return (o: any) => v === undefined || o[field] === v;
  };
  const owned = <T>(kind: string, id: string, ctx: Ctx): T => {
    const o = e.get<T>(kind, id);
    if (e.accountOf(id) !== ctx.account) throw missing(kind, id);
    return o;
  };
  /** A retrieve takes nothing but `expand[]` (lists check theirs in page()). */
  const one =
    (h: Handler): Handler =>
    (c, ...ids) => {
      only(c.form, ['expand']);
      return h(c, ...ids);
    };
  const endpointView = (ep: any, withSecret = false) => {
    const { secret, connect: _connect, ...rest } = ep;
    return withSecret ? { ...rest, secret } : rest;
  };

  const routes: [string, RegExp, Handler][] = [
    ['POST', /^\/v1\/payment_methods$/, (c) => payments.createPaymentMethod(c.form)],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, one((_c, id) => e.get('payment_method', id!))],
    ['POST', /^\/v1\/payment_intents$/, (c) => payments.createIntent(c.form)],
    ['GET', /^\/v1\/payment_intents$/, (c) => page('payment_intent', c, '/v1/payment_intents')],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, one((_c, id) => e.get('payment_intent', id!, 'intent'))],
    ['POST', /^\/v1\/payment_intents\/([^/]+)$/, (c, id) => payments.updateIntent(e.get('payment_intent', id!, 'intent'), c.form)],
    ['POST', /^\/v1\/payment_intents\/([^/]+)\/confirm$/, (c, id) => payments.confirm(e.get('payment_intent', id!, 'intent'), c.form)],
    ['POST', /^\/v1\/payment_intents\/([^/]+)\/capture$/, (c, id) => payments.capture(e.get('payment_intent', id!, 'intent'), c.form)],
    ['POST', /^\/v1\/payment_intents\/([^/]+)\/cancel$/, (c, id) => payments.cancel(e.get('payment_intent', id!, 'intent'), c.form)],
    ['GET', /^\/v1\/charges$/, (c) => page('charge', c, '/v1/charges', ['payment_intent', 'transfer_group'])],
    ['GET', /^\/v1\/charges\/([^/]+)$/, one((_c, id) => e.get('charge', id!, 'charge'))],
    ['POST', /^\/v1\/refunds$/, (c) => money.createRefund(c.form)],
    ['GET', /^\/v1\/refunds$/, (c) => page('refund', c, '/v1/refunds', ['payment_intent', 'charge'])],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, one((_c, id) => e.get('refund', id!, 'refund'))],
    ['POST', /^\/v1\/transfers$/, (c) => money.createTransfer(c.form)],
    ['GET', /^\/v1\/transfers$/, (c) => page('transfer', c, '/v1/transfers', ['destination', 'transfer_group'])],
    ['GET', /^\/v1\/transfers\/([^/]+)$/, one((_c, id) => e.get('transfer', id!, 'transfer'))],
    ['POST', /^\/v1\/transfers\/([^/]+)\/reversals$/, (c, id) => money.createReversal(e.get('transfer', id!, 'transfer'), c.form)],
    ['GET', /^\/v1\/transfers\/([^/]+)\/reversals$/, (c, id) => page('transfer_reversal', c, `/v1/transfers/${id}/reversals`, [], (o) => o.transfer === e.get('transfer', id!).id)],
    ['GET', /^\/v1\/transfers\/([^/]+)\/reversals\/([^/]+)$/, one((_c, _id, rid) => e.get('transfer_reversal', rid!))],
    ['POST', /^\/v1\/accounts$/, (c) => connect.createAccount(c.form)],
    ['GET', /^\/v1\/accounts$/, (c) => page('account', c, '/v1/accounts')],
    ['GET', /^\/v1\/accounts\/([^/]+)$/, one((_c, id) => e.get('account', id!, 'account'))],
    ['POST', /^\/v1\/accounts\/([^/]+)$/, (c, id) => connect.updateAccount(e.get('account', id!, 'account'), c.form)],
    ['POST', /^\/v1\/account_links$/, (c) => connect.createLink(c.form)],
    ['GET', /^\/v1\/balance$/, one((c) => e.balance(c.account))],
    ['GET', /^\/v1\/balance_transactions$/, (c) => page('balance_transaction', c, '/v1/balance_transactions', ['type', 'source', 'currency'])],
    ['GET', /^\/v1\/balance_transactions\/([^/]+)$/, one((c, id) => owned('balance_transaction', id!, c))],
    ['POST', /^\/v1\/payouts$/, (c) => money.createPayout(c.form, c.account)],
    ['GET', /^\/v1\/payouts$/, (c) => page('payout', c, '/v1/payouts', ['status'])],
    ['GET', /^\/v1\/payouts\/([^/]+)$/, one((c, id) => owned('payout', id!, c))],
    ['GET', /^\/v1\/disputes$/, (c) => page('dispute', c, '/v1/disputes', ['charge', 'payment_intent'])],
    ['GET', /^\/v1\/disputes\/([^/]+)$/, one((_c, id) => e.get('dispute', id!, 'dispute'))],
    ['POST', /^\/v1\/disputes\/([^/]+)$/, (c, id) => money.updateDispute(e.get('dispute', id!, 'dispute'), c.form)],
    ['POST', /^\/v1\/disputes\/([^/]+)\/close$/, (_c, id) => money.acceptDispute(e.get('dispute', id!, 'dispute'))],
    ['GET', /^\/v1\/events$/, (c) => page('event', c, '/v1/events', ['type'])],
    ['GET', /^\/v1\/events\/([^/]+)$/, one((_c, id) => e.get('event', id!))],
    ['POST', /^\/v1\/webhook_endpoints$/, (c) => endpointView(connect.createEndpoint(c.form), true)],
    ['GET', /^\/v1\/webhook_endpoints$/, (c) => ({ ...page('webhook_endpoint', c, '/v1/webhook_endpoints'), data: e.endpoints.map((ep) => endpointView(ep)).reverse() })],
    ['GET', /^\/v1\/webhook_endpoints\/([^/]+)$/, one((_c, id) => endpointView(e.get('webhook_endpoint', id!)))],
  ];

  /** Replaces ids by their objects along each `expand` path (`data.` reaches into a list's items). */
  function expand(value: any, paths: string[]) {
    const walk = (node: any, parts: string[]) => {
      if (!node || typeof node !== 'object' || !parts.length) return;
      const [head, ...rest] = parts;
      if (node.object === 'list' && head === 'data') {
        for (const item of node.data) walk(item, rest);
        return;
      }
      let child = node[head!];
      if (typeof child === 'string') {
        const found = e.find(child);
        if (!found) throw invalid(`This property cannot be expanded (${head}).`, 'expand');
        // a copy only when the path goes deeper (its own fields are replaced then); a leaf is serialised as it is
        child = node[head!] = parts.length > 1 ? structuredClone(found) : found;
      }
      walk(child, rest);
    };
    for (const p of paths) walk(value, p.split('.'));
    return value;
  }

  function respond(status: number, body: unknown, requestId: string, version: string, extra: Record<string, string> = {}): LocalResponse {
    return {
      status,
      headers: { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': version, 'access-control-allow-origin': '*', ...extra },
      body: JSON.stringify(body, null, 2),
    };
  }

  function handle(req: LocalRequest): LocalResponse {
    const requestId = e.ids.id('req', 14);
    const version = req.headers['stripe-version'] ?? e.cfg.apiVersion;
    const fail = (err: StripeError) => respond(err.status, { error: { ...err.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } }, requestId, version);
    e.timeline.runDue();
    const auth = req.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString().split(':')[0]! : '';
    const url = new URL(req.url, 'http://local');
    const method = req.method.toUpperCase();
    if (key === e.cfg.publishableKey) {
      // what Stripe.js (or an agent tokenising a card) may do with the publishable key: create a payment method
      if (!(method === 'POST' && url.pathname === '/v1/payment_methods')) return fail(publishableKeyRefused());
    } else if (key !== e.cfg.secretKey) return fail(authError(key));
    const route = routes.find(([m, re]) => m === method && re.test(url.pathname));
    if (!route) return fail(new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.` }));
    const account = req.headers['stripe-account'] ?? null;
    const ikey = method === 'POST' ? (req.headers['idempotency-key'] ?? null) : null;
    let form: Form;
    try {
      form = parseForm(method === 'GET' ? url.search.slice(1) : req.body);
    } catch (err) {
      return fail(invalid((err as FormError).message));
    }
    const scope = `${account ?? ''}\u0000${ikey}`;
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname}\u0000${JSON.stringify(form)}`).digest('hex');
    if (ikey) {
      const seen = idempotency.get(scope);
      if (seen) {
        if (seen.fingerprint !== fingerprint) return fail(idempotencyMismatch(ikey));
        return { ...seen.response, headers: { ...seen.response.headers, 'idempotent-replayed': 'true', 'original-request': seen.response.headers['request-id']! } };
      }
    }
    const fault = method === 'POST' ? faults.shift() : undefined;
    if (fault === 'error_500') return fail(new StripeError(500, { type: 'api_error', message: 'An unknown error occurred' }));
    if (fault === 'rate_limit') return { ...fail(new StripeError(429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' } as never)), headers: { 'content-type': 'application/json', 'stripe-should-retry': 'true' } };
    let response: LocalResponse;
    try {
      if (account) e.get<Stripe.Account>('account', account, 'Stripe-Account');
      const result = e.withRequest({ id: requestId, idempotency_key: ikey }, () => route[2]({ form, account, method }, ...(url.pathname.match(route[1])!.slice(1) as string[])));
      const paths = list(form, 'expand');
      response = respond(200, paths.length ? expand(structuredClone(result), paths) : result, requestId, version, ikey ? { 'idempotency-key': ikey } : {});
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      response = fail(err);
    }
    e.timeline.runDue();
    // Stripe keeps the answer of every request that ran (errors included) for the key; a 5xx is not kept
    if (ikey && response.status < 500) idempotency.set(scope, { fingerprint, response });
    return fault === 'lost_response' ? { ...response, drop: true } : response;
  }

  return {
    handle,
    /** The next POST requests meet these faults, one each, in order. */
    injectFaults: (...f: Fault[]) => faults.push(...f),
  };
}

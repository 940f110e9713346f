import { createHmac } from 'node:crypto';
import { createTimeline, DAY_MS, idSequence, type Clock } from '../clock.js';
import { cardByNumber } from '../stripe/cards.js';
import { createWebhookQueue, type WebhookQueue } from '../webhook-queue.js';

/**
 * A local Checkout.com, from its published API reference: payments created with their card (one attempt each,
 * `pay_`/`act_` ids, statuses 'Pending', 'Authorized', 'Captured', 'Declined', 'Voided', 'Partially Refunded',
 * 'Refunded'), 3-D Secure by redirect, captures/voids/refunds as asynchronous actions (202), Platforms sub-entities
 * (`ent_`), transfers between entities (`tra_`), entity balances, disputes (`dsp_`), and webhooks signed with
 * `Cko-Signature` (hex HMAC-SHA256 of the body with the signature key). Test cards are Checkout.com's own.
 */
export function ckoSignature(key: string, body: string) {
  return { 'Cko-Signature': createHmac('sha256', key).update(body, 'utf8').digest('hex') };
}

/** Checkout.com's published sandbox cards and the response each gives (docs: Testing › Test cards). */
export const CKO_DECLINES: Record<string, { code: string; summary: string }> = {
  '4544249167673670': { code: '20051', summary: 'Insufficient Funds' },
  '4111111111111129': { code: '20001', summary: 'Refer to card issuer' },
  '4724117215951699': { code: '20054', summary: 'Expired Card' },
  '4897453568485113': { code: '20059', summary: 'Suspected Fraud' },
  '4485381577182090': { code: '20014', summary: 'Invalid Card Number' },
  '4024007103573027': { code: '20012', summary: 'Invalid Transaction' },
};

export type CkoError = { status: number; body?: Record<string, unknown> };
export const ckoError = (status: number, codes?: string[]): CkoError => ({ status, ...(codes ? { body: { request_id: '', error_type: 'request_invalid', error_codes: codes } } : {}) });

export type LocalCheckoutOptions = {
  clock: Clock;
  seed?: number;
  secretKey?: string;
  baseUrl?: string;
  /** The key webhooks are signed with, and the value sent in their Authorization header. */
  signatureKey?: string;
  authorizationHeader?: string;
  /** The platform's own entity (what transfers to sellers come from). */
  platformEntityId?: string;
  availableAfterDays?: number;
  queue?: WebhookQueue;
};

type Action = { id: string; type: 'Authorization' | 'Capture' | 'Void' | 'Refund'; processed_on: string; amount: number; approved: boolean; response_code: string; response_summary: string; reference: string | null; metadata: Record<string, unknown> };

export function createCheckoutEngine(opts: LocalCheckoutOptions) {
  const clock = opts.clock;
  const ids = idSequence(opts.seed ?? 0xc0);
  const timeline = createTimeline(clock);
  const cfg = {
    secretKey: opts.secretKey ?? `sk_sbox_${'souqlocalcheckout'.padEnd(26, 'a')}2`,
    baseUrl: opts.baseUrl ?? 'http://127.0.0.1:0',
    signatureKey: opts.signatureKey ?? 'souq-local-checkout-signature-key',
    authorizationHeader: opts.authorizationHeader ?? 'souq-local-checkout-webhook-auth',
    platformEntityId: opts.platformEntityId ?? 'ent_souqplatformentitylocalzz',
    availableAfterDays: opts.availableAfterDays ?? 7,
  };
  const queue = opts.queue ?? createWebhookQueue({ clock, signWith: (key, body) => ckoSignature(key, body) });
  const webhookUrls: string[] = [];
  const payments = new Map<string, any>();
  const actions = new Map<string, Action[]>();
  const entities = new Map<string, any>([[cfg.platformEntityId, { id: cfg.platformEntityId, reference: 'platform', status: 'active' }]]);
  const transfers = new Map<string, any>();
  const disputes = new Map<string, any>();
  /** Money movements per entity: the balance is their sum, available once `availableAt` has passed. */
  const movements: { entity: string; currency: string; amount: number; availableAt: number }[] = [];
  const challenges = new Map<string, { payment: string; done: boolean }>();
  /** The card number of each payment, kept by the provider alone (answers show only bin and last4). */
  const cardNumbers = new Map<string, string>();
  let declineNextRefund = false;

  const iso = (ms = clock.now()) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const links = (id: string) => ({
    self: { href: `${cfg.baseUrl}/checkout/payments/${id}` },
    actions: { href: `${cfg.baseUrl}/checkout/payments/${id}/actions` },
  });

  function emit(type: string, p: any, action?: Action, data?: Record<string, unknown>) {
    const event = {
      id: ids.base32('evt'),
      type,
      version: '1.0.33',
      created_on: iso(),
      data: data ?? {
        id: p.id, action_id: action?.id ?? p.action_id, amount: action?.amount ?? p.amount, currency: p.currency, reference: p.reference,
        response_code: action?.response_code ?? p.response_code, response_summary: action?.response_summary ?? p.response_summary,
        balances: structuredClone(p.balances), metadata: p.metadata, processed_on: iso(),
      },
      _links: { self: { href: `${cfg.baseUrl}/checkout/workflows/events/${ids.base32('evt')}` }, payment: { href: `${cfg.baseUrl}/checkout/payments/${p.id}` } },
    };
    const body = JSON.stringify(event);
    for (const url of webhookUrls)
      queue.enqueue({ eventId: event.id, type, body, target: { id: url, url, sign: (b) => ({ ...ckoSignature(cfg.signatureKey, b), Authorization: cfg.authorizationHeader }) } });
    return event;
  }

  function balanceOf(entity: string, currency: string) {
    const now = clock.now();
    let available = 0;
    let pending = 0;
    for (const m of movements) {
      if (m.entity !== entity || m.currency !== currency) continue;
      if (m.availableAt <= now) available += m.amount;
      else pending += m.amount;
    }
    return { available, pending };
  }

  function act(p: any, type: Action['type'], amount: number, approved: boolean, reference: string | null, code = approved ? '10000' : '20005', summary = approved ? 'Approved' : 'Declined - Do Not Honour', metadata: Record<string, unknown> = {}) {
    const a: Action = { id: ids.base32('act'), type, processed_on: iso(), amount, approved, response_code: code, response_summary: summary, reference, metadata };
    actions.get(p.id)!.unshift(a);
    return a;
  }

  function authorise(p: any, card: { number: string }, threeDS: boolean) {
    const decline = CKO_DECLINES[card.number];
    if (decline) {
      p.status = 'Declined';
      p.approved = false;
      p.response_code = decline.code;
      p.response_summary = decline.summary;
      const a = act(p, 'Authorization', p.amount, false, p.reference, decline.code, decline.summary);
      emit('payment_declined', p, a);
      return;
    }
    p.approved = true;
    p.status = 'Authorized';
    p.response_code = '10000';
    p.response_summary = 'Approved';
    p.auth_code = '770687';
    p['3ds'] = threeDS ? { downgraded: false, enrolled: 'Y', authentication_response: 'Y', challenged: true, version: '2.2.0', flow_type: 'challenged' } : p['3ds'];
    p.balances.total_authorized = p.amount;
    p.balances.available_to_capture = p.amount;
    p.balances.available_to_void = p.amount;
    const a = act(p, 'Authorization', p.amount, true, p.reference);
    p.action_id = a.id;
    emit('payment_approved', p, a);
    if (p.capture) capture(p, p.amount, p.reference);
  }

  function capture(p: any, amount: number, reference: string | null) {
    p.balances.total_captured += amount;
    p.balances.available_to_capture = 0;
    p.balances.available_to_void = 0;
    p.balances.available_to_refund = p.balances.total_captured;
    p.status = amount < p.amount ? 'Partially Captured' : 'Captured';
    const a = act(p, 'Capture', amount, true, reference);
    movements.push({ entity: cfg.platformEntityId, currency: p.currency, amount, availableAt: clock.now() + cfg.availableAfterDays * DAY_MS });
    emit('payment_captured', p, a);
    return a;
  }

  return {
    clock, ids, timeline, queue, cfg, payments, actions, entities, transfers, disputes, movements, challenges, cardNumbers, webhookUrls,
    iso, links, emit, act, balanceOf, authorise, capture,
    cardOf: (number: string) => cardByNumber(number),
    takeRefundDecline() {
      const d = declineNextRefund;
      declineNextRefund = false;
      return d;
    },
    declineNextRefund() {
      declineNextRefund = true;
    },
  };
}
export type CheckoutEngine = ReturnType<typeof createCheckoutEngine>;

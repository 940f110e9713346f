import { createHmac, timingSafeEqual } from 'node:crypto';
import { Checkout } from 'checkout-sdk-node';
import {
  ProviderError, WebhookVerificationError,
  type CreatePaymentInput, type Payment, type PaymentProvider, type PaymentStatus, type ProviderEvent, type Refund, type SellerAccount, type Transfer,
} from './payments.provider.js';

/**
 * Checkout.com behind the same interface, through its official Node SDK (decision 0124). Not Stripe's shape: a
 * payment is created with its card and is one attempt (a retry is a new payment); captures, voids and refunds are
 * actions accepted now (202) and decided later; sellers are Platforms sub-entities, paid by transfers between
 * entities (no link to the payment that funded them); webhooks carry `Cko-Signature`, an HMAC of the body without a
 * timestamp. A refund's id here is `<payment id>:<action id>`, since Checkout.com reads actions through their payment.
 */
export type CheckoutProviderOptions = {
  client: Checkout;
  /** The webhook signature key set on the workflow. */
  signatureKey: string;
  /** The value the workflow sends in `Authorization` (checked too when set). */
  authorizationHeader?: string;
  processingChannelId?: string;
  /** The marketplace's own entity: transfers to sellers come from it. */
  platformEntityId: string;
  /** Where sellers complete onboarding (the local provider's page); Checkout.com's API gives no hosted link. */
  onboardingBaseUrl?: string;
  /** Local only: cards reach the provider as numbers (in real mode they arrive as `tok_` tokens from Checkout's fields). */
  rawCards?: boolean;
};

/** A client for Checkout.com (subdomain from the dashboard), or for the local one at a base URL. */
export function checkoutClient(secretKey: string, opts: { subdomain?: string; localBaseUrl?: string }) {
  if (!opts.localBaseUrl) return new Checkout(secretKey, opts.subdomain ? { subdomain: opts.subdomain } : { useLegacyDomain: true } as never);
  const base = opts.localBaseUrl.replace(/\/$/, '');
  const client = new Checkout(secretKey, { host: `${base}/checkout` } as never);
  // transfers and balances live on hosts of their own at Checkout.com: point them at the local provider too
  const config = (client as unknown as { config: Record<string, string> }).config;
  config.transfersUrl = `${base}/checkout/transfers`;
  config.balancesUrl = `${base}/checkout`;
  return client;
}

const STATUS: Record<string, PaymentStatus> = {
  Pending: 'requires_action', Authorized: 'authorized', 'Card Verified': 'authorized', 'Partially Captured': 'captured', Captured: 'captured', Paid: 'captured',
  'Partially Refunded': 'captured', Refunded: 'captured', Voided: 'canceled', Canceled: 'canceled', Expired: 'canceled', Declined: 'requires_payment_method',
};

function toPayment(p: any, redirect: string | null = null): Payment {
  const b = p.balances ?? {};
  const declined = p.status === 'Declined';
  return {
    provider: 'checkout',
    id: p.id,
    status: p.status === 'Pending' && !redirect ? 'processing' : (STATUS[p.status] ?? 'processing'),
    amount: p.amount,
    currency: p.currency,
    amountCapturable: b.available_to_capture ?? 0,
    amountCaptured: b.total_captured ?? 0,
    amountRefunded: b.total_refunded ?? 0,
    // Checkout.com reports fees in its reconciliation reports, not on the payment
    fee: null,
    fundsSource: (b.total_captured ?? 0) > 0 ? p.id : null,
    redirectUrl: redirect,
    clientSecret: null,
    reference: p.reference ?? null,
    failure: declined ? { code: String(p.response_code ?? 'declined'), declineCode: p.response_summary ?? null, message: p.response_summary ?? 'Declined' } : null,
    metadata: p.metadata ?? {},
  };
}

/** The SDK's errors (AuthenticationError, ValidationError with error_codes, ActionNotAllowed…) as ProviderError. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = err as { http_code?: number; name?: string; body?: { error_codes?: string[] }; message?: string };
    if (e && typeof e === 'object' && ('http_code' in e || e.name?.endsWith('Error')) && !(err instanceof ProviderError)) {
      const code = e.body?.error_codes?.join(',') || e.name || 'checkout_error';
      throw new ProviderError('checkout', code, e.message || code, e.http_code ?? 500);
    }
    throw err;
  }
}

export function createCheckoutProvider(opts: CheckoutProviderOptions): PaymentProvider {
  const c = opts.client as any;

  const source = (pm: string) =>
    pm.startsWith('tok_') ? { type: 'token', token: pm } : pm.startsWith('src_') ? { type: 'id', id: pm } : opts.rawCards ? { type: 'card', number: pm, expiry_month: 12, expiry_year: new Date().getUTCFullYear() + 3, cvv: '100' } : null;

  async function create(input: CreatePaymentInput) {
    // no card yet (a shopper in the browser): Checkout.com's Hosted Payments Page takes it (decision 0179)
    if (!input.paymentMethod) return hostedPayment((await c.hostedPayments.create({
      amount: input.amount, currency: input.currency, reference: input.reference, description: input.description, capture: input.capture === 'automatic',
      '3ds': { enabled: true }, billing: { address: { country: 'AE' } }, success_url: input.returnUrl, failure_url: input.returnUrl, cancel_url: input.returnUrl,
      processing_channel_id: opts.processingChannelId, metadata: { ...input.metadata, souq_reference: input.reference },
      // the page in the shopper's language (Checkout.com's locales: 'ar', 'en-GB', …)
      ...(input.locale ? { locale: input.locale === 'ar' ? 'ar' : 'en-GB' } : {}),
      ...(input.customerEmail ? { customer: { email: input.customerEmail, name: input.customerEmail } } : {}),
    })).id);
    const src = source(input.paymentMethod);
    if (!src) throw new ProviderError('checkout', 'payment_method_required', 'Checkout.com creates a payment with its card: give a tokenised card.', 422);
    const res = await c.payments.request(
      {
        source: src, amount: input.amount, currency: input.currency, reference: input.reference, description: input.description, capture: input.capture === 'automatic',
        '3ds': { enabled: true }, success_url: input.returnUrl, failure_url: input.returnUrl, processing_channel_id: opts.processingChannelId,
        metadata: { ...input.metadata, souq_reference: input.reference }, ...(input.customerEmail ? { customer: { email: input.customerEmail } } : {}),
      },
      input.idempotencyKey,
    );
    const redirect = res._links?.redirect?.href ?? null;
    return toPayment(redirect ? { ...(await c.payments.get(res.id)) } : res, redirect);
  }

  /** The latest payment made on a hosted page (`_links.payment`), or null while the shopper has not paid on it. */
  const paymentOfPage = (h: any): string | null => (h._links?.payment?.href as string | undefined)?.split('/').pop() ?? null;
  /** A payment id Souq holds: a hosted page's (`hpp_`) stands for the latest payment made on it. */
  const resolve = async (id: string): Promise<string> => {
    if (!id.startsWith('hpp_')) return id;
    const payId = paymentOfPage(await c.hostedPayments.get(id));
    if (!payId) throw new ProviderError('checkout', 'payment_not_found', `No payment was made on ${id} yet`, 404);
    return payId;
  };

  /**
   * A hosted page read back as the purchase's payment: its id stays the page's, so every read-back (the return page,
   * the job) names the same attempt. Until a card is given, or after a decline (its reason kept), it waits for a card
   * on the page (`requires_payment_method`, `redirectUrl` the page); at 3-D Secure, `requires_action` at the page (which
   * leads back to the challenge); then the payment's own state.
   */
  async function hostedPayment(id: string): Promise<Payment> {
    const h = await c.hostedPayments.get(id);
    const payId = paymentOfPage(h);
    const link = h._links?.redirect?.href ?? null;
    if (!payId) {
      return { provider: 'checkout', id, status: 'requires_payment_method', amount: h.amount, currency: h.currency, amountCapturable: 0, amountCaptured: 0, amountRefunded: 0, fee: null,
        fundsSource: null, redirectUrl: link, clientSecret: null, reference: h.reference ?? null, failure: null, metadata: h.metadata ?? {} };
    }
    const p = toPayment(await c.payments.get(payId));
    if (p.status === 'requires_payment_method') return { ...p, id, redirectUrl: link };
    return { ...p, id, ...(p.status === 'processing' || p.status === 'requires_action' ? { status: 'requires_action' as const, redirectUrl: link } : {}) };
  }

  const refundFrom = (paymentId: string, a: any, currency: string): Refund => ({
    provider: 'checkout', id: `${paymentId}:${a.id}`, paymentId, amount: a.amount, currency, status: a.approved === true ? 'succeeded' : a.approved === false ? 'failed' : 'pending',
    failureReason: a.approved === false ? a.response_summary : null, metadata: a.metadata ?? {},
  });

  const toTransfer = (t: any, fundsSource: string | null = null): Transfer => ({
    provider: 'checkout', id: t.id, destination: t.destination?.entity_id ?? '', amount: t.source?.amount ?? 0, currency: t.source?.currency ?? 'AED', amountReversed: 0,
    fundsSource, group: t.reference ?? null, status: t.status === 'completed' ? 'paid' : t.status === 'rejected' ? 'failed' : 'pending', metadata: {},
    // Checkout.com's Platforms transfers have no reversal objects (a transfer back is a new transfer the other way)
    reversals: [],
  });

  const toAccount = (ent: any): SellerAccount => ({
    provider: 'checkout', id: ent.id, transfersEnabled: ent.status === 'active', payoutsEnabled: Boolean(ent.capabilities?.payouts?.enabled), detailsSubmitted: ent.status === 'active' || ent.status === 'pending',
    requirementsDue: (ent.requirements_due ?? []).map((r: { field: string }) => r.field),
  });

  return {
    name: 'checkout',
    capabilities: { paymentWithoutMethod: false, retryKeepsPayment: false, transfersFromPayment: false, onboardingLinks: Boolean(opts.onboardingBaseUrl), signedTimestamps: false, feeOnPayment: false },
    createPayment: (input) => call(() => create(input)),
    async confirmPayment(id, input) {
      // one payment is one attempt at Checkout.com: a new card is a new payment under the same reference
      const old: any = await call(async () => c.payments.get(await resolve(id)));
      return call(() => create({ reference: old.reference, amount: old.amount, currency: old.currency, capture: old.balances?.total_captured ? 'automatic' : 'manual', paymentMethod: input.paymentMethod, returnUrl: input.returnUrl, metadata: old.metadata, idempotencyKey: input.idempotencyKey }));
    },
    getPayment: (id) => call(async () => (id.startsWith('hpp_') ? hostedPayment(id) : toPayment(await c.payments.get(id)))),
    capturePayment: (id, input) =>
      call(async () => {
        const payId = await resolve(id);
        await c.payments.capture(payId, input.amount !== undefined ? { amount: input.amount } : {}, input.idempotencyKey);
        return id === payId ? toPayment(await c.payments.get(payId)) : hostedPayment(id);
      }),
    cancelPayment: (id, input) =>
      call(async () => {
        const page = id.startsWith('hpp_') ? await c.hostedPayments.get(id) : null;
        const payId = page ? paymentOfPage(page) : id;
        // a hosted page nobody paid on has nothing to cancel at Checkout.com (its session lapses): given up here
        if (!payId) return { ...(await hostedPayment(id)), status: 'canceled', redirectUrl: null };
        const p = await c.payments.get(payId);
        // a payment that never got past 3-D Secure has nothing to void: it expires at Checkout.com
        if (p.balances?.available_to_void) await c.payments.void(payId, {}, input.idempotencyKey);
        if (!page) return toPayment(await c.payments.get(payId));
        const after = await hostedPayment(id);
        return after.status === 'requires_action' || after.status === 'requires_payment_method' ? { ...after, status: 'canceled', redirectUrl: null } : after;
      }),
    refund: (input) =>
      call(async () => {
        const payId = await resolve(input.paymentId);
        const res = await c.payments.refund(payId, { amount: input.amount, reference: input.idempotencyKey.slice(0, 80), metadata: input.metadata }, input.idempotencyKey);
        const p = await c.payments.get(payId);
        const action = (await c.payments.getActions(payId)).find((a: { id: string }) => a.id === res.action_id);
        return refundFrom(payId, action ?? { id: res.action_id, amount: input.amount }, p.currency);
      }),
    getRefund: (id) =>
      call(async () => {
        const [paymentId, actionId] = id.split(':');
        const p = await c.payments.get(paymentId!);
        const action = (await c.payments.getActions(paymentId!)).find((a: { id: string; type: string }) => a.id === actionId && a.type === 'Refund');
        if (!action) throw new ProviderError('checkout', 'not_found', `No refund ${id}`, 404);
        return refundFrom(paymentId!, action, p.currency);
      }),
    transfer: (input) =>
      call(async () => {
        const res = await c.transfers.initiate(
          { reference: input.group, transfer_type: 'commission', source: { id: opts.platformEntityId, amount: input.amount, currency: input.currency }, destination: { id: input.destination } },
          input.idempotencyKey,
        );
        return toTransfer(await c.transfers.retrieve(res.id), input.fundsSource ?? null);
      }),
    getTransfer: (id) => call(async () => toTransfer(await c.transfers.retrieve(id))),
    reverseTransfer: (input) =>
      call(async () => {
        // Checkout.com has no reversal: the money comes back by a transfer the other way
        const original = await c.transfers.retrieve(input.transferId);
        const res = await c.transfers.initiate(
          { reference: input.transferId, transfer_type: 'refund', source: { id: original.destination.entity_id, amount: input.amount, currency: original.source.currency }, destination: { id: opts.platformEntityId } },
          input.idempotencyKey,
        );
        const back = await c.transfers.retrieve(res.id);
        if (back.status === 'rejected') throw new ProviderError('checkout', (back.reason_codes ?? ['rejected']).join(','), `Transfer back from ${original.destination.entity_id} was rejected`, 422);
        return { provider: 'checkout', id: back.id, transferId: input.transferId, amount: input.amount, currency: back.source.currency };
      }),
    createSellerAccount: (input) =>
      call(async () => {
        const res = await c.platforms.onboardSubEntity({
          reference: input.idempotencyKey.slice(0, 50),
          contact_details: { email_addresses: { primary: input.email } },
          profile: { mccs: ['5311'], default_holding_currency: 'AED' },
          company: { legal_name: input.businessName, trading_name: input.businessName, principal_address: { country: input.country } },
        });
        return toAccount(await c.platforms.getSubEntityDetails(res.id));
      }),
    getSellerAccount: (id) => call(async () => toAccount(await c.platforms.getSubEntityDetails(id))),
    async onboardingLink(input) {
      if (!opts.onboardingBaseUrl)
        throw new ProviderError('checkout', 'onboarding_link_unavailable', "Checkout.com onboards sub-entities with their details through the API; it gives no hosted link to send a seller to.", 501);
      const url = new URL(`/local/checkout/onboarding/${encodeURIComponent(input.accountId)}`, opts.onboardingBaseUrl);
      url.searchParams.set('return_url', input.returnUrl);
      return { url: url.toString(), expiresAt: new Date(Date.now() + 24 * 3_600_000) };
    },
    getDispute: (id) =>
      call(async () => {
        const d = await c.disputes.getDetails(id);
        const status = d.status === 'won' ? 'won' : d.status === 'lost' || d.status === 'accepted' ? 'lost' : d.status === 'evidence_under_review' ? 'under_review' : d.status === 'evidence_required' ? 'needs_response' : 'other';
        return { provider: 'checkout', id: d.id, paymentId: d.payment_id ?? d.payment?.id ?? null, amount: d.amount, currency: d.currency, status, reason: d.category, fee: 0,
          // Checkout.com takes the disputed amount when the dispute opens and gives it back when the merchant wins
          withdrawn: status === 'won' ? 0 : d.amount };
      }),
    // Checkout.com gives its balance movements in reconciliation reports (files), not as a list on the API
    balanceMovements: () => Promise.reject(new ProviderError('checkout', 'not_supported', 'Checkout.com reports balance movements in its reconciliation reports, not through this API', 501)),
    balance: () =>
      call(async () => {
        const res = await c.balances.retrieve(opts.platformEntityId, 'AED');
        return (res.data ?? []).map((b: any) => ({ currency: b.holding_currency, available: b.balances.available, pending: b.balances.pending }));
      }),
    parseWebhook(rawBody, headers) {
      const h = (name: string) => {
        const v = headers[name] ?? headers[name.toLowerCase()];
        return Array.isArray(v) ? v[0] : v;
      };
      const given = h('cko-signature') ?? '';
      const expected = createHmac('sha256', opts.signatureKey).update(rawBody, 'utf8').digest('hex');
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) throw new WebhookVerificationError('Cko-Signature does not match the body');
      if (opts.authorizationHeader && h('authorization') !== opts.authorizationHeader) throw new WebhookVerificationError('Authorization header does not match');
      let event: any;
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new WebhookVerificationError('body is not JSON');
      }
      if (typeof event?.id !== 'string' || typeof event?.type !== 'string' || !event.data) throw new WebhookVerificationError('not a Checkout.com event');
      return typeEvent(event);
    },
  };
}

function typeEvent(event: any): ProviderEvent {
  const base = { provider: 'checkout' as const, id: event.id as string, created: new Date(event.created_on), providerType: event.type as string, raw: event };
  const d = event.data;
  if (event.type === 'payment_refunded' || event.type === 'payment_refund_declined') return { ...base, type: 'refund.updated', refundId: `${d.id}:${d.action_id}`, paymentId: d.id };
  if (event.type.startsWith('dispute_')) return { ...base, type: 'dispute.updated', disputeId: d.id, paymentId: d.payment_id ?? null };
  if (event.type.startsWith('payment_')) return { ...base, type: 'payment.updated', paymentId: d.id };
  return { ...base, type: 'other' };
}

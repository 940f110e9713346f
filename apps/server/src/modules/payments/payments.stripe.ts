import Stripe from 'stripe';
import {
  ProviderError, WebhookVerificationError,
  type BalanceAmount, type BalanceMovement, type Dispute, type Payment, type PaymentProvider, type PaymentStatus, type ProviderEvent, type Refund, type SellerAccount, type Transfer,
} from './payments.provider.js';

/**
 * Stripe behind the provider interface, through the official `stripe` client: Connect with separate charges and
 * transfers (decision 0124) — the platform charges the shopper with a PaymentIntent whose `transfer_group` is the
 * purchase, then transfers each seller's share from that charge (`source_transaction`) to the seller's connected
 * account. The same code runs against api.stripe.com (keys in the environment) and the local Stripe (host and port).
 */
export type StripeProviderOptions = {
  client: Stripe;
  /** The endpoints' signing secrets (`whsec_…`): the platform's and the Connect endpoint's. */
  webhookSecrets: string[];
  /** Now, in milliseconds (a test clock in tests): webhook timestamps older than the tolerance are refused. */
  now?: () => number;
  /** Seconds a webhook signature stays acceptable (Stripe's default: 300). */
  toleranceS?: number;
};

/** A client for api.stripe.com, or for a local Stripe at a base URL (http://127.0.0.1:4242). */
export function stripeClient(secretKey: string, localBaseUrl?: string, extra: Stripe.StripeConfig = {}) {
  const local = localBaseUrl ? new URL(localBaseUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'Souq' },
    ...(local ? { host: local.hostname, port: Number(local.port), protocol: local.protocol === 'https:' ? 'https' : 'http' } : {}),
    ...extra,
  });
}

/**
 * The events Souq's webhook endpoints subscribe to (decision 0166): a Stripe webhook endpoint is sent only the event
 * types in its `enabled_events`, so Souq lists the ones it acts on and nothing else. A paid purchase then costs two
 * deliveries (manual capture: `amount_capturable_updated`, `succeeded`) or one (automatic) instead of five: `payment_intent.created`,
 * `charge.succeeded`, `charge.captured` and their like only repeat what the PaymentIntent's own events say, and
 * `payment_intent.payment_failed` / `requires_action` move nothing (the shopper's return page reads the decline back).
 * Configure the endpoints with these lists (Dashboard → Developers → Webhooks, or `webhookEndpoints.create` with
 * `enabled_events`); `webhookEndpointsToCreate` gives both endpoints' parameters.
 */
export const STRIPE_WEBHOOK_EVENTS = [
  // a payment authorised (manual capture), captured, or cancelled: the only moves of a purchase's payment
  'payment_intent.amount_capturable_updated', 'payment_intent.succeeded', 'payment_intent.canceled',
  // refunds to the card: created (succeeded or pending), and a refund that later fails
  'refund.created', 'refund.updated', 'refund.failed',
  // disputes: opened, money withdrawn or reinstated, decided
  'charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed', 'charge.dispute.funds_withdrawn', 'charge.dispute.funds_reinstated',
  // transfers to sellers: made, reversed (by Souq or by Stripe)
  'transfer.created', 'transfer.updated', 'transfer.reversed',
] as const;

/** The Connect endpoint's events (sent for the sellers' connected accounts): onboarding, and payouts to their banks. */
export const STRIPE_CONNECT_WEBHOOK_EVENTS = ['account.updated', 'payout.updated', 'payout.paid', 'payout.failed'] as const;

/** The two endpoints Souq needs at Stripe, as `webhookEndpoints.create` takes them (the URL is Souq's webhook route). */
export const webhookEndpointsToCreate = (url: string): Stripe.WebhookEndpointCreateParams[] => [
  { url, enabled_events: [...STRIPE_WEBHOOK_EVENTS], description: 'Souq: payments, refunds, disputes, transfers' },
  { url, enabled_events: [...STRIPE_CONNECT_WEBHOOK_EVENTS], connect: true, description: 'Souq: sellers\' accounts and payouts' },
];

const STATUS: Record<string, PaymentStatus> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  processing: 'processing',
  requires_capture: 'authorized',
  succeeded: 'captured',
  canceled: 'canceled',
};
const EXPAND = ['latest_charge.balance_transaction'];
const upper = (c: string) => c.toUpperCase();
const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

export function toPayment(pi: Stripe.PaymentIntent): Payment {
  const ch = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const txn = ch && typeof ch.balance_transaction === 'object' ? ch.balance_transaction : null;
  // a partial capture releases the rest, which Stripe counts as refunded on the charge: not a refund to Souq
  const released = ch?.captured ? ch.amount - ch.amount_captured : 0;
  const err = pi.last_payment_error;
  return {
    provider: 'stripe',
    id: pi.id,
    // a state newer than this adapter is read as still in progress
    status: STATUS[pi.status] ?? 'processing',
    amount: pi.amount,
    currency: upper(pi.currency),
    amountCapturable: pi.amount_capturable,
    amountCaptured: pi.amount_received,
    amountRefunded: ch ? Math.max(0, ch.amount_refunded - released) : 0,
    fee: txn ? txn.fee : null,
    fundsSource: ch?.status === 'succeeded' ? ch.id : null,
    redirectUrl: pi.status === 'requires_action' ? (pi.next_action?.redirect_to_url?.url ?? null) : null,
    clientSecret: pi.client_secret ?? null,
    reference: pi.transfer_group ?? pi.metadata.souq_reference ?? null,
    failure: err ? { code: err.code ?? err.type, declineCode: err.decline_code ?? null, message: err.message ?? '' } : null,
    metadata: pi.metadata,
  };
}

const toRefund = (r: Stripe.Refund): Refund => ({
  provider: 'stripe',
  id: r.id,
  paymentId: idOf(r.payment_intent),
  amount: r.amount,
  currency: upper(r.currency),
  status: r.status === 'succeeded' || r.status === 'failed' || r.status === 'canceled' ? r.status : 'pending',
  failureReason: r.failure_reason ?? null,
  metadata: r.metadata ?? {},
}) as Refund;

const toTransfer = (t: Stripe.Transfer): Transfer => ({
  provider: 'stripe',
  id: t.id,
  destination: idOf(t.destination) ?? '',
  amount: t.amount,
  currency: upper(t.currency),
  amountReversed: t.amount_reversed,
  fundsSource: idOf(t.source_transaction),
  group: t.transfer_group,
  status: t.reversed ? 'reversed' : 'paid',
  metadata: t.metadata,
  reversals: (t.reversals?.data ?? []).map((r) => ({ id: r.id, amount: r.amount, metadata: (r.metadata ?? {}) as Record<string, string> })),
});

const toAccount = (a: Stripe.Account): SellerAccount => ({
  provider: 'stripe',
  id: a.id,
  transfersEnabled: a.capabilities?.transfers === 'active',
  payoutsEnabled: a.payouts_enabled ?? false,
  detailsSubmitted: a.details_submitted ?? false,
  requirementsDue: a.requirements?.currently_due ?? [],
});

const DISPUTE_STATUS: Partial<Record<Stripe.Dispute.Status, Dispute['status']>> = {
  needs_response: 'needs_response', warning_needs_response: 'needs_response', under_review: 'under_review', warning_under_review: 'under_review', won: 'won', lost: 'lost',
};

/**
 * Starts a call of the official client without the call-site stack trace it captures at every request (`new
 * Error().stack` in `_makeRequest`, kept only to decorate its errors): formatting that trace was a third of the
 * client's CPU on a paid card purchase's two calls (decision 0196). The request is built synchronously inside `fn`,
 * so the limit is back before anything else runs; errors raised later keep their full stacks, and the client's
 * errors become ProviderError, thrown here with a stack of Souq's own.
 */
function started<T>(fn: () => Promise<T>): Promise<T> {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return fn();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** Stripe's errors become ProviderError (its code, message and status); nothing else is swallowed. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await started(fn);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) throw new ProviderError('stripe', err.code ?? err.type, err.message, err.statusCode ?? 500);
    throw err;
  }
}

export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const s = opts.client;
  const now = opts.now ?? Date.now;

  /** A decline answers 402 with the PaymentIntent inside: Souq reads it back as a payment with its failure. */
  async function payment(fn: () => Promise<Stripe.PaymentIntent>): Promise<Payment> {
    try {
      return toPayment(await started(fn));
    } catch (err) {
      const pi = err instanceof Stripe.errors.StripeError ? (err.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent : undefined;
      if (pi?.id && (err instanceof Stripe.errors.StripeCardError || (err as Stripe.errors.StripeError).code === 'payment_intent_authentication_failure'))
        return toPayment(await started(() => s.paymentIntents.retrieve(pi.id, { expand: EXPAND })));
      return call(() => Promise.reject(err));
    }
  }

  return {
    name: 'stripe',
    capabilities: { paymentWithoutMethod: true, retryKeepsPayment: true, transfersFromPayment: true, onboardingLinks: true, signedTimestamps: true, feeOnPayment: true },
    createPayment: (input) =>
      payment(() =>
        s.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            capture_method: input.capture,
            transfer_group: input.reference,
            description: input.description,
            receipt_email: input.customerEmail,
            metadata: { ...input.metadata, souq_reference: input.reference },
            ...(input.paymentMethod ? { payment_method: input.paymentMethod, confirm: true, return_url: input.returnUrl } : {}),
            expand: EXPAND,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
    confirmPayment: (id, input) =>
      payment(() => s.paymentIntents.confirm(id, { payment_method: input.paymentMethod, return_url: input.returnUrl, expand: EXPAND }, { idempotencyKey: input.idempotencyKey })),
    getPayment: (id) => call(async () => toPayment(await s.paymentIntents.retrieve(id, { expand: EXPAND }))),
    getPaymentMethod: (id) =>
      call(async () => {
        const pm = await s.paymentMethods.retrieve(id);
        return { id: pm.id, brand: pm.card?.brand ?? null, last4: pm.card?.last4 ?? null, expMonth: pm.card?.exp_month ?? null, expYear: pm.card?.exp_year ?? null, metadata: (pm.metadata ?? {}) as Record<string, string> };
      }),
    capturePayment: (id, input) =>
      call(async () => toPayment(await s.paymentIntents.capture(id, { ...(input.amount !== undefined ? { amount_to_capture: input.amount } : {}), expand: EXPAND }, { idempotencyKey: input.idempotencyKey }))),
    cancelPayment: (id, input) => call(async () => toPayment(await s.paymentIntents.cancel(id, { expand: EXPAND }, { idempotencyKey: input.idempotencyKey }))),
    refund: (input) =>
      call(async () =>
        toRefund(
          await s.refunds.create(
            { payment_intent: input.paymentId, amount: input.amount, metadata: input.metadata, ...(input.reason === 'requested_by_customer' || input.reason === 'duplicate' || input.reason === 'fraudulent' ? { reason: input.reason } : {}) },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),
    getRefund: (id) => call(async () => toRefund(await s.refunds.retrieve(id))),
    transfer: (input) =>
      call(async () =>
        toTransfer(
          await s.transfers.create(
            { amount: input.amount, currency: input.currency.toLowerCase(), destination: input.destination, source_transaction: input.fundsSource, transfer_group: input.group, metadata: input.metadata },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),
    getTransfer: (id) => call(async () => toTransfer(await s.transfers.retrieve(id))),
    reverseTransfer: (input) =>
      call(async () => {
        const r = await s.transfers.createReversal(input.transferId, { amount: input.amount, metadata: input.metadata }, { idempotencyKey: input.idempotencyKey });
        return { provider: 'stripe', id: r.id, transferId: idOf(r.transfer)!, amount: r.amount, currency: upper(r.currency) };
      }),
    createSellerAccount: (input) =>
      call(async () =>
        toAccount(
          await s.accounts.create(
            {
              type: 'express',
              country: input.country,
              email: input.email,
              business_profile: { name: input.businessName },
              // the full service agreement (same-country platform and seller) asks for both
              capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
              metadata: input.metadata,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),
    getSellerAccount: (id) => call(async () => toAccount(await s.accounts.retrieve(id))),
    onboardingLink: (input) =>
      call(async () => {
        const l = await s.accountLinks.create({ account: input.accountId, type: 'account_onboarding', return_url: input.returnUrl, refresh_url: input.refreshUrl });
        return { url: l.url, expiresAt: new Date(l.expires_at * 1000) };
      }),
    getSellerPayout: (accountId, payoutId) =>
      call(async () => {
        const po = await s.payouts.retrieve(payoutId, {}, { stripeAccount: accountId });
        return { id: po.id, accountId, amount: po.amount, currency: upper(po.currency), status: po.status as 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled', failureMessage: po.failure_message ?? null };
      }),
    getDispute: (id) =>
      call(async () => {
        const d = await s.disputes.retrieve(id);
        return {
          provider: 'stripe', id: d.id, paymentId: idOf(d.payment_intent), amount: d.amount, currency: upper(d.currency),
          status: DISPUTE_STATUS[d.status] ?? 'other', reason: d.reason, fee: d.balance_transactions.reduce((sum, t) => sum + t.fee, 0),
          withdrawn: -d.balance_transactions.reduce((sum, t) => sum + t.amount, 0),
        };
      }),
    balance: () =>
      call(async () => {
        const b = await s.balance.retrieve();
        return b.available.map((a): BalanceAmount => ({ currency: upper(a.currency), available: a.amount, pending: b.pending.find((p) => p.currency === a.currency)?.amount ?? 0 }));
      }),
    balanceMovements: (input) =>
      call(async () => {
        // the source expanded: a charge's PaymentIntent is what Souq's ledger knows the payment by
        const page = await s.balanceTransactions.list({ limit: input.limit, ...(input.startingAfter ? { starting_after: input.startingAfter } : {}), expand: ['data.source'] });
        return { items: page.data.map(toMovement), hasMore: page.has_more };
      }),
    parseWebhook(rawBody, headers) {
      const sig = headers['stripe-signature'];
      const header = Array.isArray(sig) ? sig[0]! : (sig ?? '');
      let last: unknown = new Error('no webhook secret configured');
      for (const secret of opts.webhookSecrets) {
        try {
          return typeEvent(s.webhooks.constructEvent(rawBody, header, secret, opts.toleranceS ?? 300, undefined, now()));
        } catch (err) {
          last = err;
        }
      }
      throw new WebhookVerificationError((last as Error).message);
    },
  };
}

/** A balance transaction in Souq's shape; its source expanded or not. */
export function toMovement(t: Stripe.BalanceTransaction): BalanceMovement {
  const src = t.source && typeof t.source === 'object' ? (t.source as unknown as { id: string; payment_intent?: string | { id: string } | null }) : null;
  return {
    id: t.id, type: t.type, source: src ? src.id : (t.source as string | null), paymentId: src ? idOf(src.payment_intent ?? null) : null,
    amount: t.amount, fee: t.fee, net: t.net, currency: upper(t.currency), created: new Date(t.created * 1000),
  };
}

/** The event's kind and the ids to read back; nothing else of its body is used. */
export function typeEvent(event: Stripe.Event): ProviderEvent {
  const base = { provider: 'stripe' as const, id: event.id, created: new Date(event.created * 1000), providerType: event.type, raw: event };
  const o = event.data.object as unknown as Record<string, unknown> & { id: string };
  const t = event.type;
  if (t.startsWith('payment_intent.')) return { ...base, type: 'payment.updated', paymentId: o.id, claims: STATUS[o.status as string] ?? 'processing' };
  if (t.startsWith('charge.dispute.')) return { ...base, type: 'dispute.updated', disputeId: o.id, paymentId: idOf(o.payment_intent as string | null) };
  if (t === 'charge.refund.updated' || t.startsWith('refund.')) return { ...base, type: 'refund.updated', refundId: o.id, paymentId: idOf(o.payment_intent as string | null) };
  if (t.startsWith('charge.') && typeof o.payment_intent === 'string') {
    // a charge: captured, authorised (succeeded, not captured), or no further than asking for a card
    const claims: PaymentStatus = o.captured === true ? 'captured' : o.status === 'succeeded' ? 'authorized' : o.status === 'pending' ? 'processing' : 'requires_payment_method';
    return { ...base, type: 'payment.updated', paymentId: o.payment_intent, claims };
  }
  if (t.startsWith('transfer.')) return { ...base, type: 'transfer.updated', transferId: o.id };
  if (t === 'account.updated') return { ...base, type: 'account.updated', accountId: event.account ?? o.id };
  if (t.startsWith('payout.')) return { ...base, type: 'payout.updated', payoutId: o.id, accountId: event.account ?? null };
  return { ...base, type: 'other' };
}

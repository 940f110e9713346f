/**
 * The payment provider interface (issue 36 item 1, decision 0124). Souq speaks to every provider through these
 * operations and reads every answer in these shapes; each adapter maps its provider's objects and states onto them.
 * Money is integer minor units with an upper-case ISO currency ('AED'); ids are the provider's own.
 *
 * Nothing a provider sends is trusted before its signature is verified (parseWebhook) and the object it names is read
 * back (getPayment, getRefund, …): webhook events carry ids and the provider's word for what happened, not amounts
 * to book.
 */
export type ProviderName = 'stripe' | 'checkout';

/** Where a payment stands, in Souq's words (each adapter maps its provider's states onto these). */
export type PaymentStatus =
  /** Waiting for a card (new, or the last attempt was declined / failed authentication: `failure` says why). */
  | 'requires_payment_method'
  /** The shopper must pass 3-D Secure at `redirectUrl`. */
  | 'requires_action'
  /** The provider is still deciding. */
  | 'processing'
  /** Authorised, not yet captured (manual capture). */
  | 'authorized'
  /** Captured: the money is the marketplace's (less refunds). */
  | 'captured'
  | 'canceled';

export type PaymentFailure = {
  /** The provider's code (Stripe `card_declined`, Checkout.com `20051`). */
  code: string;
  /** The issuer's reason where there is one (`insufficient_funds`). */
  declineCode: string | null;
  /** The provider's message, fit to show the shopper. */
  message: string;
};

export type Payment = {
  provider: ProviderName;
  id: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  amountCapturable: number;
  amountCaptured: number;
  amountRefunded: number;
  /** The provider's fee on what was captured (null until known). */
  fee: number | null;
  /** What a transfer to a seller is funded from (Stripe: the charge, `source_transaction`; Checkout.com: the payment). */
  fundsSource: string | null;
  /** The 3-D Secure page the shopper must visit (status requires_action), or the provider's own card page (requires_payment_method, no client secret). */
  redirectUrl: string | null;
  /** What the provider's browser fields confirm the payment with (Stripe's client secret; null where a card creates the payment). */
  clientSecret: string | null;
  /** Souq's reference (the purchase number) and the group its transfers are made under. */
  reference: string | null;
  failure: PaymentFailure | null;
  metadata: Record<string, string>;
};

export type CreatePaymentInput = {
  /** The purchase this pays (its number): the reference and the transfer group. */
  reference: string;
  amount: number;
  currency: string;
  /** manual: authorise now, capture later (Souq captures when the purchase is accepted). */
  capture: 'automatic' | 'manual';
  /** A tokenised card or a provider test card (Stripe `pm_…`/`pm_card_visa`, Checkout.com `tok_…`/card number in local mode). */
  paymentMethod?: string;
  /** Where the provider sends the shopper after 3-D Secure. */
  returnUrl: string;
  /** The shopper's language: a page of the provider's own (Checkout.com's hosted page) opens in it. */
  locale?: 'en' | 'ar';
  description?: string;
  metadata?: Record<string, string>;
  customerEmail?: string;
  /** One key per attempt: a retry with the same key is the same attempt (never a second charge). */
  idempotencyKey: string;
};

/** A tokenised card as the provider holds it (read back before an agent's token is charged, decision 0138). */
export type PaymentMethodInfo = { id: string; brand: string | null; last4: string | null; expMonth: number | null; expYear: number | null; metadata: Record<string, string> };

export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';
export type Refund = { provider: ProviderName; id: string; paymentId: string; amount: number; currency: string; status: RefundStatus; failureReason: string | null; metadata: Record<string, string> };

export type Transfer = {
  provider: ProviderName;
  id: string;
  destination: string;
  amount: number;
  currency: string;
  amountReversed: number;
  /** The payment it was funded from, if any. */
  fundsSource: string | null;
  group: string | null;
  status: 'pending' | 'paid' | 'failed' | 'reversed';
  metadata: Record<string, string>;
  /** Its reversals as the provider lists them (Souq's own carry `souq_reversal` in their metadata; decision 0147). */
  reversals: { id: string; amount: number; metadata: Record<string, string> }[];
};
/** A payout from a seller's connected account to its bank, read back after the provider's event (decision 0147). */
export type SellerPayout = { id: string; accountId: string; amount: number; currency: string; status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled'; failureMessage: string | null };
export type TransferReversal = { provider: ProviderName; id: string; transferId: string; amount: number; currency: string };

export type SellerAccount = {
  provider: ProviderName;
  id: string;
  /** Money can be sent to it. */
  transfersEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** What the provider still needs from the seller. */
  requirementsDue: string[];
};
export type OnboardingLink = { url: string; expiresAt: Date };

export type Dispute = {
  provider: ProviderName;
  id: string;
  paymentId: string | null;
  amount: number;
  currency: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost' | 'other';
  reason: string;
  /** What the dispute costs beyond the amount. */
  fee: number;
  /** The money the dispute has out of the platform's balance now (taken when opened, given back when won). */
  withdrawn: number;
};

export type BalanceAmount = { currency: string; available: number; pending: number };

/**
 * One movement of the platform's balance at the provider (Stripe: a BalanceTransaction), as reconciliation reads it
 * (issue 36 item 7, decision 0143): gross, fee and net in minor units, what caused it (`source`), and for a charge the
 * payment it captured (Stripe: the charge's PaymentIntent), so it can be matched with what Souq posted.
 */
export type BalanceMovement = {
  id: string;
  /** The provider's type: charge, payment, refund, refund_failure, adjustment (disputes), transfer, payout, … */
  type: string;
  /** The object that caused it (a charge, a refund, a dispute, a transfer, a payout). */
  source: string | null;
  /** The payment (Souq's providerPaymentId) a charge or a dispute belongs to. */
  paymentId: string | null;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  created: Date;
};

/** A verified provider event, typed; `raw` is the provider's own event for storing it once (unique by provider and id). */
export type ProviderEvent = { provider: ProviderName; id: string; created: Date; providerType: string; raw: unknown } & (
  /**
   * `claims`: how far the (signed) event says the payment has got, where the provider's event tells it; an event
   * claiming nothing beyond what Souq has booked moves nothing, so it is stored without a read-back.
   */
  | { type: 'payment.updated'; paymentId: string; claims?: PaymentStatus }
  | { type: 'refund.updated'; refundId: string; paymentId: string | null }
  | { type: 'transfer.updated'; transferId: string }
  | { type: 'dispute.updated'; disputeId: string; paymentId: string | null }
  | { type: 'account.updated'; accountId: string }
  | { type: 'payout.updated'; payoutId: string; accountId: string | null }
  | { type: 'other' }
);

/** A webhook that fails verification (bad or missing signature, stale, not the provider's shape): answer 400, store nothing. */
export class WebhookVerificationError extends Error {}

/** A provider's refusal, in its own words (declines surface as a payment with `failure`, not as this). */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Where providers differ in kind, so the purchase flow asks rather than assumes Stripe's shape. */
export type ProviderCapabilities = {
  /** A payment can exist before the card is given (Stripe: a PaymentIntent; Checkout.com: no, the card creates it). */
  paymentWithoutMethod: boolean;
  /** A retry with another card keeps the payment's id (Stripe: yes; Checkout.com: each attempt is a new payment). */
  retryKeepsPayment: boolean;
  /** A transfer names the payment that funded it (Stripe `source_transaction`; Checkout.com: no). */
  transfersFromPayment: boolean;
  /** The provider gives a hosted onboarding link for sellers. */
  onboardingLinks: boolean;
  /** Webhook signatures carry a timestamp, so stale deliveries are refused by the signature itself. */
  signedTimestamps: boolean;
  /** The provider's fee is on the payment (Stripe: the balance transaction; Checkout.com: only in its reports). */
  feeOnPayment: boolean;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly capabilities: ProviderCapabilities;
  /** Creates (and, with a payment method, confirms) a payment for a purchase. A decline is a payment with `failure`. */
  createPayment(input: CreatePaymentInput): Promise<Payment>;
  /** Another card for a purchase whose payment was declined: a new attempt (a new id where retryKeepsPayment is false). */
  confirmPayment(id: string, input: { paymentMethod: string; returnUrl: string; idempotencyKey: string }): Promise<Payment>;
  getPayment(id: string): Promise<Payment>;
  /** A tokenised card, read back (Stripe: a PaymentMethod); absent where the provider cannot read its tokens back. */
  getPaymentMethod?(id: string): Promise<PaymentMethodInfo>;
  capturePayment(id: string, input: { amount?: number; idempotencyKey: string }): Promise<Payment>;
  cancelPayment(id: string, input: { idempotencyKey: string }): Promise<Payment>;
  refund(input: { paymentId: string; amount: number; reason?: string; metadata?: Record<string, string>; idempotencyKey: string }): Promise<Refund>;
  getRefund(id: string): Promise<Refund>;
  /** Sends a seller its share, funded from the payment that collected it. */
  transfer(input: { destination: string; amount: number; currency: string; fundsSource?: string; group?: string; metadata?: Record<string, string>; idempotencyKey: string }): Promise<Transfer>;
  getTransfer(id: string): Promise<Transfer>;
  reverseTransfer(input: { transferId: string; amount: number; metadata?: Record<string, string>; idempotencyKey: string }): Promise<TransferReversal>;
  createSellerAccount(input: { email: string; businessName: string; country: string; metadata?: Record<string, string>; idempotencyKey: string }): Promise<SellerAccount>;
  getSellerAccount(id: string): Promise<SellerAccount>;
  onboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<OnboardingLink>;
  /** A payout of a seller's connected account (Stripe: with the `Stripe-Account` header); absent where the provider does not show them. */
  getSellerPayout?(accountId: string, payoutId: string): Promise<SellerPayout>;
  getDispute(id: string): Promise<Dispute>;
  /** The platform's balance at the provider (reconciliation reads it beside the provider clearing account). */
  balance(): Promise<BalanceAmount[]>;
  /**
   * The platform's balance movements, newest first, a page at a time (`startingAfter`: the last id of the page before).
   * Throws ProviderError `not_supported` where the provider reports them only in files (Checkout.com).
   */
  balanceMovements(input: { startingAfter?: string; limit: number }): Promise<{ items: BalanceMovement[]; hasMore: boolean }>;
  /** Verifies a webhook's signature over its raw body and types it; throws WebhookVerificationError otherwise. */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): ProviderEvent;
}

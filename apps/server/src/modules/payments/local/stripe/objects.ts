import type Stripe from 'stripe';
import type { CardBehaviour } from './cards.js';

/**
 * Builders of Stripe's objects with every field the API answers (the field sets of Stripe's own published examples,
 * `fixtures3.json`), typed by the official client's declarations so a missing or mistyped field fails the build.
 * The local provider stores these objects and changes them as the real one would.
 */
const address = () => ({ city: null, country: null, line1: null, line2: null, postal_code: null, state: null });
const billingDetails = () => ({ address: address(), email: null, name: null, phone: null, tax_id: null });
export const emptyList = <T>(url: string): Stripe.ApiList<T> => ({ object: 'list', data: [], has_more: false, url });

export function cardDetails(card: CardBehaviour, expMonth: number, expYear: number, fingerprint: string) {
  return {
    brand: card.brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: card.country,
    exp_month: expMonth,
    exp_year: expYear,
    fingerprint,
    funding: card.funding,
    last4: card.number.slice(-4),
  };
}

export function paymentMethod(p: { id: string; created: number; card: CardBehaviour; expMonth: number; expYear: number; fingerprint: string; metadata: Stripe.Metadata }) {
  return {
    id: p.id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails(),
    card: {
      ...cardDetails(p.card, p.expMonth, p.expYear, p.fingerprint),
      display_brand: p.card.brand,
      generated_from: null,
      networks: { available: [p.card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: p.created,
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: p.metadata,
    type: 'card',
  } satisfies Stripe.PaymentMethod;
}

export type PaymentIntentInit = {
  id: string;
  created: number;
  amount: number;
  currency: string;
  captureMethod: Stripe.PaymentIntent.CaptureMethod;
  clientSecret: string;
  description: string | null;
  metadata: Stripe.Metadata;
  transferGroup: string | null;
  receiptEmail: string | null;
  statementDescriptor: string | null;
};

export function paymentIntent(p: PaymentIntentInit) {
  return {
    id: p.id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: p.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: p.captureMethod,
    client_secret: p.clientSecret,
    confirmation_method: 'automatic',
    created: p.created,
    currency: p.currency,
    customer: null,
    customer_account: null,
    description: p.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: p.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: p.receiptEmail,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: p.statementDescriptor,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: p.transferGroup,
  } satisfies Stripe.PaymentIntent as Stripe.PaymentIntent;
}

export function charge(p: {
  id: string;
  created: number;
  pi: Stripe.PaymentIntent;
  pm: ReturnType<typeof paymentMethod>;
  card: CardBehaviour;
  status: Stripe.Charge.Status;
  captured: boolean;
  failure: { code: string; message: string; declineCode?: string } | null;
  threeDS: boolean;
  receiptBase: string;
}) {
  const approved = p.status === 'succeeded';
  return {
    id: p.id,
    object: 'charge',
    amount: p.pi.amount,
    amount_captured: p.captured ? p.pi.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: billingDetails(),
    calculated_statement_descriptor: 'SOUQ',
    captured: p.captured,
    created: p.created,
    currency: p.pi.currency,
    customer: null,
    description: p.pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: p.failure?.code ?? null,
    failure_message: p.failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: p.pi.metadata,
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: approved ? 'approved_by_network' : 'declined_by_network',
      reason: p.failure?.declineCode ?? null,
      risk_level: 'normal',
      risk_score: 20,
      seller_message: approved ? 'Payment complete.' : 'The bank did not return any further details with this decline.',
      type: approved ? 'authorized' : 'issuer_declined',
    },
    paid: approved,
    payment_intent: p.pi.id,
    payment_method: p.pm.id,
    payment_method_details: {
      card: {
        ...cardDetails(p.card, p.pm.card.exp_month, p.pm.card.exp_year, p.pm.card.fingerprint),
        amount_authorized: approved ? p.pi.amount : null,
        authorization_code: approved ? '123456' : null,
        electronic_commerce_indicator: p.threeDS ? '05' : null,
        extended_authorization: { status: 'disabled' },
        incremental_authorization: { status: 'unavailable' },
        installments: null,
        mandate: null,
        multicapture: { status: 'unavailable' },
        network: p.card.brand,
        network_token: { used: false },
        network_transaction_id: approved ? '1234567890123456' : null,
        overcapture: { maximum_amount_capturable: p.pi.amount, status: 'unavailable' },
        regulated_status: 'unregulated',
        three_d_secure: p.threeDS
          ? { authentication_flow: 'challenge', electronic_commerce_indicator: '05', exemption_indicator: null, result: 'authenticated', result_reason: null, transaction_id: null, version: '2.2.0' }
          : null,
        transaction_link_id: null,
        wallet: null,
      },
      type: 'card',
    },
    receipt_email: p.pi.receipt_email,
    receipt_number: null,
    receipt_url: `${p.receiptBase}/receipts/${p.id}`,
    refunded: false,
    refunds: emptyList<Stripe.Refund>(`/v1/charges/${p.id}/refunds`),
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: p.status,
    transfer_data: null,
    transfer_group: p.pi.transfer_group ?? null,
  } satisfies Stripe.Charge as Stripe.Charge;
}

export type FeeDetail = Stripe.BalanceTransaction.FeeDetail;

export function balanceTransaction(p: {
  id: string;
  created: number;
  availableOn: number;
  amount: number;
  fee: number;
  currency: string;
  description: string | null;
  source: string;
  type: Stripe.BalanceTransaction.Type;
  reportingCategory: string;
}) {
  const fee_details: FeeDetail[] = p.fee ? [{ amount: p.fee, application: null, currency: p.currency, description: 'Stripe processing fees', type: 'stripe_fee' }] : [];
  return {
    id: p.id,
    object: 'balance_transaction',
    amount: p.amount,
    available_on: p.availableOn,
    balance_type: 'payments',
    created: p.created,
    currency: p.currency,
    description: p.description,
    exchange_rate: null,
    fee: p.fee,
    fee_details,
    net: p.amount - p.fee,
    reporting_category: p.reportingCategory,
    source: p.source,
    status: 'pending',
    type: p.type,
  } satisfies Stripe.BalanceTransaction as Stripe.BalanceTransaction;
}

export function refund(p: { id: string; created: number; amount: number; ch: Stripe.Charge; reason: Stripe.Refund.Reason | null; metadata: Stripe.Metadata }) {
  return {
    id: p.id,
    object: 'refund',
    amount: p.amount,
    balance_transaction: null,
    charge: p.ch.id,
    created: p.created,
    currency: p.ch.currency,
    customer: null,
    customer_account: null,
    destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
    metadata: p.metadata,
    payment_intent: typeof p.ch.payment_intent === 'string' ? p.ch.payment_intent : null,
    payment_method: typeof p.ch.payment_method === 'string' ? p.ch.payment_method : null,
    reason: p.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'pending',
    transfer_reversal: null,
  } satisfies Stripe.Refund as Stripe.Refund;
}

export function transfer(p: { id: string; created: number; amount: number; currency: string; destination: string; destinationPayment: string; sourceTransaction: string | null; transferGroup: string | null; description: string | null; metadata: Stripe.Metadata }) {
  return {
    id: p.id,
    object: 'transfer',
    amount: p.amount,
    amount_reversed: 0,
    balance_transaction: null,
    created: p.created,
    currency: p.currency,
    description: p.description,
    destination: p.destination,
    destination_payment: p.destinationPayment,
    livemode: false,
    metadata: p.metadata,
    reversals: emptyList<Stripe.TransferReversal>(`/v1/transfers/${p.id}/reversals`),
    reversed: false,
    source_transaction: p.sourceTransaction,
    source_type: 'card',
    transfer_group: p.transferGroup,
  } satisfies Stripe.Transfer as Stripe.Transfer;
}

export function transferReversal(p: { id: string; created: number; amount: number; tr: Stripe.Transfer; metadata: Stripe.Metadata; sourceRefund: string | null }) {
  return {
    id: p.id,
    object: 'transfer_reversal',
    amount: p.amount,
    balance_transaction: null,
    created: p.created,
    currency: p.tr.currency,
    destination_payment_refund: null,
    metadata: p.metadata,
    source_refund: p.sourceRefund,
    transfer: p.tr.id,
  } satisfies Stripe.TransferReversal as Stripe.TransferReversal;
}

export const DISPUTE_EVIDENCE_FIELDS = [
  'access_activity_log', 'billing_address', 'cancellation_policy', 'cancellation_policy_disclosure', 'cancellation_rebuttal', 'customer_communication',
  'customer_email_address', 'customer_name', 'customer_purchase_ip', 'customer_signature', 'duplicate_charge_documentation', 'duplicate_charge_explanation',
  'duplicate_charge_id', 'product_description', 'receipt', 'refund_policy', 'refund_policy_disclosure', 'refund_refusal_explanation', 'service_date',
  'service_documentation', 'shipping_address', 'shipping_carrier', 'shipping_date', 'shipping_documentation', 'shipping_tracking_number',
  'uncategorized_file', 'uncategorized_text',
] as const;

export function dispute(p: { id: string; created: number; ch: Stripe.Charge; dueBy: number; reason: string }) {
  const evidence = Object.fromEntries(DISPUTE_EVIDENCE_FIELDS.map((f) => [f, null])) as Record<(typeof DISPUTE_EVIDENCE_FIELDS)[number], null>;
  return {
    id: p.id,
    object: 'dispute',
    amount: p.ch.amount,
    balance_transactions: [],
    charge: p.ch.id,
    created: p.created,
    currency: p.ch.currency,
    enhanced_eligibility_types: [],
    evidence: { ...evidence, enhanced_evidence: {} },
    evidence_details: { due_by: p.dueBy, enhanced_eligibility: {}, has_evidence: false, past_due: false, submission_count: 0, submission_method: 'not_submitted' },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: typeof p.ch.payment_intent === 'string' ? p.ch.payment_intent : null,
    payment_method_details: { card: { brand: 'visa', case_type: 'chargeback', network: 'visa', network_reason_code: '10.4' }, type: 'card' },
    reason: p.reason,
    status: 'warning_needs_response',
  } satisfies Stripe.Dispute as Stripe.Dispute;
}

export function payout(p: { id: string; created: number; amount: number; currency: string; arrivalDate: number; destination: string; description: string | null; metadata: Stripe.Metadata; automatic: boolean }) {
  return {
    id: p.id,
    object: 'payout',
    amount: p.amount,
    application_fee: null,
    application_fee_amount: null,
    arrival_date: p.arrivalDate,
    automatic: p.automatic,
    balance_transaction: null,
    created: p.created,
    currency: p.currency,
    description: p.description,
    destination: p.destination,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: p.metadata,
    method: 'standard',
    original_payout: null,
    payout_method: null,
    reconciliation_status: 'not_applicable',
    reversed_by: null,
    source_type: 'card',
    statement_descriptor: null,
    status: 'pending',
    trace_id: { status: 'pending', value: null },
    type: 'bank_account',
  } satisfies Stripe.Payout as Stripe.Payout;
}

const requirements = (due: string[]) => ({ alternatives: [], current_deadline: null, currently_due: due, disabled_reason: due.length ? ('requirements.past_due' as const) : null, errors: [], eventually_due: due, past_due: due, pending_verification: [] });

/** What a new connected account must still give (cleared by the local onboarding page). */
export const ONBOARDING_REQUIREMENTS = ['business_profile.url', 'external_account', 'representative.first_name', 'representative.last_name', 'tos_acceptance.date', 'tos_acceptance.ip'];

export function account(p: { id: string; created: number; country: string; email: string | null; type: Stripe.Account.Type; businessName: string | null; metadata: Stripe.Metadata; requestTransfers: boolean; requestCardPayments: boolean }) {
  const capabilities: Stripe.Account.Capabilities = {};
  if (p.requestTransfers) capabilities.transfers = 'inactive';
  if (p.requestCardPayments) capabilities.card_payments = 'inactive';
  return {
    id: p.id,
    object: 'account',
    business_profile: {
      annual_revenue: null,
      estimated_worker_count: null,
      mcc: null,
      minority_owned_business_designation: null,
      name: p.businessName,
      product_description: null,
      specified_commercial_transactions_act_url: null,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      url: null,
    },
    business_type: null,
    capabilities,
    charges_enabled: false,
    controller: { fees: { payer: 'application' }, is_controller: true, losses: { payments: 'application' }, requirement_collection: 'stripe', stripe_dashboard: { type: 'express' }, type: 'application' },
    country: p.country,
    created: p.created,
    default_currency: p.country === 'AE' ? 'aed' : 'usd',
    details_submitted: false,
    email: p.email,
    external_accounts: emptyList<Stripe.BankAccount | Stripe.Card>(`/v1/accounts/${p.id}/external_accounts`),
    future_requirements: requirements([]),
    metadata: p.metadata,
    payouts_enabled: false,
    requirements: requirements(ONBOARDING_REQUIREMENTS),
    settings: {
      bacs_debit_payments: { display_name: null, service_user_number: null },
      branding: { icon: null, logo: null, primary_color: null, secondary_color: null },
      card_issuing: { tos_acceptance: { date: null, ip: null } },
      card_payments: { decline_on: { avs_failure: false, cvc_failure: false }, statement_descriptor_prefix: null, statement_descriptor_prefix_kana: null, statement_descriptor_prefix_kanji: null },
      dashboard: { display_name: p.businessName, timezone: 'Asia/Dubai' },
      invoices: { default_account_tax_ids: null, hosted_payment_method_save: 'offer' },
      payments: { statement_descriptor: null, statement_descriptor_kana: null, statement_descriptor_kanji: null, statement_descriptor_prefix_kana: null, statement_descriptor_prefix_kanji: null },
      payouts: { debit_negative_balances: true, schedule: { delay_days: 7, interval: 'daily' }, statement_descriptor: null },
      sepa_debit_payments: {},
    },
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type: p.type,
  } satisfies Stripe.Account as Stripe.Account;
}

/** Clears the requirements and turns the requested capabilities on: what finishing onboarding does. */
export function completeOnboarding(acct: Stripe.Account, at: number, bankAccountId: string, bankLast4: string) {
  acct.details_submitted = true;
  acct.charges_enabled = Boolean(acct.capabilities?.card_payments);
  acct.payouts_enabled = true;
  for (const k of Object.keys(acct.capabilities ?? {}) as (keyof Stripe.Account.Capabilities)[]) (acct.capabilities as Record<string, string>)[k] = 'active';
  acct.requirements = requirements([]);
  acct.tos_acceptance = { date: at, ip: '127.0.0.1', user_agent: null };
  acct.external_accounts = {
    ...acct.external_accounts!,
    data: [
      {
        id: bankAccountId, object: 'bank_account', account: acct.id, account_holder_name: null, account_holder_type: null, account_type: null,
        available_payout_methods: ['standard'], bank_name: 'STRIPE TEST BANK', country: acct.country ?? 'AE', currency: acct.default_currency ?? 'aed',
        default_for_currency: true, fingerprint: bankAccountId.slice(3, 19), future_requirements: null, last4: bankLast4, metadata: {}, requirements: null,
        routing_number: null, status: 'new',
      },
    ],
  };
}
